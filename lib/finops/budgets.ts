/**
 * Money budgets that hold under concurrency, across processes (docs/finops.md, "Budgets").
 *
 * A budget is a limit in micro-dollars (1 USD = 1 000 000 µUSD) on priced LLM spend per UTC day
 * or month, for one of four scopes: `global` (scope id ''), `organization`, `user` and `feature`
 * (scope id = the organisation id, user id or feature name; '*' = the default for every one of
 * them, which a row with a specific id overrides). A call's scope (user, organisation, feature)
 * selects every budget that applies to it: both global periods, and per scope and period the
 * specific row or else the '*' row.
 *
 * - {@link reserveSpend} holds the call's estimated cost on every budget that applies, in one
 *   atomic Redis script, before the call goes upstream; it throws {@link BudgetExhaustedError}
 *   when one of them has no room.
 * - {@link settleSpend} replaces the hold with the real cost once the call is over;
 *   {@link releaseSpend} gives it back (the call never went upstream, or its cost is unknown).
 *   A hold whose call died is given back when its lease runs out (swept lazily by the scripts).
 * - PostgreSQL is the truth for spend: a counter Redis does not have (first use in a period, a
 *   flush, a restart) is seeded from the `day` rows of `llm_usage_rollups`, race-free (the first
 *   seeder wins, see budget-scripts.ts).
 * - Limits are read from the `budgets` table and cached in each process for a few seconds; every
 *   write through {@link setBudget} / {@link deleteBudget} bumps a version key in Redis that the
 *   reserve script checks, so every process reloads at its next call.
 *
 * Unpriced calls (no known price, so no estimate) reserve 0. They are admitted while every budget
 * that applies has room left, and wait like any other call once one is at 100 %: a used-up budget
 * stops all work in its scope.
 *
 * Errors: Redis or PostgreSQL errors propagate (a task retries, the chat answers 503), except that
 * a failed reload of the limits falls back to the last ones read.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { insertAuditEntry } from "@/lib/db/queries/audit";
import {
  type BudgetRow,
  deleteBudgetRow,
  getBudgetRowForUpdate,
  listBudgetRows,
  makeBudgetWaitsDue,
  spendBySubject,
  sumDayRollupCost,
  upsertBudgetRow,
} from "@/lib/db/queries/budgets";
import { PanelistError } from "@/lib/errors";
import { getRedis } from "@/lib/queue/redis";
import {
  BUDGET_PERIODS,
  BUDGET_SCOPES,
  type BudgetPeriod,
  type BudgetScope,
  budgetKey,
  budgetVersionKey,
  counterKeys,
  counterSuffix,
  periodAt,
  type SpendCounter,
} from "./budget-keys";
import { peekScript, releaseScript, reserveScript, seedScript, settleScript } from "./budget-scripts";
import { BudgetExhaustedError } from "./errors";

export type { BudgetRow } from "@/lib/db/queries/budgets";
export { BUDGET_PERIODS, BUDGET_SCOPES, type BudgetPeriod, type BudgetScope } from "./budget-keys";

/** Who a call spends for. `null` ids select no budget of that scope. */
export type SpendScope = { userId: string | null; organizationId: string | null; feature: string };

/** One budget as it stands now (the console, the alerts). */
export type BudgetStatus = {
  /** `global:day`, `organization:<id>:month`, `user:<id>:day`, `feature:<name>:day` (the subject's id, also under a default). */
  key: string;
  scope: BudgetScope;
  /** '' for global; the subject's id — also when the limit is the '*' default (see `viaDefault`). */
  scopeId: string;
  period: BudgetPeriod;
  /** True when the limit is the scope's '*' row (this subject has no row of its own). */
  viaDefault: boolean;
  limitMicroUsd: number;
  /** Settled spend of the current period. */
  spentMicroUsd: number;
  /** Held by calls in flight. */
  reservedMicroUsd: number;
  /** limit − spent − reserved, at least 0: what the next calls may still hold. */
  remainingMicroUsd: number;
  /** spent / limit (settled spend; 1 for a limit of 0). May exceed 1: a call can cost more than its estimate. */
  utilization: number;
  periodStart: Date;
  /** End of the period (UTC midnight, or the first of next month). */
  resetsAt: Date;
};

