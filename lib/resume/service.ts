/**
 * The resume domain's commands: what route handlers and the worker's `resume.analyze` handler
 * call. Accepting an upload (checks, the outbox write, submission), analysing an uploaded
 * resume (extraction, the engine, usage rows), and reading a resume's text for another domain
 * (an interview plan grounded in the resume).
 */
import { createHash } from "node:crypto";
import type Redis from "ioredis";
import type { Db, Tx } from "@/lib/db/client";
import { getResumeForReader, type ReportReader } from "@/lib/db/queries/report-access";
import {
  createResumeUpload,
  getFileBytes,
  getResumeWithFile,
  listOrganizationResumeFiles,
  readResumeProfiles,
  saveAnalysis,
  setResumeLanguage,
  upsertResumeProfile,
} from "@/lib/db/queries/resumes";
import { countOpenInteractiveTasks } from "@/lib/db/queries/tasks";
import { PanelistError } from "@/lib/errors";
import { type UsageScope, withUsageScope } from "@/lib/finops/scope";
import type { Logger } from "@/lib/log";
import { submitTask } from "@/lib/queue/producer";
import { TaskError } from "@/lib/queue/task-error";
import type { TaskAttempt } from "@/lib/tasks/attempt";
import { newTask } from "@/lib/tasks/definitions";
import type { Analysis } from "./analysis-schema";
import type { ResumeBody } from "./contracts";
import { analyzeResume } from "./engine";
import { extractResumeText } from "./extract";
import { type ArchiveRefusal, isArchive, newUnpackBudget, unpackArchive } from "./extract/archive";
import { detectResumeKind, unsupportedReason } from "./extract/detect-type";
import { screenResumeInput } from "./integrity/screen";
import { type ResumeProfile, resumeProfile } from "./offline/profile";
import { toResumeBody } from "./view";

/**
 * Interactive tasks one owner may have open before further uploads go to the batch lane: a
 * person uploading a few files waits for none of them behind anyone's bulk work, and a client
 * that posts many at once becomes bulk work itself (docs/architecture.md, "Lanes": bulk → batch).
 */
export const INTERACTIVE_OPEN_PER_OWNER = 3;

/** 10 MiB: the upload limit (README, "API"); larger files answer 413. */
export const MAX_RESUME_BYTES = 10 * 1024 * 1024;
/** A job description longer than this is not a job description. */
export const MAX_JOB_DESCRIPTION_CHARS = 50_000;

/** The lane of an upload that names none: interactive, unless the owner already has {@link INTERACTIVE_OPEN_PER_OWNER} open there. */
async function laneFor(db: Db, ownerId: string): Promise<"interactive" | "batch"> {
  const open = await countOpenInteractiveTasks(db, { ownerId, upTo: INTERACTIVE_OPEN_PER_OWNER });
  return open >= INTERACTIVE_OPEN_PER_OWNER ? "batch" : "interactive";
}

/** Whitespace-normalised job description; empty → null. */
function normalizeJobDescription(jd: string | null | undefined): string | null {
  const n = (jd ?? "").replace(/\s+/g, " ").trim();
  return n.length > 0 ? n : null;
}

/** SHA-256 hex of bytes. */
function sha256Hex(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** A resume file checked and keyed for the upload's transaction (`createResumeUpload`, a bulk upload's batch). */
export type CheckedResumeFile = {
  fileName: string;
  mediaType: string;
  kind: "pdf" | "docx" | "text";
  bytes: Buffer;
  sha256: string;
  /** The duplicate-upload key: SHA-256 of (file sha256, whitespace-normalised job description) (docs/architecture.md, "Data"). */
  dedupeKey: string;
  jobDescription: string | null;
};

/**
 * Checks one uploaded file from its bytes (size, type) and computes its duplicate key against
 * `jobDescription`. Pure: writes nothing.
 * @throws {PanelistError} 422 `unprocessable:upload` empty file; 413 `payload_too_large:upload`
 *   over {@link MAX_RESUME_BYTES}; 415 `unsupported_media_type:upload` not PDF/DOCX/UTF-8 text,
 *   with the precise reason where the bytes tell one (password-protected .docx, old .doc, an image…).
 */
export async function checkResumeFile(u: { fileName: string; bytes: Buffer; jobDescription: string | null }): Promise<CheckedResumeFile> {
  if (u.bytes.length === 0) throw new PanelistError("unprocessable:upload", "The file is empty.");
  if (u.bytes.length > MAX_RESUME_BYTES) {
    throw new PanelistError("payload_too_large:upload", "The file is larger than 10 MB.");
  }
  const detected = await detectResumeKind(u.bytes);
  if (!detected) throw new PanelistError("unsupported_media_type:upload", unsupportedReason(u.bytes));
  const jobDescription = u.jobDescription?.trim() ? u.jobDescription.trim() : null;
  const sha256 = sha256Hex(u.bytes);
  return {
    fileName: sanitizeFileName(u.fileName),
    mediaType: detected.mediaType,
    kind: detected.kind,
    bytes: u.bytes,
    sha256,
    dedupeKey: sha256Hex(`${sha256}\n${normalizeJobDescription(jobDescription) ?? ""}`),
    jobDescription,
  };
}

