import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { type AlertEventRow, clearAlertEvent, insertAlertEvent, listActiveAlertEvents, setAlertWebhookStatus } from "@/lib/db/queries/alerts";
import type { Logger } from "@/lib/log";
import type { StreamStats } from "@/lib/queue/stats";
import { type AlertEventType, type AlertWebhookOptions, alertWebhookFromEnv, sendAlertWebhook } from "./notify";
import { type AlertKind, type AlertRule, listAlertRules } from "./rules";
import { SIGNALS, type SignalContext } from "./signals";
import { type AlertSources, type BudgetStatus, defaultAlertSources } from "./sources";

export type EvaluateDeps = {
  db: Db;
  redis: Redis;
  log: Logger;
  /** The pass's clock (rollup windows, periods, the DLQ window). Default now. */
  now?: Date;
  /** Where fired and cleared alerts are POSTed; default from `ALERT_WEBHOOK_URL` ({@link alertWebhookFromEnv}); null = none. */
  webhook?: AlertWebhookOptions | null;
  /** Replaces the budget or queue readers (lib/alerts/sources.ts). */
  sources?: Partial<AlertSources>;
};

export type EvaluationResult = {
  /** Alerts this pass fired (new rows of `alert_events`). */
  fired: AlertEventRow[];
  /** Alerts this pass cleared. */
  cleared: AlertEventRow[];
  /** Rules whose signal could not be read (logged); their alerts were left as they were. */
  failedKinds: AlertKind[];
};

function memo<T>(fn: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= fn());
}

/**
 * One evaluation pass (docs/finops.md, "Alerts"): reads every enabled rule's signal, fires an
 * alert for each subject newly over its threshold, clears each active alert whose subject is
 * no longer over it (or whose rule was disabled, or whose budget period ended), then logs each
 * change and POSTs it to the webhook.
 *
 * Safe to run concurrently (the worker runs one at a time, see `AlertEvaluator`): a new alert
 * is an `INSERT … ON CONFLICT DO NOTHING` on (kind, subject, period), so two passes fire it once,
 * and a clear is conditional on `cleared_at is null`, so it is cleared and announced once. An
 * alert fires at most once per period: one that cleared and comes back within its period stays
 * cleared until the next period; one still active when its hour ends stays the same alert.
 *
 * A signal that cannot be read (Redis down, a failing query) leaves its rule's alerts as they
 * are rather than clearing them. A failing webhook receiver only marks the alert's
 * `webhook_status` `failed` after its bounded attempts.
 *
 * @throws when the rules or the active alerts cannot be read (the database is down).
 */
export async function evaluateAlerts(deps: EvaluateDeps): Promise<EvaluationResult> {
  const { db, redis, log } = deps;
  const now = deps.now ?? new Date();
  const webhook = deps.webhook === undefined ? alertWebhookFromEnv() : deps.webhook;
  const sources = { ...defaultAlertSources, ...deps.sources };
  const ctx: SignalContext = {
    db,
    redis,
    now,
    budgets: memo<BudgetStatus[]>(() => sources.budgetStatuses(db)),
    streams: memo<StreamStats[]>(() => sources.queueStats(redis)),
  };
  const [rules, active] = await Promise.all([listAlertRules(db), listActiveAlertEvents(db)]);
  const result: EvaluationResult = { fired: [], cleared: [], failedKinds: [] };
  const initialStatus = webhook ? "pending" : "none";

  for (const rule of rules) {
    try {
      await evaluateRule(rule, ctx, active, initialStatus, result);
    } catch (err) {
      result.failedKinds.push(rule.kind);
      log.warn({ err: String(err), kind: rule.kind }, "alert signal not read; its alerts are left as they were");
    }
  }

  for (const e of result.fired) log.warn({ alert: e.kind, subject: e.subject, value: e.value, threshold: e.threshold }, `alert fired: ${e.message}`);
  for (const e of result.cleared) log.info({ alert: e.kind, subject: e.subject }, `alert cleared: ${e.kind} ${e.subject}`);
  if (webhook) {
    await Promise.all([
      ...result.fired.map((e) => notify(deps, webhook, e, "alert.fired")),
      ...result.cleared.map((e) => notify(deps, webhook, e, "alert.cleared")),
    ]);
  }
  return result;
}

async function evaluateRule(
  rule: AlertRule,
  ctx: SignalContext,
  active: AlertEventRow[],
  webhookStatus: "pending" | "none",
  result: EvaluationResult,
): Promise<void> {
  const reading = rule.enabled ? await SIGNALS[rule.kind](rule, ctx) : { breaches: [] };
  const mine = active.filter((e) => e.kind === rule.kind);
  // A budget alert belongs to its budget's period: a new period is a new alert. Other alerts
  // stay one alert for as long as the condition lasts, across hours.
  const same = (e: AlertEventRow, b: { subject: string; periodKey: string }) =>
    e.subject === b.subject && (rule.period !== "budget" || e.periodKey === b.periodKey);
  for (const b of reading.breaches) {
    if (mine.some((e) => same(e, b))) continue;
    const row = await insertAlertEvent(ctx.db, { kind: rule.kind, ...b, threshold: rule.threshold, webhookStatus });
    if (row) result.fired.push(row);
  }
  const unknown = new Set(reading.unknown ?? []);
  for (const e of mine) {
    if (unknown.has(e.subject) || reading.breaches.some((b) => same(e, b))) continue;
    const row = await clearAlertEvent(ctx.db, { id: e.id, webhookStatus });
    if (row) result.cleared.push(row);
  }
}

async function notify(deps: EvaluateDeps, webhook: AlertWebhookOptions, e: AlertEventRow, type: AlertEventType): Promise<void> {
  const { result, attempts } = await sendAlertWebhook(e, type, webhook);
  const webhookStatus = result.ok ? "delivered" : "failed";
  if (!result.ok) deps.log.warn({ alertId: e.id, type, attempts, statusCode: result.statusCode, error: result.error }, "alert webhook not delivered");
  await setAlertWebhookStatus(deps.db, { id: e.id, webhookStatus }).catch((err) =>
    deps.log.warn({ err: String(err), alertId: e.id }, "alert webhook status not recorded"),
  );
}