/**
 * How long a hold lasts when its call never settles (its process died), ms. Longer than the
 * longest a live call keeps one: the governor's wait for quota (two 61-s windows for batch,
 * lib/ai/upstream-guard.ts) plus the call's deadline (90 s) — a live call whose lease ran out is
 * still charged when it settles, but its room was free meanwhile.
 */
export const DEFAULT_LEASE_MS = 300_000;
/** Limits are re-read from PostgreSQL at most this often per process, ms (writes invalidate at once). */
const LIMITS_CACHE_MS = 5_000;
/** A call refused only because calls in flight hold the room asks again after at most this, ms. */
const HELD_RETRY_MS = 5_000;
/** Counters outlive their period by this much, ms: late settles still find them. */
const KEY_GRACE_MS = 86_400_000;

// ── limits ─────────────────────────────────────────────────────────────────────────────

type Limits = { version: string; loadedAt: number; rows: BudgetRow[]; byId: Map<string, number> };
let cached: Limits | undefined;

const rowId = (scope: string, scopeId: string, period: string) => `${scope}\u0000${scopeId}\u0000${period}`;

/**
 * The budget rows with the version they were read under. The version is read first: a write
 * that lands in between is then seen as a newer version by the script, never the reverse.
 */
async function limits(db: Db, opts: { fresh?: boolean } = {}): Promise<Limits> {
  if (cached && !opts.fresh && Date.now() - cached.loadedAt < LIMITS_CACHE_MS) return cached;
  try {
    const version = (await getRedis().get(budgetVersionKey())) ?? "0";
    const rows = await listBudgetRows(db);
    cached = { version, loadedAt: Date.now(), rows, byId: new Map(rows.map((r) => [rowId(r.scope, r.scopeId, r.period), r.limitMicroUsd])) };
    return cached;
  } catch (err) {
    if (cached && !opts.fresh) return cached;
    throw err;
  }
}

/** Makes every process reload its limits at its next call (and this one at once). Never throws. */
async function invalidateLimits(): Promise<void> {
  cached = undefined;
  await getRedis()
    .incr(budgetVersionKey())
    .catch(() => undefined); // the cache's few seconds bound the staleness then
}

type AppliedBudget = { counter: SpendCounter; limit: number; suffix: string };

/** Every budget that applies to `scope` at `atMs`: global per period, else the specific row or the '*' row. */
function applicable(scope: SpendScope, lim: Limits, atMs: number): AppliedBudget[] {
  const out: AppliedBudget[] = [];
  const subjects: [BudgetScope, string | null][] = [
    ["global", ""],
    ["organization", scope.organizationId],
    ["user", scope.userId],
    ["feature", scope.feature || null],
  ];
  for (const [s, id] of subjects) {
    if (id === null || id === "*") continue;
    for (const period of BUDGET_PERIODS) {
      const limit = s === "global" ? lim.byId.get(rowId(s, "", period)) : (lim.byId.get(rowId(s, id, period)) ?? lim.byId.get(rowId(s, "*", period)));
      if (limit === undefined) continue;
      const counter: SpendCounter = { scope: s, subjectId: id, window: periodAt(period, atMs) };
      out.push({ counter, limit, suffix: counterSuffix(counter) });
    }
  }
  return out;
}

// ── Redis' clock ───────────────────────────────────────────────────────────────────────

/** Redis' clock minus ours, learnt from every script's reply: periods are chosen on Redis' clock. */
let clockOffsetMs = 0;
const redisNowMs = () => Date.now() + clockOffsetMs;
function learnClock(redisMs: number) {
  clockOffsetMs = redisMs - Date.now();
}

