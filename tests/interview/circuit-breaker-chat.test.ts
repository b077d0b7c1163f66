/**
 * The interview chat while the chat model's circuit breaker is open (docs/circuit-breaker.md,
 * "The interview chat": 503 with `Retry-After`). The route handler runs in-process against real PostgreSQL
 * and Redis, with the fake OpenAI-compatible server as the model; the breaker is tripped by real
 * upstream 500s or through its own API, with a short cool-down from `LLM_BREAKER_COOLDOWN_MS`.
 */
import "../helpers/env";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as chat } from "@/app/api/interviews/[id]/chat/route";
import { getLlmConfig, type OnlineLlmConfig } from "@/lib/ai/config";
import { closeDb, getDb } from "@/lib/db/client";
import { listMessages } from "@/lib/db/queries/interviews";
import { llmUsage } from "@/lib/db/schema";
import { redisPrefix } from "@/lib/queue/names";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { getBreaker } from "@/lib/ratelimit/shared";
import { type FakeLlm, startFakeLlm } from "@/scripts/fake-llm/server";
import { clearPrefix, envRestorer, eventually } from "../helpers/fixtures";
import { BASE, params, signUpCandidate } from "../helpers/http";
import { plannedInterview } from "../helpers/interviews";

const db = getDb();
const redis = getRedis();
const ENV_KEYS = ["LLM_PROVIDER", "LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_FALLBACK_MODEL", "LLM_BREAKER_COOLDOWN_MS", "LLM_BREAKER_FAILURE_THRESHOLD"];
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

/** The fake server as the model; `model` and `fallback` as LLM_MODEL / LLM_FALLBACK_MODEL. */
function useModel(o: { model: string; fallback?: string; cooldownMs: number; failureThreshold: number }): OnlineLlmConfig {
  delete process.env.LLM_PROVIDER;
  process.env.LLM_BASE_URL = llm.url;
  process.env.LLM_API_KEY = "test";
  process.env.LLM_MODEL = o.model;
  if (o.fallback) process.env.LLM_FALLBACK_MODEL = o.fallback;
  else delete process.env.LLM_FALLBACK_MODEL;
  process.env.LLM_BREAKER_COOLDOWN_MS = String(o.cooldownMs);
  process.env.LLM_BREAKER_FAILURE_THRESHOLD = String(o.failureThreshold);
  return getLlmConfig() as OnlineLlmConfig;
}

const plannedInterviewOfAlice = async () => (await plannedInterview(db, alice.userId)).id;

