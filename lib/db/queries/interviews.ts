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

/**
 * The interview if `ownerId` owns it, with its messages in order — one statement (the chat
 * turn's one read: the messages come back as one JSON array next to the row).
 * @returns undefined when there is no such interview or another person owns it.
 */
export async function getOwnedInterviewWithMessages(
  db: Db,
  { id, ownerId }: { id: string; ownerId: string },
): Promise<{ interview: InterviewRow; messages: InterviewMessageRow[] } | undefined> {
  const [row] = await db
    .select({
      interview: interviews,
      messages: sql<StoredMessageJson[]>`coalesce((
        select json_agg(json_build_object('id', m.id, 'seq', m.seq, 'role', m.role, 'kind', m.kind,
                        'questionId', m.question_id, 'text', m.text, 'createdAt', m.created_at) order by m.seq)
        from ${interviewMessages} m where m.interview_id = "interviews"."id"), '[]'::json)`,
    })
    .from(interviews)
    .where(and(eq(interviews.id, id), eq(interviews.ownerId, ownerId)))
    .limit(1);
  if (!row) return undefined;
  return { interview: row.interview, messages: row.messages.map((m) => ({ ...m, interviewId: id, createdAt: new Date(m.createdAt) })) };
}

/** A message as `json_build_object` returns it: timestamps are ISO strings. */
type StoredMessageJson = Omit<InterviewMessageRow, "interviewId" | "createdAt"> & { createdAt: string };

/** The statement that serializes a conversation's appends: a transaction-scoped advisory lock on the interview. */
const lockConversation = (tx: Tx, interviewId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`interview:${interviewId}`}, 0))`);

/**
 * Inserts message `m` as number `seq` — only while the conversation's last message is number
 * `seq - 1` — and touches the interview's `updated_at`: one statement. Call it holding
 * {@link lockConversation} (a statement after the lock sees every append committed before it).
 * @returns the stored row, or null when a message with this id already existed or the
 *   conversation's last message is not number `seq - 1`.
 */
async function insertMessageAt(tx: Tx, m: NewMessage, seq: number): Promise<InterviewMessageRow | null> {
  const rows = await tx.execute<{ created_at: string | Date }>(sql`
    with ins as (
      insert into ${interviewMessages} (id, interview_id, seq, role, kind, question_id, text)
      select ${m.id}, ${m.interviewId}::uuid, ${seq}::int, ${m.role}, ${m.kind}, ${m.questionId}, ${m.text}
      where (select coalesce(max(seq), 0) from ${interviewMessages} where interview_id = ${m.interviewId}) = ${seq - 1}
      on conflict do nothing
      returning created_at
    ), touch as (
      update ${interviews} set updated_at = now() where id = ${m.interviewId} and exists (select 1 from ins)
    )
    select created_at from ins`);
  const [row] = rows as unknown as { created_at: string | Date }[];
  return row ? { ...m, seq, createdAt: new Date(row.created_at) } : null;
}

type NewMessage = { interviewId: string; id: string; role: "user" | "assistant"; kind: string; questionId: string | null; text: string };

/**
 * Appends the candidate's message in one transaction: under the conversation's lock it reads the
 * messages, lets `check` refuse (what it throws rolls back, nothing stored) and name the message's
 * question, then inserts it unless its id is already stored (a resent answer writes nothing).
 * @param check sees the stored messages and whether this id is among them; returns the question id.
 * @returns the conversation after the append, and whether this call stored the message.
 */
export async function appendCandidateMessage(
  db: Db,
  m: Omit<NewMessage, "role" | "questionId">,
  check: (stored: InterviewMessageRow[], already: boolean) => string | null,
): Promise<{ messages: InterviewMessageRow[]; inserted: boolean }> {
  return db.transaction(async (tx) => {
    await lockConversation(tx, m.interviewId);
    const messages = await listMessages(tx, { interviewId: m.interviewId });
    const already = messages.some((x) => x.id === m.id);
    const questionId = check(messages, already);
    if (already) return { messages, inserted: false };
    const row = await insertMessageAt(tx, { ...m, role: "user", questionId }, (messages.at(-1)?.seq ?? 0) + 1);
    return row ? { messages: [...messages, row], inserted: true } : { messages, inserted: false };
  });
}

/**
 * Appends the interviewer's message right after message number `afterSeq` (0: first), inside
 * `tx` (e.g. the transaction that completes the turn's usage row), under the conversation's
 * lock. Stores nothing when the conversation has moved on since the turn was decided (another
 * tab's turn got in first) or the id is already stored.
 * @returns whether it was stored.
 */
export async function appendInterviewerMessage(tx: Tx, m: Omit<NewMessage, "role">, afterSeq: number): Promise<boolean> {
  await lockConversation(tx, m.interviewId);
  return (await insertMessageAt(tx, { ...m, role: "assistant" }, afterSeq + 1)) !== null;
}

/** {@link appendInterviewerMessage} in a transaction of its own. */
export async function appendInterviewerMessageAlone(db: Db, m: Omit<NewMessage, "role">, afterSeq: number): Promise<boolean> {
  return db.transaction((tx) => appendInterviewerMessage(tx, m, afterSeq));
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