// ── seeding ────────────────────────────────────────────────────────────────────────────

/** Seeds in progress in this process, by counter key: concurrent calls wait for one query. */
const seeding = new Map<string, Promise<void>>();

/** Creates the missing counters from PostgreSQL's rollups; the seed script keeps the first seeder's value. */
async function seedCounters(db: Db, missing: AppliedBudget[]): Promise<void> {
  const waits: Promise<void>[] = [];
  const todo: AppliedBudget[] = [];
  for (const m of missing) {
    const running = seeding.get(counterKeys(m.suffix)[0]);
    if (running) waits.push(running);
    else todo.push(m);
  }
  if (todo.length > 0) {
    const job = (async () => {
      const sums = await sumDayRollupCost(db, {
        counters: todo.map((t) => ({ scope: t.counter.scope, subjectId: t.counter.subjectId, from: t.counter.window.start, to: t.counter.window.end })),
      });
      await seedScript.run(
        getRedis(),
        todo.flatMap((t) => counterKeys(t.suffix)),
        todo.flatMap((t, i) => [sums[i]!, t.counter.window.end.getTime() + KEY_GRACE_MS]),
      );
    })().finally(() => {
      for (const t of todo) seeding.delete(counterKeys(t.suffix)[0]);
    });
    for (const t of todo) seeding.set(counterKeys(t.suffix)[0], job);
    waits.push(job);
  }
  await Promise.all(waits);
}

// ── reservation ids ────────────────────────────────────────────────────────────────────

/** `<member>.<reserved at, Redis ms>.<base64url JSON of the counters' key suffixes>` — opaque to callers. */
function formatReservationId(member: string, reservedAtMs: number, suffixes: string[]): string {
  return `${member}.${reservedAtMs}.${Buffer.from(JSON.stringify(suffixes)).toString("base64url")}`;
}

function parseReservationId(id: string): { member: string; reservedAtMs: number; suffixes: string[] } {
  const m = /^([0-9a-f-]{36})\.(\d+)\.([A-Za-z0-9_-]*)$/.exec(id);
  const suffixes: unknown = m ? JSON.parse(Buffer.from(m[3]!, "base64url").toString() || "[]") : null;
  if (!m || !Array.isArray(suffixes) || !suffixes.every((s) => typeof s === "string" && s.startsWith("panelist:{budget}:c:"))) {
    throw new TypeError(`Not a budget reservation id: ${id}`);
  }
  return { member: m[1]!, reservedAtMs: Number(m[2]), suffixes };
}

function microUsd(n: number, what: string): number {
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0) throw new TypeError(`${what} must be a finite number ≥ 0 of micro-dollars (got ${n})`);
  return Math.ceil(n);
}

// ── the API ────────────────────────────────────────────────────────────────────────────

/**
 * Holds `estimatedMicroUsd` on every budget that applies to `scope`, atomically across
 * processes, before a call goes upstream. Pass the estimate as input tokens + max output tokens
 * at the model's price; 0 for an unpriced model (admitted while every budget has room).
 * @param a.leaseMs how long the hold lasts if the call never settles; default {@link DEFAULT_LEASE_MS}.
 * @returns an opaque reservation id for {@link settleSpend} / {@link releaseSpend} (also when no budget applies).
 * @throws {BudgetExhaustedError} when a budget has no room: `retryAt` is its period's end when settled
 *   spend used it up, or a few seconds away when holds of calls in flight fill it.
 * @throws {TypeError} for a negative or non-finite estimate or lease.
 */
