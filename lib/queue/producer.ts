import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { markTaskPublished, markTasksPublished } from "@/lib/db/queries/tasks";
import { streamKey, type Lane, type TaskType } from "./names";

/**
 * XADDs `{taskId}` to the task's lane stream and records the entry id on the task row.
 * Called after the task's transaction committed (outbox); if it throws, the task stays
 * unpublished and the relay publishes it later.
 * @returns the stream entry id.
 * @throws ioredis errors when Redis is unreachable.
 */
export async function publishTask(
  redis: Redis,
  db: Db,
  task: { id: string; type: string; lane: Lane },
): Promise<string> {
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
export async function publishTasks(
  redis: Redis,
  db: Db,
  list: { id: string; type: string; lane: Lane }[],
): Promise<(string | null)[]> {
  if (list.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const t of list) pipeline.xadd(streamKey(t.type as TaskType, t.lane), "*", "taskId", t.id);
  const results = (await pipeline.exec()) ?? [];
  const ids = list.map((_, i) => {
    const [err, id] = results[i] ?? [new Error("no reply"), null];
    return err || typeof id !== "string" ? null : id;
  });
  await markTasksPublished(db, list.flatMap((t, i) => (ids[i] ? [{ id: t.id, messageId: ids[i]! }] : [])));
  return ids;
}
