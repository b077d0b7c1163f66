/**
 * Money budgets against real PostgreSQL and Redis (docs/finops.md, "Budgets"): which budgets a
 * call meets, settled spend against real spend, leases, reseeding from the usage rollups after
 * Redis lost its counters, and the admin writes. The two-process proof is budget-processes.test.ts.
 */
import "../helpers/env";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { auditLog, budgets, llmUsageRollups } from "@/lib/db/schema";
import { budgetVersionKey, counterKeys, counterSuffix, periodAt } from "@/lib/finops/budget-keys";
import { seedScript } from "@/lib/finops/budget-scripts";
import {
  type BudgetStatus,
  budgetStatuses,
  deleteBudget,
  listBudgets,
  releaseSpend,
  reserveSpend,
  type SpendScope,
  setBudget,
  settleSpend,
} from "@/lib/finops/budgets";
import { BudgetExhaustedError } from "@/lib/finops/errors";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { clearPrefix, createUser, eventually } from "../helpers/fixtures";

const db = getDb();
const redis = getRedis();
let admin: string;

beforeAll(async () => {
  admin = await createUser(db, { role: "admin" });
});

afterEach(async () => {
  for (const b of await listBudgets(db)) await deleteBudget(db, { ...b, actorId: admin });
  await db.delete(llmUsageRollups);
  await clearPrefix(redis);
});

afterAll(async () => {
  await clearPrefix(redis);
  await closeRedis();
  await closeDb();
});

const today = () => periodAt("day", Date.now());
const thisMonth = () => periodAt("month", Date.now());

/**
 * Day rows of the usage rollups, as the metering writes them (docs/finops.md, "Rollups"): each
 * call's cost in the totals cube, and in its user's and its organisation's cubes. The truth a
 * counter is seeded from.
 */
async function rollup(rows: { day?: Date; userId?: string; organizationId?: string; feature?: string; cost: number }[]) {
  const cubes = rows.flatMap((r) => {
    const base = {
      granularity: "day" as const,
      bucketStart: r.day ?? today().start,
      provider: "openai",
      model: `m-${randomUUID()}`,
      feature: r.feature ?? "resume.analyze",
      requests: 1,
      costMicroUsd: r.cost,
    };
    return [
      { ...base, userId: "", organizationId: "" },
      ...(r.userId ? [{ ...base, userId: r.userId, organizationId: "" }] : []),
      ...(r.organizationId ? [{ ...base, userId: "", organizationId: r.organizationId }] : []),
    ];
  });
  await db.insert(llmUsageRollups).values(cubes);
}

const scope = (s: Partial<SpendScope> = {}): SpendScope => ({ userId: null, organizationId: null, feature: "none", ...s });
const reserve = (s: Partial<SpendScope>, estimatedMicroUsd: number, leaseMs?: number) => reserveSpend({ db, scope: scope(s), estimatedMicroUsd, leaseMs });

/** The refusal of a reserve that must be refused. */
async function refusal(s: Partial<SpendScope>, estimatedMicroUsd: number): Promise<BudgetExhaustedError> {
  const err = await reserve(s, estimatedMicroUsd).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BudgetExhaustedError);
  return err as BudgetExhaustedError;
}

async function status(key: string): Promise<BudgetStatus | undefined> {
  return (await budgetStatuses(db)).find((s) => s.key === key);
}