export async function reserveSpend(a: { db: Db; scope: SpendScope; estimatedMicroUsd: number; leaseMs?: number }): Promise<{ reservationId: string }> {
  const amount = microUsd(a.estimatedMicroUsd, "estimatedMicroUsd");
  const leaseMs = a.leaseMs ?? DEFAULT_LEASE_MS;
  if (!Number.isInteger(leaseMs) || leaseMs <= 0) throw new TypeError(`leaseMs must be a positive integer (got ${leaseMs})`);
  const redis = getRedis();
  const member = randomUUID();
  let lim = await limits(a.db);
  for (let round = 0; round < 8; round++) {
    const applied = applicable(a.scope, lim, redisNowMs());
    const r = await reserveScript.run<(string | number)[]>(
      redis,
      [budgetVersionKey(), ...applied.flatMap((b) => counterKeys(b.suffix))],
      [
        lim.version,
        amount,
        leaseMs,
        member,
        ...applied.flatMap((b) => [b.limit, b.counter.window.start.getTime(), b.counter.window.end.getTime(), b.counter.window.end.getTime() + KEY_GRACE_MS]),
      ],
    );
    if (r[0] === "stale") {
      lim = await limits(a.db, { fresh: true });
      continue;
    }
    const now = Number(r[1]);
    learnClock(now);
    if (r[0] === "period") continue;
    if (r[0] === "seed") {
      await seedCounters(
        a.db,
        r.slice(2).map((i) => applied[Number(i) - 1]!),
      );
      continue;
    }
    if (r[0] === "refused") {
      const b = applied[Number(r[2]) - 1]!;
      const exhausted = Number(r[4]) === 1;
      const resetsAt = b.counter.window.end;
      const retryAtMs = exhausted ? resetsAt.getTime() : Math.min(resetsAt.getTime(), now + Math.min(HELD_RETRY_MS, Math.max(1, Number(r[5]) - now)));
      throw new BudgetExhaustedError({
        budgetKey: budgetKey({ scope: b.counter.scope, subjectId: b.counter.subjectId, period: b.counter.window.period }),
        retryAfterMs: Math.max(1, retryAtMs - now),
        resetsAt,
        retryAt: new Date(retryAtMs),
        exhausted,
        limitMicroUsd: b.limit,
        usedMicroUsd: Number(r[3]),
      });
    }
    return {
      reservationId: formatReservationId(
        member,
        now,
        applied.map((b) => b.suffix),
      ),
    };
  }
  throw new Error("reserveSpend: the budgets kept changing while the call was checked; try again");
}

/**
 * Replaces a hold with the call's real cost (integer micro-dollars, as priced for its usage row).
 * Once every call has settled, each budget's spent equals the sum of its calls' real costs. A
 * hold whose lease ran out is still charged (the money was spent); one lost with Redis' data is
 * not (the counter was seeded again from PostgreSQL, which has it). Call once per reservation.
 * @throws {TypeError} for a malformed reservation id or a negative cost.
 */
export async function settleSpend(a: { reservationId: string; actualMicroUsd: number }): Promise<void> {
  const actual = microUsd(a.actualMicroUsd, "actualMicroUsd");
  const r = parseReservationId(a.reservationId);
  if (r.suffixes.length === 0) return;
  await settleScript.run(
    getRedis(),
    r.suffixes.flatMap((s) => counterKeys(s)),
    [r.member, actual, r.reservedAtMs],
  );
}

/**
 * Gives a hold back without charging anything: the call never went upstream, or its cost is
 * unknown (an unpriced model). A no-op when the hold is already gone.
 * @throws {TypeError} for a malformed reservation id.
 */
export async function releaseSpend(a: { reservationId: string }): Promise<void> {
  const r = parseReservationId(a.reservationId);
  if (r.suffixes.length === 0) return;
  await releaseScript.run(
    getRedis(),
    r.suffixes.flatMap((s) => counterKeys(s)),
    [r.member],
  );
}

/** Every budget row, ordered by scope, scope id and period. */
export async function listBudgets(db: Db): Promise<BudgetRow[]> {
  return listBudgetRows(db);
}

/**
 * Where every budget stands in its current period (Redis' clock): one status per global or
 * specific row, and per '*' row one per subject that spent in the period (from the rollups) and
 * has no row of its own. Spent and reserved come from Redis; a counter Redis does not have is
 * read from the rollups (nothing reserved). Sorted by utilization, highest first.
 */
