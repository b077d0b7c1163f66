import type { Analysis } from "@/lib/resume/analysis-schema";

export { TASK_STATUSES, type TaskStatus } from "@/lib/tasks/status";
import type { TaskBody, TaskStatus } from "@/lib/tasks/status";

/** A task in an end state never changes again (short of an admin replay). */
export { isEnded as isEndState } from "@/lib/tasks/status";

/** `GET /api/tasks/{id}` */
export type Task = TaskBody;

/** One row of `GET /api/resumes` → `items`. */
export type ResumeListItem = {
  id: string;
  fileName: string;
  createdAt: string;
  language: string | null;
  taskId: string;
  status: TaskStatus;
  overallScore: number | null;
  engine: string | null;
};

/** `GET /api/resumes/{id}` */
export type ResumeDetail = {
  id: string;
  fileName: string;
  createdAt: string;
  language: string | null;
  taskId: string;
  status: TaskStatus;
  jobDescription: string | null;
  analysis: Analysis | null;
};

/** `POST /api/resumes` → 202, or 200 with `duplicate: true` for the earlier upload. */
export type UploadAccepted = {
  resumeId: string;
  taskId: string;
  status: TaskStatus;
  duplicate?: boolean;
};

/** An API answer that was not 2xx: the server's `{code, message}` and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Parses a `{code, message}` error body, tolerating a non-JSON one (a proxy's HTML page). */
export function toApiError(status: number, bodyText: string): ApiError {
  try {
    const body = JSON.parse(bodyText) as { code?: unknown; message?: unknown };
    if (typeof body.code === "string") {
      return new ApiError(status, body.code, typeof body.message === "string" ? body.message : body.code);
    }
  } catch {
    // not JSON
  }
  return new ApiError(status, status === 0 ? "network" : `http_${status}`, bodyText.slice(0, 200) || `HTTP ${status}`);
}

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { signal, headers: { accept: "application/json" }, cache: "no-store" });
  const text = await res.text();
  if (!res.ok) throw toApiError(res.status, text);
  return JSON.parse(text) as T;
}

export const resumeKeys = {
  all: ["resumes"] as const,
  detail: (id: string) => ["resumes", id] as const,
};
export const taskKeys = {
  detail: (id: string) => ["tasks", id] as const,
};

export const fetchResumes = (signal?: AbortSignal) =>
  getJson<{ items: ResumeListItem[] }>("/api/resumes", signal);
export const fetchResume = (id: string, signal?: AbortSignal) =>
  getJson<ResumeDetail>(`/api/resumes/${encodeURIComponent(id)}`, signal);
export const fetchTask = (id: string, signal?: AbortSignal) =>
  getJson<Task>(`/api/tasks/${encodeURIComponent(id)}`, signal);

/** Retry transient failures (network, 5xx) twice; never a 4xx, which will not change. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}