describe("which budgets a call meets", () => {
  it("an organisation without a row of its own gets the '*' default, one with a row gets its own; user, feature and global budgets each bite on their own", async () => {
    const [orgA, orgB, alice, bob] = ["org-a", "org-b", randomUUID(), randomUUID()];
    await setBudget(db, { scope: "organization", scopeId: "*", period: "month", limitMicroUsd: 1_000, actorId: admin });
    await setBudget(db, { scope: "organization", scopeId: orgB, period: "month", limitMicroUsd: 5_000, actorId: admin });
    await setBudget(db, { scope: "user", scopeId: "*", period: "day", limitMicroUsd: 300, actorId: admin });
    await setBudget(db, { scope: "feature", scopeId: "interview.chat", period: "day", limitMicroUsd: 200, actorId: admin });
    await setBudget(db, { scope: "global", scopeId: "", period: "day", limitMicroUsd: 6_000, actorId: admin });

    // Organisations: A under the default (1 000), B under its own row (5 000).
    await reserve({ organizationId: orgA }, 700);
    expect((await refusal({ organizationId: orgA }, 400)).budgetKey).toBe(`organization:${orgA}:month`);
    await reserve({ organizationId: orgB }, 4_000);
    expect((await refusal({ organizationId: orgB }, 1_001)).budgetKey).toBe(`organization:${orgB}:month`);

    // Users: each has the default 300 of their own per day.
    await reserve({ userId: alice }, 300);
    expect((await refusal({ userId: alice }, 1)).budgetKey).toBe(`user:${alice}:day`);
    await reserve({ userId: bob }, 300);

    // Features: interview.chat has 200 a day; a feature with no budget (and no default) has none.
    expect((await refusal({ feature: "interview.chat" }, 250)).budgetKey).toBe("feature:interview.chat:day");
    await reserve({ feature: "resume.analyze" }, 250);

    // Global: 700 + 4 000 + 600 + 250 are held today; the global day budget of 6 000 leaves 450.
    expect((await refusal({ feature: "resume.analyze" }, 451)).budgetKey).toBe("global:day");
    await reserve({ feature: "resume.analyze" }, 450);

    // Of two budgets that refuse, the one that frees up last is named: A's month outlasts the day
    // (on a month's last day both end at the same midnight).
    const both = await refusal({ organizationId: orgA }, 400);
    const monthLasts = thisMonth().end.getTime() > today().end.getTime();
    expect(both.budgetKey).toBe(monthLasts ? `organization:${orgA}:month` : "global:day");
    expect(both.resetsAt).toEqual(thisMonth().end);

    const statuses = await budgetStatuses(db);
    const byKey = Object.fromEntries(statuses.map((s) => [s.key, s]));
    expect(byKey[`organization:${orgB}:month`]).toMatchObject({
      limitMicroUsd: 5_000,
      reservedMicroUsd: 4_000,
      spentMicroUsd: 0,
      remainingMicroUsd: 1_000,
      viaDefault: false,
    });
    expect(byKey["global:day"]).toMatchObject({ limitMicroUsd: 6_000, reservedMicroUsd: 6_000, remainingMicroUsd: 0, resetsAt: today().end });
    expect(byKey["feature:interview.chat:day"]).toMatchObject({ reservedMicroUsd: 0 });
  });

  it("a default budget shows one status per subject that spent this period, except subjects with a row of their own", async () => {
    const [carol, dave] = [randomUUID(), randomUUID()];
    await rollup([
      { userId: carol, cost: 100 },
      { userId: dave, cost: 30 },
      { userId: carol, cost: 999, day: new Date(today().start.getTime() - 86_400_000) }, // yesterday: not today's spend
    ]);
    await setBudget(db, { scope: "user", scopeId: "*", period: "day", limitMicroUsd: 200, actorId: admin });
    await setBudget(db, { scope: "user", scopeId: dave, period: "day", limitMicroUsd: 50, actorId: admin });
    const statuses = await budgetStatuses(db);
    expect(statuses.map((s) => [s.key, s.viaDefault, s.spentMicroUsd, s.limitMicroUsd])).toEqual([
      [`user:${dave}:day`, false, 30, 50],
      [`user:${carol}:day`, true, 100, 200],
    ]);
    expect(statuses[0]!.utilization).toBeCloseTo(0.6);
  });
});

