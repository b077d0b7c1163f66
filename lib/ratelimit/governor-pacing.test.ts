/**
 * The governor's pace (GCRA on top of the sliding log; docs/governor.md, "Pacing") against real
 * Redis. The scripts run on a stepped clock (`GovernorOptions.clock`), so every grant, refusal
 * and retryAfterMs is an exact figure, not a timing tolerance.
 *
 * Unless a test says otherwise: window 60 s without margin and RPM 600, so the emission interval
 * T is 100 ms; burst 0.5 s, so B = 500 ms = 5 cells.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createRedis } from "@/lib/queue/redis";
import type { PacingConfig, QuotaLimits } from "./config";
import { Governor, type GovernorOptions, type Grant, type Priority, paceParams, type ReserveResult } from "./governor";
import { deletePrefix, redisNowMs, uniquePrefix } from "./test-redis";

const PREFIX = uniquePrefix("governor-pacing");
// Two connections: two "processes" sharing one Redis.
const redisA = createRedis("test-governor-pacing-a");
const redisB = createRedis("test-governor-pacing-b");

let n = 0;
const newModel = () => ({ provider: "test", model: `paced-${++n}` });

/** A clock the test steps; it starts at Redis' own time so the keys' TTLs stay meaningful. */
async function steppedClock() {
  const c = { now: await redisNowMs(redisA), step: (ms: number) => (c.now += ms) };
  return c;
}

async function pair(limits: QuotaLimits, pacing: PacingConfig | false = { burstSeconds: 0.5 }, opts: GovernorOptions = {}) {
  const clock = await steppedClock();
  const o: GovernorOptions = { prefix: PREFIX, limits, marginMs: 0, pacing, clock: () => clock.now, ...opts };
  return { clock, a: new Governor(redisA, o), b: new Governor(redisB, o) };
}

function granted(r: ReserveResult): Grant {
  if (!r.granted) throw new Error(`expected a grant, got ${JSON.stringify(r)}`);
  return r;
}

const ask = (gov: Governor, m: { provider: string; model: string }, estimatedTokens = 1, priority: Priority = "interactive") =>
  gov.reserve({ ...m, estimatedTokens, priority });

afterAll(async () => {
  await deletePrefix(redisA, PREFIX);
  expect(await redisA.keys(`${PREFIX}*`)).toEqual([]);
  await redisA.quit();
  await redisB.quit();
});

describe("GCRA parameters", () => {
  it("T = effective window / limit, burst = burstSeconds of a (scaled) minute; off or unlimited = not paced", () => {
    expect(paceParams({ rpm: 600, tpm: 120_000 }, { burstSeconds: 1 }, 60_000, 61_000)).toEqual({
      requestIntervalMs: 61_000 / 600,
      tokenIntervalMs: 61_000 / 120_000,
      burstMs: 1_000,
    });
    expect(paceParams({ rpm: 10 }, { burstSeconds: 1 }, 1_000, 1_017)).toEqual({ requestIntervalMs: 101.7, tokenIntervalMs: 0, burstMs: 1_000 / 60 });
    expect(paceParams({ rpm: 600, tpm: 1 }, false, 60_000, 61_000)).toEqual({ requestIntervalMs: 0, tokenIntervalMs: 0, burstMs: 0 });
  });
});

