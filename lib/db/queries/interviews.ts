import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { NewTask } from "@/lib/tasks/definitions";
import type { Db, Tx } from "../client";
import { interviewMessages, interviewReports, interviews, tasks } from "../schema";
import { insertTask, type TaskRow } from "./tasks";

export type InterviewRow = typeof interviews.$inferSelect;
export type InterviewMessageRow = typeof interviewMessages.$inferSelect;

/**
 * Creates the interview and its plan task in one transaction (outbox write); the caller
 * XADDs after commit.
 * @param planTask the task row to insert for the new interview's id.
 * @param withinTransaction another write that must commit with the interview or not at all (an
 *   invitation recording the interview it created); what it throws rolls both back.
 */
export async function createInterview(
  db: Db,
  i: {
    ownerId: string;
    role: string;
    level: "junior" | "mid" | "senior";
    questionCount: number;
    language: "en" | "zh";
    resumeId: string | null;
    jobDescription: string | null;
    /** The knowledge base its questions are drawn from (the caller checked it is visible); absent: none. */
    knowledgeBaseId?: string | null;
  },
  planTask: (interviewId: string) => NewTask,
  withinTransaction?: (tx: Tx, interview: InterviewRow) => Promise<void>,
): Promise<{ interview: InterviewRow; task: TaskRow }> {
  return db.transaction(async (tx) => {
    const [interview] = await tx.insert(interviews).values(i).returning();
    await withinTransaction?.(tx, interview);
    const task = await insertTask(tx, planTask(interview.id));
    const [updated] = await tx.update(interviews).set({ planTaskId: task.id }).where(eq(interviews.id, interview.id)).returning();
    return { interview: updated, task };
  });
}

/** The interview row alone if `ownerId` owns it (the chat's hot path needs nothing else). */
export async function getOwnedInterviewRow(db: Db, { id, ownerId }: { id: string; ownerId: string }) {
  const [row] = await db
    .select()
    .from(interviews)
    .where(and(eq(interviews.id, id), eq(interviews.ownerId, ownerId)))
    .limit(1);
  return row;
}

export async function getInterviewById(db: Db, { id }: { id: string }) {
  const [row] = await db.select().from(interviews).where(eq(interviews.id, id)).limit(1);
  return row;
}

/** The interview if `ownerId` owns it, with its plan and evaluate tasks and latest report. */
export async function getInterviewForOwner(db: Db, { id, ownerId }: { id: string; ownerId: string }) {
  const [interview] = await db
    .select()
    .from(interviews)
    .where(and(eq(interviews.id, id), eq(interviews.ownerId, ownerId)))
    .limit(1);
  if (!interview) return undefined;
  const taskIds = [interview.planTaskId, interview.evaluateTaskId].filter((x): x is string => Boolean(x));
  const taskRows = taskIds.length ? await db.select().from(tasks).where(inArray(tasks.id, taskIds)) : [];
  const [report] = interview.evaluateTaskId
    ? await db.select().from(interviewReports).where(eq(interviewReports.taskId, interview.evaluateTaskId)).limit(1)
    : [];
  return {
    interview,
    planTask: taskRows.find((t) => t.id === interview.planTaskId),
    evaluateTask: taskRows.find((t) => t.id === interview.evaluateTaskId),
    report,
  };
}

/** The owner's interviews, newest first, with the latest report's score. */
export async function listInterviewsForOwner(db: Db, { ownerId, limit = 100 }: { ownerId: string; limit?: number }) {
  return db
    .select({
      id: interviews.id,
      role: interviews.role,
      level: interviews.level,
      language: interviews.language,
      questionCount: interviews.questionCount,
      createdAt: interviews.createdAt,
      endedAt: interviews.endedAt,
      overallScore: interviewReports.overallScore,
      evaluateStatus: tasks.status,
    })
    .from(interviews)
    .leftJoin(tasks, eq(tasks.id, interviews.evaluateTaskId))
    .leftJoin(interviewReports, eq(interviewReports.taskId, interviews.evaluateTaskId))
    .where(eq(interviews.ownerId, ownerId))
    .orderBy(desc(interviews.createdAt))
    .limit(limit);
}

export async function listMessages(db: Db | Tx, { interviewId }: { interviewId: string }): Promise<InterviewMessageRow[]> {
  return db.select().from(interviewMessages).where(eq(interviewMessages.interviewId, interviewId)).orderBy(interviewMessages.seq);
}

/**
 * Appends a message at the end of the conversation. Idempotent by message id (a retried
 * POST with the same UI message id writes nothing). A transaction-scoped advisory lock on the
 * interview orders concurrent appends.
 * @returns false when a message with this id already existed.
 */
export async function appendMessage(
  db: Db,
  m: { interviewId: string; id: string; role: "user" | "assistant"; kind: string; questionId: string | null; text: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`interview:${m.interviewId}`}, 0))`);
    const rows = await tx
      .insert(interviewMessages)
      .values({
        ...m,
        seq: sql`(select coalesce(max(seq), 0) + 1 from interview_messages where interview_id = ${m.interviewId})`,
      })
      .onConflictDoNothing()
      .returning({ id: interviewMessages.id });
    if (rows.length) await tx.update(interviews).set({ updatedAt: sql`now()` }).where(eq(interviews.id, m.interviewId));
    return rows.length === 1;
  });
}

/** Stores the plan (inside the plan task's completing transaction). */
export async function savePlan(tx: Tx, { interviewId, plan, engine }: { interviewId: string; plan: unknown; engine: string }) {
  await tx.update(interviews).set({ plan, planEngine: engine, updatedAt: sql`now()` }).where(eq(interviews.id, interviewId));
}

/**
 * Ends the interview and creates its evaluate task (`evaluateTask`, the row to insert), in one
 * transaction. Ending twice returns the existing task unless it FAILED (then a new one is made).
 */
export async function endInterview(
  db: Db,
  { id, ownerId, evaluateTask }: { id: string; ownerId: string; evaluateTask: () => NewTask },
): Promise<{ task: TaskRow; created: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const [interview] = await tx
      .select()
      .from(interviews)
      .where(and(eq(interviews.id, id), eq(interviews.ownerId, ownerId)))
      .for("update")
      .limit(1);
    if (!interview) return undefined;
    if (interview.evaluateTaskId) {
      const [existing] = await tx.select().from(tasks).where(eq(tasks.id, interview.evaluateTaskId));
      if (existing && existing.status !== "FAILED") return { task: existing, created: false };
    }
    const task = await insertTask(tx, evaluateTask());
    await tx
      .update(interviews)
      .set({ evaluateTaskId: task.id, endedAt: interview.endedAt ?? sql`now()`, updatedAt: sql`now()` })
      .where(eq(interviews.id, id));
    return { task, created: true };
  });
}

/** Writes the report of one evaluate task; a second write for the same task is a no-op. */
export async function saveReport(tx: Tx, r: { interviewId: string; taskId: string; engine: string; overallScore: number; report: unknown }) {
  await tx.insert(interviewReports).values(r).onConflictDoNothing({ target: interviewReports.taskId });
}
