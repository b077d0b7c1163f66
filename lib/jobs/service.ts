/**
 * The jobs domain's commands: what route handlers and the worker's `job.skills` handler call.
 * Creating and editing a job (skills from the offline engine at once, refined by the model in a
 * task when one is configured), a bulk upload of resumes onto a job (the outbox write of the
 * organisation's resumes, applications and batch-lane analysis tasks), and reading a batch's
 * progress (docs/recruiting.md).
 */
import type Redis from "ioredis";
import { getLlmConfig } from "@/lib/ai/config";
import type { Db, Tx } from "@/lib/db/client";
import { type BatchFile, createBatchUpload, getBatchProgress, type RefusedFile } from "@/lib/db/queries/batches";
import {
  getJobById,
  getJobForOrganization,
  getJobResume,
  createJob as insertJob,
  type JobPatch,
  type JobWithStatus,
  listJobsForOrganization,
  saveModelSkills,
  updateJob as updateJobRow,
} from "@/lib/db/queries/jobs";
import { PanelistError } from "@/lib/errors";
import { withUsageScope } from "@/lib/finops/scope";
import type { Logger } from "@/lib/log";
import { submitFairTasks } from "@/lib/queue/fair-feeder";
import { submitTask } from "@/lib/queue/producer";
import { TaskError } from "@/lib/queue/task-error";
import { checkResumeFile, unpackUploads } from "@/lib/resume/service";
import type { TaskAttempt } from "@/lib/tasks/attempt";
import { newTask } from "@/lib/tasks/definitions";
import { isUuid } from "@/lib/tasks/ids";
import type { JOB_SENIORITY_VALUES } from "./contracts";
import { refineSkillsWithLlm } from "./llm/refine-with-llm";
import { CRITERION_KEYS, type CriterionKey } from "./ranking-contracts";
import { extractJobSkills, groundModelSkills } from "./skills";
import { jobWeights } from "./view";

type Deps = { db: Db; redis: Redis; log: Logger };
type Seniority = (typeof JOB_SENIORITY_VALUES)[number];

/** At most this many files per bulk upload, the entries of its ZIPs counted one by one (413 beyond). */
export const MAX_BATCH_FILES = 200;
/** At most this many bytes per bulk upload request (413 beyond, checked while the body streams in). */
export const MAX_BATCH_BYTES = 100 * 1024 * 1024;

/**
 * The seniority a title states, when the recruiter names none: lead (lead, principal, staff, head,
 * 负责人, 主管, 专家), senior (senior, sr., 资深, 高级), junior (junior, jr., entry-level, graduate,
 * intern, 初级, 应届, 实习); else null.
 */
export function seniorityFromTitle(title: string): Seniority | null {
  if (/\b(lead|principal|staff|head of)\b|负责人|主管|专家/i.test(title)) return "lead";
  if (/\b(senior|sr\.?)(?=\s|$)|资深|高级/i.test(title)) return "senior";
  if (/\b(junior|jr\.?|entry[- ]level|graduate|intern)(?=\s|$)|初级|应届|实习/i.test(title)) return "junior";
  return null;
}

/**
 * Creates a job of the recruiter's organisation. Its skills come from the offline engine at
 * once (lib/jobs/skills.ts); with a model configured (lib/ai/config.ts), a `job.skills` task
 * (interactive lane) is written in the same transaction and submitted after it to refine them.
 * @returns the job as stored, with `skillsStatus` (the task's, or null).
 */
