import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { alertEvents, alertRules, tasks } from "../schema";
import { insertAuditEntry } from "./audit";

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertEventRow = typeof alertEvents.$inferSelect;
type WebhookStatus = "pending" | "delivered" | "failed" | "none";

/** Every stored rule row (only rules edited on the console have one; the others use the catalogue's defaults). */
export async function listAlertRuleRows(db: Db): Promise<AlertRuleRow[]> {
  return db.select().from(alertRules);
}

/**
 * Writes a rule's threshold, parameters and switch, and its audit row (`alert_rule.update`,
 * before/after), in one transaction.
 */
export async function saveAlertRule(
  db: Db,
  r: {
    kind: string;
    threshold: number;
    params: Record<string, unknown>;
    enabled: boolean;
    actorId: string | null;
    before: Record<string, unknown>;
  },
): Promise<AlertRuleRow> {
  return db.transaction(async (tx) => {
    const values = { threshold: r.threshold, params: r.params, enabled: r.enabled, updatedBy: r.actorId, updatedAt: new Date() };
    const [row] = await tx
      .insert(alertRules)
      .values({ kind: r.kind, ...values })
      .onConflictDoUpdate({ target: alertRules.kind, set: values })
      .returning();
    await insertAuditEntry(tx, {
      actorId: r.actorId,
      action: "alert_rule.update",
      target: `alert_rule:${r.kind}`,
      before: r.before,
      after: { threshold: row.threshold, params: row.params, enabled: row.enabled },
    });
    return row;
  });
}

/**
 * Records an alert that fired. At most one row per (kind, subject, period): when the period
 * already has one — another evaluator fired it a moment ago, or it fired, cleared and is back
 * within the same period — nothing is written (`ON CONFLICT DO NOTHING` on `alert_events_once_uq`).
 * @returns the new row, or undefined when the period already had one.
 */
export async function insertAlertEvent(
  db: Db,
  e: { kind: string; subject: string; periodKey: string; value: number; threshold: number; message: string; webhookStatus: WebhookStatus },
): Promise<AlertEventRow | undefined> {
  const [row] = await db.insert(alertEvents).values(e).onConflictDoNothing().returning();
  return row;
}

/**
 * Clears an active alert (sets `cleared_at`). Conditional on it still being active, so of two
 * evaluators only one clears it (and notifies).
 * @returns the cleared row, or undefined when it was already cleared.
 */
export async function clearAlertEvent(db: Db, { id, webhookStatus }: { id: string; webhookStatus: WebhookStatus }): Promise<AlertEventRow | undefined> {
  const [row] = await db
    .update(alertEvents)
    .set({ clearedAt: new Date(), webhookStatus })
    .where(and(eq(alertEvents.id, id), isNull(alertEvents.clearedAt)))
    .returning();
  return row;
}

/** Records how the latest notification of an alert (its firing, or its clearing) went. */
export async function setAlertWebhookStatus(db: Db, { id, webhookStatus }: { id: string; webhookStatus: WebhookStatus }): Promise<void> {
  await db.update(alertEvents).set({ webhookStatus }).where(eq(alertEvents.id, id));
}

/** Alerts not cleared yet, newest first (the partial index `alert_events_active_idx`). */
export async function listActiveAlertEvents(db: Db): Promise<AlertEventRow[]> {
  return db.select().from(alertEvents).where(isNull(alertEvents.clearedAt)).orderBy(desc(alertEvents.firedAt));
}

/** The latest `limit` alerts, active or cleared, newest first. */
export async function listRecentAlertEvents(db: Db, { limit }: { limit: number }): Promise<AlertEventRow[]> {
  return db.select().from(alertEvents).orderBy(desc(alertEvents.firedAt), desc(alertEvents.id)).limit(limit);
}

/**
 * The latency histogram per provider × model over the hour rollups starting at or after
 * `since`, summed bucket by bucket (counts indexed as `lib/finops/latency-buckets.ts`).
 */
export async function latencyHistogramsByModel(db: Db, { since }: { since: Date }): Promise<{ provider: string; model: string; counts: number[] }[]> {
  const rows = await db.execute<{ provider: string; model: string; i: number; n: number }>(sql`
    select r.provider, r.model, b.i::int as i, sum(b.c)::float8 as n
    from llm_usage_rollups r
    cross join lateral unnest(r.latency_buckets) with ordinality as b(c, i)
    where r.granularity = 'hour' and r.bucket_start >= ${since.toISOString()}::timestamptz
    group by r.provider, r.model, b.i
  `);
  const byModel = new Map<string, { provider: string; model: string; counts: number[] }>();
  for (const row of rows) {
    const key = `${row.provider}\n${row.model}`;
    const entry = byModel.get(key) ?? { provider: row.provider, model: row.model, counts: [] };
    byModel.set(key, entry);
    // unnest's ordinality is 1-based.
    entry.counts[row.i - 1] = Number(row.n);
  }
  for (const entry of byModel.values()) entry.counts = Array.from(entry.counts, (c) => c ?? 0);
  return [...byModel.values()];
}

/** Requests, upstream 429s and unpriced requests per provider × model over the hour rollups starting at or after `since`. */
export async function requestCountsByModel(
  db: Db,
  { since }: { since: Date },
): Promise<{ provider: string; model: string; requests: number; rateLimited: number; unpriced: number }[]> {
  const rows = await db.execute<{ provider: string; model: string; requests: number; rate_limited: number; unpriced: number }>(sql`
    select provider, model, sum(requests)::float8 as requests, sum(rate_limited)::float8 as rate_limited, sum(unpriced_requests)::float8 as unpriced
    from llm_usage_rollups
    where granularity = 'hour' and bucket_start >= ${since.toISOString()}::timestamptz
    group by provider, model
  `);
  return rows.map((r) => ({
    provider: r.provider,
    model: r.model,
    requests: Number(r.requests),
    rateLimited: Number(r.rate_limited),
    unpriced: Number(r.unpriced),
  }));
}

/** Requests per feature per hour bucket, over the hour rollups starting at or after `since`. */
export async function hourlyRequestsByFeature(db: Db, { since }: { since: Date }): Promise<{ feature: string; bucketStart: Date; requests: number }[]> {
  const rows = await db.execute<{ feature: string; bucket_start: Date | string; requests: number }>(sql`
    select feature, bucket_start, sum(requests)::float8 as requests
    from llm_usage_rollups
    where granularity = 'hour' and bucket_start >= ${since.toISOString()}::timestamptz
    group by feature, bucket_start
  `);
  return rows.map((r) => ({ feature: r.feature, bucketStart: new Date(r.bucket_start), requests: Number(r.requests) }));
}

/**
 * Dead-lettered work per task type: tasks FAILED and not discarded, in all (`total`) and those
 * that ended at or after `since` (`recent`) — the DLQ as the database records it.
 */
export async function failedTaskCountsByType(db: Db, { since }: { since: Date }): Promise<{ type: string; total: number; recent: number }[]> {
  const rows = await db
    .select({
      type: tasks.type,
      total: sql<number>`count(*)::int`,
      recent: sql<number>`(count(*) filter (where ${tasks.finishedAt} >= ${since.toISOString()}::timestamptz))::int`,
    })
    .from(tasks)
    .where(and(eq(tasks.status, "FAILED"), isNull(tasks.discardedAt)))
    .groupBy(tasks.type);
  return rows.map((r) => ({ type: r.type, total: Number(r.total), recent: Number(r.recent) }));
}
