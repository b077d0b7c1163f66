import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { tasks, type WebhookAttempt, webhookDeliveries } from "../schema";

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * What a task's end event is made of — its type, status, error, end time and callback URL —
 * read inside `tx`, so it sees what `tx` just wrote. Undefined when there is no such task.
 */
export async function taskEndForEvent(tx: Tx | Db, { id }: { id: string }) {
  const [row] = await tx
    .select({
      id: tasks.id,
      type: tasks.type,
      status: tasks.status,
      errorCode: tasks.errorCode,
      errorMessage: tasks.errorMessage,
      finishedAt: tasks.finishedAt,
      callbackUrl: tasks.callbackUrl,
    })
    .from(tasks)
    .where(eq(tasks.id, id));
  return row;
}

/**
 * Inserts the delivery of one task-end event, inside the caller's transaction. A second
 * insert for the same (task, end) does nothing and returns undefined.
 */
export async function insertDelivery(
  tx: Tx | Db,
  d: { taskId: string; taskEndedAt: Date; eventType: WebhookDeliveryRow["eventType"]; url: string; payload: string },
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values(d)
    .onConflictDoNothing({ target: [webhookDeliveries.taskId, webhookDeliveries.taskEndedAt] })
    .returning();
  return row;
}

/**
 * Claims up to `limit` due deliveries for one attempt each: `attempts + 1` (the attempt's
 * fencing token) and `next_attempt_at` pushed out by `leaseMs`, so a dispatcher that dies
 * mid-attempt leaves the delivery due again after the lease. `FOR UPDATE SKIP LOCKED` lets
 * any number of workers claim side by side without waiting on each other.
 */
export async function claimDueDeliveries(db: Db, { limit, leaseMs }: { limit: number; leaseMs: number }): Promise<WebhookDeliveryRow[]> {
  if (limit <= 0) return [];
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, "pending"), sql`${webhookDeliveries.nextAttemptAt} <= now()`))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
}

/**
 * Records attempt `attempt`'s outcome, fenced: ignored unless that attempt still holds the
 * delivery. `retryInMs` null means no further attempt (delivered, or given up); otherwise the
 * delivery becomes due again then — or `failed` when that would fall after
 * `created_at + maxAgeMs`.
 * @returns the status the delivery is left in, or undefined when the attempt had lost its claim.
 */
export async function recordAttempt(
  db: Db,
  a: { id: string; attempt: number; entry: WebhookAttempt; delivered: boolean; retryInMs: number | null; maxAgeMs: number },
): Promise<WebhookDeliveryRow["status"] | undefined> {
  const next = sql`now() + make_interval(secs => ${(a.retryInMs ?? 0) / 1000})`;
  const status = a.delivered
    ? sql`'delivered'`
    : a.retryInMs === null
      ? sql`'failed'`
      : sql`case when ${next} > ${webhookDeliveries.createdAt} + make_interval(secs => ${a.maxAgeMs / 1000}) then 'failed' else 'pending' end`;
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status,
      nextAttemptAt: a.retryInMs === null ? undefined : next,
      lastStatusCode: a.entry.statusCode,
      lastError: a.entry.error,
      attemptLog: sql`${webhookDeliveries.attemptLog} || ${JSON.stringify([a.entry])}::jsonb`,
      deliveredAt: a.delivered ? sql`now()` : undefined,
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhookDeliveries.id, a.id), eq(webhookDeliveries.attempts, a.attempt), eq(webhookDeliveries.status, "pending")))
    .returning({ status: webhookDeliveries.status });
  return row?.status;
}

/** Every delivery of a task, oldest first (tests, an admin or API view). */
export async function listDeliveriesForTask(db: Db | Tx, { taskId }: { taskId: string }): Promise<WebhookDeliveryRow[]> {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.taskId, taskId)).orderBy(asc(webhookDeliveries.createdAt));
}