export async function createJob(
  deps: Deps,
  j: { organizationId: string; createdBy: string; title: string; description: string; seniority?: Seniority | null; location?: string | null },
): Promise<JobWithStatus> {
  const skills = extractJobSkills(j.description);
  const withModel = getLlmConfig().mode !== "offline";
  const { job, task } = await insertJob(
    deps.db,
    {
      organizationId: j.organizationId,
      createdBy: j.createdBy,
      title: j.title,
      description: j.description,
      requiredSkills: skills.requiredSkills,
      preferredSkills: skills.preferredSkills,
      skillsSource: "offline",
      // Left out → read from the title; an explicit null means none.
      seniority: j.seniority !== undefined ? j.seniority : seniorityFromTitle(j.title),
      location: j.location || null,
      language: skills.language,
    },
    withModel ? (jobId) => newTask("job.skills", { ownerId: j.createdBy, organizationId: j.organizationId, payload: { jobId } }) : null,
  );
  if (task) await submitTask(deps, task);
  return { ...job, skillsStatus: task?.status ?? null, stageCounts: {} };
}

/** The organisation's jobs, newest first. */
export function listJobs(db: Db, scope: { organizationId: string }): Promise<JobWithStatus[]> {
  return listJobsForOrganization(db, scope);
}

/**
 * One job of the organisation.
 * @throws {PanelistError} 404 `not_found:job` when it is not theirs (or does not exist).
 */
export async function getJob(db: Db, { id, organizationId }: { id: string; organizationId: string }): Promise<JobWithStatus> {
  const job = await getJobForOrganization(db, { id, organizationId });
  if (!job) throw new PanelistError("not_found:job", "No such job.");
  return job;
}

/** What a recruiter may change on a job (`PATCH /api/jobs/{id}`). */
export type JobEdit = {
  title?: string;
  description?: string;
  requiredSkills?: string[];
  preferredSkills?: string[];
  seniority?: Seniority | null;
  location?: string | null;
  status?: "open" | "closed";
  weights?: Partial<Record<CriterionKey, number>>;
};

/**
 * Edits a job. Setting either skill list makes the lists the recruiter's (`skillsSource =
 * "edited"`): a model result arriving later leaves them alone. A new description without new
 * lists re-extracts them offline — unless they were edited — and detaches the running model task
 * (its late result would describe the old text). `weights` are merged over the job's current ones
 * (defaults filled in); the result must keep at least one weight above 0.
 * @throws {PanelistError} 404 `not_found:job`; 422 `unprocessable:api` (path `weights`) when every weight would be 0.
 */
export async function updateJob(db: Db, { id, organizationId, edit }: { id: string; organizationId: string; edit: JobEdit }): Promise<JobWithStatus> {
  const current = await getJob(db, { id, organizationId });
  const patch: JobPatch = {};
  if (edit.title !== undefined) patch.title = edit.title;
  if (edit.description !== undefined) patch.description = edit.description;
  if (edit.seniority !== undefined) patch.seniority = edit.seniority;
  if (edit.location !== undefined) patch.location = edit.location || null;
  if (edit.status !== undefined) patch.status = edit.status;
  if (edit.requiredSkills !== undefined || edit.preferredSkills !== undefined) {
    const required = dedupe(edit.requiredSkills ?? current.requiredSkills);
    const requiredKeys = new Set(required.map((s) => s.toLowerCase()));
    patch.requiredSkills = required;
    patch.preferredSkills = dedupe(edit.preferredSkills ?? current.preferredSkills).filter((s) => !requiredKeys.has(s.toLowerCase()));
    patch.skillsSource = "edited";
  } else if (edit.description !== undefined && edit.description !== current.description) {
    const skills = extractJobSkills(edit.description);
    patch.language = skills.language;
    patch.skillsTaskId = null;
    if (current.skillsSource !== "edited") {
      patch.requiredSkills = skills.requiredSkills;
      patch.preferredSkills = skills.preferredSkills;
      patch.skillsSource = "offline";
    }
  }
  if (edit.weights) {
    const weights = { ...jobWeights(current), ...edit.weights };
    if (!CRITERION_KEYS.some((k) => weights[k] > 0)) {
      throw new PanelistError("unprocessable:api", "The request has invalid fields.", {
        issues: [{ path: "weights", message: "At least one weight must be above 0." }],
      });
    }
    patch.weights = weights;
  }
  await updateJobRow(db, { id, organizationId, patch });
  return getJob(db, { id, organizationId });
}

