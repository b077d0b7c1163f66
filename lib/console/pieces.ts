import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import {
  deleteBudgetRow,
  deletePriceOverrideRow,
  listActiveAlertRows,
  listAlertRuleRows,
  listBudgetRows,
  listPriceOverrideRows,
  upsertAlertRuleRow,
  upsertBudgetRow,
  upsertPriceOverrideRow,
} from "@/lib/db/queries/console-settings";
import { PanelistError } from "@/lib/errors";
import { CONSUMER_GROUP, dlqKey, LANES, type Lane, streamKey, type TaskType } from "@/lib/queue/names";
import { TASK_TYPES } from "@/lib/tasks/definitions";

/*
 * The one place the console calls the pieces it does not own: budgets (lib/finops/budgets.ts),
 * alert rules and events (lib/alerts/), price overrides (lib/finops/prices.ts) and queue stats
 * (lib/queue/stats.ts). Until those modules are on main, the functions below are stand-ins
 * with the same signatures over the same tables (lib/db/queries/console-settings.ts), each
 * change written to audit_log with its actor; wiring the real ones means replacing each body
 * with a call (or a re-export) and deleting the stand-ins. The types are what the console
 * reads; an adapter here maps a module's own shape onto them.
 */

export type BudgetScope = "global" | "organization" | "user" | "feature";
export type BudgetPeriod = "day" | "month";
/** A budget: `scopeId` is '' for global, an id or '*' (every one) otherwise; the limit in micro-dollars per period. */
export type Budget = {
  scope: BudgetScope;
  scopeId: string;
  period: BudgetPeriod;
  limitMicroUsd: number;
  updatedBy: string | null;
  updatedAt: Date;
};

/** All budgets. */
export async function listBudgets(db: Db): Promise<Budget[]> {
  return listBudgetRows(db);
}

/** Creates or changes a budget; the budget module writes the audit row and resumes work waiting on it. */
export async function setBudget(
  db: Db,
  b: { scope: BudgetScope; scopeId: string; period: BudgetPeriod; limitMicroUsd: number; actorId: string },
): Promise<void> {
  await upsertBudgetRow(db, b);
}

/** Removes a budget (nothing happens when there is none); audit row as for {@link setBudget}. */
export async function deleteBudget(db: Db, b: { scope: BudgetScope; scopeId: string; period: BudgetPeriod; actorId: string }): Promise<void> {
  await deleteBudgetRow(db, b);
}

/** An alert rule as the console edits it: its threshold (in the rule's own unit), parameters and switch. */
export type AlertRule = {
  kind: string;
  threshold: number;
  params: Record<string, unknown>;
  enabled: boolean;
  /** null while the rule still has its default. */
  updatedBy: string | null;
  updatedAt: Date | null;
};

/**
 * The stand-in's catalogue of rule kinds and defaults (the alert module's own catalogue
 * replaces it): budget utilisation (fraction), stream lag (entries), oldest pending (ms),
 * p99 latency (ms), request-rate anomaly (× the trailing hourly mean), DLQ growth (entries per
 * hour), upstream 429 rate (fraction of requests), unpriced model (requests).
 */
const DEFAULT_ALERT_RULES: Record<string, { threshold: number; params: Record<string, unknown>; enabled: boolean }> = {
  budget_80: { threshold: 0.8, params: {}, enabled: true },
  budget_95: { threshold: 0.95, params: {}, enabled: true },
  budget_100: { threshold: 1, params: {}, enabled: true },
  stream_lag: { threshold: 1000, params: {}, enabled: true },
  oldest_pending: { threshold: 300_000, params: {}, enabled: true },
  llm_p99_latency: { threshold: 30_000, params: {}, enabled: true },
  llm_rate_anomaly: { threshold: 3, params: {}, enabled: true },
  dlq_growing: { threshold: 10, params: {}, enabled: true },
  upstream_429_rate: { threshold: 0.05, params: {}, enabled: true },
  unpriced_model: { threshold: 1, params: {}, enabled: true },
};

/** Every rule of the catalogue, stored values over defaults. */
export async function listAlertRules(db: Db): Promise<AlertRule[]> {
  const stored = new Map((await listAlertRuleRows(db)).map((r) => [r.kind, r]));
  return Object.entries(DEFAULT_ALERT_RULES).map(([kind, d]) => {
    const s = stored.get(kind);
    return s
      ? { kind, threshold: s.threshold, params: s.params, enabled: s.enabled, updatedBy: s.updatedBy, updatedAt: s.updatedAt }
      : { kind, ...d, updatedBy: null, updatedAt: null };
  });
}

/**
 * Changes one rule (parameters and switch keep their value when not given); audit row.
 * @throws {PanelistError} 404 `not_found:admin` for a kind the catalogue does not have.
 */
