import { afterAll, describe, expect, it } from "vitest";
import { createRedis } from "@/lib/queue/redis";
import type { QuotaLimits } from "./config";
import {
  ceilingFor,
  formatReservationId,
  Governor,
  type GovernorOptions,
  type Grant,
  parseReservationId,
  QuotaWaitExceededError,
  type ReserveResult,
} from "./governor";
import { breakerKey, governorKeys } from "./keys";
import { bracketed, deletePrefix, uniquePrefix, wait } from "./test-redis";

const PREFIX = uniquePrefix("governor");
// Two connections: two "processes" sharing one Redis.
const redisA = createRedis("test-governor-a");
const redisB = createRedis("test-governor-b");

let n = 0;
/** A model of its own per test, so tests never share a window. */
const newModel = () => ({ provider: "test", model: `model-${++n}` });

/**
 * Two instances on two connections; exact windows (no margin) unless a test asks for one, and
 * the sliding log alone (no pacing: its bursts are what these tests count; the pace has
 * governor-pacing.test.ts).
 * Windows are checked against Redis' own clock (`bracketed`), never with a tolerance for how
 * long the test itself took: a loaded machine makes a test slow, not wrong.
 */
function pair(limits: QuotaLimits, opts: GovernorOptions = {}) {
  const o = { prefix: PREFIX, limits, marginMs: 0, pacing: false as const, ...opts };
  return [new Governor(redisA, o), new Governor(redisB, o)] as const;
}

function granted(r: ReserveResult): Grant {
  if (!r.granted) throw new Error(`expected a grant, got ${JSON.stringify(r)}`);
  return r;
}

afterAll(async () => {
  await deletePrefix(redisA, PREFIX);
  expect(await redisA.keys(`${PREFIX}*`)).toEqual([]);
  await redisA.quit();
  await redisB.quit();
});