/** One file of a bulk upload after unpacking: its bytes, or why it was refused before any check of its own. */
export type UploadedFile = { fileName: string; bytes: Buffer } | { fileName: string; error: { code: ArchiveRefusal["code"]; message: string } };

/**
 * The files of a bulk upload with every ZIP archive among them replaced by its entries
 * (lib/resume/extract/archive.ts: entry count, unpacked size and compression ratio checked as
 * for a DOCX; nested archives, encrypted, oversized or damaged entries refused one by one). An
 * archive refused as a whole (damaged, too many files, too large unpacked) is one refused file
 * under its own name. The request's files and unpacked bytes are one allowance (200 files, 100 MB)
 * shared by all its archives and loose files, so the memory a request can make the web process
 * hold is bounded by the request, not by each archive. Other files pass unchanged, for
 * {@link checkResumeFile}; every name is cleaned as an upload's (its last path segment, no control
 * or bidirectional-override characters, at most 200 characters).
 */
export async function unpackUploads(files: { fileName: string; bytes: Buffer }[]): Promise<UploadedFile[]> {
  const out: UploadedFile[] = [];
  // One allowance for the whole request, loose files included: many archives share it.
  const budget = newUnpackBudget();
  for (const f of files) {
    const detected = f.bytes.length > 0 ? await detectResumeKind(f.bytes) : null;
    if (!isArchive(f.bytes, detected?.mediaType ?? null)) {
      budget.files -= 1;
      budget.bytes -= f.bytes.length;
      out.push({ fileName: sanitizeFileName(f.fileName), bytes: f.bytes });
      continue;
    }
    const unpacked = unpackArchive(f.bytes, MAX_RESUME_BYTES, budget);
    if (!unpacked.ok) {
      out.push({ fileName: sanitizeFileName(f.fileName), error: unpacked.refusal });
      continue;
    }
    for (const e of unpacked.entries) {
      out.push("refusal" in e ? { fileName: sanitizeFileName(e.fileName), error: e.refusal } : { fileName: sanitizeFileName(e.fileName), bytes: e.bytes });
    }
  }
  return out;
}

/**
 * Accepts one uploaded resume: checks size and type from the bytes ({@link checkResumeFile}),
 * writes file + resume + task in one transaction, then submits the task (`submitTask`: a failed
 * XADD is logged and left to the relay).
 * Without an explicit `lane`, the task is interactive unless the owner already has
 * {@link INTERACTIVE_OPEN_PER_OWNER} interactive tasks open; then it is batch.
 *
 * @throws {PanelistError} as {@link checkResumeFile} throws.
 */
export async function acceptResumeUpload(
  deps: { db: Db; redis: Redis; log: Logger },
  u: {
    ownerId: string;
    fileName: string;
    bytes: Buffer;
    jobDescription: string | null;
    lane?: "interactive" | "batch";
    /** Already checked by lib/webhooks/url-policy; applies to a new task only (a duplicate keeps its own). */
    callbackUrl?: string | null;
  },
) {
  const file = await checkResumeFile(u);
  const lane = u.lane ?? (await laneFor(deps.db, u.ownerId));
  const { resume, task, duplicate } = await createResumeUpload(deps.db, {
    ...file,
    ownerId: u.ownerId,
    analysisTask: (resumeId) => newTask("resume.analyze", { ownerId: u.ownerId, payload: { resumeId }, lane, callbackUrl: u.callbackUrl }),
  });
  if (!duplicate) await submitTask(deps, task);
  return { resume, task, duplicate };
}

/**
 * The `resume.analyze` task's work: load the file → extract its text (a refusal ends the task
 * by policy) → record the language → analyse with the configured engine under the task's
 * usage scope (one usage row per model call, feature `resume.analyze`). Nothing is written in
 * a transaction here. An organisation's resume also gets its ranking profile made from the same
 * text and stored with the analysis ({@link readOrganizationResumeProfiles}), so a job's ranking
 * finds it without extracting the file again.
 * @returns the write that stores the analysis, to run in the task's completing transaction.
 * @throws {TaskError} policy `not_found` (no such resume of the task's owner, or of its organisation) or the
 *   extraction's refusal code; the engine's `LlmError` and errors as `analyzeResume` throws them.
 */
