/**
 * The interview chat and a used-up money budget (docs/finops.md, "Budgets"): 429
 * `rate_limit:budget` with `Retry-After` until the budget resets, nothing sent upstream, the
 * candidate's answer kept and the turn freed; once an admin raises the budget the same request
 * is answered by the model. The route runs in-process against real PostgreSQL and Redis, with
 * the fake OpenAI-compatible server as the model; the refusal comes from the real upstream guard.
 */
import "../helpers/env";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as chat } from "@/app/api/interviews/[id]/chat/route";
import { closeDb, getDb } from "@/lib/db/client";
import { listMessages } from "@/lib/db/queries/interviews";
import { periodAt } from "@/lib/finops/budget-keys";
import { setBudget } from "@/lib/finops/budgets";
import { redisPrefix } from "@/lib/queue/names";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { type FakeLlm, startFakeLlm } from "@/scripts/fake-llm/server";
import { clearPrefix, createUser, envRestorer } from "../helpers/fixtures";
import { BASE, params, signUpCandidate } from "../helpers/http";
import { plannedInterview } from "../helpers/interviews";

const db = getDb();
const redis = getRedis();
const restoreEnv = envRestorer(["LLM_PROVIDER", "LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_FALLBACK_MODEL"]);
let llm: FakeLlm;
let alice: Awaited<ReturnType<typeof signUpCandidate>>;
let admin: string;

beforeAll(async () => {
  llm = await startFakeLlm();
  alice = await signUpCandidate();
  admin = await createUser(db, { role: "admin" });
  delete process.env.LLM_PROVIDER;
  delete process.env.LLM_FALLBACK_MODEL;
  process.env.LLM_BASE_URL = llm.url;
  process.env.LLM_API_KEY = "test";
  process.env.LLM_MODEL = "gpt-4o-mini";
});

afterAll(async () => {
  restoreEnv();
  await llm.close();
  await clearPrefix(redis);
  await closeRedis();
  await closeDb();
});

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
const answer = (id: string, messageId: string, text: string) =>
  post(id, { id, action: "answer", messages: [{ id: messageId, role: "user", parts: [{ type: "text", text }] }] });
const chatCalls = () => llm.requests().filter((r) => r.method === "POST" && r.path.endsWith("/chat/completions"));

describe("interview chat and a used-up budget", () => {
  it("answers 429 rate_limit:budget with Retry-After until the day's reset, sends nothing upstream, keeps the answer; after the admin raises the budget the same request is answered by the model", async () => {
    const { id } = await plannedInterview(db, alice.userId);
    const first = await post(id, { id, action: "start", messages: [] });
    expect(first.status, await first.clone().text()).toBe(200);
    await first.text();
    expect(chatCalls()).toHaveLength(1);

    // A global day budget of 0: nothing may be spent today.
    await setBudget(db, { scope: "global", scopeId: "", period: "day", limitMicroUsd: 0, actorId: admin });
    const messageId = randomUUID();
    const before = Date.now();
    const refused = await answer(id, messageId, "I would add an index, then cache the hot rows.");
    const after = Date.now();
    const text = await refused.text();
    expect(refused.status, text).toBe(429);
    expect(JSON.parse(text)).toEqual({ code: "rate_limit:budget", message: expect.stringMatching(/spending limit/) });
    const retryAfter = refused.headers.get("retry-after");
    expect(retryAfter).toMatch(/^\d+$/);
    const reset = periodAt("day", before).end.getTime();
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(Math.floor((reset - after) / 1_000));
    expect(Number(retryAfter)).toBeLessThanOrEqual(Math.ceil((reset - before) / 1_000) + 1);
    expect(chatCalls()).toHaveLength(1);
    const stored = await listMessages(db, { interviewId: id });
    expect(stored.at(-1)).toMatchObject({ id: messageId, role: "user", kind: "answer" });
    expect(await redis.exists(`${redisPrefix()}panelist:{interview:${id}}:turn`)).toBe(0);

    // The admin raises it: the same request (same message id) is answered by the model now.
    await setBudget(db, { scope: "global", scopeId: "", period: "day", limitMicroUsd: 1_000_000, actorId: admin });
    const retried = await answer(id, messageId, "I would add an index, then cache the hot rows.");
    const body = await retried.text();
    expect(retried.status, body).toBe(200);
    expect(body).toContain('"engine":"gpt-4o-mini"');
    expect(chatCalls()).toHaveLength(2);
  });
});
