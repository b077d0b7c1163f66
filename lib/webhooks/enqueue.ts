import type { Db, Tx } from "@/lib/db/client";
import { insertDelivery, taskEndForEvent, type WebhookDeliveryRow } from "@/lib/db/queries/webhooks";
import { taskEvent } from "./event";

/**
 * Records the callback event of a task that just ended — call it inside the transaction that
 * made the task COMPLETED, FAILED or TERMINATED_BY_POLICY, after that transition, so the event
 * exists if and only if the end committed (an outbox: nothing is sent here; the
 * {@link WebhookDispatcher} sends it after commit).
 *
 * It re-reads the task inside `tx`, so the event carries the status, error and `finished_at`
 * just written, whatever copy of the row the caller holds. One event per task end: the
 * delivery is unique on (task id, `finished_at`); calling twice in one transaction is a no-op.
 *
 * @param task any row of the task; when its `callbackUrl` is null nothing is read or written.
 * @returns the new delivery, or undefined when there is nothing to send (no callback URL, the
 *   task has not ended, or the event was already recorded).
 */
export async function enqueueTaskEvent(tx: Tx | Db, { task }: { task: { id: string; callbackUrl: string | null } }): Promise<WebhookDeliveryRow | undefined> {
  if (!task.callbackUrl) return undefined;
  const row = await taskEndForEvent(tx, { id: task.id });
  const event = row ? taskEvent(row) : null;
  if (!row?.callbackUrl || !event || !row.finishedAt) return undefined;
  return insertDelivery(tx, {
    taskId: row.id,
    taskEndedAt: row.finishedAt,
    eventType: event.type,
    url: row.callbackUrl,
    payload: JSON.stringify(event),
  });
}