describe("reserve, settle, release", () => {
  it("100 concurrent calls against room for exactly 10 admit exactly 10; once all settle, spent is the sum of the real costs and nothing stays reserved", async () => {
    const user = randomUUID();
    await rollup([{ userId: user, cost: 250 }]);
    // Room for 10 holds of 100 after the 250 already spent, with 99 to spare: not an 11th.
    await setBudget(db, { scope: "user", scopeId: user, period: "day", limitMicroUsd: 250 + 10 * 100 + 99, actorId: admin });
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => reserve({ userId: user }, 100)));
    const admitted = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.reservationId] : []));
    expect(admitted).toHaveLength(10);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(BudgetExhaustedError);
    expect(await status(`user:${user}:day`)).toMatchObject({ spentMicroUsd: 250, reservedMicroUsd: 1_000, remainingMicroUsd: 99 });

    // Real costs below and above the estimate; two calls never went upstream.
    const actuals = [10, 40, 100, 170, 0, 60, 95, 130];
    await Promise.all(admitted.slice(0, 8).map((reservationId, i) => settleSpend({ reservationId, actualMicroUsd: actuals[i]! })));
    await Promise.all(admitted.slice(8).map((reservationId) => releaseSpend({ reservationId })));
    const sum = actuals.reduce((a, b) => a + b, 0);
    expect(await status(`user:${user}:day`)).toMatchObject({ spentMicroUsd: 250 + sum, reservedMicroUsd: 0, remainingMicroUsd: 1_349 - 250 - sum });
    // Settling or releasing again changes nothing that is held.
    await releaseSpend({ reservationId: admitted[9]! });
    expect((await status(`user:${user}:day`))?.reservedMicroUsd).toBe(0);
  });

  it("settled spend fills the budget: the next call waits for the period's reset (exhausted); holds of calls in flight only make it wait seconds", async () => {
    const user = randomUUID();
    await setBudget(db, { scope: "user", scopeId: user, period: "day", limitMicroUsd: 1_000, actorId: admin });
    const first = await reserve({ userId: user }, 600);
    const held = await refusal({ userId: user }, 600);
    expect(held.exhausted).toBe(false);
    expect(held.retryAfterMs).toBeLessThanOrEqual(5_000);
    expect(held.retryAt.getTime()).toBeLessThan(held.resetsAt.getTime());
    expect(held.resetsAt).toEqual(today().end);

    await settleSpend({ reservationId: first.reservationId, actualMicroUsd: 700 });
    const exhausted = await refusal({ userId: user }, 600);
    expect(exhausted.exhausted).toBe(true);
    expect(exhausted.retryAt).toEqual(today().end);
    expect(exhausted.retryAfterMs).toBeGreaterThan(0);
    // 300 left: a call estimated at 300 fits exactly; an unpriced call (0) fits while anything is left.
    const exact = await reserve({ userId: user }, 300);
    await settleSpend({ reservationId: exact.reservationId, actualMicroUsd: 300 });
    // At 100 % nothing passes, not even an unpriced call.
    expect((await refusal({ userId: user }, 0)).exhausted).toBe(true);
  });

  it("an unpriced call (estimate 0) is admitted and holds nothing; a budget of 0 admits nothing", async () => {
    const [user, other] = [randomUUID(), randomUUID()];
    await setBudget(db, { scope: "user", scopeId: user, period: "day", limitMicroUsd: 10, actorId: admin });
    await setBudget(db, { scope: "user", scopeId: other, period: "day", limitMicroUsd: 0, actorId: admin });
    const r = await reserve({ userId: user }, 0);
    expect(await status(`user:${user}:day`)).toMatchObject({ reservedMicroUsd: 0, remainingMicroUsd: 10 });
    await releaseSpend(r);
    expect((await refusal({ userId: other }, 0)).budgetKey).toBe(`user:${other}:day`);
    // No budget at all: admitted, and settling it is harmless.
    const free = await reserve({ userId: randomUUID() }, 5_000);
    await settleSpend({ reservationId: free.reservationId, actualMicroUsd: 4_000 });
  });

  it("a reservation whose call died is released when its lease runs out; a slow call settling after its lease is still charged", async () => {
    const user = randomUUID();
    await setBudget(db, { scope: "user", scopeId: user, period: "day", limitMicroUsd: 1_000, actorId: admin });
    const dead = await reserve({ userId: user }, 1_000, 1_500);
    const refused = await refusal({ userId: user }, 1_000);
    expect(refused.exhausted).toBe(false);
    // Nobody settles or releases `dead`: the next reserve after its lease sweeps it.
    const next = await eventually(() => reserve({ userId: user }, 1_000).catch(() => null), 20_000, 100);
    expect(await status(`user:${user}:day`)).toMatchObject({ spentMicroUsd: 0, reservedMicroUsd: 1_000 });
    await releaseSpend(next);
    // The "dead" call was only slow: its late settle charges what it really cost.
    await settleSpend({ reservationId: dead.reservationId, actualMicroUsd: 420 });
    expect(await status(`user:${user}:day`)).toMatchObject({ spentMicroUsd: 420, reservedMicroUsd: 0 });
  });

  it("rejects a negative estimate, a negative cost and a malformed reservation id", async () => {
    await expect(reserve({}, -1)).rejects.toThrow(TypeError);
    await expect(reserve({}, 1, 0)).rejects.toThrow(TypeError);
    const r = await reserve({}, 1);
    await expect(settleSpend({ reservationId: r.reservationId, actualMicroUsd: -5 })).rejects.toThrow(TypeError);
    await expect(releaseSpend({ reservationId: "not-a-reservation" })).rejects.toThrow(TypeError);
  });
});

