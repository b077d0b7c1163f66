import type { OnlineLlmConfig } from "@/lib/ai/config";
import { LlmError } from "@/lib/ai/errors";
import { generateStructured } from "@/lib/ai/structured";
import { buildOfflinePlan } from "../offline/plan";
import { type Level, type Plan, planFromLlm, planLlmSchema, QUESTION_COUNT } from "../schemas";
import { buildInterviewPlanPrompt, INTERVIEW_PLAN_SYSTEM_PROMPT } from "./interview-plan";

/**
 * A model that returns fewer questions than asked is topped up from the offline question bank
 * (same role, level and language) rather than failing the whole plan; extra ones are cut.
 */
function topUp(plan: Plan, input: Parameters<typeof buildInterviewPlanPrompt>[0]): Plan {
  const questions = plan.questions.slice(0, input.questionCount);
  if (questions.length < input.questionCount) {
    const bank = buildOfflinePlan({
      role: input.role,
      level: input.level as Level,
      questionCount: QUESTION_COUNT.max,
      language: input.language,
      seed: questions.map((q) => q.id).join(","),
    });
    const ids = new Set(questions.map((q) => q.id));
    for (const q of bank.questions) {
      if (questions.length >= input.questionCount) break;
      if (!ids.has(q.id) && q.source !== "resume") questions.push(q);
    }
  }
  return { questions };
}

/**
 * Asks the configured model for a question plan (one call, metered by the upstream guard under
 * the caller's usage scope).
 * @throws {LlmError} upstream failures; `invalid_output` (retryable) when the answer is not a valid plan.
 */
export async function planWithLlm(
  config: OnlineLlmConfig,
  input: Parameters<typeof buildInterviewPlanPrompt>[0] & {
    abortSignal?: AbortSignal;
    priority?: "interactive" | "batch";
    preferFallback?: boolean;
  },
): Promise<Plan> {
  const call = await generateStructured({
    schema: planLlmSchema,
    system: INTERVIEW_PLAN_SYSTEM_PROMPT,
    prompt: buildInterviewPlanPrompt(input),
    maxOutputTokens: 6_000,
    abortSignal: input.abortSignal,
    priority: input.priority,
    preferFallback: input.preferFallback,
    name: "interview_plan",
    config,
  });
  let plan: Plan;
  try {
    // Ids are the server's, by position: models repeat or reuse them.
    plan = planFromLlm({ questions: call.object.questions.map((q, i) => ({ ...q, id: `q${i + 1}` })) });
  } catch (err) {
    throw new LlmError({ code: "invalid_output", retryable: true, message: `The model's plan is unusable: ${String(err).slice(0, 200)}` });
  }
  return topUp(plan, input);
}
