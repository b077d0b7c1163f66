/**
 * Budget periods and Redis keys (docs/finops.md, "Budgets").
 *
 * Periods are UTC: a day runs from 00:00:00.000 UTC to the next midnight, a month from the first
 * of the month to the first of the next. Every key carries the one hash tag `{budget}`: every call
 * is checked against the global budgets, so all counters share them anyway, and one tag lets the
 * reserve script update every budget of a call atomically in one slot (also on Redis Cluster).
 *
 *   <prefix>panelist:{budget}:ver                              STRING  bumped on every budget write
 *   <prefix>panelist:{budget}:c:<scope>:<subject>:<period>     HASH    spent, reserved (µUSD), created (Redis ms)
 *   <prefix>panelist:{budget}:c:<scope>:<subject>:<period>:l   ZSET    reservation id → lease expiry (Redis ms)
 *   <prefix>panelist:{budget}:c:<scope>:<subject>:<period>:a   HASH    reservation id → amount held (µUSD)
 *
 * `<subject>` is '' for global, else the organisation id, user id or feature name, URI-encoded
 * (so an id holding `:` or `{` cannot break the key or the tag); `<period>` is `d2026-12-01` or
 * `m2026-12`. `<prefix>` is `PANELIST_REDIS_PREFIX`, read at call time.
 */
import { redisPrefix } from "@/lib/queue/names";

export const BUDGET_SCOPES = ["global", "organization", "user", "feature"] as const;
export type BudgetScope = (typeof BUDGET_SCOPES)[number];
export const BUDGET_PERIODS = ["day", "month"] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** One period of a budget: `[start, end)` in UTC. */
export type PeriodWindow = {
  period: BudgetPeriod;
  /** `2026-12-01` (day) or `2026-12` (month). */
  key: string;
  start: Date;
  end: Date;
};

/** One spend counter: a scope's subject over one period (the budget's limit comes from elsewhere). */
export type SpendCounter = {
  scope: BudgetScope;
  /** '' for global; the organisation id, user id or feature name otherwise (never '*'). */
  subjectId: string;
  window: PeriodWindow;
};

/** The UTC period of `period` kind containing `atMs`. */
export function periodAt(period: BudgetPeriod, atMs: number): PeriodWindow {
  const d = new Date(atMs);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (period === "day") {
    const day = d.getUTCDate();
    return {
      period,
      key: `${y}-${pad(m + 1)}-${pad(day)}`,
      start: new Date(Date.UTC(y, m, day)),
      end: new Date(Date.UTC(y, m, day + 1)),
    };
  }
  return { period, key: `${y}-${pad(m + 1)}`, start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** `global:day`, `organization:<id>:month`, `user:<id>:day`, `feature:<name>:day` — what errors, statuses and alerts name. */
export function budgetKey(c: { scope: BudgetScope; subjectId: string; period: BudgetPeriod }): string {
  return c.scope === "global" ? `global:${c.period}` : `${c.scope}:${c.subjectId}:${c.period}`;
}

/** The counter's key without the prefix: what a reservation id lists. */
export function counterSuffix(c: SpendCounter): string {
  return `panelist:{budget}:c:${c.scope}:${encodeURIComponent(c.subjectId)}:${c.window.period === "day" ? "d" : "m"}${c.window.key}`;
}

/** The three keys of a counter (hash, leases, holds) from its suffix. */
export function counterKeys(suffix: string, prefix: string = redisPrefix()): [counter: string, leases: string, holds: string] {
  const base = `${prefix}${suffix}`;
  return [base, `${base}:l`, `${base}:a`];
}

/** Bumped by every budget write, so every process's cached limits are found stale at once. */
export function budgetVersionKey(prefix: string = redisPrefix()): string {
  return `${prefix}panelist:{budget}:ver`;
}
