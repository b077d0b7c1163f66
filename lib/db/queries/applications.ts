import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../client";
import { type ApplicationStage, analyses, applicationEvents, applications, reportShares, resumes, tasks, user } from "../schema";

export type ApplicationRow = typeof applications.$inferSelect;

/**
 * Adds resume `resumeId` to job `jobId` as an application (stage `new`) with its `created`
 * event, in one transaction. The same resume twice on one job returns the existing row
 * (`applications_job_resume_uq`).
 */
export async function insertApplication(
  db: Db | Tx,
  a: { jobId: string; organizationId: string; resumeId: string; source: "uploaded" | "applied"; candidateId?: string | null; actorId: string | null },
): Promise<ApplicationRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(applications)
      .values({ jobId: a.jobId, organizationId: a.organizationId, resumeId: a.resumeId, source: a.source, candidateId: a.candidateId ?? null })
      .onConflictDoNothing({ target: [applications.jobId, applications.resumeId] })
      .returning();
    if (!created) {
      const [existing] = await tx
        .select()
        .from(applications)
        .where(and(eq(applications.jobId, a.jobId), eq(applications.resumeId, a.resumeId)));
      return existing;
    }
    await tx.insert(applicationEvents).values({ applicationId: created.id, actorId: a.actorId, kind: "created", toStage: created.stage });
    return created;
  });
}

/**
 * The applications of job `jobId` (organisation-scoped), each with its resume's latest analysis
 * task status and, once it completed, the analysis (`analyses.result`, unchecked jsonb).
 */
export async function listApplicationsForRanking(db: Db, { jobId, organizationId }: { jobId: string; organizationId: string }) {
  return db
    .select({
      id: applications.id,
      resumeId: applications.resumeId,
      source: applications.source,
      stage: applications.stage,
      taskStatus: tasks.status,
      analysis: analyses.result,
    })
    .from(applications)
    .innerJoin(resumes, eq(resumes.id, applications.resumeId))
    .leftJoin(tasks, eq(tasks.id, resumes.taskId))
    .leftJoin(analyses, eq(analyses.taskId, resumes.taskId))
    .where(and(eq(applications.jobId, jobId), eq(applications.organizationId, organizationId)))
    .orderBy(asc(applications.createdAt), asc(applications.id));
}

/** Application `id` of organisation `organizationId` with its resume's file name and analysis; undefined when not theirs. */
export async function getApplicationForOrganization(db: Db, { id, organizationId }: { id: string; organizationId: string }) {
  const [row] = await db
    .select({ application: applications, fileName: resumes.fileName, analysis: analyses.result })
    .from(applications)
    .innerJoin(resumes, eq(resumes.id, applications.resumeId))
    .leftJoin(analyses, eq(analyses.taskId, resumes.taskId))
    .where(and(eq(applications.id, id), eq(applications.organizationId, organizationId)))
    .limit(1);
  return row;
}

/** Application `applicationId`'s history, oldest first, with the acting person's name. */
export async function listApplicationEvents(db: Db, { applicationId }: { applicationId: string }) {
  return db
    .select({
      kind: applicationEvents.kind,
      fromStage: applicationEvents.fromStage,
      toStage: applicationEvents.toStage,
      note: applicationEvents.note,
      actorName: user.name,
      createdAt: applicationEvents.createdAt,
    })
    .from(applicationEvents)
    .leftJoin(user, eq(user.id, applicationEvents.actorId))
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id));
}

/** Interviews `candidateId` shared with organisation `organizationId` for job `jobId` and has not withdrawn, oldest first. */
export async function listSharedInterviewIds(db: Db, s: { organizationId: string; jobId: string; candidateId: string }): Promise<string[]> {
  const rows = await db
    .select({ interviewId: reportShares.interviewId })
    .from(reportShares)
    .where(
      and(
        eq(reportShares.organizationId, s.organizationId),
        eq(reportShares.jobId, s.jobId),
        eq(reportShares.sharedBy, s.candidateId),
        isNull(reportShares.withdrawnAt),
      ),
    )
    .orderBy(asc(reportShares.createdAt));
  return rows.map((r) => r.interviewId);
}

/**
 * Moves application `id` to `stage` and/or adds a note, writing one history row per change, in
 * one transaction (the row locked, so two recruiters' moves are recorded in order). A note is
 * appended to `notes` (a blank line between notes).
 * @returns the updated row; undefined when it is not the organisation's.
 */
export async function updateApplication(
  db: Db,
  u: { id: string; organizationId: string; actorId: string; stage?: ApplicationStage; note?: string },
): Promise<ApplicationRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(applications)
      .where(and(eq(applications.id, u.id), eq(applications.organizationId, u.organizationId)))
      .for("update");
    if (!row) return undefined;
    // clock_timestamp(), not the transaction's now(): the stage row sorts before the note row written with it
    const at = sql`clock_timestamp()`;
    const events: PgInsertValue<typeof applicationEvents>[] = [];
    if (u.stage && u.stage !== row.stage)
      events.push({ applicationId: row.id, actorId: u.actorId, kind: "stage", fromStage: row.stage, toStage: u.stage, createdAt: at });
    if (u.note) events.push({ applicationId: row.id, actorId: u.actorId, kind: "note", note: u.note, createdAt: at });
    if (events.length === 0) return row;
    const [updated] = await tx
      .update(applications)
      .set({
        stage: u.stage ?? row.stage,
        notes: u.note ? (row.notes ? `${row.notes}\n\n${u.note}` : u.note) : row.notes,
        updatedAt: sql`now()`,
      })
      .where(eq(applications.id, row.id))
      .returning();
    await tx.insert(applicationEvents).values(events);
    return updated;
  });
}

/**
 * Moves applications `ids` of job `jobId` to `stage` in one transaction, one `stage` history
 * row for each that was elsewhere. All or nothing: when any id is not an application of that
 * job of the organisation, nothing changes.
 * @returns the number moved (already there: not counted); null when an id is not the job's.
 */
export async function moveApplications(
  db: Db,
  m: { jobId: string; organizationId: string; ids: string[]; stage: ApplicationStage; actorId: string },
): Promise<number | null> {
  const ids = [...new Set(m.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: applications.id, stage: applications.stage })
      .from(applications)
      .where(and(inArray(applications.id, ids), eq(applications.jobId, m.jobId), eq(applications.organizationId, m.organizationId)))
      .orderBy(asc(applications.id))
      .for("update");
    if (rows.length !== ids.length) return null;
    const moving = rows.filter((r) => r.stage !== m.stage);
    if (moving.length === 0) return 0;
    await tx
      .update(applications)
      .set({ stage: m.stage, updatedAt: sql`now()` })
      .where(
        inArray(
          applications.id,
          moving.map((r) => r.id),
        ),
      );
    await tx
      .insert(applicationEvents)
      .values(moving.map((r) => ({ applicationId: r.id, actorId: m.actorId, kind: "stage", fromStage: r.stage, toStage: m.stage })));
    return moving.length;
  });
}
