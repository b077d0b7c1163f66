import type { UIMessage } from "ai";
import type { Language, Level, QuestionCategory, Report } from "@/lib/interview/schemas";
import { ApiError, toApiError, type Task, type TaskStatus } from "../resume/api";

export { ApiError, retryTransient } from "../resume/api";

/** Where an interview stands (derived by the server; see `lib/interview/session/view.ts`). */
export type InterviewStatus = "planning" | "plan_failed" | "ready" | "in_progress" | "ended" | "evaluated";

/** What a turn is: the interviewer's question, follow-up or closing, or the candidate's answer or skip. */
export type TurnKind = "question" | "follow_up" | "closing" | "answer" | "skip";

/**
 * `UIMessage.metadata` of the interview chat. Stored messages carry `kind` and `questionId`;
 * a streamed interviewer turn also carries `progress` (question k of n) and `engine`.
 */
export type InterviewMessageMetadata = {
  kind?: TurnKind;
  questionId?: string | null;
  progress?: { current: number; total: number };
  engine?: string;
  createdAt?: string;
};
export type InterviewUIMessage = UIMessage<InterviewMessageMetadata>;

/** One row of `GET /api/interviews` → `items`. */
export type InterviewListItem = {
  id: string;
  role: string;
  level: Level;
  language: Language;
  questionCount: number;
  createdAt: string;
  endedAt: string | null;
  overallScore: number | null;
  evaluateStatus: TaskStatus | null;
};

/** `GET /api/interviews/{id}` */
export type InterviewDetail = {
  id: string;
  role: string;
  level: Level;
  questionCount: number;
  language: Language;
  resumeId: string | null;
  jobDescription: string | null;
  status: InterviewStatus;
  createdAt: string;
  endedAt: string | null;
  planTask: Task | null;
  evaluateTask: Task | null;
  plan: { engine: string | null; questions: { id: string; category: QuestionCategory; difficulty: string }[] } | null;
  progress: { current: number; answered: number; total: number; closed: boolean } | null;
  messages: InterviewUIMessage[];
  report: Report | null;
};

/** `POST /api/interviews` body. */
export type NewInterview = {
  role: string;
  level: Level;
  questionCount: number;
  language?: Language;
  resumeId?: string;
  jobDescription?: string;
};

export const interviewKeys = {
  all: ["interviews"] as const,
  detail: (id: string) => ["interviews", id] as const,
};

async function requestJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      cache: "no-store",
      ...init,
      headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers },
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw toApiError(0, "");
  }
  const text = await res.text();
  if (!res.ok) throw toApiError(res.status, text);
  return JSON.parse(text) as T;
}

export const fetchInterviews = (signal?: AbortSignal) => requestJson<{ items: InterviewListItem[] }>("/api/interviews", { signal });
export const fetchInterview = (id: string, signal?: AbortSignal) =>
  requestJson<InterviewDetail>(`/api/interviews/${encodeURIComponent(id)}`, { signal });

/** `POST /api/interviews` → 201 `{id, status, taskId}` (the `interview.plan` task). */
export const createInterview = (body: NewInterview) =>
  requestJson<{ id: string; status: InterviewStatus; taskId: string }>("/api/interviews", {
    method: "POST",
    body: JSON.stringify(body),
  });

/** `POST /api/interviews/{id}/end` → 202 `{taskId, status}` (the `interview.evaluate` task; the same one when ended twice). */
export const endInterview = (id: string) =>
  requestJson<{ taskId: string; status: TaskStatus }>(`/api/interviews/${encodeURIComponent(id)}/end`, { method: "POST" });

/** The settings of an interview as a new-interview body: "start over" asks the same again. */
export function settingsOf(i: InterviewDetail): NewInterview {
  return {
    role: i.role,
    level: i.level,
    questionCount: i.questionCount,
    language: i.language,
    ...(i.resumeId ? { resumeId: i.resumeId } : {}),
    ...(i.jobDescription ? { jobDescription: i.jobDescription } : {}),
  };
}

/**
 * `fetch` for the chat transport: a non-2xx answer becomes an {@link ApiError} with the
 * server's `{code, message}` and status (the AI SDK would otherwise throw a plain Error
 * holding the body text), so the page can tell a 409 from a network failure.
 */
/**
 * The chat answered 503 `unavailable:llm`: the AI interviewer's model is failing and calls are
 * paused (its circuit breaker is open). `retryAfterS` is the server's `Retry-After`, in seconds.
 */
export class LlmUnavailableError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(503, "unavailable:llm", message);
    this.name = "LlmUnavailableError";
  }
}

/** `Retry-After` as whole seconds (delta-seconds or an HTTP date, RFC 9110 §10.2.3), at least 1. */
function retryAfterSeconds(value: string | null, now = Date.now()): number {
  const v = value?.trim() ?? "";
  const s = /^\d+$/.test(v) ? Number(v) : Number.isNaN(Date.parse(v)) ? 0 : (Date.parse(v) - now) / 1000;
  return Math.max(1, Math.ceil(s));
}

export const chatFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (!res.ok) {
    const err = toApiError(res.status, await res.text());
    if (err.status === 503 && err.code === "unavailable:llm") throw new LlmUnavailableError(err.message, retryAfterSeconds(res.headers.get("retry-after")));
    throw err;
  }
  return res;
};

/** The text of a message (its text parts joined). */
export function messageText(m: Pick<UIMessage, "parts">): string {
  return m.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
}

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}
