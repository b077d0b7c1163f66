/**
 * The interview domain's commands: what route handlers and the worker's `interview.plan` /
 * `interview.evaluate` handlers call. Creating an interview and ending it (each an outbox
 * write of its task, then the submission), planning its questions and evaluating its
 * transcript (the engine, usage rows). The chat turn itself is `session/interviewer-turn.ts`.
 */
import type Redis from "ioredis";
import type { Db, Tx } from "@/lib/db/client";
import {
  endInterview as endInterviewRow,
  getInterviewById,
  createInterview as insertInterview,
  listMessages,
  savePlan,
  saveReport,
} from "@/lib/db/queries/interviews";
import { getInterviewReportForReader, type ReportReader } from "@/lib/db/queries/report-access";
import { PanelistError } from "@/lib/errors";
import { type UsageScope, withUsageScope } from "@/lib/finops/scope";
import type { passagesForInterview } from "@/lib/knowledge";
import type { Logger } from "@/lib/log";
import { submitTask } from "@/lib/queue/producer";
import { TaskError } from "@/lib/queue/task-error";
import { readResumeText } from "@/lib/resume/service";
import type { TaskAttempt } from "@/lib/tasks/attempt";
import { newTask } from "@/lib/tasks/definitions";
import type { InterviewReportBody } from "./contracts";
import { evaluateAnswers, planQuestions } from "./engine";
import { finalizeReport, type Language, type Level, planSchema, type Report } from "./schemas";
import { toTranscript } from "./session/interviewer-turn";
import { answersFromTranscript } from "./transcript";

/**
 * The knowledge domain, loaded on first use: only an interview drawn from a knowledge base needs
 * it, and its module graph (retrieval, chat, ingestion) would add ~2 s to every worker start under
 * tsx — which the chaos suite's kill-and-restart loop pays on every restart.
 */
const knowledge = () => import("@/lib/knowledge");

type Deps = { db: Db; redis: Redis; log: Logger };

/** Passages read for one knowledge-base plan: enough to spread 15 questions over documents and headings. */
const PASSAGES_READ = 120;

/** The usage scope of a task attempt's model calls (lib/finops/scope.ts): the guard meters each under it. */
function usageScope(db: Db, t: TaskAttempt, feature: string): UsageScope {
  return { db, userId: t.ownerId, organizationId: t.organizationId, feature, taskId: t.taskId, attempt: t.attempt };
}

/**
 * Creates an interview and its `interview.plan` task in one transaction, then submits the task
 * (`submitTask`: a failed XADD is left to the relay). The plan draws on `jobDescription` (the
 * offline planner favours questions on the skills it names), or — with `knowledgeBaseId` — on
 * the passages of that knowledge base, which must be visible to the caller: a personal one of
 * `ownerId` or one of `organizationId`, the caller's active organisation (docs/knowledge.md).
 * @param opts.withinTransaction another domain's write that commits with the interview or not at
 *   all (an invitation recording the interview it created); what it throws rolls both back and
 *   is rethrown.
 * @returns the interview row (with `planTaskId`) and its task.
 * @throws {PanelistError} 404 `not_found:knowledge` when the knowledge base is missing or not the
 *   caller's to see; 409 `conflict:knowledge` when it has no ready document to draw questions from.
 */
export async function createInterview(
  deps: Deps,
  i: {
    ownerId: string;
    role: string;
    level: Level;
    questionCount: number;
    language: Language;
    resumeId: string | null;
    jobDescription: string | null;
    knowledgeBaseId?: string | null;
    /** The caller's active organisation (its knowledge bases are visible too); null or absent: none. */
    organizationId?: string | null;
  },
  opts: { withinTransaction?: (tx: Tx, interview: { id: string }) => Promise<void> } = {},
) {
  const { organizationId, knowledgeBaseId, ...row } = i;
  if (knowledgeBaseId) {
    const kb = await (await knowledge()).visibleKnowledgeBase(deps.db, { id: knowledgeBaseId, ownerId: i.ownerId, organizationId: organizationId ?? null });
    if (!kb) throw new PanelistError("not_found:knowledge", "No such knowledge base.");
    if (!kb.hasReadyDocuments) {
      throw new PanelistError(
        "conflict:knowledge",
        "This knowledge base has no ready documents yet: upload one and wait until it is processed, then draw questions from it.",
      );
    }
  }
  const created = await insertInterview(
    deps.db,
    { ...row, knowledgeBaseId: knowledgeBaseId ?? null },
    (interviewId) => newTask("interview.plan", { ownerId: i.ownerId, payload: { interviewId } }),
    opts.withinTransaction,
  );
  await submitTask(deps, created.task);
  return created;
}

/**
 * Ends `ownerId`'s interview `id` and submits its `interview.evaluate` task; ending twice gives
 * the same task unless it FAILED (then a new one). The caller holds the interview's turn lock.
 * @returns the task and whether it is new, or undefined when the interview is not the owner's.
 */
export async function endInterview(deps: Deps, { id, ownerId }: { id: string; ownerId: string }) {
  const ended = await endInterviewRow(deps.db, {
    id,
    ownerId,
    evaluateTask: () => newTask("interview.evaluate", { ownerId, payload: { interviewId: id } }),
  });
  if (ended?.created) await submitTask(deps, ended.task);
  return ended;
}