function post(id: string, body: unknown): Promise<Response> {
  return chat(
    new Request(`${BASE}/api/interviews/${id}/chat`, {
      method: "POST",
      headers: { cookie: alice.cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    params({ id }),
  );
}
const start = (id: string) => post(id, { id, action: "start", messages: [] });
const answer = (id: string, messageId: string, text: string) =>
  post(id, { id, action: "answer", messages: [{ id: messageId, role: "user", parts: [{ type: "text", text }] }] });

type Chunk = { type: string; delta?: string; messageMetadata?: { engine?: string } };

/** Reads a UI message stream to its end: the engine in the start chunk and the text said. */
async function readTurn(res: Response): Promise<{ engine?: string; text: string }> {
  const raw = await res.text();
  expect(res.status, raw).toBe(200);
  const chunks = raw
    .split("\n")
    .filter((l) => l.startsWith("data: ") && l !== "data: [DONE]")
    .map((l) => JSON.parse(l.slice(6)) as Chunk);
  return {
    engine: chunks.find((c) => c.type === "start")?.messageMetadata?.engine,
    text: chunks
      .filter((c) => c.type === "text-delta")
      .map((c) => c.delta)
      .join(""),
  };
}

const chatCalls = () => llm.requests().filter((r) => r.method === "POST" && r.path.endsWith("/chat/completions"));
const turnLockKey = (id: string) => `${redisPrefix()}panelist:{interview:${id}}:turn`;

/** Checks a 503 of the chat: status, `Retry-After` in whole seconds, the `{code, message}` body. */
async function expectUnavailable(res: Response): Promise<number> {
  const text = await res.text();
  expect(res.status, text).toBe(503);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  const retryAfter = res.headers.get("retry-after");
  expect(retryAfter).toMatch(/^\d+$/);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["code", "message"]);
  expect(body.code).toBe("unavailable:llm");
  expect(body.message).toEqual(expect.any(String));
  return Number(retryAfter);
}

describe("interview chat and the model's circuit breaker", () => {
  it("single upstream 500s keep the offline wording; once the circuit opens the chat answers 503 with Retry-After, keeps the answer, frees the turn, and the same request succeeds after the cool-down", async () => {
    const cooldownMs = 2_000;
    const config = useModel({ model: "gpt-4o-mini", cooldownMs, failureThreshold: 2 });
    const breaker = getBreaker({ provider: config.provider, model: config.model });
    const id = await plannedInterviewOfAlice();

    const first = await readTurn(await start(id));
    expect(first.engine).toBe("gpt-4o-mini");
    expect(chatCalls()).toHaveLength(1);

    // Two upstream 500s while the circuit is closed: each turn still streams (offline wording),
    // and the second failure opens the circuit.
    llm.control({ mode: "500" });
    for (const n of [1, 2]) {
      const turn = await readTurn(await answer(id, randomUUID(), `Answer ${n}: I would add an index and cache the hot rows.`));
      expect(turn.text.trim().length).toBeGreaterThan(0);
      expect(chatCalls()).toHaveLength(1 + n);
    }
    expect(await breaker.snapshot()).toMatchObject({ state: "open", timesOpened: 1 });

    const messageId = randomUUID();
    const refused = await answer(id, messageId, "Answer 3: shard by tenant and keep the writes idempotent.");
    const retryAfter = await expectUnavailable(refused);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(cooldownMs / 1000));
    // Refused before anything went upstream, and no usage row for a call that never left.
    expect(chatCalls()).toHaveLength(3);
    const usage = await db
      .select()
      .from(llmUsage)
      .where(and(eq(llmUsage.userId, alice.userId), eq(llmUsage.feature, "interview.chat")));
    expect(usage).toHaveLength(3);
    // The answer is stored (once) and awaits its reply; the turn lock is free.
    let stored = await listMessages(db, { interviewId: id });
    expect(stored.filter((m) => m.id === messageId)).toHaveLength(1);
    expect(stored.at(-1)).toMatchObject({ id: messageId, role: "user", kind: "answer" });
    expect(await redis.exists(turnLockKey(id))).toBe(0);
    // A retry within the cool-down is refused the same way (not a 409: the lock was released).
    await expectUnavailable(await answer(id, messageId, "Answer 3: shard by tenant and keep the writes idempotent."));

    // Upstream heals; after the cool-down the same request is the half-open probe and succeeds.
    llm.control({ mode: "ok" });
    await eventually(async () => (await breaker.snapshot()).openForMs === 0, 10_000, 100);
    const retried = await readTurn(await answer(id, messageId, "Answer 3: shard by tenant and keep the writes idempotent."));
    expect(retried.engine).toBe("gpt-4o-mini");
    expect(retried.text.trim().length).toBeGreaterThan(0);
    expect(chatCalls()).toHaveLength(4);
    expect(chatCalls().at(-1)?.status).toBe(200);
    expect(await breaker.snapshot()).toMatchObject({ state: "closed", timesOpened: 1 });
    stored = await listMessages(db, { interviewId: id });
    expect(stored.filter((m) => m.id === messageId)).toHaveLength(1);
    expect(stored.at(-2)?.id).toBe(messageId);
    expect(stored.at(-1)).toMatchObject({ role: "assistant", text: retried.text.trim() });
    expect(await redis.exists(turnLockKey(id))).toBe(0);
    // Answered now: re-sending the same message id again is a conflict, not a second reply.
    expect((await answer(id, messageId, "Answer 3: shard by tenant and keep the writes idempotent.")).status).toBe(409);
  });

  it("the fallback model serves while the primary's circuit is open; with both open the 503's Retry-After is the sooner one; offline mode ignores the breaker", async () => {
    const config = useModel({ model: "fake-model", fallback: "gpt-4o", cooldownMs: 30_000, failureThreshold: 2 });
    const primary = getBreaker({ provider: config.provider, model: "fake-model" });
    await primary.recordFailure();
    expect(await primary.recordFailure()).toBe("open");
    const id = await plannedInterviewOfAlice();

    const first = await readTurn(await start(id));
    expect(first.engine).toBe("gpt-4o");
    expect(chatCalls().map((r) => (r.body as { model: string }).model)).toEqual(["gpt-4o"]);
    const usage = await db
      .select()
      .from(llmUsage)
      .where(and(eq(llmUsage.userId, alice.userId), eq(llmUsage.model, "gpt-4o")));
    expect(usage.map((u) => u.outcome)).toEqual(["ok"]);

    // The fallback's circuit opens too, with a longer cool-down: the primary's comes back first.
    process.env.LLM_BREAKER_COOLDOWN_MS = "60000";
    const fallback = getBreaker({ provider: config.provider, model: "gpt-4o" });
    await fallback.recordFailure();
    expect(await fallback.recordFailure()).toBe("open");
    const before = await primary.snapshot();
    const messageId = randomUUID();
    const res = await answer(id, messageId, "I would profile first, then cache.");
    const after = await primary.snapshot();
    const retryAfter = await expectUnavailable(res);
    expect(retryAfter).toBeGreaterThanOrEqual(Math.max(1, Math.floor(after.openForMs / 1000)));
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(before.openForMs / 1000));
    expect(retryAfter).toBeLessThan(Math.floor((await fallback.snapshot()).openForMs / 1000));
    expect(chatCalls()).toHaveLength(1);
    expect(await redis.exists(turnLockKey(id))).toBe(0);

    // With no model configured, nothing about the breaker applies: the same request streams.
    process.env.LLM_PROVIDER = "offline";
    const offline = await readTurn(await answer(id, messageId, "I would profile first, then cache."));
    expect(offline.engine).toBe("offline");
    const stored = await listMessages(db, { interviewId: id });
    expect(stored.filter((m) => m.id === messageId)).toHaveLength(1);
    expect(stored.at(-1)?.role).toBe("assistant");
    expect(chatCalls()).toHaveLength(1);
  });
});
