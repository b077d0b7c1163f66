import { z } from "zod";
import { getLlmConfig, requestedModel } from "@/lib/ai/config";
import { cachedResult } from "@/lib/finops/cache";
import { meterOffline } from "@/lib/finops/meter";
import { type Analysis, analysisDraftSchema, finalizeAnalysis } from "./analysis-schema";
import { analyzeWithLlm } from "./llm/analyze-with-llm";
import { RESUME_ANALYSIS_PROMPT_VERSION, RESUME_ANALYSIS_TEMPERATURE } from "./llm/resume-analysis";
import { analyzeOffline } from "./offline";

/** What the result cache keeps of a model analysis: the checked draft (finalized again on every use) and the model that wrote it. */
const cachedDraftSchema = z.object({ draft: analysisDraftSchema, model: z.string() });

/**
 * Analyses extracted resume text with the configured engine: the upstream model when
 * `LLM_BASE_URL`/`LLM_API_KEY` are set, else the offline analysers. Either way the server
 * finalizes the result (clamped dimensions, overall = Σ dimensions).
 *
 * Each model call (or the offline analysis) writes one usage row under the caller's usage
 * scope (`withUsageScope`, lib/finops/scope.ts): the upstream guard meters model calls,
 * `meterOffline` the offline engine.
 * With `cache`, the model's draft comes from the result cache when an identical analysis (text,
 * job description, language, prompt version, model, settings) was made before (docs/finops.md,
 * "Cache"); the offline engine is never cached.
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
  const produce = () =>
    analyzeWithLlm({
      text: input.text,
      jobDescription: input.jobDescription,
      language: input.language,
      abortSignal: input.signal,
      priority: input.priority,
      preferFallback: input.preferFallback,
    }).then((r) => ({ draft: r.draft, model: r.model }));
  const asked = requestedModel(config, input.preferFallback);
  const result = await cachedResult(
    {
      provider: asked.provider,
      model: asked.model,
      promptVersion: RESUME_ANALYSIS_PROMPT_VERSION,
      language: input.language,
      input: { text: input.text, jobDescription: input.jobDescription, temperature: RESUME_ANALYSIS_TEMPERATURE, output: config.structuredOutput },
      schema: cachedDraftSchema,
    },
    produce,
  );
  return {
    analysis: finalizeAnalysis(result.draft, { engine: result.model, language: input.language, hasJobDescription }),
    promptVersion: RESUME_ANALYSIS_PROMPT_VERSION,
  };
}
