import { and, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { NewTask } from "@/lib/tasks/definitions";
import type { Db, Tx } from "../client";
import { analyses, files, resumeProfiles, resumes, tasks } from "../schema";
import { insertTask, type TaskRow } from "./tasks";

type ResumeRow = typeof resumes.$inferSelect;

/**
 * The upload's one short transaction (the outbox write): file bytes, resume row and its
 * PENDING task — or, when the same owner already sent the same bytes with the same job
 * description as a resume of their own (not one of an organisation) and that task did not
 * FAIL, the earlier resume and task (`duplicate`).
 * A FAILED earlier task gets a new task on the same resume. An advisory lock on the
 * dedupe key serialises concurrent identical uploads.
 * @param u.analysisTask the task row to insert for the resume (type, lane, payload: the caller's).
 */
export async function createResumeUpload(
  db: Db,
  u: {
    ownerId: string;
    fileName: string;
    mediaType: string;
    kind: "pdf" | "docx" | "text";
    bytes: Buffer;
    sha256: string;
    dedupeKey: string;
    jobDescription: string | null;
    analysisTask: (resumeId: string) => NewTask;
  },
): Promise<{ resume: ResumeRow; task: TaskRow; duplicate: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${u.ownerId}:${u.dedupeKey}`}, 0))`);
    const [earlier] = await tx
      .select({ resume: resumes, task: tasks })
      .from(resumes)
      .innerJoin(tasks, eq(tasks.id, resumes.taskId))
      .where(and(eq(resumes.ownerId, u.ownerId), isNull(resumes.organizationId), eq(resumes.dedupeKey, u.dedupeKey)))
      .orderBy(desc(resumes.createdAt))
      .limit(1);
    if (earlier && earlier.task.status !== "FAILED") return { ...earlier, duplicate: true };
    if (earlier) {
      const task = await newAnalysisTask(tx, earlier.resume, u.analysisTask);
      return { resume: { ...earlier.resume, taskId: task.id }, task, duplicate: false };
    }
    const [file] = await tx
      .insert(files)
      .values({
        ownerId: u.ownerId,
        fileName: u.fileName,
        mediaType: u.mediaType,
        kind: u.kind,
        sizeBytes: u.bytes.length,
        sha256: u.sha256,
        bytes: u.bytes,
      })
      .returning({ id: files.id });
    const [resume] = await tx
      .insert(resumes)
      .values({
        ownerId: u.ownerId,
        fileId: file.id,
        fileName: u.fileName,
        jobDescription: u.jobDescription,
        dedupeKey: u.dedupeKey,
      })
      .returning();
    const task = await newAnalysisTask(tx, resume, u.analysisTask);
    return { resume: { ...resume, taskId: task.id }, task, duplicate: false };
  });
}

async function newAnalysisTask(tx: Tx, resume: ResumeRow, analysisTask: (resumeId: string) => NewTask) {
  const task = await insertTask(tx, analysisTask(resume.id));
  await tx.update(resumes).set({ taskId: task.id }).where(eq(resumes.id, resume.id));
  return task;
}

/**
 * One personal resume of `ownerId` with its latest task and that task's analysis; undefined if
 * not theirs. A resume of an organisation (`organization_id` set) is never a person's own, even
 * for the recruiter who uploaded it: personal scope is `organization_id IS NULL`.
 */
export async function getResumeForOwner(db: Db, { id, ownerId }: { id: string; ownerId: string }) {
  const [row] = await db
    .select({ resume: resumes, task: tasks, analysis: analyses.result })
    .from(resumes)
    .leftJoin(tasks, eq(tasks.id, resumes.taskId))
    .leftJoin(analyses, eq(analyses.taskId, resumes.taskId))
    .where(and(eq(resumes.id, id), eq(resumes.ownerId, ownerId), isNull(resumes.organizationId)))
    .limit(1);
  return row;
}

/** Whether `ownerId` owns personal resume `id` (a page's not-found check: one index probe, no analysis read). */
export async function resumeExistsForOwner(db: Db, { id, ownerId }: { id: string; ownerId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: resumes.id })
    .from(resumes)
    .where(and(eq(resumes.id, id), eq(resumes.ownerId, ownerId), isNull(resumes.organizationId)))
    .limit(1);
  return Boolean(row);
}