describe("RPM pace", () => {
  it("a burst gets only the burst allowance at once, then one grant per emission interval; retryAfterMs is exact", async () => {
    const { clock, a } = await pair({ rpm: 600 });
    const m = newModel();
    for (let i = 0; i < 5; i++) granted(await ask(a, m));
    // The 6th cell conforms at TAT − (B − T) = t0 + 600 − 400: 100 ms from now, to the millisecond.
    expect(await ask(a, m)).toEqual({ granted: false, retryAfterMs: 100, reason: "pace" });
    expect((await a.snapshot(m)).paceAheadMs.requests).toBe(500);
    clock.step(99);
    expect(await ask(a, m)).toEqual({ granted: false, retryAfterMs: 1, reason: "pace" });
    clock.step(1);
    granted(await ask(a, m));
    // From here on: exactly one grant per 100 ms, each refusal naming the rest of the interval.
    for (let k = 0; k < 10; k++) {
      expect(await ask(a, m)).toEqual({ granted: false, retryAfterMs: 100, reason: "pace" });
      clock.step(40);
      expect(await ask(a, m)).toEqual({ granted: false, retryAfterMs: 60, reason: "pace" });
      clock.step(60);
      granted(await ask(a, m));
    }
    // The log saw every grant: 5 + 1 + 10.
    expect((await a.snapshot(m)).requests).toBe(16);
  });

  it("an idle bucket refills at the pace, up to the burst and no further", async () => {
    const { clock, a } = await pair({ rpm: 600 });
    const m = newModel();
    for (let i = 0; i < 5; i++) granted(await ask(a, m));
    clock.step(300); // three intervals: three cells back
    for (let i = 0; i < 3; i++) granted(await ask(a, m));
    expect(await ask(a, m)).toMatchObject({ granted: false, reason: "pace" });
    clock.step(10_000); // long idle: still only the burst
    for (let i = 0; i < 5; i++) granted(await ask(a, m));
    expect(await ask(a, m)).toEqual({ granted: false, retryAfterMs: 100, reason: "pace" });
  });

  it("two governors on two connections share one pace, also when they ask at the same moment", async () => {
    const { clock, a, b } = await pair({ rpm: 600 });
    const m = newModel();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(i % 2 ? a : b, m)));
    expect(results.filter((r) => r.granted)).toHaveLength(5);
    expect(await ask(b, m)).toEqual({ granted: false, retryAfterMs: 100, reason: "pace" });
    clock.step(100);
    granted(await ask(a, m));
    expect(await ask(b, m)).toEqual({ granted: false, retryAfterMs: 100, reason: "pace" });
  });

  it("a limit slower than the burst paces one request at a time (over-burst cells wait for an empty bucket)", async () => {
    const { clock, a } = await pair({ rpm: 20 }); // T = 3 000 ms > B = 500 ms
    const m = newModel();
    granted(await ask(a, m));
    expect(await ask(a, m)).toEqual({ granted: false, retryAfterMs: 3_000, reason: "pace" });
    clock.step(3_000);
    granted(await ask(a, m));
  });

  it("burst 0 is strict pacing; pacing off is the log alone", async () => {
    const strict = await pair({ rpm: 600 }, { burstSeconds: 0 });
    const m = newModel();
    granted(await ask(strict.a, m));
    expect(await ask(strict.a, m)).toEqual({ granted: false, retryAfterMs: 100, reason: "pace" });
    const off = await pair({ rpm: 600 }, false);
    const m2 = newModel();
    for (let i = 0; i < 50; i++) granted(await ask(off.a, m2));
    expect((await off.a.snapshot(m2)).paceAheadMs).toEqual({ requests: 0, tokens: 0 });
  });
});

describe("per-minute exactness still holds", () => {
  it("asking at every conforming instant for a minute: the pace allows 604, the log grants exactly 600 and refuses the rest for the window", async () => {
    const { clock, a } = await pair({ rpm: 600 });
    const m = newModel();
    const t0 = clock.now;
    let grants = 0;
    let last: ReserveResult | undefined;
    while (clock.now < t0 + 60_000) {
      last = await ask(a, m);
      if (last.granted) grants++;
      else if (last.reason === "pace") clock.step(last.retryAfterMs);
      else break;
    }
    expect(grants).toBe(600);
    // The log says no (not the pace), and the wait is until the first grant leaves the window.
    expect(last).toMatchObject({ granted: false, reason: "rpm", retryAfterMs: t0 + 60_000 - clock.now });
  });
});

describe("TPM pace", () => {
  // TPM 60 000 per 60 s: T = 1 ms per token; B = 500 ms = 500 tokens.
  it("tokens are paced as tokens per second with a burst; retryAfterMs is exact", async () => {
    const { clock, a } = await pair({ tpm: 60_000 });
    const m = newModel();
    granted(await ask(a, m, 300));
    // TAT = t0 + 300; a 300-token cell conforms at TAT − (500 − 300) = t0 + 100.
    expect(await ask(a, m, 300)).toEqual({ granted: false, retryAfterMs: 100, reason: "pace" });
    granted(await ask(a, m, 200)); // 300 + 200 = the burst exactly
    expect(await ask(a, m, 1)).toEqual({ granted: false, retryAfterMs: 1, reason: "pace" });
    clock.step(250);
    granted(await ask(a, m, 250));
    expect((await a.snapshot(m)).paceAheadMs.tokens).toBe(500);
  });

  it("a call larger than the burst still passes: it waits for an empty bucket, then later calls wait behind it", async () => {
    const { clock, a } = await pair({ tpm: 60_000 });
    const m = newModel();
    granted(await ask(a, m, 200));
    expect(await ask(a, m, 2_000)).toEqual({ granted: false, retryAfterMs: 200, reason: "pace" });
    clock.step(200);
    granted(await ask(a, m, 2_000));
    // TAT = now + 2 000: a 100-token call waits until TAT − 400.
    expect(await ask(a, m, 100)).toEqual({ granted: false, retryAfterMs: 1_600, reason: "pace" });
  });

  it("the later of the two cells decides: refused for tokens while requests conform, with the token wait", async () => {
    const { a } = await pair({ rpm: 600, tpm: 60_000 });
    const m = newModel();
    granted(await ask(a, m, 450));
    expect(await ask(a, m, 450)).toEqual({ granted: false, retryAfterMs: 400, reason: "pace" });
  });

  it("settle: a charge advances the token TAT, a refund moves it back — never below now", async () => {
    const { clock, a } = await pair({ tpm: 60_000 });
    const m = newModel();
    const g = granted(await ask(a, m, 400));
    expect((await a.snapshot(m)).paceAheadMs.tokens).toBe(400);
    expect(await a.settle({ reservationId: g.reservationId, actualTokens: 700 })).toEqual({ outcome: "settled", deltaTokens: 300 });
    expect((await a.snapshot(m)).paceAheadMs.tokens).toBe(700);
    expect(await ask(a, m, 100)).toEqual({ granted: false, retryAfterMs: 300, reason: "pace" });
    expect(await a.settle({ reservationId: g.reservationId, actualTokens: 100 })).toEqual({ outcome: "settled", deltaTokens: -600 });
    expect((await a.snapshot(m)).paceAheadMs.tokens).toBe(100);
    clock.step(80);
    // A refund larger than what is ahead empties the bucket and no more: the burst, not the refund, bounds the next grants.
    expect(await a.settle({ reservationId: g.reservationId, actualTokens: 0 })).toEqual({ outcome: "settled", deltaTokens: -100 });
    expect((await a.snapshot(m)).paceAheadMs.tokens).toBe(0);
    granted(await ask(a, m, 500));
    expect(await ask(a, m, 1)).toEqual({ granted: false, retryAfterMs: 1, reason: "pace" });
  });
});

