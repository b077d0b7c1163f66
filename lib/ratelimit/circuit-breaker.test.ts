import { afterAll, describe, expect, it } from "vitest";
import { createRedis } from "@/lib/queue/redis";
import { BREAKER_DEFAULTS, type BreakerOptions, breakerOptionsFromEnv, CircuitBreaker, isBreakerFailure } from "./circuit-breaker";
import { bracketed, deletePrefix, uniquePrefix, wait } from "./test-redis";

const PREFIX = uniquePrefix("breaker");
const redisA = createRedis("test-breaker-a");
const redisB = createRedis("test-breaker-b");

let n = 0;
/** Two breakers for one fresh model, on two connections (two processes). */
function pair(opts: BreakerOptions = {}) {
  const ref = { provider: "test", model: `model-${++n}` };
  const o = { prefix: PREFIX, ...opts };
  return [new CircuitBreaker(redisA, ref, o), new CircuitBreaker(redisB, ref, o)] as const;
}

afterAll(async () => {
  await deletePrefix(redisA, PREFIX);
  await redisA.quit();
  await redisB.quit();
});

describe("circuit breaker", () => {
  it("starts closed and opens after N consecutive failures, seen by every process", async () => {
    const [a, b] = pair({ failureThreshold: 3, cooldownMs: 60_000 });
    expect(await a.canCall()).toEqual({ allowed: true, retryAfterMs: 0, state: "closed", probe: false });
    expect(await a.recordFailure()).toBe("closed");
    expect(await b.recordFailure()).toBe("closed");
    const opened = await bracketed(redisA, () => a.recordFailure());
    expect(opened.value).toBe("open");
    const { value: r, before, after } = await bracketed(redisB, () => b.canCall());
    expect(r).toMatchObject({ allowed: false, state: "open", probe: false });
    // Until the cool-down that began with the opening failure ends, by Redis' clock.
    expect(r.retryAfterMs).toBeGreaterThanOrEqual(opened.before + 60_000 - after);
    expect(r.retryAfterMs).toBeLessThanOrEqual(opened.after + 60_000 - before);
    expect(await a.snapshot()).toMatchObject({ state: "open", timesOpened: 1 });
  });

  it("a success resets the consecutive count", async () => {
    const [a] = pair({ failureThreshold: 3 });
    await a.recordFailure();
    await a.recordFailure();
    await a.recordSuccess();
    await a.recordFailure();
    expect(await a.recordFailure()).toBe("closed");
    expect((await a.snapshot()).consecutiveFailures).toBe(2);
  });

  it("opens on the failure rate over the window once the minimum of calls is reached", async () => {
    const [a] = pair({ failureThreshold: 100, failureRateThreshold: 0.5, minimumCalls: 10 });
    for (let i = 0; i < 4; i++) {
      await a.recordSuccess();
      expect(await a.recordFailure()).toBe("closed"); // under 10 calls the rate does not count
    }
    await a.recordSuccess();
    expect(await a.recordFailure()).toBe("open"); // 10 calls, 5 failed = 50 %
  });

  it("failures that left the rolling window no longer count", async () => {
    const [a] = pair({ failureThreshold: 100, failureRateThreshold: 0.5, minimumCalls: 4, windowMs: 400, buckets: 4 });
    await a.recordFailure();
    await a.recordFailure();
    await a.recordFailure();
    await wait(550);
    await a.recordSuccess();
    await a.recordSuccess();
    await a.recordSuccess();
    expect(await a.recordFailure()).toBe("closed"); // 1 of 4 in the window: 25 %
  });

  it("after the cool-down exactly one of many concurrent callers gets the half-open probe", async () => {
    const [a, b] = pair({ failureThreshold: 1, cooldownMs: 300 });
    expect(await a.recordFailure()).toBe("open");
    await wait(320);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).canCall()));
    const probes = results.filter((r) => r.allowed);
    expect(probes).toHaveLength(1);
    expect(probes[0]).toMatchObject({ probe: true, state: "half_open" });
    for (const r of results.filter((x) => !x.allowed)) {
      expect(r.state).toBe("half_open");
      expect(r.retryAfterMs).toBeGreaterThan(0);
    }
    // The probe succeeds: closed for everyone.
    expect(await b.recordSuccess()).toBe("closed");
    expect(await a.canCall()).toMatchObject({ allowed: true, state: "closed" });
    expect(await a.snapshot()).toMatchObject({ state: "closed", consecutiveFailures: 0 });
  });

  it("a failed probe opens the circuit again for a new cool-down", async () => {
    const [a, b] = pair({ failureThreshold: 1, cooldownMs: 300 });
    await a.recordFailure();
    await wait(320);
    expect(await a.canCall()).toMatchObject({ allowed: true, probe: true });
    const reopened = await bracketed(redisA, () => a.recordFailure());
    expect(reopened.value).toBe("open");
    const { value: r, before, after } = await bracketed(redisB, () => b.canCall());
    expect(r).toMatchObject({ allowed: false, state: "open" });
    // A new cool-down, counted from the failed probe (Redis' clock).
    expect(r.retryAfterMs).toBeGreaterThanOrEqual(reopened.before + 300 - after);
    expect(r.retryAfterMs).toBeLessThanOrEqual(reopened.after + 300 - before);
    expect((await a.snapshot()).timesOpened).toBe(2);
  });

  it("a probe that never reports is given up after its lease, and the next caller probes", async () => {
    // The lease is long next to a round trip, so "still held" cannot lapse on a busy machine;
    // the waits only let time pass (each at least the span it stands for).
    const [a, b] = pair({ failureThreshold: 1, cooldownMs: 200, probeLeaseMs: 2_000 });
    await a.recordFailure();
    await wait(220);
    expect(await a.canCall()).toMatchObject({ allowed: true, probe: true });
    expect(await b.canCall()).toMatchObject({ allowed: false, state: "half_open" });
    await wait(2_020);
    expect(await b.canCall()).toMatchObject({ allowed: true, probe: true });
    expect(await a.canCall()).toMatchObject({ allowed: false });
  });

  it("results of calls that finish while open neither close nor extend it", async () => {
    const [a] = pair({ failureThreshold: 1, cooldownMs: 60_000 });
    await a.recordFailure();
    const before = (await a.snapshot()).openForMs;
    expect(await a.recordSuccess()).toBe("open");
    expect(await a.recordFailure()).toBe("open");
    const after = await a.snapshot();
    expect(after.state).toBe("open");
    expect(after.openForMs).toBeLessThanOrEqual(before);
    expect(after.timesOpened).toBe(1);
  });

  it("documents its defaults and which errors count", () => {
    expect(BREAKER_DEFAULTS).toEqual({
      failureThreshold: 5,
      failureRateThreshold: 0.5,
      minimumCalls: 20,
      windowMs: 60_000,
      buckets: 10,
      cooldownMs: 30_000,
      probeLeaseMs: 120_000,
    });
    expect(["upstream_5xx", "timeout", "network"].every((code) => isBreakerFailure({ code }))).toBe(true);
    expect(["rate_limited", "invalid_output", "bad_request", "context_length", "content_policy"].some((code) => isBreakerFailure({ code }))).toBe(false);
    expect(() => pair({ failureRateThreshold: 0 })).toThrow(RangeError);
  });

  it("reads its knobs from the environment; constructor options win; typos throw", async () => {
    expect(breakerOptionsFromEnv({})).toEqual({});
    expect(
      breakerOptionsFromEnv({
        LLM_BREAKER_FAILURE_THRESHOLD: "3",
        LLM_BREAKER_FAILURE_RATE: "0.25",
        LLM_BREAKER_MINIMUM_CALLS: " 8 ",
        LLM_BREAKER_WINDOW_MS: "",
        LLM_BREAKER_COOLDOWN_MS: "2500",
        LLM_BREAKER_PROBE_LEASE_MS: "9000",
      }),
    ).toEqual({ failureThreshold: 3, failureRateThreshold: 0.25, minimumCalls: 8, cooldownMs: 2500, probeLeaseMs: 9000 });
    for (const [name, bad] of [
      ["LLM_BREAKER_COOLDOWN_MS", "30s"],
      ["LLM_BREAKER_FAILURE_THRESHOLD", "0"],
      ["LLM_BREAKER_FAILURE_RATE", "1.5"],
      ["LLM_BREAKER_WINDOW_MS", "-5"],
    ]) {
      expect(() => breakerOptionsFromEnv({ [name]: bad }), `${name}=${bad}`).toThrow(name);
    }
    const saved = process.env.LLM_BREAKER_COOLDOWN_MS;
    process.env.LLM_BREAKER_COOLDOWN_MS = "250";
    try {
      const [a] = pair({ failureThreshold: 1 });
      expect(a.options).toMatchObject({ cooldownMs: 250, failureThreshold: 1 });
      expect(pair({ cooldownMs: 40_000 })[0].options.cooldownMs).toBe(40_000);
      // The environment's cool-down is the one the script applies.
      expect(await a.recordFailure()).toBe("open");
      const r = await a.canCall();
      expect(r.allowed).toBe(false);
      expect(r.retryAfterMs).toBeLessThanOrEqual(250);
      await wait(270);
      expect(await a.canCall()).toMatchObject({ allowed: true, probe: true });
    } finally {
      if (saved === undefined) delete process.env.LLM_BREAKER_COOLDOWN_MS;
      else process.env.LLM_BREAKER_COOLDOWN_MS = saved;
    }
  });
});