export async function analyseResume(deps: { db: Db }, t: TaskAttempt & { resumeId: string }): Promise<(tx: Tx) => Promise<void>> {
  const { db } = deps;
  const row = await getResumeWithFile(db, { id: t.resumeId });
  // A resume of an organisation is analysed for that organisation only (its uploader owns the task).
  if (!row || row.resume.ownerId !== t.ownerId || row.resume.organizationId !== t.organizationId) {
    throw TaskError.policy("not_found", "The resume no longer exists.");
  }

  const extracted = await extractResumeText({ bytes: new Uint8Array(row.file.bytes), kind: row.file.kind });
  if (!extracted.ok) throw TaskError.policy(extracted.code, extracted.message);
  await setResumeLanguage(db, { id: row.resume.id, language: extracted.language });
  const profile = row.resume.organizationId ? profileRow(row.file.sha256, extracted, new Date()) : null;

  const scope = usageScope(db, t, "resume.analyze");
  const { analysis, promptVersion } = await withUsageScope(scope, () =>
    analyzeResume({
      text: extracted.text,
      jobDescription: row.resume.jobDescription,
      language: extracted.language,
      hidden: extracted.hidden,
      signal: t.signal,
      priority: t.lane,
      preferFallback: t.preferFallback,
    }),
  );
  return async (tx) => {
    await saveAnalysis(tx, {
      resumeId: row.resume.id,
      taskId: t.taskId,
      engine: analysis.engine,
      promptVersion,
      overallScore: analysis.overallScore,
      language: analysis.language,
      result: analysis,
    });
    if (profile) await upsertResumeProfile(tx, profile);
  };
}

/** The usage scope of a task attempt's model calls (lib/finops/scope.ts). */
function usageScope(db: Db, t: TaskAttempt, feature: string): UsageScope {
  return { db, userId: t.ownerId, organizationId: t.organizationId, feature, taskId: t.taskId, attempt: t.attempt };
}

/**
 * The extracted text of `ownerId`'s own resume `resumeId`, for another domain to ground its work
 * in (an interview plan), screened as an analysis' is (lines addressed to an AI and the PDF's
 * invisible lines removed, lib/resume/integrity/screen.ts). Null when the resume is not the owner's personal one (a resume of an
 * organisation they uploaded is not theirs), is gone, or its file yields no usable text (the
 * caller goes on without it).
 */
export async function readResumeText(db: Db, { resumeId, ownerId }: { resumeId: string; ownerId: string }): Promise<string | null> {
  const row = await getResumeWithFile(db, { id: resumeId });
  if (!row || row.resume.ownerId !== ownerId || row.resume.organizationId !== null) return null;
  const extracted = await extractResumeText({ bytes: new Uint8Array(row.file.bytes), kind: row.file.kind });
  return extracted.ok ? screenResumeInput({ text: extracted.text, jobDescription: null, hidden: extracted.hidden }).text : null;
}

/**
 * The extracted texts of organisation `organizationId`'s resumes `resumeIds` (a fairness audit
 * re-scores them). A resume outside the organisation, gone, or whose file yields no usable text
 * is absent from the map.
 * @returns resume id → its text and language.
 */
export async function readOrganizationResumeTexts(
  db: Db,
  { organizationId, resumeIds }: { organizationId: string; resumeIds: string[] },
): Promise<Map<string, { text: string; language: "en" | "zh" }>> {
  const out = new Map<string, { text: string; language: "en" | "zh" }>();
  for (const r of await listOrganizationResumeFiles(db, { organizationId, ids: resumeIds })) {
    const extracted = await extractOf(db, r);
    // Screened as an analysis' text is, so a re-score never sees what the analysis did not.
    if (extracted)
      out.set(r.id, { text: screenResumeInput({ text: extracted.text, jobDescription: null, hidden: extracted.hidden }).text, language: extracted.language });
  }
  return out;
}

async function extractOf(
  db: Db,
  r: { fileId: string; kind: "pdf" | "docx" | "text" },
): Promise<{ text: string; language: "en" | "zh"; hidden?: string[] } | null> {
  const bytes = await getFileBytes(db, { id: r.fileId });
  if (!bytes) return null;
  const extracted = await extractResumeText({ bytes: new Uint8Array(bytes), kind: r.kind });
  return extracted.ok ? { text: extracted.text, language: extracted.language, hidden: extracted.hidden } : null;
}

/**
 * 30 days. A profile counts "Present" as of the day it was made, so one this old understates a
 * current role by at most a month (0.08 years of experience); older ones are made again.
 */
const PROFILE_MAX_AGE_MS = 30 * 86_400_000;
/** Bumped when {@link ResumeProfile} changes shape or meaning, so old stored profiles are not read. */
const PROFILE_VERSION = 1;

type StoredProfile = ResumeProfile & { language: "en" | "zh" };

