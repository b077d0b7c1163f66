import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { NewTask } from "@/lib/tasks/definitions";
import type { Db } from "../client";
import { applicationEvents, applications, files, jobs, organization, resumes, tasks } from "../schema";
import { insertTasks, type TaskRow } from "./tasks";

export type OpeningRow = Awaited<ReturnType<typeof listOpenJobs>>[number];

/** `created_at` at JavaScript's precision (ms): a cursor made from a `Date` must compare equal to its own row. */
const createdAtMs = sql`date_trunc('milliseconds', ${jobs.createdAt})`;

/**
 * Open jobs of every organisation, newest first, with `candidateId`'s latest application to each
 * (null when none). Keyset pagination on `(created_at in ms, id)`: pass the last row's pair as `after`.
 * @param limit rows to return (the caller bounds it).
 */
export async function listOpenJobs(
  db: Db,
  { candidateId, limit, after }: { candidateId: string; limit: number; after?: { createdAt: Date; id: string } | null },
) {
  const mine = db
    .selectDistinctOn([applications.jobId], {
      jobId: applications.jobId,
      id: applications.id,
      resumeId: applications.resumeId,
      createdAt: applications.createdAt,
    })
    .from(applications)
    .where(and(eq(applications.candidateId, candidateId), eq(applications.source, "applied")))
    .orderBy(applications.jobId, desc(applications.createdAt))
    .as("mine");
  return db
    .select({
      id: jobs.id,
      title: jobs.title,
      organizationName: organization.name,
      location: jobs.location,
      seniority: jobs.seniority,
      description: jobs.description,
      requiredSkills: jobs.requiredSkills,
      preferredSkills: jobs.preferredSkills,
      createdAt: jobs.createdAt,
      applicationId: mine.id,
      applicationResumeId: mine.resumeId,
      applicationCreatedAt: mine.createdAt,
    })
    .from(jobs)
    .innerJoin(organization, eq(organization.id, jobs.organizationId))
    .leftJoin(mine, eq(mine.jobId, jobs.id))
    .where(
      and(eq(jobs.status, "open"), after ? sql`(${createdAtMs}, ${jobs.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined),
    )
    .orderBy(desc(createdAtMs), desc(jobs.id))
    .limit(limit);
}

/** A job by id, whatever its organisation and status (an applicant's view: the caller checks `status`). */
export async function getJobById(db: Db, { id }: { id: string }) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

/**
 * `ownerId`'s own resume `id` (not one of an organisation) with its file's hash; undefined when it
 * is not theirs, is an organisation's copy, or is gone.
 */
export async function getPersonalResumeWithFile(db: Db, { id, ownerId }: { id: string; ownerId: string }) {
  const [row] = await db
    .select({ resume: resumes, sha256: files.sha256 })
    .from(resumes)
    .innerJoin(files, eq(files.id, resumes.fileId))
    .where(and(eq(resumes.id, id), eq(resumes.ownerId, ownerId), isNull(resumes.organizationId)))
    .limit(1);
  return row;
}

type ApplicationRow = typeof applications.$inferSelect;

/**
 * The application's one short transaction (the outbox write): a copy of the candidate's resume
 * for the job's organisation (same file, the job's description), its analysis task, the
 * `applications` row (source `applied`) and its `created` event. When the candidate already
 * applied to this job with the same file, the earlier application and its copy's task instead
 * (`duplicate`). An advisory lock on (job, candidate, file) serialises concurrent identical
 * applications.
 * @param a.analysisTask the task row to insert for the copy's id (type, lane, fair key: the caller's).
 */
export async function createApplicationCopy(
  db: Db,
  a: {
    job: { id: string; organizationId: string; description: string };
    candidateId: string;
    resume: { fileId: string; fileName: string; language: "en" | "zh" | null };
    dedupeKey: string;
    analysisTask: (resumeId: string) => NewTask;
  },
): Promise<{ application: ApplicationRow; resumeId: string; task: TaskRow; duplicate: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`apply:${a.job.id}:${a.candidateId}:${a.resume.fileId}`}, 0))`);
    const [earlier] = await tx
      .select({ application: applications, task: tasks })
      .from(applications)
      .innerJoin(resumes, eq(resumes.id, applications.resumeId))
      .innerJoin(tasks, eq(tasks.id, resumes.taskId))
      .where(and(eq(applications.jobId, a.job.id), eq(applications.candidateId, a.candidateId), eq(resumes.fileId, a.resume.fileId)))
      .limit(1);
    if (earlier) return { application: earlier.application, resumeId: earlier.application.resumeId, task: earlier.task, duplicate: true };
    const [copy] = await tx
      .insert(resumes)
      .values({
        ownerId: a.candidateId,
        organizationId: a.job.organizationId,
        fileId: a.resume.fileId,
        fileName: a.resume.fileName,
        jobDescription: a.job.description,
        dedupeKey: a.dedupeKey,
        language: a.resume.language,
      })
      .returning({ id: resumes.id });
    const [task] = await insertTasks(tx, [a.analysisTask(copy.id)]);
    await tx.update(resumes).set({ taskId: task.id }).where(eq(resumes.id, copy.id));
    const [application] = await tx
      .insert(applications)
      .values({ jobId: a.job.id, organizationId: a.job.organizationId, resumeId: copy.id, source: "applied", candidateId: a.candidateId })
      .returning();
    await tx.insert(applicationEvents).values({ applicationId: application.id, actorId: a.candidateId, kind: "created", toStage: application.stage });
    return { application, resumeId: copy.id, task, duplicate: false };
  });
}