export async function budgetStatuses(db: Db): Promise<BudgetStatus[]> {
  const rows = await listBudgetRows(db);
  const redis = getRedis();
  const [nowReply] = await peekScript.run<number[]>(redis, [], []);
  learnClock(Number(nowReply));
  const at = Number(nowReply);
  const own = new Set(rows.map((r) => rowId(r.scope, r.scopeId, r.period)));
  const entries: { counter: SpendCounter; limit: number; viaDefault: boolean; suffix: string }[] = [];
  for (const row of rows) {
    const window = periodAt(row.period, at);
    if (row.scope === "global" || row.scopeId !== "*") {
      const counter: SpendCounter = { scope: row.scope, subjectId: row.scope === "global" ? "" : row.scopeId, window };
      entries.push({ counter, limit: row.limitMicroUsd, viaDefault: false, suffix: counterSuffix(counter) });
      continue;
    }
    for (const s of await spendBySubject(db, { scope: row.scope, from: window.start, to: window.end })) {
      if (own.has(rowId(row.scope, s.subjectId, row.period))) continue;
      const counter: SpendCounter = { scope: row.scope, subjectId: s.subjectId, window };
      entries.push({ counter, limit: row.limitMicroUsd, viaDefault: true, suffix: counterSuffix(counter) });
    }
  }
  const live: { exists: boolean; spent: number; reserved: number }[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    const r = (
      await peekScript.run<number[]>(
        redis,
        chunk.flatMap((e) => counterKeys(e.suffix)),
        [],
      )
    ).map(Number);
    for (let j = 0; j < chunk.length; j++) live.push({ exists: r[1 + 3 * j] === 1, spent: r[2 + 3 * j]!, reserved: r[3 + 3 * j]! });
  }
  const missing = live.flatMap((l, i) => (l.exists ? [] : [i]));
  const sums = await sumDayRollupCost(db, {
    counters: missing.map((i) => ({
      scope: entries[i]!.counter.scope,
      subjectId: entries[i]!.counter.subjectId,
      from: entries[i]!.counter.window.start,
      to: entries[i]!.counter.window.end,
    })),
  });
  for (const [k, i] of missing.entries()) live[i]!.spent = sums[k]!;
  return entries
    .map((e, i): BudgetStatus => {
      const { spent, reserved } = live[i]!;
      const { scope, subjectId, window } = e.counter;
      return {
        key: budgetKey({ scope, subjectId, period: window.period }),
        scope,
        scopeId: subjectId,
        period: window.period,
        viaDefault: e.viaDefault,
        limitMicroUsd: e.limit,
        spentMicroUsd: spent,
        reservedMicroUsd: reserved,
        remainingMicroUsd: Math.max(0, e.limit - spent - reserved),
        utilization: e.limit > 0 ? spent / e.limit : 1,
        periodStart: window.start,
        resetsAt: window.end,
      };
    })
    .sort((x, y) => y.utilization - x.utilization || x.key.localeCompare(y.key));
}

type BudgetIdentity = { scope: BudgetScope; scopeId: string; period: BudgetPeriod };

/** Checks a budget's identity; '' is the only scope id of global, any other scope needs one ('*' = default). */
function checkIdentity(b: { scope: unknown; scopeId: unknown; period: unknown }): BudgetIdentity {
  const issues: { path: string; message: string }[] = [];
  if (!BUDGET_SCOPES.includes(b.scope as BudgetScope)) issues.push({ path: "scope", message: `one of ${BUDGET_SCOPES.join(", ")}` });
  if (!BUDGET_PERIODS.includes(b.period as BudgetPeriod)) issues.push({ path: "period", message: `one of ${BUDGET_PERIODS.join(", ")}` });
  const id = b.scopeId;
  if (typeof id !== "string") issues.push({ path: "scopeId", message: "a string" });
  else if (b.scope === "global" && id !== "") issues.push({ path: "scopeId", message: "must be empty for a global budget" });
  else if (b.scope !== "global" && (id.length === 0 || id.length > 200 || /\p{Cc}/u.test(id)))
    issues.push({ path: "scopeId", message: "an id of 1–200 characters without control characters, or * for the default" });
  if (issues.length > 0) throw new PanelistError("unprocessable:admin", "Invalid budget.", { issues });
  return b as BudgetIdentity;
}

