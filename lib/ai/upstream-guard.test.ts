/**
 * The upstream guard's governor paths (docs/governor.md, "Wiring"), through the real client
 * code against the fake OpenAI-compatible server, with the governor's window read back from
 * Redis: a success settles the reservation at the tokens upstream reported; a request that
 * never got an HTTP answer (refused, reset) gives its reservation back; a 500 without usage
 * keeps the estimate (upstream answered, so the request counted there); a budget refusal after
 * the grant gives it back; and the tokens-per-minute quota is spent by the reported counts, so
 * the call after them is deferred before it leaves.
 */
// A database and a Redis key prefix of this file's own (the governor's window lives there).
import "@/tests/helpers/env";
import net from "node:net";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { closeDb, getDb } from "@/lib/db/client";
import { deleteBudget, setBudget } from "@/lib/finops/budgets";
import { BudgetExhaustedError } from "@/lib/finops/errors";
import { withUsageScope } from "@/lib/finops/scope";
import { getRedis } from "@/lib/queue/redis";
import { formatReservationId, parseReservationId } from "@/lib/ratelimit/governor";
import { governorKeys } from "@/lib/ratelimit/keys";
import { getGovernor } from "@/lib/ratelimit/shared";
import { expectLlmError, withFakeLlmModel } from "@/tests/helpers/fake-llm";
import { createUser, envRestorer } from "@/tests/helpers/fixtures";
import { getLlmConfig, type OnlineLlmConfig } from "./config";
import { generateStructured } from "./structured";

const { llm: fakeLlm, chatRequests } = withFakeLlmModel();
const restoreEnv = envRestorer(["LLM_RPM", "LLM_TPM", "LLM_MAX_QUOTA_WAIT_MS"]);

beforeEach(() => {
  process.env.LLM_MODEL = "gpt-4o-mini"; // priced, so a budget has something to refuse
  delete process.env.LLM_RPM;
  delete process.env.LLM_TPM;
  delete process.env.LLM_MAX_QUOTA_WAIT_MS;
});

afterAll(async () => {
  restoreEnv();
  await closeDb();
});

const schema = z.object({ verdict: z.enum(["hire", "no_hire"]), reasons: z.array(z.string()) });
/** One call, the same request every time (so its estimate is the same every time). */
const call = () => generateStructured({ schema, system: "Decide.", prompt: "Candidate: strong Go engineer, led a team of four.", maxOutputTokens: 400 });

function modelRef() {
  const c = getLlmConfig() as OnlineLlmConfig;
  return { provider: c.provider, model: c.model };
}

/** The governor's window as its own snapshot reads it: requests and tokens counted now. */
async function window() {
  const s = await getGovernor().snapshot(modelRef());
  return { requests: s.requests, tokens: s.tokens };
}

/**
 * Each reservation in the window: the tokens it reserved (the estimate, which its id carries)
 * and the tokens it is charged now (its weight in the TPM log).
 */
async function reservations(): Promise<{ reserved: number; charged: number }[]> {
  const ref = modelRef();
  const weights = await getRedis().hgetall(governorKeys(ref).weights);
  return Object.entries(weights).map(([member, charged]) => ({
    reserved: parseReservationId(formatReservationId(ref, member)).tokens,
    charged: Number(charged),
  }));
}

/** Input + output tokens the fake server counted (and reported) for its i-th chat request. */
function serverTokens(i: number): number {
  const u = chatRequests()[i]!.usage!;
  expect(u.prompt_tokens).toBeGreaterThan(0); // a count that says nothing could not catch a wrong one
  return u.prompt_tokens + u.completion_tokens;
}

/** A TCP server that resets every connection as it arrives: a request that gets no HTTP answer at all. */
async function resettingServer(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.resetAndDestroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, connections: () => connections, close: () => new Promise((r) => server.close(() => r())) };
}