describe("PostgreSQL is the truth for spend", () => {
  it("after Redis lost its counters, they are seeded again from the rollups' day rows and the budgets still hold", async () => {
    const [user, org] = [randomUUID(), "org-seed"];
    const day = today();
    const month = thisMonth();
    const earlierThisMonth = new Date(Math.max(month.start.getTime(), day.start.getTime() - 86_400_000));
    await rollup([
      { userId: user, organizationId: org, cost: 900 },
      { organizationId: org, cost: 2_000, day: earlierThisMonth },
      { organizationId: org, cost: 50_000, day: new Date(month.start.getTime() - 86_400_000) }, // last month
    ]);
    await setBudget(db, { scope: "user", scopeId: "*", period: "day", limitMicroUsd: 1_000, actorId: admin });
    await setBudget(db, { scope: "organization", scopeId: org, period: "month", limitMicroUsd: 3_100, actorId: admin });
    await setBudget(db, { scope: "global", scopeId: "", period: "month", limitMicroUsd: 1_000_000, actorId: admin });

    const r = await reserve({ userId: user, organizationId: org }, 100);
    expect((await refusal({ userId: user, organizationId: org }, 1)).budgetKey).toBe(`user:${user}:day`);
    await settleSpend({ reservationId: r.reservationId, actualMicroUsd: 100 });
    await rollup([{ userId: user, organizationId: org, cost: 100 }]); // the metering's rollup of that call

    const before = await budgetStatuses(db);
    await clearPrefix(redis); // what FLUSHALL or a restart without persistence does to these keys
    const fromRollups = await budgetStatuses(db);
    expect(fromRollups).toEqual(before);
    expect(fromRollups.find((s) => s.key === `user:${user}:day`)).toMatchObject({ spentMicroUsd: 1_000, remainingMicroUsd: 0, viaDefault: true });
    expect(fromRollups.find((s) => s.key === `organization:${org}:month`)).toMatchObject({ spentMicroUsd: 3_000, remainingMicroUsd: 100 });
    expect(fromRollups.find((s) => s.key === "global:month")).toMatchObject({ spentMicroUsd: 3_000 });

    // Enforcement holds after the flush: the user's day is used up (by settled spend), the organisation has 100 left.
    const refused = await refusal({ userId: user, organizationId: org }, 1);
    expect([refused.exhausted, refused.budgetKey]).toEqual([true, `user:${user}:day`]);
    await releaseSpend(await reserve({ organizationId: org }, 100));
    expect(await redis.exists(counterKeys(counterSuffix({ scope: "user", subjectId: user, window: day }))[0])).toBe(1);
    expect(await budgetStatuses(db)).toEqual(before);
  });

  it("seeding is race-safe: a seeder that read PostgreSQL before another seeded and a call settled cannot overwrite the counter", async () => {
    const user = randomUUID();
    await rollup([{ userId: user, cost: 100 }]);
    await setBudget(db, { scope: "user", scopeId: user, period: "day", limitMicroUsd: 1_000, actorId: admin });
    const r = await reserve({ userId: user }, 50); // seeds 100 from the rollups
    await settleSpend({ reservationId: r.reservationId, actualMicroUsd: 50 });
    // A second process read the rollups (100) before all this and seeds now.
    const keys = counterKeys(counterSuffix({ scope: "user", subjectId: user, window: today() }));
    expect(await seedScript.run<number>(redis, keys, [100, today().end.getTime() + 86_400_000])).toBe(0);
    expect(await status(`user:${user}:day`)).toMatchObject({ spentMicroUsd: 150, reservedMicroUsd: 0 });
  });
});

