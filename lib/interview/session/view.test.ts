import { describe, expect, it } from "vitest";
import type { InterviewMessageRow, InterviewRow } from "@/lib/db/queries/interviews";
import { taskRow } from "@/lib/tasks/task-row.mock";
import { interviewBodySchema, interviewListBodySchema } from "../contracts";
import { evaluateOffline } from "../offline/evaluate";
import { buildOfflinePlan } from "../offline/plan";
import { finalizeReport } from "../schemas";
import { answersFromTranscript } from "../transcript";
import { toTranscript } from "./interviewer-turn";
import { toInterviewBody, toInterviewListBody } from "./view";

const at = new Date("2025-05-01T10:00:00.000Z");
const plan = buildOfflinePlan({ role: "Backend engineer", level: "mid", questionCount: 5, language: "en", seed: 1 });
const interview: InterviewRow = {
  id: "5a0c7c1e-1111-4c55-8a4e-0d1f3c2b5a10",
  ownerId: "user-1",
  role: "Backend engineer",
  level: "mid",
  questionCount: 5,
  language: "en",
  resumeId: null,
  jobDescription: null,
  knowledgeBaseId: null,
  plan: null,
  planEngine: null,
  planTaskId: "7f1c2b1e-9a0e-4c55-8a4e-0d1f3c2b5a10",
  evaluateTaskId: null,
  endedAt: null,
  createdAt: at,
  updatedAt: at,
};
const first = plan.questions[0];
const messages: InterviewMessageRow[] = [
  { id: "m1", interviewId: interview.id, seq: 1, role: "assistant", kind: "question", questionId: first.id, text: first.question, createdAt: at },
  {
    id: "m2",
    interviewId: interview.id,
    seq: 2,
    role: "user",
    kind: "answer",
    questionId: first.id,
    text: `I would ${first.keyPoints.join(", ")}.`,
    createdAt: at,
  },
];
const planTask = taskRow({ id: interview.planTaskId!, type: "interview.plan", status: "COMPLETED" });

describe("interview bodies", () => {
  it("planning, and a failed plan: the body parses with the contract", () => {
    const planning = toInterviewBody({ interview, planTask: taskRow({ type: "interview.plan" }), messages: [] });
    expect(interviewBodySchema.parse(planning)).toMatchObject({ status: "planning", plan: null, progress: null, report: null });
    const failed = toInterviewBody({
      interview,
      planTask: taskRow({ type: "interview.plan", status: "FAILED", errorCode: "invalid_output", errorMessage: "bad JSON" }),
      messages: [],
    });
    expect(interviewBodySchema.parse(failed)).toMatchObject({ status: "plan_failed", planTask: { error: { code: "invalid_output" } } });
  });

  it("in progress: messages in the UIMessage shape, the plan without its answer key; the body parses", () => {
    const body = toInterviewBody({ interview: { ...interview, plan, planEngine: "offline" }, planTask, messages });
    const parsed = interviewBodySchema.parse(body);
    expect(parsed.status).toBe("in_progress");
    expect(parsed.messages[1]).toMatchObject({ id: "m2", role: "user", parts: [{ type: "text" }], metadata: { kind: "answer", questionId: first.id } });
    expect(JSON.stringify(parsed.plan)).not.toContain(first.keyPoints[0]);
  });

  it("evaluated: the body carries the report and parses", () => {
    const answers = answersFromTranscript(plan, toTranscript(messages));
    const report = finalizeReport(evaluateOffline({ plan, answers, language: "en" }), { plan, answers, engine: "offline", language: "en" });
    const evaluateTask = taskRow({ id: "7f1c2b1e-2222-4c55-8a4e-0d1f3c2b5a10", type: "interview.evaluate", status: "COMPLETED" });
    const body = toInterviewBody({
      interview: { ...interview, plan, planEngine: "offline", endedAt: at },
      planTask,
      evaluateTask,
      report: { report },
      messages,
    });
    expect(interviewBodySchema.parse(body)).toMatchObject({ status: "evaluated", report: { overallScore: report.overallScore } });
  });

  it("the list body parses with the contract", () => {
    const rows = [
      {
        id: interview.id,
        role: "Backend engineer",
        level: "mid" as const,
        language: "en" as const,
        questionCount: 5,
        createdAt: at,
        endedAt: at,
        overallScore: 62.4,
        evaluateStatus: "COMPLETED" as const,
      },
      {
        id: "5a0c7c1e-2222-4c55-8a4e-0d1f3c2b5a10",
        role: "数据工程师",
        level: "senior" as const,
        language: "zh" as const,
        questionCount: 8,
        createdAt: at,
        endedAt: null,
        overallScore: null,
        evaluateStatus: null,
      },
    ];
    const body = toInterviewListBody(rows);
    expect(interviewListBodySchema.parse(body)).toEqual(body);
  });
});
