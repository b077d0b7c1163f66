import { z } from "zod";
import {
  type ApplicationStageValue,
  type BatchUploadBody,
  batchBodySchema,
  batchUploadBodySchema,
  type JOB_SENIORITY_VALUES,
  type JobBody,
  jobBodySchema,
  jobListBodySchema,
} from "@/lib/jobs/contracts";
import { applicationBodySchema, fairnessAuditBodySchema, rankingBodySchema } from "@/lib/jobs/ranking-contracts";
import { sharedReportListBodySchema } from "@/lib/jobs/sharing-contracts";
import { resumeBodySchema } from "@/lib/resume/contracts";
import { checked, requestJson, toApiError } from "../tasks/api";

/** Query keys of the recruiter workspace: one per endpoint, so a mutation invalidates exactly what it changed. */
export const jobKeys = {
  all: ["jobs"] as const,
  detail: (id: string) => ["jobs", id] as const,
  ranking: (id: string, filters?: RankingFilters) => (filters ? (["jobs", id, "ranking", filters] as const) : (["jobs", id, "ranking"] as const)),
  audit: (id: string) => ["jobs", id, "fairness-audit"] as const,
  resume: (jobId: string, resumeId: string) => ["jobs", jobId, "resumes", resumeId] as const,
  batch: (id: string) => ["batches", id] as const,
  application: (id: string) => ["applications", id] as const,
  sharedReports: ["shared-reports"] as const,
};

const enc = encodeURIComponent;
type JobSeniority = (typeof JOB_SENIORITY_VALUES)[number];
const json = (body: unknown) => JSON.stringify(body);

/** `POST /api/jobs` input. */
export type NewJob = {
  title: string;
  description: string;
  requiredSkills?: string[];
  preferredSkills?: string[];
  seniority?: JobSeniority;
  location?: string;
  language?: "en" | "zh";
};

/** `PATCH /api/jobs/{id}`: any of these. */
export type JobPatch = Partial<{
  title: string;
  description: string;
  requiredSkills: string[];
  preferredSkills: string[];
  seniority: JobSeniority | null;
  location: string | null;
  status: "open" | "closed";
  weights: Record<string, number>;
}>;

/** The ranking's filters (`GET /api/jobs/{id}/ranking` query). */
export type RankingFilters = { blind: boolean; minFit?: number; skills?: string[]; stage?: ApplicationStageValue };

/** `?blind=…&minFit=…&skill=…&stage=…` for the ranking (and its CSV). */
export function rankingQuery(f: RankingFilters): string {
  const q = new URLSearchParams({ blind: String(f.blind) });
  if (f.minFit !== undefined && f.minFit > 0) q.set("minFit", String(f.minFit));
  for (const s of f.skills ?? []) q.append("skill", s);
  if (f.stage) q.set("stage", f.stage);
  return q.toString();
}

export const fetchJobs = (signal?: AbortSignal) => requestJson("/api/jobs", { signal }, jobListBodySchema);
export const fetchJob = (id: string, signal?: AbortSignal) => requestJson(`/api/jobs/${enc(id)}`, { signal }, jobBodySchema);
export const createJob = (body: NewJob): Promise<JobBody> => requestJson("/api/jobs", { method: "POST", body: json(body) }, jobBodySchema);
export const updateJob = (id: string, patch: JobPatch): Promise<JobBody> =>
  requestJson(`/api/jobs/${enc(id)}`, { method: "PATCH", body: json(patch) }, jobBodySchema);

export const fetchRanking = (id: string, f: RankingFilters, signal?: AbortSignal) =>
  requestJson(`/api/jobs/${enc(id)}/ranking?${rankingQuery(f)}`, { signal }, rankingBodySchema);
/** The CSV export's address (a plain link: the browser downloads it with the session cookie). */
export const rankingCsvHref = (id: string, f: RankingFilters) => `/api/jobs/${enc(id)}/ranking?${rankingQuery(f)}&format=csv`;
/** A resume analysis as PDF. */
export const resumePdfHref = (resumeId: string) => `/api/resumes/${enc(resumeId)}/report.pdf`;

export const fetchBatch = (id: string, signal?: AbortSignal) => requestJson(`/api/batches/${enc(id)}`, { signal }, batchBodySchema);
export const fetchApplication = (id: string, signal?: AbortSignal) => requestJson(`/api/applications/${enc(id)}`, { signal }, applicationBodySchema);
export const updateApplication = (id: string, patch: { stage?: ApplicationStageValue; note?: string }) =>
  requestJson(`/api/applications/${enc(id)}`, { method: "PATCH", body: json(patch) }, applicationBodySchema);
export const moveStage = (jobId: string, body: { applicationIds: string[]; stage: ApplicationStageValue }) =>
  requestJson<unknown>(`/api/jobs/${enc(jobId)}/stage`, { method: "POST", body: json(body) });
/** An organisation's resume of the job (the shape of `GET /api/resumes/{id}`). */
export const fetchJobResume = (jobId: string, resumeId: string, signal?: AbortSignal) =>
  requestJson(`/api/jobs/${enc(jobId)}/resumes/${enc(resumeId)}`, { signal }, resumeBodySchema);

const auditStartedSchema = z.object({ id: z.string(), taskId: z.string() });
export const startFairnessAudit = (jobId: string) => requestJson(`/api/jobs/${enc(jobId)}/fairness-audits`, { method: "POST" }, auditStartedSchema);
/** The interview reports candidates shared with the organisation (`GET /api/shared-reports`). */
export const fetchSharedReports = (signal?: AbortSignal) => requestJson("/api/shared-reports", { signal }, sharedReportListBodySchema);

const auditListSchema = z.object({ latest: fairnessAuditBodySchema.nullable() });
/** The job's latest audit (`GET /api/jobs/{id}/fairness-audits` → `latest`), or null when none ran yet. */
export const fetchLatestAudit = async (jobId: string, signal?: AbortSignal) =>
  (await requestJson(`/api/jobs/${enc(jobId)}/fairness-audits`, { signal }, auditListSchema)).latest;

/**
 * `POST /api/jobs/{id}/resumes` with the files as multipart `files`. Resolves with the body on
 * 202 and on 422 (every file refused: the same body, each item with its reason); rejects with an
 * {@link ApiError} for any other answer.
 * @returns the body and whether anything was accepted.
 */
export async function uploadJobResumes(jobId: string, files: File[]): Promise<{ body: BatchUploadBody; accepted: boolean }> {
  const form = new FormData();
  for (const f of files) form.append("files", f, f.name);
  let res: Response;
  try {
    res = await fetch(`/api/jobs/${enc(jobId)}/resumes`, { method: "POST", body: form, headers: { accept: "application/json" } });
  } catch {
    throw toApiError(0, "");
  }
  const text = await res.text();
  if (res.status !== 202 && res.status !== 422) throw toApiError(res.status, text, res.headers);
  if (res.status === 422) {
    const parsed = batchUploadBodySchema.safeParse(JSON.parse(text));
    // a 422 from the door (a malformed request) has no items: an ordinary error
    if (!parsed.success) throw toApiError(res.status, text, res.headers);
    return { body: parsed.data, accepted: false };
  }
  return { body: checked(batchUploadBodySchema, JSON.parse(text)), accepted: true };
}