/** The ranking profile of an extracted resume, made from its screened text (lines addressed to an AI and hidden PDF lines removed). */
function profileRow(sha256: string, extracted: { text: string; language: "en" | "zh"; hidden?: string[] }, now: Date) {
  const text = screenResumeInput({ text: extracted.text, jobDescription: null, hidden: extracted.hidden }).text;
  const profile: StoredProfile = { ...resumeProfile({ text, language: extracted.language, now }), language: extracted.language };
  return { sha256, version: PROFILE_VERSION, language: extracted.language, profile, madeAt: now };
}

/**
 * The offline profiles (`resumeProfile`: lines, roles, years, dictionary skills) of organisation
 * `organizationId`'s resumes `resumeIds`, for ranking them. A profile depends only on the file's
 * bytes, so it is stored in PostgreSQL by the file's SHA-256 (`resume_profiles`) — by the
 * analysis task of an organisation's resume, in its completing transaction, or here when one is
 * missing or older than {@link PROFILE_MAX_AGE_MS}: a ranking of 200 resumes reads 200 rows in
 * one query instead of extracting 200 files (docs/benchmarks.md, "Ranking"). Missing ones are
 * extracted one by one and stored.
 * A resume outside the organisation, or whose file yields no usable text, is absent.
 */
export async function readOrganizationResumeProfiles(
  deps: { db: Db },
  { organizationId, resumeIds, now = new Date() }: { organizationId: string; resumeIds: string[]; now?: Date },
): Promise<Map<string, StoredProfile>> {
  const files = await listOrganizationResumeFiles(deps.db, { organizationId, ids: resumeIds });
  const out = new Map<string, StoredProfile>();
  if (files.length === 0) return out;
  const stored = await readResumeProfiles(deps.db, {
    sha256s: [...new Set(files.map((f) => f.sha256))],
    version: PROFILE_VERSION,
    since: new Date(now.getTime() - PROFILE_MAX_AGE_MS),
  });
  const bySha = new Map(stored.map((r) => [r.sha256, r.profile as StoredProfile]));
  for (const f of files) {
    let profile = bySha.get(f.sha256);
    if (!profile) {
      const extracted = await extractOf(deps.db, f);
      if (!extracted) continue;
      const row = profileRow(f.sha256, extracted, now);
      await upsertResumeProfile(deps.db, row);
      profile = row.profile;
      bySha.set(f.sha256, profile);
    }
    out.set(f.id, profile);
  }
  return out;
}

/**
 * Analyses a text that is not an uploaded file (a fairness audit's counterfactual resume) with
 * the configured engine — the same one `resume.analyze` uses — under the task attempt's usage
 * scope (`feature` names it on the usage rows).
 * @throws as `analyzeResume` throws (`LlmError` from the model).
 */
export async function analyseResumeText(
  deps: { db: Db },
  t: TaskAttempt & { text: string; jobDescription: string | null; language: "en" | "zh"; feature: string },
): Promise<Analysis> {
  const { analysis } = await withUsageScope(usageScope(deps.db, t, t.feature), () =>
    analyzeResume({
      text: t.text,
      jobDescription: t.jobDescription,
      language: t.language,
      signal: t.signal,
      priority: t.lane,
      preferFallback: t.preferFallback,
    }),
  );
  return analysis;
}

/**
 * Resume `id` with its finished analysis, for its report (the PDF): the body of
 * `GET /api/resumes/id` for a reader who owns the personal resume or reads it as a member
 * of the organisation it belongs to (`reader.organizationId`, docs/recruiting.md "Reports as PDF").
 * @throws {PanelistError} 404 `not_found:resume` when the reader may not see it (or it does not
 *   exist); 409 `conflict:resume` while its analysis is not there (not COMPLETED yet, or failed).
 */
export async function readResumeReport(db: Db, { id, ...reader }: { id: string } & ReportReader): Promise<ResumeBody & { analysis: Analysis }> {
  const row = await getResumeForReader(db, { id, ...reader });
  if (!row) throw new PanelistError("not_found:resume", "No such resume.");
  const body = toResumeBody(row);
  if (!body.analysis) throw new PanelistError("conflict:resume", "This resume has no analysis yet: its report exists once the analysis is done.");
  return { ...body, analysis: body.analysis };
}

/**
 * An uploaded file's name as stored and shown: its last path segment, without control or
 * bidirectional-override characters, at most 200 characters; `fallback` when nothing is left.
 */
export function sanitizeFileName(name: string, fallback = "resume"): string {
  const base = name.split(/[\\/]/).pop() ?? fallback;
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it strips from the file name
    .replace(/[\u0000-\u001f\u007f]/g, "")
    // Bidirectional overrides and isolates would let "cv\u202Efdp.exe" display as "cvexe.pdf" (Unicode TR #9).
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim()
    .slice(0, 200);
  return clean || fallback;
}
