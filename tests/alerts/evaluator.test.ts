import "../helpers/env";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { AlertEvaluator, type AlertEvaluatorOptions, alertLockKey } from "@/lib/alerts/evaluator";
import { listActiveAlerts } from "@/lib/alerts/events";
import type { BudgetStatus } from "@/lib/alerts/sources";
import { closeDb, getDb } from "@/lib/db/client";
import { alertEvents } from "@/lib/db/schema";
import { createLogger } from "@/lib/log";
import { createRedis } from "@/lib/queue/redis";
import { clearPrefix, eventually } from "../helpers/fixtures";

const db = getDb();
const redis = createRedis("test");
const log = createLogger("test");
log.level = "error";
const evaluators: AlertEvaluator[] = [];

const over80: BudgetStatus = {
  key: "global::day",
  scope: "global",
  scopeId: "",
  period: "day",
  limitMicroUsd: 10_000_000,
  spentMicroUsd: 9_000_000,
  reservedMicroUsd: 0,
  remainingMicroUsd: 1_000_000,
  utilization: 0.9,
  resetsAt: new Date("2031-01-02T00:00:00Z"),
};

/** An evaluator that sees one budget at 90 % and posts no webhook. */
function evaluator(opts: Partial<AlertEvaluatorOptions> = {}) {
  const e = new AlertEvaluator(
    { db, redis, log },
    { intervalMs: 60_000, evaluate: { webhook: null, sources: { budgetStatuses: async () => [over80] } }, ...opts },
  );
  evaluators.push(e);
  return e;
}

afterEach(async () => {
  while (evaluators.length) await evaluators.pop()!.stop();
  await db.delete(alertEvents);
  await clearPrefix(redis);
});

afterAll(async () => {
  await redis.quit();
  await closeDb();
});

describe("AlertEvaluator", () => {
  it("one evaluator at a time: of two ticking together one leads, the other passes until the leader stops", async () => {
    const a = evaluator();
    const b = evaluator();
    const results = await Promise.all([a.tick(), b.tick()]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const [leader, follower] = results[0] !== null ? [a, b] : [b, a];
    expect(results.find((r) => r !== null)!.fired.map((e) => e.kind)).toEqual(["budget_80"]);

    // The leader keeps the lead on its next ticks; the follower keeps passing.
    expect(await follower.tick()).toBeNull();
    expect(await leader.tick()).not.toBeNull();
    expect(await follower.tick()).toBeNull();
    expect(await redis.pttl(alertLockKey())).toBeGreaterThan(0);

    // A stop hands the lead over at once.
    await leader.stop();
    expect(await redis.exists(alertLockKey())).toBe(0);
    expect(await follower.tick()).not.toBeNull();
    expect(await leader.tick()).toBeNull();
  });

  it("takes over from a leader that died (its lock expired)", async () => {
    const a = evaluator({ lockTtlMs: 200 });
    const b = evaluator({ lockTtlMs: 200 });
    expect(await a.tick()).not.toBeNull();
    expect(await b.tick()).toBeNull();
    // a dies without releasing (no stop): its lock lapses after lockTtlMs.
    await eventually(async () => (await redis.exists(alertLockKey())) === 0);
    expect(await b.tick()).not.toBeNull();
  });

  it("start() runs passes on its interval", async () => {
    evaluator({ intervalMs: 20 }).start();
    const [alert] = await eventually(async () => {
      const active = await listActiveAlerts(db);
      return active.length ? active : undefined;
    });
    expect(alert).toMatchObject({ kind: "budget_80", subject: "global::day" });
  });
});
