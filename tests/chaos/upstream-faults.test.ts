/**
 * Chaos 6: the upstream misbehaves — 429 with Retry-After for a while, then 500s, then hanging
 * requests — while two worker processes drain a backlog under a shared RPM quota (docs/testing.md,
 * "Chaos tests"). Retries obey the headers across processes, no task that could succeed fails, the
 * fake server never sees more than the RPM in any sliding 60-second window, and the usage
 * ledger has one row per upstream call. See docs/testing.md "Chaos tests".
 */
import "../helpers/env";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dlqKey } from "@/lib/queue/names";
import { BREAKER_DEFAULTS } from "@/lib/ratelimit/circuit-breaker";
import type { FakeLlm, FaultStep, RecordedRequest } from "@/scripts/fake-llm/server";
import {
  chaosTag,
  createResumeTasks,
  duplicateCallIds,
  Fleet,
  pendingEntries,
  sleep,
  streamsReport,
  taskEffects,
  upstreamCallsByMarker,
  usageVsUpstream,
  waitForAllEnded,
} from "./harness";
import { chaosKit } from "./kit";

/** Tasks in the run (CHAOS_UPSTREAM_TASKS overrides). */
const TASKS = Number(process.env.CHAOS_UPSTREAM_TASKS ?? 120);
/** The quota, enforced by the fake upstream and configured for the workers (LLM_RPM). */
const RPM = 120;
const WORKERS = 2;
const CONCURRENCY = 4;
/** Upstream calls that can be past the governor at one moment: one per worker slot. */
const SLOTS = WORKERS * CONCURRENCY;
const RETRY_AFTER_S = 5;
/**
 * The upstream's script. Phases start with their first request; between the faults, some
 * normal answers so the run makes progress and the circuit closes again.
 */
const SCRIPT: FaultStep[] = [
  { mode: "429", forMs: 12_000, retryAfterS: RETRY_AFTER_S },
  { mode: "ok", count: 30 },
  { mode: "500", forMs: 3_000 },
  { mode: "ok", count: 30 },
  { mode: "hang", forMs: 2_000 },
];
const STEP = { rateLimited: 0, serverError: 2, hang: 4 };
/**
 * 429s and the open circuit's refusals spend no attempt (worker/handlers/llm-errors.ts); a task
 * may still meet a 500 or two and a hang, each a real failure that spends one.
 */
const MAX_ATTEMPTS = 5;

let llm: FakeLlm;
let ownerId: string;
const { db, redis, workerEnv } = chaosKit("chaos-upstream", { rpm: RPM }, (s) => {
  ({ llm, ownerId } = s);
});

const isChat = (r: RecordedRequest) => r.method === "POST" && r.path.endsWith("/chat/completions");

/** The most requests that arrived within any sliding 60-second window (by arrival time). */
function maxInAnyMinute(times: number[]): { max: number; at: number } {
  const t = [...times].sort((a, b) => a - b);
  let best = { max: 0, at: 0 };
  let lo = 0;
  for (let hi = 0; hi < t.length; hi++) {
    while (t[hi]! - t[lo]! >= 60_000) lo++;
    if (hi - lo + 1 > best.max) best = { max: hi - lo + 1, at: t[lo]! };
  }
  return best;
}