/**
 * The `interview.plan` task's work: the interview's settings (and its resume's text, when it
 * names one the owner still has; the passages of its knowledge base, when it has one) → a
 * question plan from the engine (usage feature `interview.plan`). A knowledge base deleted since
 * the interview was created leaves `knowledge_base_id` null: the plan comes from the bank.
 * @returns the write that stores the plan, to run in the task's completing transaction.
 * @throws {TaskError} policy `not_found` when the interview is not the task owner's, or its
 *   knowledge base has no ready document any more; the engine's `LlmError`.
 */
export async function planInterview(
  deps: { db: Db; vectorStore?: Parameters<typeof passagesForInterview>[0]["store"] },
  t: TaskAttempt & { interviewId: string },
): Promise<(tx: Tx) => Promise<void>> {
  const { db } = deps;
  const interview = await getInterviewById(db, { id: t.interviewId });
  if (!interview || interview.ownerId !== t.ownerId) throw TaskError.policy("not_found", "The interview no longer exists.");
  const resumeText = interview.resumeId ? await readResumeText(db, { resumeId: interview.resumeId, ownerId: t.ownerId }) : null;
  const passages = interview.knowledgeBaseId
    ? await (await knowledge()).passagesForInterview({ db, store: deps.vectorStore }, { knowledgeBaseId: interview.knowledgeBaseId, limit: PASSAGES_READ })
    : null;
  if (passages && passages.length === 0) {
    throw TaskError.policy("not_found", "The knowledge base has no ready documents any more to draw questions from.");
  }
  const scope = usageScope(db, t, "interview.plan");
  const { plan, engine } = await withUsageScope(scope, () =>
    planQuestions({
      role: interview.role,
      level: interview.level,
      questionCount: interview.questionCount,
      language: interview.language,
      resumeText,
      jobDescription: interview.jobDescription,
      passages,
      seed: interview.id,
      signal: t.signal,
      priority: t.lane,
      preferFallback: t.preferFallback,
    }),
  );
  return (tx) => savePlan(tx, { interviewId: interview.id, plan, engine });
}

/**
 * The `interview.evaluate` task's work: the plan and the stored transcript → per-question
 * scores and a report (engine draft, then `finalizeReport` recomputes every score; usage
 * feature `interview.evaluate`). The report says when text addressed to the AI was found in the
 * answers or the model's output (`injectionSuspected`, docs/interview-scoring.md "Answers are data").
 * @returns the write that stores the report, to run in the task's completing transaction.
 * @throws {TaskError} policy `not_found` / `no_plan`; transient `invalid_output` when the draft
 *   cannot be finalized; the engine's `LlmError`.
 */
export async function evaluateInterview(deps: { db: Db }, t: TaskAttempt & { interviewId: string }): Promise<(tx: Tx) => Promise<void>> {
  const { db } = deps;
  const interview = await getInterviewById(db, { id: t.interviewId });
  if (!interview || interview.ownerId !== t.ownerId) throw TaskError.policy("not_found", "The interview no longer exists.");
  if (!interview.plan) throw TaskError.policy("no_plan", "The interview has no question plan to evaluate.");
  const plan = planSchema.parse(interview.plan);
  const answers = answersFromTranscript(plan, toTranscript(await listMessages(db, { interviewId: interview.id })));
  const scope = usageScope(db, t, "interview.evaluate");
  const { draft, engine, injectionReasons } = await withUsageScope(scope, () =>
    evaluateAnswers({
      plan,
      answers,
      language: interview.language,
      role: interview.role,
      signal: t.signal,
      priority: t.lane,
      preferFallback: t.preferFallback,
    }),
  );
  let report: ReturnType<typeof finalizeReport>;
  try {
    report = finalizeReport(draft, { plan, answers, engine, language: interview.language, injectionReasons });
  } catch (err) {
    throw TaskError.transient("invalid_output", `The evaluation is unusable: ${String(err).slice(0, 200)}`);
  }
  return (tx) => saveReport(tx, { interviewId: interview.id, taskId: t.taskId, engine, overallScore: report.overallScore, report });
}

/**
 * Interview `id` with its finished report, for the report's PDF: the reader's own interview, or
 * one shared with the reader's organisation (`reader.organizationId`) and not withdrawn
 * (docs/recruiting.md, "Reports as PDF"). The report was checked by `finalizeReport` when the
 * worker wrote it.
 * @throws {PanelistError} 404 `not_found:interview` when the reader may not see it (or it does
 *   not exist); 409 `conflict:interview` until it has been evaluated.
 */
export async function readInterviewReport(db: Db, { id, ...reader }: { id: string } & ReportReader): Promise<InterviewReportBody> {
  const row = await getInterviewReportForReader(db, { id, ...reader });
  if (!row) throw new PanelistError("not_found:interview", "No such interview.");
  if (!row.report)
    throw new PanelistError("conflict:interview", "This interview has no report yet: it exists once the interview has ended and been evaluated.");
  const { interview } = row;
  return {
    id: interview.id,
    role: interview.role,
    level: interview.level,
    questionCount: interview.questionCount,
    language: interview.language,
    createdAt: interview.createdAt.toISOString(),
    endedAt: interview.endedAt?.toISOString() ?? null,
    report: row.report as Report,
  };
}
