import type { getBatchProgress } from "@/lib/db/queries/batches";
import type { JobWithStatus } from "@/lib/db/queries/jobs";
import type { BatchBody, BatchItem, BatchUploadBody, JobBody, JobListBody, JobSummary } from "./contracts";
import { CRITERION_KEYS, type CriterionKey, DEFAULT_WEIGHTS } from "./ranking-contracts";

type BatchProgressRow = NonNullable<Awaited<ReturnType<typeof getBatchProgress>>>;

/**
 * Every criterion's weight for a job: its stored weights over the defaults (`DEFAULT_WEIGHTS`,
 * lib/jobs/ranking-contracts.ts); keys that are not criteria are dropped. The ranking reads
 * weights through this too.
 */
export function jobWeights(job: { weights: Record<string, number> | null }): Record<CriterionKey, number> {
  const out = { ...DEFAULT_WEIGHTS };
  for (const k of CRITERION_KEYS) {
    const w = job.weights?.[k];
    if (typeof w === "number" && Number.isFinite(w)) out[k] = w;
  }
  return out;
}

/** The body of `GET|PATCH /api/jobs/{id}` and `POST /api/jobs` (`jobBodySchema`). */
export function toJobBody(job: JobWithStatus): JobBody {
  return {
    id: job.id,
    title: job.title,
    description: job.description,
    requiredSkills: job.requiredSkills,
    preferredSkills: job.preferredSkills,
    skillsSource: job.skillsSource,
    skillsStatus: job.skillsStatus,
    seniority: job.seniority,
    location: job.location,
    language: job.language,
    status: job.status,
    weights: jobWeights(job),
    stageCounts: job.stageCounts,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}

function toJobSummary(job: JobWithStatus): JobSummary {
  return {
    id: job.id,
    title: job.title,
    status: job.status,
    seniority: job.seniority,
    location: job.location,
    createdAt: job.createdAt.toISOString(),
    stageCounts: job.stageCounts,
  };
}

/** The body of `GET /api/jobs`, in the order given (newest first). */
export function toJobListBody(jobs: JobWithStatus[]): JobListBody {
  return { items: jobs.map(toJobSummary) };
}

/**
 * The body of `POST /api/jobs/{id}/resumes` (`batchUploadBodySchema`): one item per file, in the
 * order received. When no file was accepted (`accepted: 0`, answered 422) it is also an error
 * answer like every other 4xx of the API: `code: "unprocessable:upload"` and a `message`, the
 * items saying why each file was refused.
 */
export function toBatchUploadBody(u: {
  batchId: string;
  items: BatchUploadBody["items"];
  accepted?: number;
}): BatchUploadBody | (BatchUploadBody & { code: "unprocessable:upload"; message: string }) {
  const body = { batchId: u.batchId, items: u.items };
  if (u.accepted !== 0) return body;
  return { code: "unprocessable:upload", message: "None of the files could be used; each one's reason is listed.", ...body };
}

/**
 * The body of `GET /api/batches/{id}` (`batchBodySchema`): the batch's resumes with their latest
 * task's status and, when it failed, the task's error code and message; then the files refused at
 * the door (`REFUSED`, their reason). `duplicates` = files that were the same bytes as a resume
 * already in the job (`fileCount` − resumes − refused): nothing new was analysed for them, and
 * their earlier resume is listed in the batch it came in.
 */
export function toBatchBody({ batch, jobTitle, items }: BatchProgressRow): BatchBody {
  const analysed: BatchItem[] = items.map((r) => ({
    fileName: r.fileName,
    resumeId: r.resumeId,
    taskId: r.taskId,
    status: r.status ?? "PENDING",
    error: r.errorCode && (r.status === "FAILED" || r.status === "TERMINATED_BY_POLICY") ? { code: r.errorCode, message: r.errorMessage ?? "" } : null,
  }));
  const refused: BatchItem[] = batch.refused.map((r) => ({ fileName: r.fileName, resumeId: null, taskId: null, status: "REFUSED", error: r.error }));
  const all = [...analysed, ...refused];
  const count = (statuses: string[]) => all.filter((i) => statuses.includes(i.status)).length;
  return {
    id: batch.id,
    jobId: batch.jobId,
    jobTitle,
    createdAt: batch.createdAt.toISOString(),
    fileCount: batch.fileCount,
    duplicates: Math.max(0, batch.fileCount - all.length),
    counts: {
      done: count(["COMPLETED"]),
      failed: count(["FAILED", "TERMINATED_BY_POLICY", "REFUSED"]),
      waiting: count(["PENDING", "PROCESSING", "RETRYING"]),
    },
    items: all,
  };
}
