import { streamText } from "ai";
import { z } from "zod";
import { getLlmConfig } from "@/lib/ai/config";
import { resolveLanguageModel } from "@/lib/ai/providers";
import { PanelistError } from "@/lib/errors";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";
import { CHAT_MAX_BODY_BYTES } from "../../interviews/schema";
import { benchOnly } from "../_lib/bench-only";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const maxDuration = 120;

/** The prompts of one recorded interviewer turn; each at most the chat body's cap (the door refuses more anyway). */
const baselineBodySchema = z
  .object({
    system: z.string().min(1).max(CHAT_MAX_BODY_BYTES),
    prompt: z.string().min(1).max(CHAT_MAX_BODY_BYTES),
  })
  .strict();

/** The interviewer turn's output cap (lib/interview/session/interviewer-turn.ts), so both calls ask the same of the model. */
const MAX_OUTPUT_TOKENS = 400;

/**
 * The baseline of bench/interview-chat-streams.ts: what an interviewer turn costs before Panelist
 * does anything of its own — the same door as `POST /api/interviews/{id}/chat` (`route()`:
 * origin, session, the `interview:chat` permission, the `chat` request limits, the JSON body
 * read under the chat's size cap), then AI SDK `streamText` of `{system, prompt}` straight to
 * the configured model (lib/ai/providers.ts), answered as a UI message stream. No database, no
 * turn lock, no governor, breaker or meter, nothing saved: Panelist − this is the turn's own cost.
 *
 * Body `{system, prompt}` (strings, 1 … 256 KiB each); 422 on any other shape, 400 on malformed
 * JSON. 503 `unavailable:llm` when no model is configured (the offline engine has no free-form
 * phrasing to stream). Exists only when the server runs with `PANELIST_BENCH_ROUTES=1` (read per
 * request: `next build` bakes nothing in); otherwise 404 before the session is read.
 */
const baseline = route({
  permission: "interview:chat",
  body: baselineBodySchema,
  limit: "chat",
  maxJsonBytes: CHAT_MAX_BODY_BYTES,
  handler: async ({ body }) => {
    const config = getLlmConfig();
    if (config.mode === "offline") throw new PanelistError("unavailable:llm", "The chat baseline needs a configured model (LLM_BASE_URL or LLM_API_KEY).");
    const { model } = resolveLanguageModel(config);
    const result = streamText({ model, system: body.system, prompt: body.prompt, maxOutputTokens: MAX_OUTPUT_TOKENS, maxRetries: 0 });
    // The chat route's headers: no-transform keeps Next's gzip off the token events there too.
    return result.toUIMessageStreamResponse({ headers: { "Cache-Control": "no-cache, no-transform" } });
  },
});

export const POST = benchOnly(baseline);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);
