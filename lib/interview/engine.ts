import { getLlmConfig } from "@/lib/ai/config";
import { meterOffline } from "@/lib/finops/meter";
import { evaluateWithLlm } from "./llm/evaluate-with-llm";
import { planWithLlm } from "./llm/plan-with-llm";
import { evaluateOffline } from "./offline/evaluate";
import { buildOfflinePlan } from "./offline/plan";
import type { CandidateAnswer, Language, Level, Plan, ReportDraft } from "./schemas";

/** How a task's model calls run: its abort signal, the governor's priority, the fallback model. */
interface EngineCallOptions {
  signal?: AbortSignal;
  priority?: "interactive" | "batch";
  preferFallback?: boolean;
}

/**
 * An interview's question plan: from the question bank (offline, seeded by `seed` so a retry
 * gives the same plan) or from the configured model (topped up from the bank when it returns
 * too few questions).
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
    seed: string;
  } & EngineCallOptions,
): Promise<{ plan: Plan; engine: string }> {
  const config = getLlmConfig();
  const { seed, signal, priority, preferFallback, ...settings } = input;
  if (config.mode === "offline") {
    const plan = await meterOffline(() =>
      buildOfflinePlan({ ...settings, resumeText: settings.resumeText ?? undefined, jobDescription: settings.jobDescription ?? undefined, seed }),
    );
    return { plan, engine: "offline" };
  }
  const plan = await planWithLlm(config, { ...settings, abortSignal: signal, priority, preferFallback });
  return { plan, engine: config.model };
}

/**
 * Scores an interview's answers against its plan: key-point coverage, length and structure
 * (offline, `docs/interview-scoring.md`) or the configured model in batches plus a summary.
 * The caller finalizes the draft (`finalizeReport`: scores recomputed on the server).
 * @returns the draft and the engine that made it (`offline` or the model id).
 * @throws the LLM layer's `LlmError` (`invalid_output` when a batch leaves a question out).
 */
export async function evaluateAnswers(
  input: { plan: Plan; answers: CandidateAnswer[]; language: Language; role: string } & EngineCallOptions,
): Promise<{ draft: ReportDraft; engine: string }> {
  const config = getLlmConfig();
  const { signal, priority, preferFallback, ...work } = input;
  if (config.mode === "offline") {
    const draft = await meterOffline(() => evaluateOffline({ plan: work.plan, answers: work.answers, language: work.language }));
    return { draft, engine: "offline" };
  }
  const draft = await evaluateWithLlm(config, { ...work, abortSignal: signal, priority, preferFallback });
  return { draft, engine: config.model };
}
