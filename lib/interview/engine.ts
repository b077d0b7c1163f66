import { getLlmConfig, type OnlineLlmConfig, requestedModel } from "@/lib/ai/config";
import { cachedResult } from "@/lib/finops/cache";
import { meterOffline } from "@/lib/finops/meter";
import { screenAnswer } from "./answer-screen";
import { checkModelEvaluation } from "./evaluation-check";
import { evaluateWithLlm } from "./llm/evaluate-with-llm";
import { INTERVIEW_EVALUATE_PROMPT_VERSION, INTERVIEW_EVALUATE_SYSTEM_PROMPT, INTERVIEW_SUMMARY_SYSTEM_PROMPT } from "./llm/interview-evaluate";
import { INTERVIEW_PLAN_PROMPT_VERSION } from "./llm/interview-plan";
import { planWithLlm } from "./llm/plan-with-llm";
import { evaluateOffline } from "./offline/evaluate";
import { buildKnowledgePlan, type PlanPassage, selectPassages } from "./offline/knowledge-plan";
import { buildOfflinePlan } from "./offline/plan";
import { promptQuoteDetector } from "./prompt-leak";
import { type CandidateAnswer, type InjectionReason, type Language, type Level, type Plan, planSchema, type ReportDraft, reportDraftSchema } from "./schemas";

/**
 * How a task's model calls run: its abort signal, the governor's priority, the fallback model.
 * The result cache works under the caller's usage scope (docs/finops.md, "Cache").
 */
interface EngineCallOptions {
  signal?: AbortSignal;
  priority?: "interactive" | "batch";
  preferFallback?: boolean;
}

/**
 * An interview's question plan: from the question bank (offline, seeded by `seed` so a retry
 * gives the same plan) or from the configured model (topped up from the bank when it returns
 * too few questions). Each model call (or the offline plan) writes one usage row under the
 * caller's usage scope. A model plan is served from the result cache when one was made for the same
 * settings, resume text, job description, passages, model and prompt version — the same plan again.
 *
 * With `passages` (an interview drawn from a knowledge base, docs/knowledge.md), the questions
 * come from them: offline, {@link buildKnowledgePlan} (diverse passages, seeded); a model is
 * shown up to {@link MODEL_PASSAGES_PER_QUESTION}× `questionCount` of them (chosen the same way,
 * at most {@link MODEL_PASSAGES_MAX}) and each question cites the one it was drawn from.
 * @returns the plan and the engine that made it (`offline` or the model id).
 * @throws the LLM layer's `LlmError`; `RangeError` for a question count out of range (offline).
 */
export async function planQuestions(
  input: {
    role: string;
    level: Level;
    questionCount: number;
    language: Language;
    resumeText: string | null;
    jobDescription: string | null;
    /** The knowledge base's passages to draw the questions from; null or empty: the question bank. */
    passages?: readonly PlanPassage[] | null;
    seed: string;
  } & EngineCallOptions,
): Promise<{ plan: Plan; engine: string }> {
  const config = getLlmConfig();
  const { seed, signal, priority, preferFallback, passages, ...settings } = input;
  if (passages?.length) {
    if (config.mode === "offline") {
      const plan = await meterOffline(() => buildKnowledgePlan({ ...settings, passages, seed }));
      return { plan, engine: "offline" };
    }
    const shown = selectPassages(passages, Math.min(MODEL_PASSAGES_MAX, MODEL_PASSAGES_PER_QUESTION * settings.questionCount), seed);
    return cachedModelPlan(
      config,
      preferFallback,
      settings.language,
      // The passages' ids and text: a changed or re-vectorized document is a new plan.
      { ...settings, passages: shown.map((p) => [p.chunkId, p.fileName, p.heading, p.page, p.content]), output: config.structuredOutput },
      () => planWithLlm(config, { ...settings, passages: shown, abortSignal: signal, priority, preferFallback }),
    );
  }
  if (config.mode === "offline") {
    const plan = await meterOffline(() =>
      buildOfflinePlan({ ...settings, resumeText: settings.resumeText ?? undefined, jobDescription: settings.jobDescription ?? undefined, seed }),
    );
    return { plan, engine: "offline" };
  }
  return cachedModelPlan(config, preferFallback, settings.language, { ...settings, output: config.structuredOutput }, () =>
    planWithLlm(config, { ...settings, abortSignal: signal, priority, preferFallback }),
  );
}