describe("setting budgets", () => {
  it("setBudget and deleteBudget write the audit log; bad input is a 422", async () => {
    await setBudget(db, { scope: "feature", scopeId: "resume.analyze", period: "day", limitMicroUsd: 10, actorId: admin });
    await setBudget(db, { scope: "feature", scopeId: "resume.analyze", period: "day", limitMicroUsd: 25, actorId: admin });
    expect(await deleteBudget(db, { scope: "feature", scopeId: "resume.analyze", period: "day", actorId: admin })).toBe(true);
    expect(await deleteBudget(db, { scope: "feature", scopeId: "resume.analyze", period: "day", actorId: admin })).toBe(false);
    const log = await db.select().from(auditLog).where(eq(auditLog.target, "feature:resume.analyze:day")).orderBy(auditLog.createdAt);
    expect(log.map((l) => [l.actorId, l.action, l.before, l.after])).toEqual([
      [admin, "budget.set", null, { limitMicroUsd: 10 }],
      [admin, "budget.set", { limitMicroUsd: 10 }, { limitMicroUsd: 25 }],
      [admin, "budget.delete", { limitMicroUsd: 25 }, null],
    ]);
    for (const bad of [
      { scope: "global", scopeId: "x", period: "day", limitMicroUsd: 1 },
      { scope: "user", scopeId: "", period: "day", limitMicroUsd: 1 },
      { scope: "team", scopeId: "t", period: "day", limitMicroUsd: 1 },
      { scope: "user", scopeId: "u", period: "week", limitMicroUsd: 1 },
      { scope: "user", scopeId: "u", period: "day", limitMicroUsd: -1 },
      { scope: "user", scopeId: "u", period: "day", limitMicroUsd: 1.5 },
    ]) {
      await expect(setBudget(db, { ...(bad as Parameters<typeof setBudget>[1]), actorId: admin }), JSON.stringify(bad)).rejects.toMatchObject({ status: 422 });
    }
    expect(await listBudgets(db)).toEqual([]);
  });

  it("a budget written by another process is enforced at this process's next call, within its cache's lifetime", async () => {
    const user = randomUUID();
    await setBudget(db, { scope: "user", scopeId: user, period: "day", limitMicroUsd: 1_000, actorId: admin });
    await releaseSpend(await reserve({ userId: user }, 800)); // this process has the limits cached now
    // Another process lowers it: its row, then its version bump (what setBudget does there).
    await db.update(budgets).set({ limitMicroUsd: 500 }).where(eq(budgets.scopeId, user));
    await redis.incr(budgetVersionKey());
    expect((await refusal({ userId: user }, 800)).limitMicroUsd).toBe(500);
    // And back up: admitted at once.
    await db.execute(sql`update budgets set limit_micro_usd = 2000 where scope_id = ${user}`);
    await redis.incr(budgetVersionKey());
    await reserve({ userId: user }, 800);
  });
});
