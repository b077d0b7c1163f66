import { type ResumeSummary, resumeBodySchema, resumeListBodySchema } from "@/lib/resume/contracts";
import type { TaskStatus } from "../tasks/api";
import { requestJson } from "../tasks/api";

/** One row of `GET /api/resumes` → `items` (contract: `resumeSummarySchema`). */
export type ResumeListItem = ResumeSummary;

/** `POST /api/resumes` → 202, or 200 with `duplicate: true` for the earlier upload. */
export type UploadAccepted = {
  resumeId: string;
  taskId: string;
  status: TaskStatus;
  duplicate?: boolean;
};

export const resumeKeys = {
  all: ["resumes"] as const,
  detail: (id: string) => ["resumes", id] as const,
};

export const fetchResumes = (signal?: AbortSignal) => requestJson("/api/resumes", { signal }, resumeListBodySchema);
export const fetchResume = (id: string, signal?: AbortSignal) => requestJson(`/api/resumes/${encodeURIComponent(id)}`, { signal }, resumeBodySchema);