describe("governor arithmetic", () => {
  it("grants N requests within RPM and refuses the N+1th with the time until the oldest leaves the window", async () => {
    const [gov] = pair({ rpm: 5 });
    const m = newModel();
    const first = granted(await gov.reserve({ ...m, estimatedTokens: 10, priority: "interactive" }));
    for (let i = 0; i < 4; i++) granted(await gov.reserve({ ...m, estimatedTokens: 10, priority: "interactive" }));
    const { value: r, before, after } = await bracketed(redisA, () => gov.reserve({ ...m, estimatedTokens: 10, priority: "interactive" }));
    expect(r).toMatchObject({ granted: false, reason: "rpm" });
    if (r.granted) return;
    // Exactly until the first grant leaves the window, by Redis' clock.
    expect(r.retryAfterMs).toBeGreaterThanOrEqual(first.grantedAtMs + 60_000 - after);
    expect(r.retryAfterMs).toBeLessThanOrEqual(first.grantedAtMs + 60_000 - before);
    expect(await gov.snapshot(m)).toMatchObject({ requests: 5, tokens: 50, pausedForMs: 0 });
  });

  it("retryAfterMs is exact: after waiting it, the request is granted", async () => {
    const [gov] = pair({ rpm: 2 }, { windowMs: 2_000 });
    const m = newModel();
    const first = granted(await gov.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    await wait(150); // spacing, so the two grants leave the window at different times
    granted(await gov.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    const { value: r, before, after } = await bracketed(redisA, () => gov.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    if (r.granted) throw new Error("3rd request granted within the window");
    // Until the first grant leaves the window (2 000 ms after it, Redis' clock), not the second.
    expect(r.retryAfterMs).toBeGreaterThanOrEqual(first.grantedAtMs + 2_000 - after);
    expect(r.retryAfterMs).toBeLessThanOrEqual(first.grantedAtMs + 2_000 - before);
    await wait(r.retryAfterMs + 5); // the claim itself: waiting exactly that long is enough
    const again = granted(await gov.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    expect(again.grantedAtMs - first.grantedAtMs).toBeGreaterThanOrEqual(2_000);
  });

  it("TPM is weighted by tokens; the wait is until enough tokens leave the window", async () => {
    const [gov] = pair({ tpm: 1_000 }, { windowMs: 5_000 });
    const m = newModel();
    const first = granted(await gov.reserve({ ...m, estimatedTokens: 600, priority: "interactive" }));
    await wait(200); // spacing, so the two grants leave the window at different times
    granted(await gov.reserve({ ...m, estimatedTokens: 300, priority: "interactive" }));
    const { value: r, before, after } = await bracketed(redisA, () => gov.reserve({ ...m, estimatedTokens: 500, priority: "interactive" }));
    expect(r).toMatchObject({ granted: false, reason: "tpm" });
    // 600 + 300 + 500 > 1000: the 600 must leave the window, the 300 need not.
    if (!r.granted) {
      expect(r.retryAfterMs).toBeGreaterThanOrEqual(first.grantedAtMs + 5_000 - after);
      expect(r.retryAfterMs).toBeLessThanOrEqual(first.grantedAtMs + 5_000 - before);
    }
    granted(await gov.reserve({ ...m, estimatedTokens: 100, priority: "interactive" })); // exactly 1000
    expect((await gov.snapshot(m)).tokens).toBe(1_000);
    expect(await gov.reserve({ ...m, estimatedTokens: 1, priority: "interactive" })).toMatchObject({ granted: false });
  });

  it("a request larger than the whole TPM runs only into an empty window (never waits forever)", async () => {
    const [gov] = pair({ tpm: 1_000 });
    const m = newModel();
    const big = granted(await gov.reserve({ ...m, estimatedTokens: 1_500, priority: "interactive" }));
    expect(big.tokens).toBe(1_500);
    expect(await gov.reserve({ ...m, estimatedTokens: 1, priority: "interactive" })).toMatchObject({ granted: false, reason: "tpm" });
    const m2 = newModel();
    granted(await gov.reserve({ ...m2, estimatedTokens: 10, priority: "interactive" }));
    expect(await gov.reserve({ ...m2, estimatedTokens: 1_500, priority: "interactive" })).toMatchObject({ granted: false, reason: "tpm" });
  });

  it("settle refunds an over-estimate and charges an under-estimate", async () => {
    const [gov] = pair({ tpm: 1_000 });
    const m = newModel();
    const a = granted(await gov.reserve({ ...m, estimatedTokens: 800, priority: "interactive" }));
    expect(await gov.reserve({ ...m, estimatedTokens: 300, priority: "interactive" })).toMatchObject({ granted: false });
    expect(await gov.settle({ reservationId: a.reservationId, actualTokens: 200 })).toEqual({ outcome: "settled", deltaTokens: -600 });
    const b = granted(await gov.reserve({ ...m, estimatedTokens: 300, priority: "interactive" }));
    expect((await gov.snapshot(m)).tokens).toBe(500);
    // The second call used more than reserved: the difference is charged.
    expect(await gov.settle({ reservationId: b.reservationId, actualTokens: 750 })).toEqual({ outcome: "settled", deltaTokens: 450 });
    expect((await gov.snapshot(m)).tokens).toBe(950);
    expect(await gov.reserve({ ...m, estimatedTokens: 100, priority: "interactive" })).toMatchObject({ granted: false, reason: "tpm" });
    // Settling again with the same figure changes nothing.
    expect(await gov.settle({ reservationId: b.reservationId, actualTokens: 750 })).toEqual({ outcome: "settled", deltaTokens: 0 });
    expect((await gov.snapshot(m)).tokens).toBe(950);
  });

  it("a settle after the reservation left the window charges only a positive difference, at settle time", async () => {
    const [gov] = pair({ tpm: 1_000 }, { windowMs: 300 });
    const m = newModel();
    const a = granted(await gov.reserve({ ...m, estimatedTokens: 100, priority: "interactive" }));
    const c = granted(await gov.reserve({ ...m, estimatedTokens: 100, priority: "interactive" }));
    // Both reservations leave the window (seen in the window itself, not assumed after a sleep).
    for (let i = 0; (await gov.snapshot(m)).tokens !== 0; i++) {
      if (i > 200) throw new Error("the reservations never left the 300 ms window");
      await wait(10);
    }
    expect(await gov.settle({ reservationId: a.reservationId, actualTokens: 700 })).toEqual({ outcome: "late", deltaTokens: 600 });
    expect(await gov.snapshot(m)).toMatchObject({ tokens: 600, requests: 0 });
    expect(await gov.settle({ reservationId: c.reservationId, actualTokens: 40 })).toEqual({ outcome: "late", deltaTokens: 0 });
    expect((await gov.snapshot(m)).tokens).toBe(600);
  });

  it("release gives back the request and its tokens, once", async () => {
    const [gov] = pair({ rpm: 2, tpm: 1_000 });
    const m = newModel();
    const a = granted(await gov.reserve({ ...m, estimatedTokens: 400, priority: "interactive" }));
    granted(await gov.reserve({ ...m, estimatedTokens: 400, priority: "interactive" }));
    expect(await gov.reserve({ ...m, estimatedTokens: 1, priority: "interactive" })).toMatchObject({ granted: false, reason: "rpm" });
    expect(await gov.release({ reservationId: a.reservationId })).toBe(true);
    expect(await gov.snapshot(m)).toMatchObject({ requests: 1, tokens: 400 });
    expect(await gov.release({ reservationId: a.reservationId })).toBe(false);
    expect(await gov.settle({ reservationId: a.reservationId, actualTokens: 999 })).toEqual({ outcome: "unknown", deltaTokens: 0 });
    granted(await gov.reserve({ ...m, estimatedTokens: 600, priority: "interactive" }));
    expect(await gov.snapshot(m)).toMatchObject({ requests: 2, tokens: 1_000 });
  });

  it("counts each grant for window + margin (default window / 60) against upstream's latency jitter", async () => {
    expect(new Governor(redisA).marginMs).toBe(1_000);
    expect(new Governor(redisA, { windowMs: 6_000 }).effectiveWindowMs).toBe(6_100);
    const [gov] = pair({ rpm: 1 }, { windowMs: 5_000, marginMs: 2_000 });
    const m = newModel();
    const g = granted(await gov.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    const { value: r, before, after } = await bracketed(redisA, () => gov.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    if (r.granted) throw new Error("granted twice within the window");
    // Counted for window + margin: 7 000 ms after the grant, by Redis' clock.
    expect(r.retryAfterMs).toBeGreaterThanOrEqual(g.grantedAtMs + 7_000 - after);
    expect(r.retryAfterMs).toBeLessThanOrEqual(g.grantedAtMs + 7_000 - before);
  });

  it("unlimited (no LLM_RPM/LLM_TPM) grants everything", async () => {
    const [gov] = pair({});
    const m = newModel();
    for (let i = 0; i < 50; i++) granted(await gov.reserve({ ...m, estimatedTokens: 100_000, priority: "batch" }));
  });

  it("reads LLM_RPM / LLM_TPM from the environment by default", async () => {
    const before = { rpm: process.env.LLM_RPM, tpm: process.env.LLM_TPM };
    process.env.LLM_RPM = "1";
    delete process.env.LLM_TPM;
    try {
      const gov = new Governor(redisA, { prefix: PREFIX });
      const m = newModel();
      granted(await gov.reserve({ ...m, estimatedTokens: 5, priority: "interactive" }));
      expect(await gov.reserve({ ...m, estimatedTokens: 5, priority: "interactive" })).toMatchObject({ granted: false, reason: "rpm" });
    } finally {
      if (before.rpm === undefined) delete process.env.LLM_RPM;
      else process.env.LLM_RPM = before.rpm;
      if (before.tpm !== undefined) process.env.LLM_TPM = before.tpm;
    }
  });

  it("rejects nonsense input", async () => {
    const [gov] = pair({});
    const m = newModel();
    await expect(gov.reserve({ ...m, estimatedTokens: Number.NaN, priority: "interactive" })).rejects.toThrow(TypeError);
    await expect(gov.reserve({ ...m, estimatedTokens: -1, priority: "interactive" })).rejects.toThrow(TypeError);
    await expect(gov.reserve({ ...m, estimatedTokens: 1, priority: "urgent" as never })).rejects.toThrow(TypeError);
    await expect(gov.settle({ reservationId: "nope", actualTokens: 1 })).rejects.toThrow(TypeError);
  });
});

describe("shared across processes", () => {
  it("two Governor instances on two connections share one quota, also under concurrency", async () => {
    const [a, b] = pair({ rpm: 7 });
    const m = newModel();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).reserve({ ...m, estimatedTokens: 1, priority: "interactive" })));
    expect(results.filter((r) => r.granted)).toHaveLength(7);
    expect(await a.snapshot(m)).toMatchObject({ requests: 7 });
    expect(await b.snapshot(m)).toMatchObject({ requests: 7 });
  });

  it("a reservation made by one process is settled and released by another", async () => {
    const [a, b] = pair({ tpm: 100 });
    const m = newModel();
    const r = granted(await a.reserve({ ...m, estimatedTokens: 90, priority: "interactive" }));
    expect(await b.settle({ reservationId: r.reservationId, actualTokens: 30 })).toEqual({ outcome: "settled", deltaTokens: -60 });
    expect((await a.snapshot(m)).tokens).toBe(30);
  });
});

describe("priority: batch slows first above 85 %", () => {
  it("RPM: while people are asking, batch is refused past 85 % and interactive still passes up to 100 %", async () => {
    const [batchSide, chatSide] = pair({ rpm: 20 });
    const m = newModel();
    granted(await chatSide.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    for (let i = 0; i < 16; i++) granted(await batchSide.reserve({ ...m, estimatedTokens: 1, priority: "batch" }));
    const refused = await batchSide.reserve({ ...m, estimatedTokens: 1, priority: "batch" });
    expect(refused).toMatchObject({ granted: false, reason: "priority" });
    if (!refused.granted) expect(refused.retryAfterMs).toBeGreaterThan(50_000); // the oldest grant must leave
    for (let i = 0; i < 3; i++) granted(await chatSide.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    expect(await chatSide.reserve({ ...m, estimatedTokens: 1, priority: "interactive" })).toMatchObject({ granted: false, reason: "rpm" });
    expect(await batchSide.reserve({ ...m, estimatedTokens: 1, priority: "batch" })).toMatchObject({ granted: false, reason: "rpm" });
  });

  it("TPM: batch may fill 850 of 1 000 tokens, interactive the rest", async () => {
    const [gov] = pair({ tpm: 1_000 });
    const m = newModel();
    granted(await gov.reserve({ ...m, estimatedTokens: 0, priority: "interactive" })); // someone is asking
    granted(await gov.reserve({ ...m, estimatedTokens: 850, priority: "batch" }));
    expect(await gov.reserve({ ...m, estimatedTokens: 1, priority: "batch" })).toMatchObject({ granted: false, reason: "priority" });
    granted(await gov.reserve({ ...m, estimatedTokens: 150, priority: "interactive" }));
    expect(await gov.reserve({ ...m, estimatedTokens: 1, priority: "interactive" })).toMatchObject({ granted: false, reason: "tpm" });
  });

  it("a backlog alone borrows the reserve: batch fills 100 % until an interactive ask takes it back", async () => {
    const [batchSide, chatSide] = pair({ rpm: 20 });
    const m = newModel();
    for (let i = 0; i < 18; i++) granted(await batchSide.reserve({ ...m, estimatedTokens: 1, priority: "batch" }));
    granted(await chatSide.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    // 19 of 20 used and someone is asking: the loan ends, batch waits below 85 % again.
    expect(await batchSide.reserve({ ...m, estimatedTokens: 1, priority: "batch" })).toMatchObject({ granted: false, reason: "priority" });
    granted(await chatSide.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));

    const alone = newModel();
    for (let i = 0; i < 20; i++) granted(await batchSide.reserve({ ...alone, estimatedTokens: 1, priority: "batch" }));
    expect(await batchSide.reserve({ ...alone, estimatedTokens: 1, priority: "batch" })).toMatchObject({ granted: false, reason: "rpm" });
  });

  it("the loan resumes once no interactive ask came for lendIdleMs; lendIdleMs 0 never lends", async () => {
    const [gov] = pair({ rpm: 20 }, { lendIdleMs: 300 });
    const m = newModel();
    granted(await gov.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    for (let i = 0; i < 16; i++) granted(await gov.reserve({ ...m, estimatedTokens: 1, priority: "batch" }));
    expect(await gov.reserve({ ...m, estimatedTokens: 1, priority: "batch" })).toMatchObject({ granted: false, reason: "priority" });
    await wait(350);
    granted(await gov.reserve({ ...m, estimatedTokens: 1, priority: "batch" }));

    const [strict] = pair({ rpm: 20 }, { lendIdleMs: 0 });
    const s2 = newModel();
    for (let i = 0; i < 17; i++) granted(await strict.reserve({ ...s2, estimatedTokens: 1, priority: "batch" }));
    expect(await strict.reserve({ ...s2, estimatedTokens: 1, priority: "batch" })).toMatchObject({ granted: false, reason: "priority" });
  });

  it("the batch ceiling is floor(limit × 0.85), at least 1", () => {
    expect(ceilingFor(20, "batch", 0.85)).toBe(17);
    expect(ceilingFor(100, "batch", 0.85)).toBe(85);
    expect(ceilingFor(10, "batch", 0.85)).toBe(8);
    expect(ceilingFor(1, "batch", 0.85)).toBe(1);
    expect(ceilingFor(10, "interactive", 0.85)).toBe(10);
    expect(ceilingFor(undefined, "batch", 0.85)).toBe(0);
  });
});

describe("upstream feedback", () => {
  it("a 429 with retry-after-ms seen by one process pauses every process for that model", async () => {
    const [a, b] = pair({}); // unlimited locally: upstream pauses still hold
    const m = newModel();
    const other = newModel();
    const seen = await bracketed(redisA, () => a.observe({ ...m, status: 429, headers: new Headers({ "retry-after-ms": "1500" }) }));
    expect(seen.value.pausedForMs).toBe(1_500);
    // The pause ends 1 500 ms after the observation, by Redis' clock: somewhere in this range.
    const [endsFrom, endsBy] = [seen.before + 1_500, seen.after + 1_500];
    const { value: r, before, after } = await bracketed(redisB, () => b.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    if (r.granted) throw new Error("granted during the pause");
    expect(r.reason).toBe("paused");
    expect(r.retryAfterMs).toBeGreaterThanOrEqual(endsFrom - after);
    expect(r.retryAfterMs).toBeLessThanOrEqual(endsBy - before);
    granted(await b.reserve({ ...other, estimatedTokens: 1, priority: "interactive" })); // other models untouched
    const g = granted(await b.acquire({ ...m, estimatedTokens: 1, priority: "interactive" }));
    expect(g.grantedAtMs).toBeGreaterThanOrEqual(endsFrom); // waited out the pause
  });

  it("Retry-After in seconds and as an HTTP date; the longest pause wins", async () => {
    const [a, b] = pair({ rpm: 100 });
    const m = newModel();
    const first = await bracketed(redisA, () => a.observe({ ...m, status: 429, headers: { "Retry-After": "2" } }));
    expect(first.value.pausedForMs).toBe(2_000);
    // A shorter pause seen later by another process does not shorten it: it still ends 2 s after the first.
    const shorter = await bracketed(redisB, () => b.observe({ ...m, status: 429, headers: { "retry-after": "0.3" } }));
    expect(shorter.value.pausedForMs).toBeGreaterThanOrEqual(first.before + 2_000 - shorter.after);
    expect(shorter.value.pausedForMs).toBeLessThanOrEqual(first.after + 2_000 - shorter.before);
    const m2 = newModel();
    const date = new Date(Date.now() + 5_000).toUTCString();
    const byDate = await a.observe({ ...m2, status: 429, headers: { "retry-after": date } });
    expect(byDate.pausedForMs).toBeGreaterThan(3_000);
    expect(byDate.pausedForMs).toBeLessThanOrEqual(5_000);
    expect(await b.reserve({ ...m2, estimatedTokens: 1, priority: "interactive" })).toMatchObject({ granted: false, reason: "paused" });
  });

  it("x-ratelimit-remaining-requests: 0 on a success pauses until its reset", async () => {
    const [a, b] = pair({});
    const m = newModel();
    const obs = await a.observe({
      ...m,
      status: 200,
      headers: { "x-ratelimit-remaining-requests": "0", "x-ratelimit-reset-requests": "1.5s", "x-ratelimit-remaining-tokens": "5000" },
    });
    expect(obs.pausedForMs).toBeGreaterThan(1_400);
    expect(await b.reserve({ ...m, estimatedTokens: 1, priority: "batch" })).toMatchObject({ granted: false, reason: "paused" });
  });

  it("x-ratelimit-remaining-tokens: 0 pauses until the token reset; a 429 prefers retry-after-ms", async () => {
    const [a, b] = pair({});
    const m = newModel();
    const obs = await a.observe({
      ...m,
      status: 200,
      headers: { "x-ratelimit-remaining-requests": "40", "x-ratelimit-remaining-tokens": "0", "x-ratelimit-reset-tokens": "1s" },
    });
    expect(obs.pausedForMs).toBeGreaterThan(900);
    expect(obs.pausedForMs).toBeLessThanOrEqual(1_000);
    expect(await b.reserve({ ...m, estimatedTokens: 1, priority: "interactive" })).toMatchObject({ granted: false, reason: "paused" });
    const m2 = newModel();
    const precise = await a.observe({ ...m2, status: 429, headers: { "retry-after-ms": "750", "retry-after": "30" } });
    expect(precise.pausedForMs).toBeGreaterThan(650);
    expect(precise.pausedForMs).toBeLessThanOrEqual(750);
  });

  it("a 429 that names no wait pauses for the default; a huge Retry-After is capped", async () => {
    const [a] = pair({}, { defaultPauseMs: 400, maxPauseMs: 1_000 });
    const m = newModel();
    const none = await a.observe({ ...m, status: 429, headers: {} });
    expect(none.pausedForMs).toBeGreaterThan(300);
    expect(none.pausedForMs).toBeLessThanOrEqual(400);
    const m2 = newModel();
    const huge = await a.observe({ ...m2, status: 429, headers: { "retry-after": "3600" } });
    expect(huge.pausedForMs).toBeLessThanOrEqual(1_000);
    expect(huge.pausedForMs).toBeGreaterThan(900);
  });

  it("accepts what LlmError already parsed (retryAfterMs, rateLimit)", async () => {
    const [a, b] = pair({});
    const m = newModel();
    await a.observe({ ...m, status: 429, retryAfterMs: 800, rateLimit: { remainingRequests: 3 } });
    expect(await b.reserve({ ...m, estimatedTokens: 1, priority: "interactive" })).toMatchObject({ granted: false, reason: "paused" });
  });

  it("a 200 or a 500 without Retry-After sets no pause", async () => {
    const [a] = pair({});
    const m = newModel();
    expect((await a.observe({ ...m, status: 200, headers: { "x-ratelimit-remaining-requests": "10" } })).pausedForMs).toBe(0);
    expect((await a.observe({ ...m, status: 500, headers: {} })).pausedForMs).toBe(0);
    expect((await a.observe({ ...m, status: 503, headers: { "retry-after": "1" } })).pausedForMs).toBeGreaterThan(900);
  });

  it("x-ratelimit-remaining-requests below our own view tightens it until the reset", async () => {
    const [a, b] = pair({ rpm: 10 }, { windowMs: 60_000 });
    const m = newModel();
    granted(await a.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    granted(await a.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    // We think 8 remain; upstream says 3 (someone else shares the key).
    const obs = await a.observe({
      ...m,
      status: 200,
      headers: { "x-ratelimit-remaining-requests": "3", "x-ratelimit-reset-requests": "700ms" },
    });
    expect(obs).toMatchObject({ pausedForMs: 0, phantomRequests: 5 });
    for (let i = 0; i < 3; i++) granted(await b.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    const r = await b.reserve({ ...m, estimatedTokens: 1, priority: "interactive" });
    expect(r).toMatchObject({ granted: false, reason: "rpm" });
    // The phantom usage ends at upstream's reset, long before our own entries leave the window.
    if (!r.granted) expect(r.retryAfterMs).toBeLessThanOrEqual(700);
    if (!r.granted) await wait(r.retryAfterMs + 10);
    granted(await b.reserve({ ...m, estimatedTokens: 1, priority: "interactive" }));
    // Upstream reporting more room than we think never loosens our own count.
    const loose = await a.observe({ ...m, status: 200, headers: { "x-ratelimit-remaining-requests": "9", "x-ratelimit-reset-requests": "1s" } });
    expect(loose.phantomRequests).toBe(0);
    expect((await a.snapshot(m)).requests).toBe(6);
  });

  it("x-ratelimit-remaining-tokens below our own view tightens TPM", async () => {
    const [a] = pair({ tpm: 10_000 });
    const m = newModel();
    granted(await a.reserve({ ...m, estimatedTokens: 1_000, priority: "interactive" }));
    const obs = await a.observe({
      ...m,
      status: 200,
      headers: { "x-ratelimit-remaining-tokens": "2000", "x-ratelimit-reset-tokens": "30s" },
    });
    expect(obs.phantomTokens).toBe(7_000);
    expect(await a.snapshot(m)).toMatchObject({ tokens: 1_000, phantomTokens: 7_000 });
    granted(await a.reserve({ ...m, estimatedTokens: 2_000, priority: "interactive" }));
    expect(await a.reserve({ ...m, estimatedTokens: 1, priority: "interactive" })).toMatchObject({ granted: false, reason: "tpm" });
  });
});

describe("acquire", () => {
  it("waits for grants instead of failing", async () => {
    const [gov] = pair({ rpm: 2 }, { windowMs: 400 });
    const m = newModel();
    const grants: Grant[] = [];
    for (let i = 0; i < 5; i++) grants.push(await gov.acquire({ ...m, estimatedTokens: 1, priority: "interactive" }));
    // 5 grants at 2 per 400 ms need at least two full windows (Redis' clock); none was refused
    // to the caller. How closely the waits track the window is bench/governor-waits.ts's figure.
    expect(grants[4]!.grantedAtMs - grants[0]!.grantedAtMs).toBeGreaterThanOrEqual(800);
    for (let i = 2; i < 5; i++) expect(grants[i]!.grantedAtMs - grants[i - 2]!.grantedAtMs).toBeGreaterThanOrEqual(400);
  });

  it("refused on tokens, it re-asks and is granted as soon as a settle refunds, long before the window frees", async () => {
    const [a, b] = pair({ tpm: 1_000 }, { settlePollMs: 100 });
    const m = newModel();
    const inFlight = granted(await a.reserve({ ...m, estimatedTokens: 900, priority: "interactive" })); // max output reserved
    // The settle comes once b has been refused (its own reserve says so), not after a guess of a sleep.
    const refused = new Promise<void>((resolve) => {
      const reserve = b.reserve.bind(b);
      b.reserve = async (req) => {
        const r = await reserve(req);
        if (!r.granted) resolve();
        return r;
      };
    });
    const waiting = b.acquire({ ...m, estimatedTokens: 500, priority: "interactive", maxWaitMs: 120_000 });
    await refused;
    await a.settle({ reservationId: inFlight.reservationId, actualTokens: 300 }); // the call used far less
    const g = await waiting;
    // Granted while the first reservation is still in the 60 s window: freed by the refund, not by ageing.
    expect(g.grantedAtMs).toBeLessThan(inFlight.grantedAtMs + 60_000);
    expect((await a.snapshot(m)).tokens).toBe(800);
  });

  it("gives up at once with QuotaWaitExceededError when the next slot lies beyond maxWaitMs", async () => {
    const [gov] = pair({ rpm: 1 });
    const m = newModel();
    await gov.acquire({ ...m, estimatedTokens: 1, priority: "interactive" });
    // A 50 s allowance for a slot 60 s away: sleeping towards it would take 50 s; giving up at
    // once takes a round trip. The race's 20 s is a generous timeout, not a speed limit.
    const outcome = await Promise.race([
      gov.acquire({ ...m, estimatedTokens: 1, priority: "interactive", maxWaitMs: 50_000 }).catch((e) => e),
      wait(20_000).then(() => "still sleeping"),
    ]);
    expect(outcome).toBeInstanceOf(QuotaWaitExceededError);
    expect(outcome).toMatchObject({ reason: "rpm", retryable: true, code: "quota_wait_exceeded" });
    expect((outcome as QuotaWaitExceededError).retryAfterMs).toBeGreaterThan(50_000);
  });

  it("stops waiting when its AbortSignal fires", async () => {
    const [a, b] = pair({});
    const m = newModel();
    await a.observe({ ...m, status: 429, headers: { "retry-after": "60" } });
    const ctrl = new AbortController();
    let aborted = false;
    const waiting = b.acquire({ ...m, estimatedTokens: 1, priority: "interactive", signal: ctrl.signal, maxWaitMs: 120_000 }).then(
      () => "granted",
      (e: Error) => (aborted ? e.name : `rejected before the abort: ${e.name}`),
    );
    setTimeout(() => {
      aborted = true;
      ctrl.abort();
    }, 150);
    // It ends because of the abort, not the 60 s pause (the race's 20 s is a generous timeout).
    expect(await Promise.race([waiting, wait(20_000).then(() => "still waiting")])).toBe("AbortError");
    const pre = new AbortController();
    pre.abort(new Error("shutting down"));
    await expect(b.acquire({ ...newModel(), estimatedTokens: 1, priority: "interactive", signal: pre.signal })).rejects.toThrow("shutting down");
  });
});

describe("keys and ids", () => {
  const tagOf = (key: string) => {
    const open = key.indexOf("{");
    return key.slice(open + 1, key.indexOf("}", open + 1));
  };

  it("every key of one model carries one hash tag; odd model ids cannot merge two models", () => {
    const keys = Object.values(governorKeys({ provider: "openai", model: "gpt-4o-mini" }, "p:"));
    expect(new Set(keys.map(tagOf))).toEqual(new Set(["gov:openai:gpt-4o-mini"]));
    expect(keys.every((k) => k.startsWith("p:panelist:{gov:"))).toBe(true);
    const x = Object.values(governorKeys({ provider: "p", model: "a}x" }));
    const y = Object.values(governorKeys({ provider: "p", model: "a}y" }));
    expect(new Set(x.map(tagOf)).size).toBe(1);
    expect(tagOf(x[0]!)).not.toBe(tagOf(y[0]!));
    expect(tagOf(breakerKey({ provider: "p", model: "m:1" }))).toBe("cb:p:m%3A1");
  });

  it("reservation ids round-trip provider and model", () => {
    const ref = { provider: "openai-compatible", model: "acct/models:llama{3}" };
    const id = formatReservationId(ref, "1718000000123-7-1500");
    expect(parseReservationId(id)).toEqual({ ...ref, member: "1718000000123-7-1500", grantedAtMs: 1718000000123, tokens: 1500 });
    expect(() => parseReservationId("a:b:c")).toThrow(TypeError);
  });
});
