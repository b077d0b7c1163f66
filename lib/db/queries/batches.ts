import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { NewTask } from "@/lib/tasks/definitions";
import type { Db } from "../client";
import { applicationEvents, applications, batches, files, jobs, resumes, tasks } from "../schema";
import { insertTasks, type TaskRow } from "./tasks";

export type BatchRow = typeof batches.$inferSelect;
export type RefusedFile = BatchRow["refused"][number];

/** A file of a bulk upload that passed its checks (lib/resume `checkResumeFile`). */
export type BatchFile = {
  fileName: string;
  mediaType: string;
  kind: "pdf" | "docx" | "text";
  bytes: Buffer;
  sha256: string;
  dedupeKey: string;
  jobDescription: string | null;
};

/** What became of one accepted file: a resume, its application and its analysis task. */
export type BatchFileOutcome = {
  fileName: string;
  resumeId: string;
  taskId: string;
  applicationId: string;
  /** The same bytes were already in this job (an earlier resume whose task did not FAIL): nothing new was made. */
  duplicate: boolean;
};

/**
 * A bulk upload's one transaction (the outbox write): the batch row (with the files refused at the
 * door), and for each accepted file a file, a resume **of the organisation** (`owner_id` the
 * uploader, `batch_id` this batch), an `applications` row (source `uploaded`, stage `new`) with its
 * `created` event, and a PENDING analysis task — in multi-row INSERTs.
 *
 * Duplicates: a file whose dedupe key matches a resume of this organisation already in this job
 * (or an earlier file of the same request) points to that resume, its latest task and its
 * application (`duplicate: true`) unless that task FAILED; then the resume gets a new task and
 * moves to this batch. Advisory locks on every `(organisation, dedupe key)` (taken in key order, so
 * two uploads cannot deadlock) serialise concurrent identical uploads, as the single upload does.
 * @param b.analysisTask the task row to insert for a resume id.
 * @returns the batch, each accepted file's outcome in input order, and the new tasks to submit.
 */
