/**
 * The interview chat's streaming deadlines (`LLM_STREAM_FIRST_TOKEN_MS`, `LLM_STREAM_IDLE_MS`):
 * an upstream that never answers, or goes silent mid-answer, is dropped and the turn goes on with
 * the offline wording, the failure counted by the model's circuit breaker and on the usage row.
 * The route handler runs in-process against real PostgreSQL and Redis, with the fake
 * OpenAI-compatible server as the model (`hang` and `slow` faults).
 */
import "../helpers/env";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as chat } from "@/app/api/interviews/[id]/chat/route";
import { getLlmConfig, type OnlineLlmConfig } from "@/lib/ai/config";
import { closeDb, getDb } from "@/lib/db/client";
import { listMessages } from "@/lib/db/queries/interviews";
import { llmUsage } from "@/lib/db/schema";
import { nextOfflineTurn } from "@/lib/interview/offline/interviewer";
import { redisPrefix } from "@/lib/queue/names";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { getBreaker } from "@/lib/ratelimit/shared";
import { type FakeLlm, startFakeLlm } from "@/scripts/fake-llm/server";
import { clearPrefix, envRestorer, eventually } from "../helpers/fixtures";
import { BASE, params, signUpCandidate } from "../helpers/http";
import { plannedInterview } from "../helpers/interviews";

const db = getDb();
const redis = getRedis();
const ENV_KEYS = [
  "LLM_PROVIDER",
  "LLM_BASE_URL",
  "LLM_API_KEY",
  "LLM_MODEL",
  "LLM_FALLBACK_MODEL",
  "LLM_TIMEOUT_MS",
  "LLM_STREAM_FIRST_TOKEN_MS",
  "LLM_STREAM_IDLE_MS",
  "LLM_BREAKER_FAILURE_THRESHOLD",
];
const restoreEnv = envRestorer(ENV_KEYS);
let llm: FakeLlm;
let alice: Awaited<ReturnType<typeof signUpCandidate>>;

beforeAll(async () => {
  llm = await startFakeLlm();
  alice = await signUpCandidate();
});

afterEach(() => {
  restoreEnv();
  llm.reset();
});

afterAll(async () => {
  await llm.close();
  await clearPrefix(redis);
  await closeRedis();
  await closeDb();
});

/** The fake server as the chat model, with the given streaming deadlines; one failure does not open the circuit. */
function useModel(o: { model: string; firstTokenMs: number; idleMs: number }): OnlineLlmConfig {
  delete process.env.LLM_PROVIDER;
  delete process.env.LLM_FALLBACK_MODEL;
  delete process.env.LLM_TIMEOUT_MS; // the whole call's bound stays at its 60 s cap
  process.env.LLM_BASE_URL = llm.url;
  process.env.LLM_API_KEY = "test";
  process.env.LLM_MODEL = o.model;
  process.env.LLM_STREAM_FIRST_TOKEN_MS = String(o.firstTokenMs);
  process.env.LLM_STREAM_IDLE_MS = String(o.idleMs);
  process.env.LLM_BREAKER_FAILURE_THRESHOLD = "5";
  return getLlmConfig() as OnlineLlmConfig;
}

const plannedInterviewOfAlice = () => plannedInterview(db, alice.userId);

const start = (id: string) =>
  chat(
    new Request(`${BASE}/api/interviews/${id}/chat`, {
      method: "POST",
      headers: { cookie: alice.cookie, "content-type": "application/json" },
      body: JSON.stringify({ id, action: "start", messages: [] }),
    }),
    params({ id }),
  );

type Chunk = { type: string; delta?: string; messageMetadata?: { engine?: string } };

/** Reads a UI message stream to its end: its chunks in order, the text said, and when it ended (epoch ms). */
async function readTurn(res: Response): Promise<{ chunks: Chunk[]; deltas: string[]; text: string; endedAt: number }> {
  const raw = await res.text();
  const endedAt = Date.now();
  expect(res.status, raw).toBe(200);
  const chunks = raw
    .split("\n")
    .filter((l) => l.startsWith("data: ") && l !== "data: [DONE]")
    .map((l) => JSON.parse(l.slice(6)) as Chunk);
  const deltas = chunks.filter((c) => c.type === "text-delta").map((c) => c.delta ?? "");
  return { chunks, deltas, text: deltas.join(""), endedAt };
}

