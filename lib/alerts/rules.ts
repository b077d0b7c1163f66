import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { type AlertRuleRow, listAlertRuleRows, saveAlertRule } from "@/lib/db/queries/alerts";
import { type FieldIssue, PanelistError } from "@/lib/errors";

/** Every alert rule (docs/finops.md, "Alerts"); `alert_rules.kind` and `alert_events.kind` hold these. */
export const ALERT_KINDS = [
  "budget_80",
  "budget_95",
  "budget_100",
  "stream_lag",
  "oldest_pending",
  "llm_p99_latency",
  "llm_rate_anomaly",
  "dlq_growing",
  "upstream_429_rate",
  "unpriced_model",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * What an alert fires once in: `budget` — the budget's own day or month (a new period is a new
 * budget); `hour` — the UTC hour it fired in. An alert that clears and comes back within its
 * period does not fire again; one still active when the period ends stays the same alert.
 */
export type AlertPeriod = "budget" | "hour";

/** How the console shows a threshold: `fraction` 0.8 = 80 %; the others are plain numbers of that unit. */
export type ThresholdUnit = "fraction" | "entries" | "minutes" | "seconds" | "factor" | "tasks" | "requests";

const minRequests = z.number().int().min(1).max(1_000_000);
const noParams = z.strictObject({});

const p99Params = z.strictObject({ minRequests });
const rateParams = z.strictObject({
  /** Full hours before the window that make the trailing average. */
  baselineHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 14),
  /** Below this many requests in the baseline there is no average worth comparing to. */
  minBaselineRequests: minRequests,
  /** A spike needs at least this many requests in the window (a few calls are not a runaway loop). */
  minWindowRequests: minRequests,
  /** The window is the current hour so far; while fewer minutes than this have passed, the previous hour joins it. */
  minWindowMinutes: z.number().int().min(1).max(59),
  /** `high`: only runaway loops; `low`: only dead clients; `both`. */
  direction: z.enum(["both", "high", "low"]),
});
const dlqParams = z.strictObject({
  windowMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
});
const rate429Params = z.strictObject({ minRequests });

type RuleSpec = {
  title: string;
  /** What it watches and when it fires, for the console. */
  description: string;
  unit: ThresholdUnit;
  defaultThreshold: number;
  /** Bounds an edited threshold must stay within (inclusive). */
  min: number;
  max: number;
  defaultParams: Record<string, unknown>;
  paramsSchema: z.ZodType<Record<string, unknown>>;
  period: AlertPeriod;
};

/**
 * The rule catalogue: defaults that apply until a rule is edited on the console (only edited
 * rules have a row in `alert_rules`, so nothing needs seeding). Rollup-based rules read the
 * hour rollups of the current hour and the previous one (60–120 minutes of traffic).
 */
export const ALERT_RULE_CATALOGUE: Record<AlertKind, RuleSpec> = {
  budget_80: {
    title: "Budget at 80 %",
    description: "A budget's utilization (its spend over its limit, as the budget service reports it) has reached the threshold in its current day or month.",
    unit: "fraction",
    defaultThreshold: 0.8,
    min: 0.01,
    max: 10,
    defaultParams: {},
    paramsSchema: noParams,
    period: "budget",
  },
  budget_95: {
    title: "Budget at 95 %",
    description: "A budget's utilization (its spend over its limit, as the budget service reports it) has reached the threshold in its current day or month.",
    unit: "fraction",
    defaultThreshold: 0.95,
    min: 0.01,
    max: 10,
    defaultParams: {},
    paramsSchema: noParams,
    period: "budget",
  },
  budget_100: {
    title: "Budget exhausted",
    description: "A budget's utilization has reached the threshold (by default its whole limit): new model calls in its scope wait for the next period.",
    unit: "fraction",
    defaultThreshold: 1,
    min: 0.01,
    max: 10,
    defaultParams: {},
    paramsSchema: noParams,
    period: "budget",
  },
  stream_lag: {
    title: "Consumer-group lag",
    description: "A task stream has more entries than the threshold not yet delivered to the worker group (XINFO GROUPS lag).",
    unit: "entries",
    defaultThreshold: 1_000,
    min: 1,
    max: 10_000_000,
    defaultParams: {},
    paramsSchema: noParams,
    period: "hour",
  },
  oldest_pending: {
    title: "Oldest pending entry",
    description:
      "A task stream's oldest waiting entry (not yet delivered) or oldest pending entry (delivered, not acknowledged, idle) is older than the threshold.",
    unit: "minutes",
    defaultThreshold: 10,
    min: 1,
    max: 7 * 24 * 60,
    defaultParams: {},
    paramsSchema: noParams,
    period: "hour",
  },
  llm_p99_latency: {
    title: "LLM p99 latency",
    description: "A model's p99 call latency over the current and previous hour, from the rollups' latency histogram, is above the threshold.",
    unit: "seconds",
    defaultThreshold: 30,
    min: 0.05,
    max: 3_600,
    defaultParams: { minRequests: 20 },
    paramsSchema: p99Params,
    period: "hour",
  },
  llm_rate_anomaly: {
    title: "LLM request rate anomaly",
    description:
      "A feature's requests per minute in the current hour are at least threshold × its trailing hourly average (a runaway loop), or at most 1/threshold of it (a dead client).",
    unit: "factor",
    defaultThreshold: 5,
    min: 1.1,
    max: 1_000,
    defaultParams: { baselineHours: 24, minBaselineRequests: 100, minWindowRequests: 50, minWindowMinutes: 10, direction: "both" },
    paramsSchema: rateParams,
    period: "hour",
  },
  dlq_growing: {
    title: "DLQ growing",
    description: "More than the threshold tasks of a type ended FAILED (and were not discarded) within the window: the dead-letter queue is growing.",
    unit: "tasks",
    defaultThreshold: 0,
    min: 0,
    max: 1_000_000,
    defaultParams: { windowMinutes: 60 },
    paramsSchema: dlqParams,
    period: "hour",
  },
  upstream_429_rate: {
    title: "Upstream 429 rate",
    description: "The share of a model's requests refused upstream with 429 over the current and previous hour is above the threshold.",
    unit: "fraction",
    defaultThreshold: 0.05,
    min: 0.001,
    max: 1,
    defaultParams: { minRequests: 20 },
    paramsSchema: rate429Params,
    period: "hour",
  },
  unpriced_model: {
    title: "Unpriced model",
    description: "A model served more than the threshold requests over the current and previous hour with no known price: their cost is not counted.",
    unit: "requests",
    defaultThreshold: 0,
    min: 0,
    max: 1_000_000,
    defaultParams: {},
    paramsSchema: noParams,
    period: "hour",
  },
};