/** A port nothing listens on: one that was just bound and closed again. */
async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}/v1`;
}

describe("settle: a call that succeeded", () => {
  it("is charged the tokens upstream reported, not its estimate", async () => {
    await call();
    const reported = serverTokens(0);
    const [r, ...more] = await reservations();
    expect(more).toEqual([]);
    expect(r!.reserved).toBeGreaterThan(reported); // the estimate holds the 400-token output cap: the two can be told apart
    expect(r!.charged).toBe(reported);
    expect(await window()).toEqual({ requests: 1, tokens: reported });
  });
});

describe("release: a request that got no HTTP answer", () => {
  it("connection refused: the request and its tokens are given back", async () => {
    process.env.LLM_BASE_URL = await closedPortUrl();
    const e = await expectLlmError(call);
    expect(e).toMatchObject({ code: "network", status: undefined });
    expect(e.message).toMatch(/ECONNREFUSED/); // the fault that fired: nothing listened
    expect(await window()).toEqual({ requests: 0, tokens: 0 });
    expect(await reservations()).toEqual([]);
  });

  it("connection reset before any answer: the request and its tokens are given back", async () => {
    const upstream = await resettingServer();
    try {
      process.env.LLM_BASE_URL = upstream.url;
      const e = await expectLlmError(call);
      expect(e).toMatchObject({ code: "network", status: undefined });
      expect(upstream.connections()).toBe(1); // the request did reach the socket, and was cut
      expect(await window()).toEqual({ requests: 0, tokens: 0 });
      expect(await reservations()).toEqual([]);
    } finally {
      await upstream.close();
    }
  });
});

describe("estimate kept: upstream answered 500 without usage", () => {
  it("the request and its estimate stay in the window (upstream counted the request; what it charged is unknown)", async () => {
    fakeLlm().control({ mode: "500", count: 1 });
    const e = await expectLlmError(call);
    expect(e).toMatchObject({ code: "upstream_5xx", status: 500, usage: undefined });
    expect(chatRequests().map((r) => r.status)).toEqual([500]); // it reached upstream, which answered
    const [r, ...more] = await reservations();
    expect(more).toEqual([]);
    expect(r!.charged).toBe(r!.reserved);
    expect(await window()).toEqual({ requests: 1, tokens: r!.reserved });
  });
});

describe("release: a budget refusal after the governor's grant", () => {
  it("budget_exhausted, nothing sent, and the window back to empty", async () => {
    const db = getDb();
    const userId = await createUser(db);
    await setBudget(db, { scope: "global", scopeId: "", period: "day", limitMicroUsd: 0, actorId: null });
    try {
      const e = await expectLlmError(() =>
        withUsageScope({ db, userId, organizationId: null, feature: "test.guard-budget", taskId: null, attempt: null }, call),
      );
      expect(e.code).toBe("budget_exhausted");
      expect(e.cause).toBeInstanceOf(BudgetExhaustedError);
      expect(chatRequests()).toEqual([]);
      expect(await window()).toEqual({ requests: 0, tokens: 0 });
      expect(await reservations()).toEqual([]);
    } finally {
      await deleteBudget(db, { scope: "global", scopeId: "", period: "day", actorId: null });
    }
  });
});

describe("TPM end to end, spent by the reported counts", () => {
  it("with room for one estimate beside the first call's reported tokens: the second call goes, the third is deferred before it leaves", async () => {
    await call(); // no quota yet: learns the estimate and the first reported count
    const first = serverTokens(0);
    const held = await reservations();
    expect(held).toHaveLength(1);
    const estimate = held[0]!.reserved;
    expect(estimate).toBeGreaterThan(first);
    // Room for exactly one more estimate beside what upstream reported; had the first call been
    // charged its estimate, the second would not fit.
    process.env.LLM_TPM = String(first + estimate);
    process.env.LLM_MAX_QUOTA_WAIT_MS = "1000"; // the next free tokens are a minute away: defer at once
    await call();
    const second = serverTokens(1);
    expect(await window()).toEqual({ requests: 2, tokens: first + second });
    // first + second + estimate > first + estimate: the third waits for the window, it does not leave.
    const e = await expectLlmError(call);
    expect(e).toMatchObject({ code: "rate_limited", retryable: true });
    expect(e.retryAfterMs).toBeGreaterThan(1000);
    expect(chatRequests()).toHaveLength(2);
    expect(await window()).toEqual({ requests: 2, tokens: first + second });
  });
});