export async function updateAlertRule(
  db: Db,
  u: { kind: string; threshold: number; params?: Record<string, unknown>; enabled?: boolean; actorId: string },
): Promise<void> {
  const current = (await listAlertRules(db)).find((r) => r.kind === u.kind);
  const defaults = DEFAULT_ALERT_RULES[u.kind];
  if (!current || !defaults) throw new PanelistError("not_found:admin", `There is no alert rule "${u.kind}".`);
  await upsertAlertRuleRow(db, {
    kind: u.kind,
    threshold: u.threshold,
    params: u.params ?? current.params,
    enabled: u.enabled ?? current.enabled,
    actorId: u.actorId,
    defaults,
  });
}

/** An alert that fired and has not cleared. */
export type ActiveAlert = { id: string; kind: string; subject: string; message: string; value: number; threshold: number; firedAt: Date };

/** Alerts firing now, newest first. */
export async function listActiveAlerts(db: Db): Promise<ActiveAlert[]> {
  const rows = await listActiveAlertRows(db, { limit: 50 });
  return rows.map(({ id, kind, subject, message, value, threshold, firedAt }) => ({ id, kind, subject, message, value, threshold, firedAt }));
}

/** A model's price override, micro-dollars per million tokens. */
export type PriceOverride = {
  provider: string;
  model: string;
  inputMicroUsdPerMTok: number;
  cachedInputMicroUsdPerMTok: number;
  outputMicroUsdPerMTok: number;
  updatedBy: string | null;
  updatedAt: Date;
};

/** Every price override. */
export async function listPriceOverrides(db: Db): Promise<PriceOverride[]> {
  return listPriceOverrideRows(db);
}

/** Creates or changes a model's price override; audit row. */
export async function setPriceOverride(
  db: Db,
  p: { provider: string; model: string; inputMicroUsdPerMTok: number; cachedInputMicroUsdPerMTok: number; outputMicroUsdPerMTok: number; actorId: string },
): Promise<void> {
  await upsertPriceOverrideRow(db, p);
}

/** Removes a model's price override (nothing happens when there is none); audit row. */
export async function deletePriceOverride(db: Db, p: { provider: string; model: string; actorId: string }): Promise<void> {
  await deletePriceOverrideRow(db, p);
}

/** One stream's health, as `queueStats` reports it (the fields the console shows). */
export type StreamStats = {
  type: TaskType;
  lane: Lane;
  stream: string;
  /** XLEN. */
  length: number;
  /** Entries not yet delivered to the consumer group (XINFO GROUPS `lag`); null when Redis cannot tell. */
  lag: number | null;
  /** Entries delivered and not yet ACKed (the PEL). */
  pending: number;
  /** Idle time of the oldest PEL entry, ms; null when the PEL is empty. */
  oldestPendingIdleMs: number | null;
  /** Age of the oldest undelivered entry, ms; null when none waits. */
  oldestWaitingAgeMs: number | null;
  consumers: { name: string; pending: number; idleMs: number }[];
  /** XLEN of the type's DLQ (the same for both lanes of a type). */
  dlqLength: number;
};

/**
 * Every task stream's health. Stand-in for `queueStats(redis)`: XLEN, the group's lag and PEL
 * size (XINFO GROUPS) and the DLQ's XLEN in one pipeline; the ages and consumers are left to
 * the real one.
 */
export async function queueStats(redis: Redis): Promise<StreamStats[]> {
  const streams = TASK_TYPES.flatMap((type) => LANES.map((lane) => ({ type, lane, stream: streamKey(type, lane) })));
  const pipeline = redis.pipeline();
  for (const s of streams) pipeline.xlen(s.stream).xinfo("GROUPS", s.stream).xlen(dlqKey(s.type));
  const replies = (await pipeline.exec()) ?? [];
  return streams.map((s, i) => {
    const [[, length], [groupsErr, groups], [, dlq]] = replies.slice(i * 3, i * 3 + 3) as [unknown, unknown][];
    const g = groupsErr ? undefined : (groups as unknown[][]).find((row) => row[row.indexOf("name") + 1] === CONSUMER_GROUP);
    const field = (name: string) => (g ? g[g.indexOf(name) + 1] : undefined);
    const lag = field("lag");
    return {
      ...s,
      length: Number(length ?? 0),
      lag: g ? (lag == null ? null : Number(lag)) : Number(length ?? 0),
      pending: Number(field("pending") ?? 0),
      oldestPendingIdleMs: null,
      oldestWaitingAgeMs: null,
      consumers: [],
      dlqLength: Number(dlq ?? 0),
    };
  });
}
