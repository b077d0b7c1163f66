import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { NewTask } from "@/lib/tasks/definitions";
import type { Db, Tx } from "../client";
import { analyses, applications, jobs, resumes, tasks } from "../schema";
import { insertTask, type TaskRow } from "./tasks";

export type JobRow = typeof jobs.$inferSelect;
/** A job with its skills task's status (null without one) and its applications per stage. */
export type JobWithStatus = JobRow & { skillsStatus: TaskRow["status"] | null; stageCounts: Record<string, number> };

/** The columns an edit of a job sets (`PATCH /api/jobs/{id}`); absent keys stay as they are. */
export type JobPatch = Partial<
  Pick<
    JobRow,
    | "title"
    | "description"
    | "requiredSkills"
    | "preferredSkills"
    | "skillsSource"
    | "skillsTaskId"
    | "seniority"
    | "location"
    | "language"
    | "status"
    | "weights"
  >
>;

/**
 * Creates a job of `organizationId` and, when given, its `job.skills` task in one transaction
 * (the outbox write; the caller submits the task after the commit).
 * @param skillsTask the task row to insert for the new job's id, or null (offline engine: no task).
 */
export async function createJob(
  db: Db,
  j: Pick<
    JobRow,
    "organizationId" | "createdBy" | "title" | "description" | "requiredSkills" | "preferredSkills" | "skillsSource" | "seniority" | "location" | "language"
  >,
  skillsTask: ((jobId: string) => NewTask) | null,
): Promise<{ job: JobRow; task: TaskRow | null }> {
  return db.transaction(async (tx) => {
    const [job] = await tx.insert(jobs).values(j).returning();
    if (!skillsTask) return { job, task: null };
    const task = await insertTask(tx, skillsTask(job.id));
    const [updated] = await tx.update(jobs).set({ skillsTaskId: task.id }).where(eq(jobs.id, job.id)).returning();
    return { job: updated, task };
  });
}

/** Applications per stage of each of `jobIds`, in one grouped query. */
async function stageCountsOf(db: Db, jobIds: string[]): Promise<Map<string, Record<string, number>>> {
  const out = new Map<string, Record<string, number>>(jobIds.map((id) => [id, {}]));
  if (jobIds.length === 0) return out;
  const rows = await db
    .select({ jobId: applications.jobId, stage: applications.stage, n: sql<number>`count(*)::int` })
    .from(applications)
    .where(inArray(applications.jobId, jobIds))
    .groupBy(applications.jobId, applications.stage);
  for (const r of rows) out.get(r.jobId)![r.stage] = r.n;
  return out;
}

/** The organisation's jobs, newest first, with their stage counts (two queries whatever the number of jobs). */
export async function listJobsForOrganization(db: Db, { organizationId, limit = 200 }: { organizationId: string; limit?: number }): Promise<JobWithStatus[]> {
  const rows = await db
    .select({ job: jobs, skillsStatus: tasks.status })
    .from(jobs)
    .leftJoin(tasks, eq(tasks.id, jobs.skillsTaskId))
    .where(eq(jobs.organizationId, organizationId))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
  const counts = await stageCountsOf(
    db,
    rows.map((r) => r.job.id),
  );
  return rows.map((r) => ({ ...r.job, skillsStatus: r.skillsStatus, stageCounts: counts.get(r.job.id)! }));
}

/** One job of `organizationId` with its skills task's status and stage counts; undefined when not theirs. */
export async function getJobForOrganization(db: Db, { id, organizationId }: { id: string; organizationId: string }): Promise<JobWithStatus | undefined> {
  const [row] = await db
    .select({ job: jobs, skillsStatus: tasks.status })
    .from(jobs)
    .leftJoin(tasks, eq(tasks.id, jobs.skillsTaskId))
    .where(and(eq(jobs.id, id), eq(jobs.organizationId, organizationId)))
    .limit(1);
  if (!row) return undefined;
  const counts = await stageCountsOf(db, [id]);
  return { ...row.job, skillsStatus: row.skillsStatus, stageCounts: counts.get(id)! };
}

/** A job by id alone, whoever's it is: the worker's `job.skills`, and a candidate naming an open job. */
export async function getJobById(db: Db, { id }: { id: string }): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

/** Applies `patch` to a job of `organizationId` (and bumps `updated_at`); undefined when not theirs. */
export async function updateJob(db: Db, { id, organizationId, patch }: { id: string; organizationId: string; patch: JobPatch }): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.organizationId, organizationId)))
    .returning();
  return row;
}

/**
 * Writes the model's skill lists (inside the `job.skills` task's completing transaction) unless
 * the recruiter edited the lists meanwhile (`skills_source = 'edited'` wins) or a newer task
 * replaced this one.
 * @returns whether the lists were written.
 */
export async function saveModelSkills(
  tx: Tx,
  s: { jobId: string; taskId: string; requiredSkills: string[]; preferredSkills: string[]; skillsSource: string },
): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({ requiredSkills: s.requiredSkills, preferredSkills: s.preferredSkills, skillsSource: s.skillsSource, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, s.jobId), eq(jobs.skillsTaskId, s.taskId), ne(jobs.skillsSource, "edited")))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * A resume of `organizationId` in job `jobId` (it has an application there), with its latest task
 * and that task's analysis — the same row as `getResumeForOwner`, for the organisation's reader.
 * Undefined when the job is not the organisation's or the resume is not in it.
 */
export async function getJobResume(db: Db, { organizationId, jobId, resumeId }: { organizationId: string; jobId: string; resumeId: string }) {
  const [row] = await db
    .select({ resume: resumes, task: tasks, analysis: analyses.result })
    .from(applications)
    .innerJoin(resumes, and(eq(resumes.id, applications.resumeId), eq(resumes.organizationId, organizationId)))
    .leftJoin(tasks, eq(tasks.id, resumes.taskId))
    .leftJoin(analyses, eq(analyses.taskId, resumes.taskId))
    .where(and(eq(applications.jobId, jobId), eq(applications.resumeId, resumeId), eq(applications.organizationId, organizationId)))
    .limit(1);
  return row;
}
