import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { markTaskPublished } from "@/lib/db/queries/tasks";
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
