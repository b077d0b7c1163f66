import type { UIMessage } from "ai";
import {
  type InterviewBody,
  type InterviewMessageMetadata,
  type InterviewStatus,
  type InterviewSummary,
  interviewBodySchema,
  interviewListBodySchema,
} from "@/lib/interview/contracts";
import type { Language, Level } from "@/lib/interview/schemas";
import { ApiError, requestJson, type TaskStatus, toApiError } from "../tasks/api";

export type { InterviewMessageMetadata, InterviewStatus } from "@/lib/interview/contracts";
export type { TurnKind } from "@/lib/interview/schemas";

export type InterviewUIMessage = UIMessage<InterviewMessageMetadata>;

/** One row of `GET /api/interviews` → `items` (contract: `interviewSummarySchema`). */
export type InterviewListItem = InterviewSummary;

/** `GET /api/interviews/{id}` (contract: `interviewBodySchema`). */
export type InterviewDetail = InterviewBody;

/** `POST /api/interviews` body. */
export type NewInterview = {
  role: string;
  level: Level;
  questionCount: number;
  language?: Language;
  resumeId?: string;
  jobDescription?: string;
  /** Draw the questions from this knowledge base (each question cites its passage). */
  knowledgeBaseId?: string;
};

export const interviewKeys = {
  all: ["interviews"] as const,
  detail: (id: string) => ["interviews", id] as const,
};

export const fetchInterviews = (signal?: AbortSignal) => requestJson("/api/interviews", { signal }, interviewListBodySchema);
export const fetchInterview = (id: string, signal?: AbortSignal) => requestJson(`/api/interviews/${encodeURIComponent(id)}`, { signal }, interviewBodySchema);

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
    ...(i.knowledgeBaseId ? { knowledgeBaseId: i.knowledgeBaseId } : {}),
  };
}

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

/**
 * `fetch` for the chat transport: a non-2xx answer becomes an {@link ApiError} with the
 * server's `{code, message}`, status and `Retry-After` (the AI SDK would otherwise throw a plain Error
 * holding the body text), so the page can tell a 409 from a network failure; a 503
 * `unavailable:llm` becomes an {@link LlmUnavailableError} with its `Retry-After`.
 */
export const chatFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (!res.ok) {
    const err = toApiError(res.status, await res.text(), res.headers);
    if (err.status === 503 && err.code === "unavailable:llm") throw new LlmUnavailableError(err.message, err.retryAfterSeconds ?? 1);
    throw err;
  }
  return res;
};

/**
 * The passages a message cites (its `source-document` parts from a knowledge-base question,
 * lib/interview/session/citation.ts), each with the address that opens it
 * (`GET /api/knowledge/{id}/chunks/{chunkId}`).
 */
export function messageSources(m: Pick<UIMessage, "parts">): { chunkId: string; title: string; href: string }[] {
  return m.parts.flatMap((p) => {
    if (p.type !== "source-document") return [];
    const panelist = p.providerMetadata?.panelist as { knowledgeBaseId?: unknown; chunkId?: unknown } | undefined;
    const kb = typeof panelist?.knowledgeBaseId === "string" ? panelist.knowledgeBaseId : null;
    if (!kb) return [];
    return [{ chunkId: p.sourceId, title: p.title, href: `/api/knowledge/${encodeURIComponent(kb)}/chunks/${encodeURIComponent(p.sourceId)}` }];
  });
}

/** The text of a message (its text parts joined). */
export function messageText(m: Pick<UIMessage, "parts">): string {
  return m.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
}
