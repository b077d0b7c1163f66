import { z } from "zod";
import type { OnlineLlmConfig } from "@/lib/ai/config";
import { LlmError } from "@/lib/ai/errors";
import { generateStructured } from "@/lib/ai/structured";
import {
  type CandidateAnswer,
  isAnswered,
  type Plan,
  type QuestionEvaluation,
  questionScore,
  type ReportDraft,
  reportDraftLlmSchema,
  reportSummaryLlmSchema,
} from "../schemas";
import { buildEvaluateBatchPrompt, buildSummaryPrompt, INTERVIEW_EVALUATE_SYSTEM_PROMPT, INTERVIEW_SUMMARY_SYSTEM_PROMPT } from "./interview-evaluate";

/** Answered questions per evaluation call: long interviews are evaluated in batches, then summarised, so nothing is cut off. */
const EVALUATE_BATCH_SIZE = 5;

/**
 * The batch's output schema: exactly one item per question, its id one of the batch's ids
 * (an enum, so a model cannot invent or drop ids within the schema).
 */
function batchSchema(ids: string[]) {
  const item = reportDraftLlmSchema.shape.questions.element;
  return z.object({
    questions: z
      .array(item.extend({ questionId: z.enum(ids as [string, ...string[]]) }))
      .min(ids.length)
      .max(ids.length),
  });
}

/**
 * Evaluates an interview with the configured model: one call per batch of up to
 * {@link EVALUATE_BATCH_SIZE} answered questions, then one summary call. Unanswered and
 * skipped questions are not sent (they score 0 on the server). Each call is metered by the
 * upstream guard under the caller's usage scope.
 * @throws {LlmError} upstream failures; `invalid_output` when a batch leaves a question out.
 */
export async function evaluateWithLlm(
  config: OnlineLlmConfig,
  input: {
    plan: Plan;
    answers: CandidateAnswer[];
    language: "en" | "zh";
    role: string;
    abortSignal?: AbortSignal;
    priority?: "interactive" | "batch";
    preferFallback?: boolean;
  },
): Promise<ReportDraft> {
  const answers = new Map(input.answers.map((a) => [a.questionId, a]));
  const answered = input.plan.questions.filter((q) => isAnswered(answers.get(q.id)));
  const evaluations: QuestionEvaluation[] = [];
  for (let i = 0; i < answered.length; i += EVALUATE_BATCH_SIZE) {
    const batch = answered.slice(i, i + EVALUATE_BATCH_SIZE);
    const call = await generateStructured({
      schema: batchSchema(batch.map((q) => q.id)),
      system: INTERVIEW_EVALUATE_SYSTEM_PROMPT,
      prompt: buildEvaluateBatchPrompt({
        language: input.language,
        role: input.role,
        items: batch.map((q) => ({
          questionId: q.id,
          question: q.question,
          keyPoints: q.keyPoints,
          referenceAnswer: q.referenceAnswer,
          answer: answers.get(q.id)!.text,
        })),
      }),
      maxOutputTokens: 4_000,
      abortSignal: input.abortSignal,
      priority: input.priority,
      preferFallback: input.preferFallback,
      name: "interview_evaluation",
      config,
    });
    const got = new Map(call.object.questions.map((e) => [e.questionId, e]));
    for (const q of batch) {
      const e = got.get(q.id);
      if (!e) throw new LlmError({ code: "invalid_output", retryable: true, message: `The evaluation left out question ${q.id}.` });
      evaluations.push(e);
    }
  }
  if (answered.length === 0) {
    return {
      questions: [],
      strengths: [],
      improvements: [],
      assessment: input.language === "zh" ? "没有可评估的回答。" : "There were no answers to evaluate.",
    };
  }
  const summary = await generateStructured({
    schema: reportSummaryLlmSchema,
    system: INTERVIEW_SUMMARY_SYSTEM_PROMPT,
    prompt: buildSummaryPrompt({
      language: input.language,
      role: input.role,
      questions: answered.map((q) => {
        const e = evaluations.find((x) => x.questionId === q.id)!;
        return { question: q.question, score: questionScore(e.subScores), feedback: e.feedback };
      }),
    }),
    maxOutputTokens: 1_500,
    abortSignal: input.abortSignal,
    priority: input.priority,
    preferFallback: input.preferFallback,
    name: "interview_summary",
    config,
  });
  return { questions: evaluations, ...summary.object };
}
