import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { taskEvents } from "../schema";

export type TaskEventRow = typeof taskEvents.$inferSelect;

/** Appends one event to a task's history (`task_events`), in the caller's transaction. */
export async function insertTaskEvent(
  db: Db | Tx,
  e: {
    taskId: string;
    kind: string;
    attempt?: number | null;
    errorCode?: string | null;
    message?: string | null;
    actorId?: string | null;
    detail?: Record<string, unknown> | null;
  },
): Promise<void> {
  await db.insert(taskEvents).values({
    taskId: e.taskId,
    kind: e.kind,
    attempt: e.attempt ?? null,
    errorCode: e.errorCode ?? null,
    message: e.message ?? null,
    actorId: e.actorId ?? null,
    detail: e.detail ?? null,
  });
}

/** A task's events, oldest first. */
export async function listTaskEvents(db: Db | Tx, { taskId }: { taskId: string }): Promise<TaskEventRow[]> {
  return db.select().from(taskEvents).where(eq(taskEvents.taskId, taskId)).orderBy(asc(taskEvents.createdAt));
}
