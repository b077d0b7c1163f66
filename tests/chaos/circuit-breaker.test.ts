/**
 * Chaos: the circuit breaker through the worker (docs/circuit-breaker.md, "Tasks"). Upstream keeps answering
 * 500 → the model's circuit opens → tasks wait as RETRYING and the upstream sees no request for
 * the whole cool-down → one probe goes out (half-open; it fails, the circuit opens again) →
 * upstream heals → after the second cool-down one probe succeeds, the gates open and every task
 * completes. Workers are separate processes, the second one started only once the circuit is
 * open, so half-open is contended across processes. A short cool-down
 * (`LLM_BREAKER_COOLDOWN_MS`) keeps the run to about half a minute.
 */
import "../helpers/env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerFromBaseUrl } from "@/lib/ai/config";
import { dlqKey } from "@/lib/queue/names";
import { type BreakerSnapshot, CircuitBreaker } from "@/lib/ratelimit/circuit-breaker";
import { breakerKey } from "@/lib/ratelimit/keys";
import type { FakeLlm, RecordedRequest } from "@/scripts/fake-llm/server";
import {
  chaosTag,
  createResumeTasks,
  Fleet,
  pendingEntries,
  statusCounts,
  streamsReport,
  taskEffects,
  until,
  upstreamCallsByMarker,
  usageVsUpstream,
  waitForAllEnded,
} from "./harness";
import { chaosKit } from "./kit";

const TASKS = 8;
const COOLDOWN_MS = 5_000;
const FAILURE_THRESHOLD = 3;
const BREAKER_ENV = { LLM_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS), LLM_BREAKER_FAILURE_THRESHOLD: String(FAILURE_THRESHOLD) };

const savedEnv = { ...process.env };
let llm: FakeLlm;
let ownerId: string;
const { db, redis, prefix, workerEnv } = chaosKit("chaos-breaker", {}, (s) => {
  ({ llm, ownerId } = s);
});

beforeAll(() => {
  // The workers inherit this environment (Fleet copies process.env).
  Object.assign(process.env, BREAKER_ENV);
  delete process.env.LLM_FALLBACK_MODEL;
});

afterAll(() => {
  for (const k of [...Object.keys(BREAKER_ENV), "LLM_FALLBACK_MODEL"]) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
});

const chatCalls = (): RecordedRequest[] =>
  llm
    .requests()
    .filter((r) => r.method === "POST" && r.path.endsWith("/chat/completions"))
    .sort((a, b) => a.time - b.time);
const arrivedIn = (from: number, to: number) => chatCalls().filter((r) => r.time >= from && r.time < to);

/**
 * The circuit's open period, epoch ms, as the breaker stored it (its `openUntil`, Redis'
 * clock — the one the workers' breakers judge by; the fake server's arrival times are this
 * machine's clock, which Redis shares here). Never `Date.now() + openForMs`: that adds the
 * snapshot's round trip to the period and lets a probe that came on time look early.
 */
type OpenPeriod = { openedAt: number; openUntil: number };