/**
 * A model's plan through the result cache, filed under the model that would serve (the fallback
 * when `preferFallback`), the plan prompt's version and `language`; `cacheInput` is the rest of
 * what makes the plan. `produce` runs on a miss. @returns the plan and the model id as engine.
 */
async function cachedModelPlan(
  config: OnlineLlmConfig,
  preferFallback: boolean | undefined,
  language: Language,
  cacheInput: unknown,
  produce: () => Promise<Plan>,
): Promise<{ plan: Plan; engine: string }> {
  const asked = requestedModel(config, preferFallback);
  const plan = await cachedResult(
    { provider: asked.provider, model: asked.model, promptVersion: INTERVIEW_PLAN_PROMPT_VERSION, language, input: cacheInput, schema: planSchema },
    produce,
  );
  return { plan, engine: config.model };
}

/** A model is shown this many passages per question asked (it picks among them), at most {@link MODEL_PASSAGES_MAX}. */
const MODEL_PASSAGES_PER_QUESTION = 2;
const MODEL_PASSAGES_MAX = 24;

/** Tests an output for quoting the evaluation's system prompts (built once: the prompts are constants). */
const quotesEvaluationPrompt = promptQuoteDetector([INTERVIEW_EVALUATE_SYSTEM_PROMPT, INTERVIEW_SUMMARY_SYSTEM_PROMPT]);

/**
 * Scores an interview's answers against its plan: key-point coverage, length and structure
 * (offline, `docs/interview-scoring.md`) or the configured model in batches plus a summary.
 * The answers are screened first (answer-screen.ts): model and offline evaluator read them
 * without the lines addressed to the AI. A model's
 * draft is then checked against the offline evaluator's (evaluation-check.ts) and what it cannot
 * support is replaced by the offline figures. The caller finalizes the draft (`finalizeReport`:
 * scores recomputed on the server). A model draft is served from the result cache for the same
 * plan, screened answers, role, model and prompt version.
 * @returns the draft, the engine that made it (`offline` or the model id) and the reasons to
 *   flag the report as a suspected injection (empty: not suspected).
 * @throws the LLM layer's `LlmError` (`invalid_output` when a batch leaves a question out).
 */
export async function evaluateAnswers(
  input: { plan: Plan; answers: CandidateAnswer[]; language: Language; role: string } & EngineCallOptions,
): Promise<{ draft: ReportDraft; engine: string; injectionReasons: InjectionReason[] }> {
  const config = getLlmConfig();
  const { signal, priority, preferFallback, ...work } = input;
  const screened = work.answers.map((a) => ({ answer: a, ...screenAnswer(a.text) }));
  const injectionReasons: InjectionReason[] = screened.flatMap((s) =>
    s.findings.map((f) => ({ kind: "screened" as const, questionId: s.answer.questionId, detail: f.excerpt })),
  );
  const answers = screened.map((s) => ({ ...s.answer, text: s.text }));
  if (config.mode === "offline") {
    const draft = await meterOffline(() => evaluateOffline({ plan: work.plan, answers, language: work.language }));
    return { draft, engine: "offline", injectionReasons };
  }
  const modelWork = { ...work, answers };
  const produce = () => evaluateWithLlm(config, { ...modelWork, abortSignal: signal, priority, preferFallback });
  const asked = requestedModel(config, preferFallback);
  const draft = await cachedResult(
    {
      provider: asked.provider,
      model: asked.model,
      promptVersion: INTERVIEW_EVALUATE_PROMPT_VERSION,
      language: work.language,
      input: { role: work.role, plan: work.plan, answers, output: config.structuredOutput },
      schema: reportDraftSchema,
    },
    produce,
  );
  // The yardstick, not a second evaluation: pure and instant, so no usage row of its own.
  const offline = evaluateOffline({ plan: work.plan, answers, language: work.language });
  const checked = checkModelEvaluation({ model: draft, offline, answers: answers.map((a) => a.text), quotesPrompt: quotesEvaluationPrompt });
  return { draft: checked.draft, engine: config.model, injectionReasons: [...injectionReasons, ...checked.reasons] };
}