describe("release", () => {
  it("the latest grant gives back its request cell and its tokens: the pace is as if it had never been granted", async () => {
    const { a, b } = await pair({ rpm: 600, tpm: 60_000 });
    const m = newModel();
    for (let i = 0; i < 4; i++) granted(await ask(a, m, 10));
    const latest = granted(await ask(a, m, 10));
    expect(await ask(a, m, 10)).toMatchObject({ granted: false, reason: "pace" });
    expect(await b.release({ reservationId: latest.reservationId })).toBe(true);
    expect((await a.snapshot(m)).paceAheadMs).toEqual({ requests: 400, tokens: 40 });
    granted(await ask(a, m, 10)); // the freed 5th cell
    expect(await ask(a, m, 10)).toEqual({ granted: false, retryAfterMs: 100, reason: "pace" });
  });

  it("an older grant gives back its tokens but not its request cell (it lies behind later grants)", async () => {
    const { a } = await pair({ rpm: 600, tpm: 60_000 });
    const m = newModel();
    const first = granted(await ask(a, m, 100));
    for (let i = 0; i < 4; i++) granted(await ask(a, m, 10));
    expect((await a.snapshot(m)).paceAheadMs).toEqual({ requests: 500, tokens: 140 });
    expect(await a.release({ reservationId: first.reservationId })).toBe(true);
    expect((await a.snapshot(m)).paceAheadMs).toEqual({ requests: 500, tokens: 40 });
    expect(await ask(a, m, 10)).toEqual({ granted: false, retryAfterMs: 100, reason: "pace" });
    expect((await a.snapshot(m)).requests).toBe(4);
  });
});

describe("priority: batch is paced to 85 % of the burst, interactive may use the rest", () => {
  it("while people are asking, batch gets 4 of the 5 burst cells, interactive the 5th; a backlog alone borrows the whole burst", async () => {
    const { clock, a, b } = await pair({ rpm: 600 });
    const m = newModel();
    // Someone asked: no loan. Batch's tolerance is 425 ms: cells conform while TAT ≤ now + 325.
    const chat = granted(await ask(b, m));
    await b.release({ reservationId: chat.reservationId }); // the stamp stays, the cell comes back
    for (let i = 0; i < 4; i++) granted(await ask(a, m, 1, "batch"));
    expect(await ask(a, m, 1, "batch")).toEqual({ granted: false, retryAfterMs: 75, reason: "pace" });
    granted(await ask(b, m)); // interactive: the headroom above batch's share
    expect(await ask(b, m)).toEqual({ granted: false, retryAfterMs: 100, reason: "pace" });
    // Batch waits for the bucket to drain to its share: 175 ms (TAT − 325 − now).
    expect(await ask(a, m, 1, "batch")).toEqual({ granted: false, retryAfterMs: 175, reason: "pace" });
    clock.step(175);
    granted(await ask(a, m, 1, "batch"));

    const { a: alone } = await pair({ rpm: 600 });
    const backlog = newModel();
    for (let i = 0; i < 5; i++) granted(await ask(alone, backlog, 1, "batch"));
    expect(await ask(alone, backlog, 1, "batch")).toEqual({ granted: false, retryAfterMs: 100, reason: "pace" });
  });
});

describe("acquire", () => {
  it("on Redis' own clock, a backlog of acquires is spaced by the pace after the burst", async () => {
    const gov = new Governor(redisA, { prefix: PREFIX, limits: { rpm: 1_200 }, marginMs: 0, pacing: { burstSeconds: 0.1 } });
    const m = newModel();
    // T = 50 ms, B = 100 ms: 2 at once, then one per 50 ms. Lower bounds only: a slow machine is late, never early.
    const grants: Grant[] = [];
    for (let i = 0; i < 8; i++) grants.push(await gov.acquire({ ...m, estimatedTokens: 1, priority: "batch" }));
    const t0 = grants[0]!.grantedAtMs;
    for (let k = 2; k < 8; k++) expect(grants[k]!.grantedAtMs).toBeGreaterThanOrEqual(t0 + (k - 1) * 50);
    expect((await gov.snapshot(m)).requests).toBe(8);
  });
});