/** The owner's personal resumes (not those of an organisation they uploaded), newest first, with status and score. */
export async function listResumesForOwner(db: Db, { ownerId, limit = 100 }: { ownerId: string; limit?: number }) {
  return db
    .select({
      id: resumes.id,
      fileName: resumes.fileName,
      createdAt: resumes.createdAt,
      language: resumes.language,
      taskId: resumes.taskId,
      status: tasks.status,
      overallScore: analyses.overallScore,
      engine: analyses.engine,
    })
    .from(resumes)
    .leftJoin(tasks, eq(tasks.id, resumes.taskId))
    .leftJoin(analyses, eq(analyses.taskId, resumes.taskId))
    .where(and(eq(resumes.ownerId, ownerId), isNull(resumes.organizationId)))
    .orderBy(desc(resumes.createdAt), desc(resumes.id))
    .limit(limit);
}

/** What the worker needs to analyse a resume: its text source and job description. */
export async function getResumeWithFile(db: Db, { id }: { id: string }) {
  const [row] = await db
    .select({ resume: resumes, file: files })
    .from(resumes)
    .innerJoin(files, eq(files.id, resumes.fileId))
    .where(eq(resumes.id, id))
    .limit(1);
  return row;
}

/**
 * Writes a task's analysis (inside the worker's completing transaction). The unique index on
 * task_id makes a second write for the same task a no-op.
 */
export async function saveAnalysis(
  tx: Tx,
  a: { resumeId: string; taskId: string; engine: string; promptVersion: string | null; overallScore: number; language: "en" | "zh"; result: unknown },
) {
  await tx
    .insert(analyses)
    .values({ resumeId: a.resumeId, taskId: a.taskId, engine: a.engine, promptVersion: a.promptVersion, overallScore: a.overallScore, result: a.result })
    .onConflictDoNothing({ target: analyses.taskId });
  await tx.update(resumes).set({ language: a.language }).where(eq(resumes.id, a.resumeId));
}

/** Records the detected language even when the analysis is refused. */
export async function setResumeLanguage(db: Db, { id, language }: { id: string; language: "en" | "zh" }) {
  await db.update(resumes).set({ language }).where(eq(resumes.id, id));
}

/**
 * Resumes of organisation `organizationId` among `ids`, with what identifies their content (the
 * file's SHA-256 and kind) but not the bytes; a resume of another organisation or a person's own is left out.
 */
export async function listOrganizationResumeFiles(db: Db, { organizationId, ids }: { organizationId: string; ids: string[] }) {
  if (ids.length === 0) return [];
  return db
    .select({ id: resumes.id, fileId: files.id, sha256: files.sha256, kind: files.kind, language: resumes.language })
    .from(resumes)
    .innerJoin(files, eq(files.id, resumes.fileId))
    .where(and(eq(resumes.organizationId, organizationId), inArray(resumes.id, ids)));
}

/** The bytes of file `id` (after {@link listOrganizationResumeFiles} checked whose it is). */
export async function getFileBytes(db: Db, { id }: { id: string }): Promise<Buffer | undefined> {
  const [row] = await db.select({ bytes: files.bytes }).from(files).where(eq(files.id, id)).limit(1);
  return row?.bytes;
}

/** The stored profiles of files `sha256s` at `version`, made at or after `since` (older ones are stale). */
export async function readResumeProfiles(db: Db, { sha256s, version, since }: { sha256s: string[]; version: number; since: Date }) {
  if (sha256s.length === 0) return [];
  return db
    .select({ sha256: resumeProfiles.sha256, language: resumeProfiles.language, profile: resumeProfiles.profile })
    .from(resumeProfiles)
    .where(and(inArray(resumeProfiles.sha256, sha256s), eq(resumeProfiles.version, version), gte(resumeProfiles.madeAt, since)));
}

/** Stores (or refreshes) a file's profile; the same file analysed twice keeps one row. */
export async function upsertResumeProfile(
  db: Db | Tx,
  p: { sha256: string; version: number; language: "en" | "zh"; profile: unknown; madeAt: Date },
): Promise<void> {
  await db
    .insert(resumeProfiles)
    .values(p)
    .onConflictDoUpdate({ target: [resumeProfiles.sha256, resumeProfiles.version], set: { language: p.language, profile: p.profile, madeAt: p.madeAt } });
}
