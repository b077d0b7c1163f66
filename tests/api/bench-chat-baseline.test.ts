import "../helpers/env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as baseline } from "@/app/api/bench/chat-baseline/route";
import { closeDb } from "@/lib/db/client";
import { withFakeLlmModel } from "../helpers/fake-llm";
import { envRestorer } from "../helpers/fixtures";
import { params, postJson, signUpCandidate, sseEvents } from "../helpers/http";

/**
 * The chat baseline of bench/interview-chat-streams.ts against the fake OpenAI-compatible server:
 * the chat's door, then the recorded prompts straight to the model as a UI message stream.
 */
const { chatRequests } = withFakeLlmModel();
const restoreBenchEnv = envRestorer(["PANELIST_BENCH_ROUTES"]);
const SYSTEM = "You are the interviewer of a mock interview.";
const PROMPT = "Ask the first question: Tell me about a system you designed.";
let cookie: string;

beforeAll(async () => {
  cookie = (await signUpCandidate()).cookie;
});

afterAll(async () => {
  restoreBenchEnv();
  await closeDb();
});

const post = (o: { cookie?: string; body: string }) => baseline(postJson("/api/bench/chat-baseline", o), params({}));
const good = JSON.stringify({ system: SYSTEM, prompt: PROMPT });

/** The UI message chunks of the body, without the closing `[DONE]`. */
async function uiChunks(res: Response): Promise<{ type: string; delta?: string }[]> {
  return (await sseEvents(res)).filter((e): e is { type: string; delta?: string } => typeof e !== "string");
}

describe("POST /api/bench/chat-baseline (the chat-streams baseline)", () => {
  it("does not exist unless PANELIST_BENCH_ROUTES=1, even for a signed-in user", async () => {
    delete process.env.PANELIST_BENCH_ROUTES;
    expect((await post({ cookie, body: good })).status).toBe(404);
    process.env.PANELIST_BENCH_ROUTES = "true";
    expect((await post({ cookie, body: good })).status).toBe(404);
    expect(chatRequests()).toHaveLength(0);
  });

  it("with PANELIST_BENCH_ROUTES=1: the chat's session check and body rules before any model call", async () => {
    process.env.PANELIST_BENCH_ROUTES = "1";
    const anonymous = await post({ body: good });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: "unauthorized:auth" });
    const malformed = await post({ cookie, body: "{not json" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: expect.stringMatching(/^bad_request:/) });
    const wrongShape = await post({ cookie, body: JSON.stringify({ system: SYSTEM }) });
    expect(wrongShape.status).toBe(422);
    const extraField = await post({ cookie, body: JSON.stringify({ system: SYSTEM, prompt: PROMPT, messages: [] }) });
    expect(extraField.status).toBe(422);
    expect(chatRequests()).toHaveLength(0);
  });

  it("streams the model's answer to the given system and prompt as a UI message stream", async () => {
    process.env.PANELIST_BENCH_ROUTES = "1";
    const res = await post({ cookie, body: good });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    const chunks = await uiChunks(res);
    const text = chunks
      .filter((c) => c.type === "text-delta")
      .map((c) => c.delta)
      .join("");
    expect(text.trim().length).toBeGreaterThan(0);
    expect(chunks.at(-1)?.type).toBe("finish");
    const [sent] = chatRequests();
    expect(chatRequests()).toHaveLength(1);
    const body = sent.body as { stream?: boolean; messages: { role: string; content: unknown }[] };
    expect(body.stream).toBe(true);
    expect(body.messages[0]).toMatchObject({ role: "system", content: SYSTEM });
    expect(JSON.stringify(body.messages[1])).toContain(PROMPT);
  });

  it("answers 503 unavailable:llm when no model is configured (the offline engine has nothing to phrase)", async () => {
    process.env.PANELIST_BENCH_ROUTES = "1";
    delete process.env.LLM_BASE_URL;
    delete process.env.LLM_API_KEY;
    process.env.LLM_PROVIDER = "offline";
    const res = await post({ cookie, body: good });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "unavailable:llm" });
    expect(chatRequests()).toHaveLength(0);
  });
});