const chatCalls = () => llm.requests().filter((r) => r.method === "POST" && r.path.endsWith("/chat/completions"));
const turnLockKey = (id: string) => `${redisPrefix()}panelist:{interview:${id}}:turn`;
const usageRows = (model: string) =>
  db
    .select()
    .from(llmUsage)
    .where(and(eq(llmUsage.userId, alice.userId), eq(llmUsage.feature, "interview.chat"), eq(llmUsage.model, model)));

describe("interview chat: streaming deadlines", () => {
  it("an upstream that never answers is dropped at the first-token deadline and the turn streams the offline wording; the breaker and the usage row count a timeout", async () => {
    const config = useModel({ model: "gpt-4o-mini", firstTokenMs: 1_500, idleMs: 30_000 });
    const breaker = getBreaker({ provider: config.provider, model: config.model });
    const { id, plan } = await plannedInterviewOfAlice();
    const offline = nextOfflineTurn({ plan, transcript: [], language: "en" });
    llm.control({ mode: "hang" });

    const turn = await readTurn(await start(id));

    // The whole turn in the offline wording: start (naming the model asked), text, finish (naming offline).
    expect(turn.chunks.map((c) => c.type)).toEqual(["start", "text-start", ...turn.deltas.map(() => "text-delta"), "text-end", "finish"]);
    expect(turn.text).toBe(offline.text);
    expect(turn.chunks[0].messageMetadata?.engine).toBe("gpt-4o-mini");
    expect(turn.chunks.at(-1)?.messageMetadata?.engine).toBe("offline");
    // One upstream request, never answered, and dropped by us before the turn ended — by the
    // first-token deadline, well before the idle (30 s) or the whole-call (60 s) one could have.
    const calls = chatCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ fault: "hang", stream: true });
    expect(calls[0].finishedAt).toBeUndefined();
    expect(calls[0].abortedAt).toBeDefined();
    expect(calls[0].abortedAt!).toBeLessThanOrEqual(turn.endedAt);
    expect(calls[0].abortedAt! - calls[0].time).toBeLessThan(30_000);

    expect(await breaker.snapshot()).toMatchObject({ state: "closed", consecutiveFailures: 1 });
    expect((await usageRows("gpt-4o-mini")).map((u) => u.outcome)).toEqual(["timeout"]);
    const stored = await listMessages(db, { interviewId: id });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ role: "assistant", kind: offline.kind, questionId: offline.questionId ?? null, text: offline.text });
    await eventually(async () => (await redis.exists(turnLockKey(id))) === 0);
  });

  it("an upstream that goes silent mid-answer is dropped at the idle deadline: the words already shown stay, marked cut off, and the offline wording of the turn follows", async () => {
    // The fake server sends each piece of its answer 3 s after the last: the first comes well
    // within the 8-s first-token deadline, the second never does within the 1-s idle deadline.
    const config = useModel({ model: "gpt-4o", firstTokenMs: 8_000, idleMs: 1_000 });
    const breaker = getBreaker({ provider: config.provider, model: config.model });
    const { id, plan } = await plannedInterviewOfAlice();
    const offline = nextOfflineTurn({ plan, transcript: [], language: "en" });
    llm.control({ mode: "slow", delayMs: 0, chunkDelayMs: 3_000 });

    const turn = await readTurn(await start(id));

    // The model's first piece, the cut mark, then the offline wording — in one text part.
    const cut = turn.deltas.indexOf("…\n\n");
    expect(cut, JSON.stringify(turn.deltas)).toBeGreaterThan(0);
    const partial = turn.deltas.slice(0, cut).join("");
    expect(partial.trim().length).toBeGreaterThan(0);
    expect(turn.deltas.slice(cut + 1).join("")).toBe(offline.text);
    expect(turn.text).toBe(`${partial}…\n\n${offline.text}`);
    expect(turn.chunks[0].messageMetadata?.engine).toBe("gpt-4o");
    expect(turn.chunks.at(-1)?.messageMetadata?.engine).toBe("offline");

    const calls = chatCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ fault: "slow", status: 200 });
    expect(calls[0].finishedAt).toBeUndefined(); // the answer never completed …
    expect(calls[0].abortedAt!).toBeLessThanOrEqual(turn.endedAt); // … we dropped it

    expect(await breaker.snapshot()).toMatchObject({ state: "closed", consecutiveFailures: 1 });
    expect((await usageRows("gpt-4o")).map((u) => u.outcome)).toEqual(["timeout"]);
    // What is stored is what the candidate saw.
    const stored = await listMessages(db, { interviewId: id });
    expect(stored.map((m) => m.text)).toEqual([turn.text.trim()]);
    await eventually(async () => (await redis.exists(turnLockKey(id))) === 0);
  });
});
