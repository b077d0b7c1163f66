import { z } from "zod";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";
import { CHAT_MAX_BODY_BYTES } from "../../interviews/schema";
import { benchOnly } from "../_lib/bench-only";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const maxDuration = 120;

/** How many text pieces to stream and how far apart, ms (the whole stream well within `maxDuration`). */
const floorBodySchema = z
  .object({
    pieces: z.number().int().min(1).max(1_000),
    intervalMs: z.number().int().min(0).max(10_000),
  })
  .strict()
  .refine((b) => b.pieces * b.intervalMs <= 100_000, { message: "pieces × intervalMs must be at most 100 000 ms" });

const encoder = new TextEncoder();
const event = (chunk: object) => encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`);

/**
 * The framework floor of bench/interview-chat-streams.ts: what one open stream costs the web
 * before any model call — the chat's door (`route()`: origin, session, the `interview:chat`
 * permission, the `chat` request limits, the JSON body read under the chat's size cap), then a
 * plain `ReadableStream` that the handler writes itself, the first piece at once and then one
 * every `intervalMs` (as the fake LLM's `slow` mode does), in the
 * UI message stream's shape (AI SDK docs, "Stream Protocols": SSE `data: <chunk JSON>` events —
 * start, text-start, `pieces` text-deltas, text-end, finish — then `data: [DONE]`), so the bench
 * reads it like the other two routes. No AI SDK, no upstream request, no database.
 *
 * Body `{pieces, intervalMs}` (whole numbers, 1 … 1 000 and 0 … 10 000, their product ≤ 100 s);
 * 422 on any other shape, 400 on malformed JSON. A client that goes away stops the timer. Exists
 * only when the server runs with `PANELIST_BENCH_ROUTES=1` (read per request: `next build`
 * bakes nothing in); otherwise 404 before the session is read.
 */
const floor = route({
  permission: "interview:chat",
  body: floorBodySchema,
  limit: "chat",
  maxJsonBytes: CHAT_MAX_BODY_BYTES,
  handler: async ({ body }) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(event({ type: "start" }));
        c.enqueue(event({ type: "text-start", id: "t" }));
        const next = () => {
          c.enqueue(event({ type: "text-delta", id: "t", delta: sent === 0 ? "Floor" : " piece" }));
          if (++sent < body.pieces) {
            timer = setTimeout(next, body.intervalMs);
            return;
          }
          c.enqueue(event({ type: "text-end", id: "t" }));
          c.enqueue(event({ type: "finish" }));
          c.enqueue(encoder.encode("data: [DONE]\n\n"));
          c.close();
        };
        next();
      },
      cancel() {
        clearTimeout(timer);
      },
    });
    return new Response(stream, {
      headers: { "content-type": "text/event-stream", "cache-control": "no-cache, no-transform", "x-vercel-ai-ui-message-stream": "v1" },
    });
  },
});

export const POST = benchOnly(floor);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);