describe("chaos: upstream 429 with Retry-After, then 500s, then hanging", () => {
  it(`${TASKS} tasks complete; retries obey Retry-After across processes; never more than ${RPM} requests in any 60 s`, async () => {
    const tag = chaosTag("upstream");
    const created = await createResumeTasks({ db, redis }, { ownerId, tag, n: TASKS, lane: "batch", parallel: 4 });
    // "With enough retries configured": before any worker runs, so every claim sees it.
    await db.execute(sql`update tasks set max_attempts = ${MAX_ATTEMPTS} where owner_id = ${ownerId}`);
    llm.control({ script: SCRIPT });

    const fleet = new Fleet({
      ...workerEnv(),
      leaseMs: 3_000,
      concurrency: CONCURRENCY,
      extraEnv: {
        LLM_RPM: String(RPM),
        LLM_TIMEOUT_MS: "4000", // a hanging request costs 4 s, not the default 90
        LLM_BREAKER_COOLDOWN_MS: "5000", // the open circuit re-probes after 5 s, not 30
      },
    });
    for (let i = 0; i < WORKERS; i++) fleet.start();

    const counts = await waitForAllEnded(db, {
      ownerId,
      expected: TASKS,
      timeoutMs: 240_000,
      redis,
      diagnose: () =>
        `upstream script state: ${JSON.stringify(
          llm
            .requests()
            .slice(-5)
            .map((r) => [r.time, r.fault, r.status]),
        )}\n${fleet.describe()}`,
      abortIf: () => fleet.unexpectedExits(),
    });
    expect(counts).toEqual({ COMPLETED: TASKS });
    expect(fleet.unexpectedExits()).toBe("");

    const chat = llm.requests().filter(isChat);
    const markerOf = (r: RecordedRequest) => /Reference code: (\S+)/.exec(JSON.stringify(r.body))?.[1];
    const inStep = (step: number) => chat.filter((r) => r.faultSource === "script" && r.step === step);

    // Every phase happened.
    const limited = inStep(STEP.rateLimited);
    const failed500 = inStep(STEP.serverError);
    const hung = inStep(STEP.hang);
    expect(limited.length).toBeGreaterThan(0);
    expect(failed500.length).toBeGreaterThan(0);
    expect(hung.length).toBeGreaterThan(0);
    expect(limited.every((r) => r.status === 429)).toBe(true);
    expect(failed500.every((r) => r.status === 500)).toBe(true);
    expect(hung.every((r) => r.status === undefined)).toBe(true);

    // Retry-After slows EVERY process down together: after a 429 answered at t, the only requests
    // that may arrive before t + Retry-After are the ones already past the governor when the
    // pause landed — at most one per other worker slot. Without the shared pause, every freed
    // slot would take the next task of the backlog and call at once.
    const early = limited.map((r) => {
      const t = r.finishedAt!;
      return { at: t, early: chat.filter((o) => o.time > t && o.time < t + RETRY_AFTER_S * 1000).length };
    });
    const worst = Math.max(...early.map((e) => e.early));
    expect(worst, JSON.stringify(early)).toBeLessThanOrEqual(SLOTS - 1);
    // The phase outlasted one Retry-After, so the pause was obeyed more than once.
    const waves = new Set(limited.map((r) => Math.floor((r.time - limited[0]!.time) / (RETRY_AFTER_S * 1000))));
    expect(waves.size).toBeGreaterThan(1);

    // The governor kept every process under the quota: the fake upstream never had to refuse,
    // and no sliding 60-second window saw more than RPM requests (all of them: 429s, 500s, hangs).
    expect(chat.filter((r) => r.faultSource === "quota")).toEqual([]);
    const minute = maxInAnyMinute(chat.map((r) => r.time));
    expect(minute.max).toBeLessThanOrEqual(RPM);

    // 500s and hangs were retried (a later answered request for the same task) and did not hammer
    // upstream: the circuit opened after its threshold, so the 500 phase cost at most the
    // threshold plus the calls already past the gate.
    for (const r of [...failed500, ...hung]) {
      const m = markerOf(r)!;
      expect(
        chat.some((o) => markerOf(o) === m && o.time > r.time && o.status === 200),
        `${r.fault} ${m} retried`,
      ).toBe(true);
    }
    expect(failed500.length).toBeLessThanOrEqual(BREAKER_DEFAULTS.failureThreshold + SLOTS - 1);

    // One analysis per task, one usage row per upstream call, each with the call's outcome.
    const effects = await taskEffects(db, ownerId);
    expect([...effects.values()].filter((e) => e.analyses !== 1)).toEqual([]);
    expect([...effects.values()].filter((e) => e.inFlight !== 0)).toEqual([]);
    expect(usageVsUpstream(created, effects, upstreamCallsByMarker(llm, tag))).toEqual([]);
    expect(await duplicateCallIds(db, ownerId)).toEqual([]);
    const outcomes = Object.fromEntries(
      (
        await db.execute<{ outcome: string; n: number }>(sql`
        select u.outcome, count(*)::int as n from llm_usage u join tasks t on t.id = u.task_id
        where t.owner_id = ${ownerId} group by u.outcome`)
      ).map((r) => [r.outcome, r.n]),
    );
    const ledger = async () =>
      JSON.stringify({
        limited: limited.map((r) => ({ marker: markerOf(r) ?? null, at: r.time, done: r.finishedAt })),
        rows: await db.execute(sql`
          select u.call_id, u.outcome, u.model, u.created_at, t.payload from llm_usage u join tasks t on t.id = u.task_id
          where t.owner_id = ${ownerId} and u.outcome = 'rate_limited'`),
      });
    expect(outcomes, outcomes.rate_limited === limited.length ? undefined : await ledger()).toEqual({
      ok: TASKS,
      rate_limited: limited.length,
      upstream_5xx: failed500.length,
      timeout: hung.length,
    });

    let pending = await pendingEntries(redis);
    for (let i = 0; i < 40 && pending > 0; i++) {
      await sleep(250);
      pending = await pendingEntries(redis);
    }
    expect(pending, await streamsReport(redis)).toBe(0);
    expect(await redis.xlen(dlqKey("resume.analyze"))).toBe(0);

    const attempts: Record<number, number> = {};
    for (const e of effects.values()) attempts[e.attempts] = (attempts[e.attempts] ?? 0) + 1;
    console.info(
      `chaos upstream-faults: tasks=${TASKS} upstream calls=${chat.length} (429 ${limited.length}, 500 ${failed500.length}, hung ${hung.length}) ` +
        `worst early arrivals after a 429=${worst} (slots ${SLOTS}) max in any 60 s=${minute.max}/${RPM} attempts=${JSON.stringify(attempts)}`,
    );
    await fleet.stopAll();
  }, 300_000);
});
