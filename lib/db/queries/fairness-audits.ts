import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { NewTask } from "@/lib/tasks/definitions";
import type { Db, Tx } from "../client";
import { fairnessAudits, tasks } from "../schema";
import { insertTask, type TaskRow } from "./tasks";

export type FairnessAuditRow = typeof fairnessAudits.$inferSelect;

/**
 * The audit's outbox write: the audit row and its task in one transaction (the task's
 * payload names the audit, so the row comes first).
 * @param a.task the task row to insert for the new audit's id.
 * @returns null (and nothing written) when an audit of the job is still waiting or running.
 */
export async function createFairnessAudit(
  db: Db,
  a: { jobId: string; organizationId: string; createdBy: string; task: (auditId: string) => NewTask },
): Promise<{ audit: FairnessAuditRow; task: TaskRow } | null> {
  return db.transaction(async (tx) => {
    // One audit of a job at a time: two requests at once are ordered by the lock, and the second sees the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`fairness-audit:${a.jobId}`}, 0))`);
    const [open] = await tx
      .select({ id: fairnessAudits.id })
      .from(fairnessAudits)
      .innerJoin(tasks, eq(tasks.id, fairnessAudits.taskId))
      .where(and(eq(fairnessAudits.jobId, a.jobId), inArray(tasks.status, ["PENDING", "PROCESSING", "RETRYING"])))
      .limit(1);
    if (open) return null;
    const [audit] = await tx.insert(fairnessAudits).values({ jobId: a.jobId, organizationId: a.organizationId, createdBy: a.createdBy }).returning();
    const task = await insertTask(tx, a.task(audit.id));
    const [withTask] = await tx.update(fairnessAudits).set({ taskId: task.id }).where(eq(fairnessAudits.id, audit.id)).returning();
    return { audit: withTask, task };
  });
}

const withStatus = { audit: fairnessAudits, taskStatus: tasks.status };

/** Audit `id` of job `jobId` of organisation `organizationId`, with its task's status; undefined when not theirs. */
export async function getFairnessAudit(db: Db, { id, jobId, organizationId }: { id: string; jobId: string; organizationId: string }) {
  const [row] = await db
    .select(withStatus)
    .from(fairnessAudits)
    .leftJoin(tasks, eq(tasks.id, fairnessAudits.taskId))
    .where(and(eq(fairnessAudits.id, id), eq(fairnessAudits.jobId, jobId), eq(fairnessAudits.organizationId, organizationId)))
    .limit(1);
  return row;
}

/** Job `jobId`'s audits, newest first, with their tasks' status. */
export async function listFairnessAudits(db: Db, { jobId, organizationId, limit = 20 }: { jobId: string; organizationId: string; limit?: number }) {
  return db
    .select(withStatus)
    .from(fairnessAudits)
    .leftJoin(tasks, eq(tasks.id, fairnessAudits.taskId))
    .where(and(eq(fairnessAudits.jobId, jobId), eq(fairnessAudits.organizationId, organizationId)))
    .orderBy(desc(fairnessAudits.createdAt), desc(fairnessAudits.id))
    .limit(limit);
}

/** Audit `id` for the worker (the task's organisation is checked by the caller). */
export async function getFairnessAuditById(db: Db, { id }: { id: string }): Promise<FairnessAuditRow | undefined> {
  const [row] = await db.select().from(fairnessAudits).where(eq(fairnessAudits.id, id)).limit(1);
  return row;
}

/** Stores an audit's findings (inside the task's completing transaction). */
export async function saveFairnessAuditResult(tx: Tx, { id, result }: { id: string; result: unknown }): Promise<void> {
  await tx.update(fairnessAudits).set({ result }).where(eq(fairnessAudits.id, id));
}