export async function createBatchUpload(
  db: Db,
  b: {
    organizationId: string;
    jobId: string;
    uploaderId: string;
    fileCount: number;
    refused: RefusedFile[];
    files: BatchFile[];
    analysisTask: (resumeId: string) => NewTask;
  },
): Promise<{ batch: BatchRow; outcomes: BatchFileOutcome[]; newTasks: TaskRow[] }> {
  return db.transaction(async (tx) => {
    const keys = [...new Set(b.files.map((f) => f.dedupeKey))].sort();
    if (keys.length) {
      // One round trip; the sorted subquery feeds the locks in key order.
      const lockKeys = sql.join(
        keys.map((k) => sql`${`org:${b.organizationId}:${k}`}`),
        sql`, `,
      );
      await tx.execute(
        sql`select count(pg_advisory_xact_lock(hashtextextended(k, 0))) from (select k from unnest(array[${lockKeys}]::text[]) as k order by k) as sorted`,
      );
    }
    const [batch] = await tx
      .insert(batches)
      .values({ organizationId: b.organizationId, jobId: b.jobId, createdBy: b.uploaderId, fileCount: b.fileCount, refused: b.refused })
      .returning();

    const earlierRows = keys.length
      ? await tx
          .select({ resumeId: resumes.id, dedupeKey: resumes.dedupeKey, taskId: resumes.taskId, status: tasks.status, applicationId: applications.id })
          .from(resumes)
          .innerJoin(applications, and(eq(applications.resumeId, resumes.id), eq(applications.jobId, b.jobId)))
          .leftJoin(tasks, eq(tasks.id, resumes.taskId))
          .where(and(eq(resumes.organizationId, b.organizationId), inArray(resumes.dedupeKey, keys)))
          .orderBy(desc(resumes.createdAt))
      : [];
    const earlier = new Map<string, (typeof earlierRows)[number]>();
    for (const r of earlierRows) if (!earlier.has(r.dedupeKey)) earlier.set(r.dedupeKey, r);

    const newFiles: (typeof files.$inferInsert)[] = [];
    const newResumes: (typeof resumes.$inferInsert)[] = [];
    const newApplications: (typeof applications.$inferInsert)[] = [];
    /** Resumes that get a task in this batch (new ones, and earlier ones whose task FAILED). */
    const analysed: string[] = [];
    const retried: string[] = [];
    type Pending = { fileName: string; resumeId: string; applicationId: string; taskId: string | null; duplicate: boolean };
    const pending: Pending[] = [];
    const thisRequest = new Map<string, Pending>();

    for (const f of b.files) {
      const seen = thisRequest.get(f.dedupeKey);
      if (seen) {
        pending.push({ ...seen, fileName: f.fileName, duplicate: true });
        continue;
      }
      const before = earlier.get(f.dedupeKey);
      let item: Pending;
      if (before && before.status !== "FAILED" && before.taskId) {
        item = { fileName: f.fileName, resumeId: before.resumeId, applicationId: before.applicationId, taskId: before.taskId, duplicate: true };
      } else if (before) {
        retried.push(before.resumeId);
        analysed.push(before.resumeId);
        item = { fileName: f.fileName, resumeId: before.resumeId, applicationId: before.applicationId, taskId: null, duplicate: false };
      } else {
        const fileId = randomUUID();
        const resumeId = randomUUID();
        const applicationId = randomUUID();
        newFiles.push({
          id: fileId,
          ownerId: b.uploaderId,
          fileName: f.fileName,
          mediaType: f.mediaType,
          kind: f.kind,
          sizeBytes: f.bytes.length,
          sha256: f.sha256,
          bytes: f.bytes,
        });
        newResumes.push({
          id: resumeId,
          ownerId: b.uploaderId,
          organizationId: b.organizationId,
          batchId: batch.id,
          fileId,
          fileName: f.fileName,
          jobDescription: f.jobDescription,
          dedupeKey: f.dedupeKey,
        });
        newApplications.push({ id: applicationId, jobId: b.jobId, organizationId: b.organizationId, resumeId, source: "uploaded", stage: "new" });
        analysed.push(resumeId);
        item = { fileName: f.fileName, resumeId, applicationId, taskId: null, duplicate: false };
      }
      thisRequest.set(f.dedupeKey, item);
      pending.push(item);
    }

    if (newFiles.length) await tx.insert(files).values(newFiles);
    if (newResumes.length) await tx.insert(resumes).values(newResumes);
    if (newApplications.length) {
      await tx.insert(applications).values(newApplications);
      await tx.insert(applicationEvents).values(newApplications.map((a) => ({ applicationId: a.id!, actorId: b.uploaderId, kind: "created", toStage: "new" })));
    }
    if (retried.length) await tx.update(resumes).set({ batchId: batch.id }).where(inArray(resumes.id, retried));
    const newTasks = await insertTasks(tx, analysed.map(b.analysisTask));
    const taskOf = new Map(analysed.map((resumeId, i) => [resumeId, newTasks[i].id]));
    if (newTasks.length) {
      const values = sql.join(
        analysed.map((resumeId, i) => sql`(${resumeId}::uuid, ${newTasks[i].id}::uuid)`),
        sql`, `,
      );
      await tx.execute(sql`update ${resumes} set task_id = v.task_id from (values ${values}) as v(id, task_id) where ${resumes.id} = v.id`);
    }
    const outcomes = pending.map((p) => ({
      fileName: p.fileName,
      resumeId: p.resumeId,
      applicationId: p.applicationId,
      taskId: p.taskId ?? taskOf.get(p.resumeId)!,
      duplicate: p.duplicate,
    }));
    return { batch, outcomes, newTasks };
  });
}

/**
 * A batch of `organizationId` with its job's title and every resume of it (by file name: the
 * resumes of one upload share their creation time) with its latest task's status and error, in
 * one query (a batch of 200 files is 200 rows of one join); the files refused at the door are in
 * the batch row. Undefined when the batch is not theirs.
 */
export async function getBatchProgress(db: Db, { id, organizationId }: { id: string; organizationId: string }) {
  const rows = await db
    .select({
      batch: batches,
      jobTitle: jobs.title,
      resumeId: resumes.id,
      fileName: resumes.fileName,
      taskId: tasks.id,
      status: tasks.status,
      errorCode: tasks.errorCode,
      errorMessage: tasks.errorMessage,
    })
    .from(batches)
    .innerJoin(jobs, eq(jobs.id, batches.jobId))
    .leftJoin(resumes, eq(resumes.batchId, batches.id))
    .leftJoin(tasks, eq(tasks.id, resumes.taskId))
    .where(and(eq(batches.id, id), eq(batches.organizationId, organizationId)))
    .orderBy(asc(resumes.fileName), asc(resumes.id));
  if (rows.length === 0) return undefined;
  const { batch, jobTitle } = rows[0];
  const items = rows.flatMap((r) =>
    r.resumeId && r.fileName
      ? [{ resumeId: r.resumeId, fileName: r.fileName, taskId: r.taskId, status: r.status, errorCode: r.errorCode, errorMessage: r.errorMessage }]
      : [],
  );
  return { batch, jobTitle, items };
}