const auditTarget = (b: BudgetIdentity) => (b.scope === "global" ? `global:${b.period}` : `${b.scope}:${b.scopeId}:${b.period}`);
const auditValue = (r: BudgetRow | undefined) => (r ? { limitMicroUsd: r.limitMicroUsd } : null);

/**
 * Sets one budget's limit (creates it or replaces it) and writes its `audit_log` row
 * (`budget.set`, target e.g. `user:*:day`, before/after `{limitMicroUsd}`) in one transaction.
 * Every process sees the new limit at its next call. Unless the limit was lowered, work waiting
 * for a budget is resumed ({@link resumeBudgetWaits}): a new specific row may raise a subject
 * above its default.
 * @throws {PanelistError} `unprocessable:admin` (422) for an unknown scope or period, a scope id
 *   that does not fit the scope, or a limit that is not an integer ≥ 0 of micro-dollars.
 */
export async function setBudget(
  db: Db,
  b: { scope: BudgetScope; scopeId: string; period: BudgetPeriod; limitMicroUsd: number; actorId: string | null },
): Promise<BudgetRow> {
  const id = checkIdentity(b);
  if (!Number.isSafeInteger(b.limitMicroUsd) || b.limitMicroUsd < 0) {
    throw new PanelistError("unprocessable:admin", "Invalid budget.", { issues: [{ path: "limitMicroUsd", message: "an integer ≥ 0 of micro-dollars" }] });
  }
  const { before, after } = await db.transaction(async (tx) => {
    const before = await getBudgetRowForUpdate(tx, id);
    const after = await upsertBudgetRow(tx, { ...id, limitMicroUsd: b.limitMicroUsd, updatedBy: b.actorId });
    await insertAuditEntry(tx, { actorId: b.actorId, action: "budget.set", target: auditTarget(id), before: auditValue(before), after: auditValue(after) });
    return { before, after };
  });
  await invalidateLimits();
  // Also on an unchanged limit: saving it again is how an admin says "try now" (a price may have changed).
  if (!before || after.limitMicroUsd >= before.limitMicroUsd) await resumeBudgetWaits(db);
  return after;
}

/**
 * Deletes one budget (its scope falls back to the '*' default, or to no limit) with its
 * `audit_log` row (`budget.delete`), and resumes the work waiting for budgets.
 * @returns false when there was no such budget (nothing written).
 * @throws {PanelistError} `unprocessable:admin` (422) for an identity that cannot exist.
 */
export async function deleteBudget(db: Db, b: { scope: BudgetScope; scopeId: string; period: BudgetPeriod; actorId: string | null }): Promise<boolean> {
  const id = checkIdentity(b);
  const deleted = await db.transaction(async (tx) => {
    const row = await deleteBudgetRow(tx, id);
    if (row) await insertAuditEntry(tx, { actorId: b.actorId, action: "budget.delete", target: auditTarget(id), before: auditValue(row), after: null });
    return row;
  });
  if (!deleted) return false;
  await invalidateLimits();
  await resumeBudgetWaits(db);
  return true;
}

/**
 * Work waiting for a budget (tasks `RETRYING` with `budget_exhausted`) becomes due now, so the
 * outbox relay republishes it at its next tick. Those still over a budget wait again (their
 * attempt is not spent). Called after a budget is raised or removed.
 * @returns how many tasks were made due.
 */
export async function resumeBudgetWaits(db: Db): Promise<number> {
  return makeBudgetWaitsDue(db);
}
