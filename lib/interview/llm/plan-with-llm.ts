import type { ZodType } from "zod";
import type { OnlineLlmConfig } from "@/lib/ai/config";
import { LlmError } from "@/lib/ai/errors";
import { generateStructured } from "@/lib/ai/structured";
import { type PlanPassage, passageQuestion, sourceOf, topUpFromBank } from "../offline/knowledge-plan";
import { buildOfflinePlan } from "../offline/plan";
import { type Level, type Plan, planFromLlm, planFromPassagesLlmSchema, planLlmSchema, planSchema, QUESTION_COUNT } from "../schemas";
import { buildInterviewPlanPrompt, INTERVIEW_PLAN_SYSTEM_PROMPT } from "./interview-plan";

type PlanInput = Omit<Parameters<typeof buildInterviewPlanPrompt>[0], "passages"> & {
  /** The passages to draw from (a knowledge-base interview), already chosen; absent or empty: the usual plan. */
  passages?: readonly PlanPassage[];
};

/**
 * A model that returns fewer questions than asked is topped up from the offline question bank
 * (same role, level and language) rather than failing the whole plan; extra ones are cut.
 */
function topUp(plan: Plan, input: PlanInput): Plan {
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

type CallOptions = { abortSignal?: AbortSignal; priority?: "interactive" | "batch"; preferFallback?: boolean };

/** The one plan call both paths make (same system prompt, budget and usage name); they differ in the schema and prompt. */
function callPlanModel<T>(config: OnlineLlmConfig, input: CallOptions, schema: ZodType<T>, prompt: string) {
  return generateStructured({
    schema,
    system: INTERVIEW_PLAN_SYSTEM_PROMPT,
    prompt,
    maxOutputTokens: 6_000,
    abortSignal: input.abortSignal,
    priority: input.priority,
    preferFallback: input.preferFallback,
    name: "interview_plan",
    config,
  });
}

/**
 * Asks the configured model for a question plan (one call, metered by the upstream guard under
 * the caller's usage scope). With `passages`, the questions are drawn from them: the prompt
 * fences each as data under a short id (`p1` …), the model names for every question the id it
 * drew from (constrained to those ids), and each question carries that passage's citation
 * (`source`); too few questions are topped up with offline questions from the passages not
 * cited, then from the bank.
 * @throws {LlmError} upstream failures; `invalid_output` (retryable) when the answer is not a
 *   valid plan or names a passage it was not given.
 */
export async function planWithLlm(config: OnlineLlmConfig, input: PlanInput & CallOptions): Promise<Plan> {
  if (input.passages?.length) return planFromPassagesWithLlm(config, { ...input, passages: input.passages });
  const call = await callPlanModel(config, input, planLlmSchema, buildInterviewPlanPrompt({ ...input, passages: undefined }));
  let plan: Plan;
  try {
    // Ids are the server's, by position: models repeat or reuse them.
    plan = planFromLlm({ questions: call.object.questions.map((q, i) => ({ ...q, id: `q${i + 1}` })) });
  } catch (err) {
    throw new LlmError({ code: "invalid_output", retryable: true, message: `The model's plan is unusable: ${String(err).slice(0, 200)}` });
  }
  return topUp(plan, input);
}

async function planFromPassagesWithLlm(config: OnlineLlmConfig, input: PlanInput & CallOptions & { passages: readonly PlanPassage[] }): Promise<Plan> {
  const byId = new Map(input.passages.map((p, i) => [`p${i + 1}`, p]));
  const ids = [...byId.keys()] as [string, ...string[]];
  const call = await callPlanModel(
    config,
    input,
    planFromPassagesLlmSchema(ids),
    buildInterviewPlanPrompt({
      ...input,
      passages: [...byId].map(([id, p]) => ({ id, fileName: p.fileName, heading: p.heading, page: p.page, content: p.content })),
    }),
  );
  let plan: Plan;
  try {
    const questions = call.object.questions.map((q, i) => {
      const passage = byId.get(q.passageId);
      // The schema constrains the id already; a provider without strict outputs may still invent one.
      if (!passage) throw new Error(`question ${i + 1} names passage ${JSON.stringify(q.passageId).slice(0, 40)}, which it was not given`);
      const {
        questions: [made],
      } = planFromLlm({ questions: [{ ...q, id: `q${i + 1}`, source: null }] });
      return { ...made!, source: sourceOf(passage) };
    });
    plan = planSchema.parse({ questions });
  } catch (err) {
    throw new LlmError({ code: "invalid_output", retryable: true, message: `The model's plan is unusable: ${String(err).slice(0, 200)}` });
  }
  const questions = plan.questions.slice(0, input.questionCount);
  const cited = new Set(questions.map((q) => (typeof q.source === "object" ? q.source.chunkId : null)));
  for (const p of input.passages) {
    if (questions.length >= input.questionCount) break;
    if (!cited.has(p.chunkId)) questions.push(passageQuestion(p, { language: input.language, level: input.level as Level, variant: questions.length }));
  }
  return { questions: topUpFromBank(questions, { ...input, level: input.level as Level, seed: questions.map((q) => q.id).join(",") }) };
}
