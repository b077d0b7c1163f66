import type { InterviewMessageRow, InterviewRow } from "@/lib/db/queries/interviews";
import type { TaskRow } from "@/lib/db/queries/tasks";
import { toTaskBody } from "@/lib/tasks/view";
import { readTranscript } from "../transcript";
import { planSchema, type Plan } from "../schemas";
import { toTranscript } from "./interviewer-turn";

/**
 * Where an interview stands, derived (never stored): planning → plan_failed | ready →
 * in_progress → ended → evaluated.
 */
export type InterviewStatus = "planning" | "plan_failed" | "ready" | "in_progress" | "ended" | "evaluated";

export function interviewStatus(i: { interview: InterviewRow; planTask?: TaskRow; hasMessages: boolean; hasReport: boolean }): InterviewStatus {
  if (i.hasReport) return "evaluated";
  if (i.interview.endedAt) return "ended";
  if (!i.interview.plan) {
    return i.planTask && ["FAILED", "TERMINATED_BY_POLICY"].includes(i.planTask.status) ? "plan_failed" : "planning";
  }
  return i.hasMessages ? "in_progress" : "ready";
}

/** Stored messages in the AI SDK `UIMessage` shape, so `useChat` resumes from them. */
export function toUiMessages(messages: InterviewMessageRow[]) {
  return messages.map((m) => ({
    id: m.id,
    role: m.role,
    parts: [{ type: "text" as const, text: m.text }],
    metadata: { kind: m.kind, questionId: m.questionId, createdAt: m.createdAt.toISOString() },
  }));
}

/**
 * The body of `GET /api/interviews/{id}`. While the interview runs, the plan's key points and
 * reference answers stay hidden (they are the answer key); the report reveals them.
 */
export function toInterviewBody(a: {
  interview: InterviewRow;
  planTask?: TaskRow;
  evaluateTask?: TaskRow;
  report?: { report: unknown } | undefined;
  messages: InterviewMessageRow[];
}) {
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
    progress: state
      ? { current: Math.max(0, state.currentIndex + 1), answered, total: plan!.questions.length, closed: state.closed }
      : null,
    messages: toUiMessages(a.messages),
    report: a.report?.report ?? null,
  };
}