/** A rule as the evaluator and the console see it: the catalogue's entry with the stored edits applied. */
export type AlertRule = {
  kind: AlertKind;
  title: string;
  description: string;
  unit: ThresholdUnit;
  period: AlertPeriod;
  threshold: number;
  defaultThreshold: number;
  min: number;
  max: number;
  params: Record<string, unknown>;
  defaultParams: Record<string, unknown>;
  enabled: boolean;
  /** Who last edited it, and when; null while it has its defaults. */
  updatedBy: string | null;
  updatedAt: Date | null;
};

function isAlertKind(kind: string): kind is AlertKind {
  return (ALERT_KINDS as readonly string[]).includes(kind);
}

function toRule(kind: AlertKind, row: AlertRuleRow | undefined): AlertRule {
  const spec = ALERT_RULE_CATALOGUE[kind];
  // A stored parameter set that no longer fits the catalogue (a renamed parameter) falls back to the defaults.
  const parsed = spec.paramsSchema.safeParse({ ...spec.defaultParams, ...(row?.params ?? {}) });
  return {
    kind,
    title: spec.title,
    description: spec.description,
    unit: spec.unit,
    period: spec.period,
    threshold: row?.threshold ?? spec.defaultThreshold,
    defaultThreshold: spec.defaultThreshold,
    min: spec.min,
    max: spec.max,
    params: parsed.success ? parsed.data : { ...spec.defaultParams },
    defaultParams: { ...spec.defaultParams },
    enabled: row?.enabled ?? true,
    updatedBy: row?.updatedBy ?? null,
    updatedAt: row?.updatedAt ?? null,
  };
}

/**
 * Every rule of the catalogue, in catalogue order, with its stored threshold, parameters and
 * switch where it was edited and the defaults elsewhere. Rows of kinds the catalogue no longer
 * has are ignored.
 */
export async function listAlertRules(db: Db): Promise<AlertRule[]> {
  const rows = new Map((await listAlertRuleRows(db)).map((r) => [r.kind, r]));
  return ALERT_KINDS.map((kind) => toRule(kind, rows.get(kind)));
}

/**
 * Edits a rule and writes its audit row (`alert_rule.update`, before → after). `params` are
 * merged over the current ones (send only what changes); `enabled` keeps its value when
 * omitted. The next evaluation pass uses the new values: an alert whose value is now under the
 * threshold clears, one now over it fires.
 *
 * @param u.threshold in the rule's unit (see {@link ALERT_RULE_CATALOGUE}: fraction for budgets and the 429 rate, minutes, seconds…).
 * @param u.actorId the admin's user id (audit_log.actor_id).
 * @returns the rule as it now applies.
 * @throws {PanelistError} 404 `not_found:admin` for an unknown kind; 422 `unprocessable:admin`
 *   with field issues (`threshold`, `params.<name>`) for a threshold outside the rule's bounds
 *   or parameters the rule does not take or accept.
 */
export async function updateAlertRule(
  db: Db,
  u: { kind: string; threshold: number; params?: Record<string, unknown>; enabled?: boolean; actorId: string },
): Promise<AlertRule> {
  if (!isAlertKind(u.kind)) throw new PanelistError("not_found:admin", `There is no alert rule "${u.kind}".`);
  const kind = u.kind;
  const spec = ALERT_RULE_CATALOGUE[kind];
  const current = (await listAlertRules(db)).find((r) => r.kind === kind)!;
  const issues: FieldIssue[] = [];
  if (!Number.isFinite(u.threshold) || u.threshold < spec.min || u.threshold > spec.max) {
    issues.push({ path: "threshold", message: `Must be a number from ${spec.min} to ${spec.max} (${spec.unit}).` });
  }
  const parsed = spec.paramsSchema.safeParse({ ...current.params, ...(u.params ?? {}) });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // An unknown parameter is reported under its own name, not under `params`.
      const keys = issue.code === "unrecognized_keys" ? issue.keys : [issue.path.join(".")];
      for (const key of keys) issues.push({ path: key ? `params.${key}` : "params", message: issue.message });
    }
  }
  if (issues.length || !parsed.success) throw new PanelistError("unprocessable:admin", "The alert rule has invalid fields.", { issues });
  const row = await saveAlertRule(db, {
    kind,
    threshold: u.threshold,
    params: parsed.data,
    enabled: u.enabled ?? current.enabled,
    actorId: u.actorId,
    before: { threshold: current.threshold, params: current.params, enabled: current.enabled },
  });
  return toRule(kind, row);
}