/** Trimmed, non-empty, each once (case aside), in the order given. */
function dedupe(names: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const n of names.map((x) => x.replace(/\s+/g, " ").trim())) {
    if (!n || seen.has(n.toLowerCase())) continue;
    seen.add(n.toLowerCase());
    out.push(n);
  }
  return out;
}

/**
 * The `job.skills` task's work: the job's description (and the offline lists as a hint) → the
 * model's required and preferred skills, grounded in the description (lib/jobs/skills.ts
 * `groundModelSkills`), under the task's usage scope (feature `job.skills`, the organisation).
 * Skipped without a call when the recruiter already edited the lists.
 * @returns the write that stores the lists (unless edited meanwhile: `saveModelSkills`), to run
 *   in the task's completing transaction; a no-op when the model's lists ground to nothing.
 * @throws {TaskError} policy `not_found` when the job is gone or is not the task's organisation's;
 *   the LLM layer's `LlmError`.
 */
export async function refineJobSkills(deps: { db: Db }, t: TaskAttempt & { jobId: string }): Promise<(tx: Tx) => Promise<void>> {
  const job = await getJobById(deps.db, { id: t.jobId });
  if (!job || job.organizationId !== t.organizationId) throw TaskError.policy("not_found", "The job no longer exists.");
  const noop = async () => {};
  if (job.skillsSource === "edited" || job.skillsTaskId !== t.taskId) return noop;
  const config = getLlmConfig();
  if (config.mode === "offline") return noop;
  const scope = { db: deps.db, userId: t.ownerId, organizationId: t.organizationId, feature: "job.skills", taskId: t.taskId, attempt: t.attempt };
  const { output, model } = await withUsageScope(scope, () =>
    refineSkillsWithLlm(config, {
      description: job.description,
      requiredSkills: job.requiredSkills,
      preferredSkills: job.preferredSkills,
      abortSignal: t.signal,
      priority: t.lane,
      preferFallback: t.preferFallback,
    }),
  );
  const grounded = groundModelSkills(job.description, { required: output.required.skills, preferred: output.preferred.skills });
  if (grounded.requiredSkills.length === 0 && grounded.preferredSkills.length === 0) return noop;
  return async (tx) => {
    await saveModelSkills(tx, { jobId: job.id, taskId: t.taskId, ...grounded, skillsSource: model });
  };
}

/** One file's answer in a bulk upload's body. */
export type BatchUploadItem =
  | { fileName: string; resumeId: string; taskId: string; applicationId: string; duplicate: boolean }
  | { fileName: string; error: { code: string; message: string } };

/**
 * A bulk upload onto an open job of the organisation: ZIPs unpacked (lib/resume `unpackUploads`),
 * every file checked like a single upload (`checkResumeFile`: the same codes), then in one
 * transaction the batch (with the refused files), and for each accepted file a resume **of the
 * organisation** (the job's description as its job description), its application and a
 * `resume.analyze` task on the **batch lane** with the organisation as its fair key — the same
 * bytes already in this job are not analysed twice (`createBatchUpload`). After the commit the
 * new tasks go to `submitFairTasks` (lib/queue/fair-feeder.ts).
 * @returns the batch id, one item per file in the order received, and whether any was accepted.
 * `chargeAllowance`, when given, is called once with the files and bytes unpacked, before any
 * file is checked or row written; what it throws refuses the whole batch (the organisation's
 * daily allowance, docs/request-limits.md).
 * @throws {PanelistError} 404 `not_found:job`; 409 `conflict:job` when the job is closed;
 *   413 `payload_too_large:upload` over {@link MAX_BATCH_FILES} files (archives unpacked).
 */
