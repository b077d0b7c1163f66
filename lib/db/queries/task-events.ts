import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { taskEvents, user } from "../schema";

/** An event with the acting admin's e-mail (null for the pipeline's own events, or a deleted user). */
export type TaskEventRow = typeof taskEvents.$inferSelect & { actorEmail: string | null };

/** One event of a task's history; the optional fields default to null. */
export type TaskEventInput = {
  taskId: string;
  kind: string;
  attempt?: number | null;
  errorCode?: string | null;
  message?: string | null;
  actorId?: string | null;
  detail?: Record<string, unknown> | null;
};

/** Appends one event to a task's history (`task_events`), in the caller's transaction. */
export async function insertTaskEvent(db: Db | Tx, e: TaskEventInput): Promise<void> {
  await insertTaskEvents(db, [e]);
}

/** The bulk form of {@link insertTaskEvent}: many events with one multi-row INSERT (a replay or a discard of many tasks). */
export async function insertTaskEvents(db: Db | Tx, rows: TaskEventInput[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(taskEvents).values(
    rows.map((e) => ({
      taskId: e.taskId,
      kind: e.kind,
      attempt: e.attempt ?? null,
      errorCode: e.errorCode ?? null,
      message: e.message ?? null,
      actorId: e.actorId ?? null,
      detail: e.detail ?? null,
    })),
  );
}

/** A task's events, oldest first, with the acting admin's e-mail (uses task_events_task_idx). */
export async function listTaskEvents(db: Db | Tx, { taskId }: { taskId: string }): Promise<TaskEventRow[]> {
  const rows = await db
    .select({ event: taskEvents, actorEmail: user.email })
    .from(taskEvents)
    .leftJoin(user, eq(user.id, taskEvents.actorId))
    .where(eq(taskEvents.taskId, taskId))
    .orderBy(asc(taskEvents.createdAt), asc(taskEvents.id));
  return rows.map((r) => ({ ...r.event, actorEmail: r.actorEmail }));
}
