import { getLlmConfig } from "@/lib/ai/config";
import { meterOffline } from "@/lib/finops/meter";
import { type Analysis, finalizeAnalysis } from "./analysis-schema";
import { analyzeWithLlm } from "./llm/analyze-with-llm";
import { RESUME_ANALYSIS_PROMPT_VERSION } from "./llm/resume-analysis";
import { analyzeOffline } from "./offline";

/**
 * Analyses extracted resume text with the configured engine: the upstream model when
 * `LLM_BASE_URL`/`LLM_API_KEY` are set, else the offline analysers. Either way the server
 * finalizes the result (clamped dimensions, overall = Σ dimensions).
 *
 * Each model call (or the offline analysis) writes one usage row under the caller's usage
 * scope (`withUsageScope`, lib/finops/scope.ts): the upstream guard meters model calls,
 * `meterOffline` the offline engine.
 * @throws the LLM layer's `LlmError` when the model call fails; zod/Error when the draft is unusable.
 */
export async function analyzeResume(input: {
  text: string;
  jobDescription: string | null;
  language: "en" | "zh";
  signal?: AbortSignal;
  priority?: "interactive" | "batch";
  preferFallback?: boolean;
}): Promise<{ analysis: Analysis; promptVersion: string | null }> {
  const config = getLlmConfig();
  const hasJobDescription = Boolean(input.jobDescription?.trim());
  if (config.mode === "offline") {
    const draft = await meterOffline(() => analyzeOffline({ text: input.text, jobDescription: input.jobDescription, language: input.language }));
    return { analysis: finalizeAnalysis(draft, { engine: "offline", language: input.language, hasJobDescription }), promptVersion: null };
  }
  const result = await analyzeWithLlm({
    text: input.text,
    jobDescription: input.jobDescription,
    language: input.language,
    abortSignal: input.signal,
    priority: input.priority,
    preferFallback: input.preferFallback,
  });
  return {
    analysis: finalizeAnalysis(result.draft, { engine: result.model, language: input.language, hasJobDescription }),
    promptVersion: RESUME_ANALYSIS_PROMPT_VERSION,
  };
}