export async function acceptBatchUpload(
  deps: Deps,
  u: {
    organizationId: string;
    uploaderId: string;
    jobId: string;
    files: { fileName: string; bytes: Buffer }[];
    chargeAllowance?: (received: { files: number; bytes: number }) => Promise<void>;
  },
): Promise<{ batchId: string; items: BatchUploadItem[]; accepted: number }> {
  const job = await getJob(deps.db, { id: u.jobId, organizationId: u.organizationId });
  if (job.status !== "open") throw new PanelistError("conflict:job", "This job is closed; reopen it to add resumes.");
  const unpacked = await unpackUploads(u.files);
  if (unpacked.length > MAX_BATCH_FILES)
    throw new PanelistError("payload_too_large:upload", `Send at most ${MAX_BATCH_FILES} files at once (archives count by their files).`);
  if (u.chargeAllowance) {
    const received = unpacked.flatMap((f) => ("bytes" in f ? [f.bytes.length] : []));
    await u.chargeAllowance({ files: received.length, bytes: received.reduce((a, b) => a + b, 0) });
  }

  const slots: ({ file: BatchFile } | { refused: RefusedFile })[] = [];
  for (const f of unpacked) {
    if ("error" in f) {
      slots.push({ refused: { fileName: f.fileName, error: f.error } });
      continue;
    }
    try {
      slots.push({ file: await checkResumeFile({ fileName: f.fileName, bytes: f.bytes, jobDescription: job.description }) });
    } catch (err) {
      if (!(err instanceof PanelistError)) throw err;
      slots.push({ refused: { fileName: f.fileName, error: { code: err.code, message: err.message } } });
    }
  }
  const accepted = slots.flatMap((s) => ("file" in s ? [s.file] : []));
  const refused = slots.flatMap((s) => ("refused" in s ? [s.refused] : []));
  const { batch, outcomes, newTasks } = await createBatchUpload(deps.db, {
    organizationId: u.organizationId,
    jobId: job.id,
    uploaderId: u.uploaderId,
    fileCount: slots.length,
    refused,
    files: accepted,
    analysisTask: (resumeId) =>
      newTask("resume.analyze", { ownerId: u.uploaderId, organizationId: u.organizationId, fairKey: u.organizationId, lane: "batch", payload: { resumeId } }),
  });
  if (newTasks.length) await submitFairTasks(deps, newTasks);
  let next = 0;
  const items = slots.map((s): BatchUploadItem => ("refused" in s ? s.refused : outcomes[next++]));
  return { batchId: batch.id, items, accepted: accepted.length };
}

/**
 * A batch's progress (`GET /api/batches/{id}`), read from the database alone (it survives a reload).
 * @throws {PanelistError} 404 `not_found:batch` when it is not the organisation's.
 */
export async function batchProgress(db: Db, { id, organizationId }: { id: string; organizationId: string }) {
  const progress = await getBatchProgress(db, { id, organizationId });
  if (!progress) throw new PanelistError("not_found:batch", "No such batch.");
  return progress;
}

/**
 * A resume of the organisation in one of its jobs, as `GET /api/resumes/{id}` shows a person's own.
 * @throws {PanelistError} 404 `not_found:resume` when the job is not theirs or the resume is not in it.
 */
export async function getJobResumeRow(db: Db, q: { organizationId: string; jobId: string; resumeId: string }) {
  const row = await getJobResume(db, q);
  if (!row) throw new PanelistError("not_found:resume", "No such resume in this job.");
  return row;
}

/**
 * The description of open job `jobId`, to analyse a candidate's own resume against it
 * (`POST /api/resumes` with `jobId`). Any organisation's open job: open jobs are offered to every candidate.
 * @throws {PanelistError} 404 `not_found:job`; 409 `conflict:job` when it is closed.
 */
export async function openJobDescription(db: Db, { jobId }: { jobId: string }): Promise<string> {
  const job = isUuid(jobId) ? await getJobById(db, { id: jobId }) : undefined;
  if (!job) throw new PanelistError("not_found:job", "No such job.");
  if (job.status !== "open") throw new PanelistError("conflict:job", "This job is closed.");
  return job.description;
}
