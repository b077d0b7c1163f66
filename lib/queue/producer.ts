import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { markTaskPublished, markTasksPublished } from "@/lib/db/queries/tasks";
import type { Logger } from "@/lib/log";
import { type Lane, streamKey, type TaskType } from "./names";

/**
 * XADDs `{taskId}` to the task's lane stream and records the entry id on the task row.
 * Called after the task's transaction committed (outbox); if it throws, the task stays
 * unpublished and the relay publishes it later.
 * @returns the stream entry id.
 * @throws ioredis errors when Redis is unreachable.
 */
export async function publishTask(redis: Redis, db: Db, task: { id: string; type: string; lane: Lane }): Promise<string> {
  const messageId = await redis.xadd(streamKey(task.type as TaskType, task.lane), "*", "taskId", task.id);
  if (!messageId) throw new Error("XADD returned no id");
  await markTaskPublished(db, { id: task.id, messageId });
  return messageId;
}

/**
 * The bulk form of {@link publishTask}: every XADD in one pipeline (one round trip) and the
 * entry ids recorded with one UPDATE. Same outbox contract: call it after the tasks'
 * transaction committed; tasks whose XADD failed stay unpublished and the relay publishes them.
 * @returns the entry ids in input order (`null` where that XADD failed).
 * @throws ioredis errors when Redis is unreachable, database errors from the UPDATE.
 */
export async function publishTasks(redis: Redis, db: Db, list: { id: string; type: string; lane: Lane }[]): Promise<(string | null)[]> {
  if (list.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const t of list) pipeline.xadd(streamKey(t.type as TaskType, t.lane), "*", "taskId", t.id);
  const results = (await pipeline.exec()) ?? [];
  const ids = list.map((_, i) => {
    const [err, id] = results[i] ?? [new Error("no reply"), null];
    return err || typeof id !== "string" ? null : id;
  });
  await markTasksPublished(
    db,
    list.flatMap((t, i) => (ids[i] ? [{ id: t.id, messageId: ids[i]! }] : [])),
  );
  return ids;
}

/**
 * Submits a task whose row the caller has just committed — the outbox contract
 * (docs/architecture.md, "Outbox"):
 * 1. the caller wrote its domain rows and the task row in one transaction, and it committed
 *    (never call this inside the transaction: a rollback would leave a message for no row);
 * 2. this XADDs `{taskId}` and records the entry id on the row ({@link publishTask});
 * 3. if that fails (Redis down, the UPDATE failed) the error is logged, not thrown: the row is
 *    the truth, and the relay publishes every PENDING task still without a message after its
 *    grace. The caller answers as if it had been published.
 * @returns the stream entry id, or null when publishing failed and is left to the relay.
 */
export async function submitTask(deps: { redis: Redis; db: Db; log: Logger }, task: { id: string; type: string; lane: Lane }): Promise<string | null> {
  try {
    return await publishTask(deps.redis, deps.db, task);
  } catch (err) {
    deps.log.warn({ err: String(err), taskId: task.id }, "XADD failed; the relay will publish the task");
    return null;
  }
}

/**
 * The bulk form of {@link submitTask}, same contract, for many tasks committed together: one
 * pipelined round trip of XADDs and one UPDATE ({@link publishTasks}). Failures are logged
 * (once for a failed round trip, once per failed XADD) and left to the relay.
 * @returns the entry ids in input order (`null` where publishing failed).
 */
export async function submitTasks(deps: { redis: Redis; db: Db; log: Logger }, list: { id: string; type: string; lane: Lane }[]): Promise<(string | null)[]> {
  let ids: (string | null)[];
  try {
    ids = await publishTasks(deps.redis, deps.db, list);
  } catch (err) {
    deps.log.warn({ err: String(err), tasks: list.length }, "XADD failed; the relay will publish the tasks");
    return list.map(() => null);
  }
  for (const [i, id] of ids.entries()) {
    if (id === null) deps.log.warn({ taskId: list[i].id }, "XADD failed; the relay will publish the task");
  }
  return ids;
}
