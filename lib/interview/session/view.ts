import type { InterviewMessageRow, InterviewRow, listInterviewsForOwner } from "@/lib/db/queries/interviews";
import type { TaskRow } from "@/lib/db/queries/tasks";
import { toTaskBody } from "@/lib/tasks/view";
import type { InterviewBody, InterviewListBody, InterviewStatus, InterviewSummary } from "../contracts";
import { type Plan, planSchema, type Report, type TurnKind } from "../schemas";
import { readTranscript } from "../transcript";
import { questionCitation } from "./citation";
import { toTranscript } from "./interviewer-turn";

type InterviewListRow = Awaited<ReturnType<typeof listInterviewsForOwner>>[number];

function interviewStatus(i: { interview: InterviewRow; planTask?: TaskRow; hasMessages: boolean; hasReport: boolean }): InterviewStatus {
  if (i.hasReport) return "evaluated";
  if (i.interview.endedAt) return "ended";
  if (!i.interview.plan) {
    return i.planTask && ["FAILED", "TERMINATED_BY_POLICY"].includes(i.planTask.status) ? "plan_failed" : "planning";
  }
  return i.hasMessages ? "in_progress" : "ready";
}

/**
 * Stored messages in the AI SDK `UIMessage` shape, so `useChat` resumes from them. A question
 * drawn from a knowledge base gets its citation back from the plan (the stored row keeps text only).
 */
function toUiMessages(messages: InterviewMessageRow[], plan: Plan | null): InterviewBody["messages"] {
  return messages.map((m) => ({
    id: m.id,
    role: m.role,
    parts: [
      { type: "text" as const, text: m.text },
      ...(plan && m.role === "assistant" && m.kind === "question" ? [questionCitation(plan, m.questionId)].filter((c) => c !== null) : []),
    ],
    // `kind` is a text column; appendMessage is only ever given a TurnKind.
    metadata: { kind: m.kind as TurnKind, questionId: m.questionId, createdAt: m.createdAt.toISOString() },
  }));
}

/** One row of `listInterviewsForOwner` as an item of `GET /api/interviews` (`interviewSummarySchema`). */
function toInterviewSummary(r: InterviewListRow): InterviewSummary {
  return {
    id: r.id,
    role: r.role,
    level: r.level,
    language: r.language,
    questionCount: r.questionCount,
    createdAt: r.createdAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null,
    overallScore: r.overallScore,
    evaluateStatus: r.evaluateStatus,
  };
}

/** The body of `GET /api/interviews`: `{items}`, in the order the query returned (newest first). */
export function toInterviewListBody(rows: InterviewListRow[]): InterviewListBody {
  return { items: rows.map(toInterviewSummary) };
}

/**
 * The body of `GET /api/interviews/{id}` (`interviewBodySchema`, lib/interview/contracts.ts).
 * While the interview runs, the plan's key points and reference answers stay hidden (they are
 * the answer key); the report reveals them. The stored plan is parsed with `planSchema`; the
 * report was checked by `finalizeReport` when the worker wrote it.
 *
 * @throws {ZodError} when the stored plan does not match `planSchema`.
 */
export function toInterviewBody(a: {
  interview: InterviewRow;
  planTask?: TaskRow;
  evaluateTask?: TaskRow;
  report?: { report: unknown } | undefined;
  messages: InterviewMessageRow[];
}): InterviewBody {
  const { interview } = a;
  const plan: Plan | null = interview.plan ? planSchema.parse(interview.plan) : null;
  const state = plan ? readTranscript(plan, toTranscript(a.messages)) : null;
  const answered = state ? state.threads.filter((t) => t.answers.length > 0 || t.skipped).length : 0;
  return {
    id: interview.id,
    role: interview.role,
    level: interview.level,
    questionCount: interview.questionCount,
    language: interview.language,
    resumeId: interview.resumeId,
    jobDescription: interview.jobDescription,
    knowledgeBaseId: interview.knowledgeBaseId,
    status: interviewStatus({ interview, planTask: a.planTask, hasMessages: a.messages.length > 0, hasReport: Boolean(a.report) }),
    createdAt: interview.createdAt.toISOString(),
    endedAt: interview.endedAt?.toISOString() ?? null,
    planTask: a.planTask ? toTaskBody(a.planTask) : null,
    evaluateTask: a.evaluateTask ? toTaskBody(a.evaluateTask) : null,
    plan: plan
      ? {
          engine: interview.planEngine,
          questions: plan.questions.map((q) => ({ id: q.id, category: q.category, difficulty: q.difficulty })),
        }
      : null,
    progress: state ? { current: Math.max(0, state.currentIndex + 1), answered, total: plan!.questions.length, closed: state.closed } : null,
    messages: toUiMessages(a.messages, plan),
    report: (a.report?.report as Report | undefined) ?? null,
  };
}
