import { randomUUID } from "node:crypto";
import { getLlmConfig } from "@/lib/ai/config";
import type { MeteredCall } from "@/lib/ai/metered";
import { RESUME_ANALYSIS_PROMPT_VERSION } from "@/lib/ai/prompts/resume-analysis";
import { finalizeAnalysis, type Analysis } from "./analysis-schema";
import { analyzeWithLlm } from "./llm/analyze-with-llm";
import { analyzeOffline } from "./offline";

/** One model call (or one offline analysis), reported for the usage ledger (upserted by `callId`). */
export type AnalysisCall = MeteredCall;

/**
 * Analyses extracted resume text with the configured engine: the upstream model when
 * `LLM_BASE_URL`/`LLM_API_KEY` are set, else the offline analysers. Either way the server
 * finalizes the result (clamped dimensions, overall = Σ dimensions).
 *
 * `onCall` reports each model call under one `callId`: `in_flight` before the request leaves,
 * then its outcome (also for a failed one) before this function returns or throws — so the
 * caller writes exactly one usage row per call, even if the process dies mid-call.
 * @throws the LLM layer's `LlmError` when the model call fails; zod/Error when the draft is unusable.
 */
export async function analyzeResume(
  input: {
    text: string;
    jobDescription: string | null;
    language: "en" | "zh";
    signal?: AbortSignal;
    priority?: "interactive" | "batch";
    preferFallback?: boolean;
  },
  onCall: (call: AnalysisCall) => Promise<void>,
): Promise<{ analysis: Analysis; promptVersion: string | null }> {
  const config = getLlmConfig();
  const hasJobDescription = Boolean(input.jobDescription?.trim());
  if (config.mode === "offline") {
    const started = performance.now();
    const draft = analyzeOffline({ text: input.text, jobDescription: input.jobDescription, language: input.language });
    await onCall({
      callId: randomUUID(), provider: "offline", model: "offline", inputTokens: 0, cachedInputTokens: 0, outputTokens: 0,
      latencyMs: Math.round(performance.now() - started), outcome: "ok",
    });
    return { analysis: finalizeAnalysis(draft, { engine: "offline", language: input.language, hasJobDescription }), promptVersion: null };
  }
  const callId = randomUUID();
  await onCall({
    callId, provider: config.provider, model: config.model, inputTokens: 0, cachedInputTokens: 0, outputTokens: 0,
    latencyMs: 0, outcome: "in_flight",
  });
  const started = performance.now();
  let result: Awaited<ReturnType<typeof analyzeWithLlm>>;
  try {
    result = await analyzeWithLlm({
      text: input.text,
      jobDescription: input.jobDescription,
      language: input.language,
      abortSignal: input.signal,
      priority: input.priority,
      preferFallback: input.preferFallback,
    });
  } catch (err) {
    await onCall({
      callId, provider: config.provider, model: config.model, inputTokens: 0, cachedInputTokens: 0, outputTokens: 0,
      latencyMs: Math.round(performance.now() - started), outcome: errorCode(err),
    });
    throw err;
  }
  await onCall({
    callId, provider: result.provider, model: result.model,
    inputTokens: result.usage.inputTokens ?? 0, cachedInputTokens: result.usage.cachedInputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0,
    latencyMs: result.latencyMs, outcome: "ok",
  });
  return {
    analysis: finalizeAnalysis(result.draft, { engine: result.model, language: input.language, hasJobDescription }),
    promptVersion: RESUME_ANALYSIS_PROMPT_VERSION,
  };
}

function errorCode(err: unknown): string {
  return typeof err === "object" && err && "code" in err && typeof err.code === "string" ? err.code : "error";
}