describe("chaos: the circuit breaker in front of the workers", () => {
  it("opens on failures, holds every task RETRYING with no upstream request for the cool-down, probes once, and lets everything complete once upstream heals", async () => {
    const tag = chaosTag("breaker");
    // A lease long enough that a starved machine (the whole suite runs beside this) never lets a
    // live attempt be reclaimed: this test counts upstream calls exactly, and reclaim is proven
    // elsewhere (kill-restart.test.ts).
    const cfg = { ...workerEnv(), leaseMs: 30_000 };
    // One slot while the circuit is closed: each call's failure is recorded before the next call
    // asks the breaker, so "no request after it opened" is exact, with no call in flight then.
    const first = new Fleet({ ...cfg, concurrency: 1 });
    const more = new Fleet({ ...cfg, concurrency: 3 });
    const diagnose = () => `${first.describe()}\n${more.describe()}`;
    const ref = { provider: providerFromBaseUrl(llm.url), model: "gpt-4o-mini" };
    const breaker = new CircuitBreaker(redis, ref, { prefix });
    const snapshot = () => breaker.snapshot();
    const openPeriod = async (timesOpened: number): Promise<OpenPeriod> => {
      const s = await until<BreakerSnapshot>(
        async () => {
          const x = await snapshot();
          return x.state === "open" && x.timesOpened === timesOpened ? x : null;
        },
        { timeoutMs: 60_000, stepMs: 50, what: () => `the circuit did not open a ${timesOpened}. time\n${diagnose()}` },
      );
      const openUntil = Number(await redis.hget(breakerKey(ref, prefix), "openUntil"));
      expect(openUntil, `openUntil of the ${timesOpened}. opening (open for ${s.openForMs} ms more)`).toBeGreaterThan(0);
      return { openedAt: openUntil - COOLDOWN_MS, openUntil };
    };

    llm.control({ mode: "500" });
    first.start();
    const created = await createResumeTasks({ db, redis }, { ownerId, tag, n: TASKS, parallel: 2 });

    // 1. The failures open the circuit.
    const open1 = await openPeriod(1);
    expect(chatCalls().length).toBe(FAILURE_THRESHOLD);
    expect(chatCalls().every((r) => r.status === 500)).toBe(true);
    more.start(); // more slots, in another process, to contend for the probe

    // 2. During the cool-down every task waits as RETRYING and none ends.
    let allRetrying = false;
    while (Date.now() < open1.openUntil - 200) {
      const counts = await statusCounts(db, ownerId);
      expect(counts.FAILED ?? 0, JSON.stringify(counts)).toBe(0);
      expect(counts.COMPLETED ?? 0, JSON.stringify(counts)).toBe(0);
      if (counts.RETRYING === TASKS) allRetrying = true;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(allRetrying, "every task was RETRYING at once during the cool-down").toBe(true);

    // 3. After the cool-down exactly one probe goes out; it fails, and the circuit opens again.
    const open2 = await openPeriod(2);
    expect(arrivedIn(open1.openedAt, open1.openUntil), "requests during the first cool-down").toEqual([]);
    const probe1 = arrivedIn(open1.openUntil, open2.openedAt);
    expect(
      probe1.map((r) => r.status),
      "the half-open probe",
    ).toEqual([500]);
    llm.control({ mode: "ok" }); // upstream heals during the second cool-down

    // 4. After the second cool-down one probe succeeds, the circuit closes, and every task completes.
    const counts = await waitForAllEnded(db, { ownerId, expected: TASKS, timeoutMs: 90_000, redis, diagnose });
    expect(counts).toEqual({ COMPLETED: TASKS });
    expect(arrivedIn(open2.openedAt, open2.openUntil), "requests during the second cool-down").toEqual([]);
    const after = arrivedIn(open2.openUntil, Infinity);
    expect(after.length).toBe(TASKS);
    expect(after.every((r) => r.status === 200)).toBe(true);
    // The probe was alone: the next request left only after its answer closed the circuit.
    expect(after[1].time).toBeGreaterThanOrEqual(after[0].finishedAt!);
    expect(await snapshot()).toMatchObject({ state: "closed", timesOpened: 2 });

    // Nothing lost, nothing doubled: one analysis per task, one usage row per upstream call
    // (refusals by the open circuit leave none), no dead letters.
    expect(chatCalls().length).toBe(FAILURE_THRESHOLD + 1 + TASKS);
    const effects = await taskEffects(db, ownerId);
    for (const c of created) expect(effects.get(c.taskId)).toMatchObject({ status: "COMPLETED", analyses: 1 });
    // A refusal by the open circuit spends no attempt: the attempts counted are the calls made.
    expect([...effects.values()].reduce((n, e) => n + e.attempts, 0)).toBe(chatCalls().length);
    expect(usageVsUpstream(created, effects, upstreamCallsByMarker(llm, tag))).toEqual([]);
    expect(await redis.xlen(dlqKey("resume.analyze"))).toBe(0);
    expect(await pendingEntries(redis), await streamsReport(redis)).toBe(0);
    expect(first.unexpectedExits() + more.unexpectedExits()).toBe("");
  }, 180_000);
});
