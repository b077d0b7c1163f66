/**
 * One upstream embedding call: texts in, vectors out, through the upstream guard like every other
 * model call (lib/ai/upstream-guard.ts: circuit breaker, governor reservation, money budget,
 * one usage row, settle). The AI SDK's `embedMany` with `@ai-sdk/openai`'s embedding model
 * (`/v1/embeddings` of the OpenAI-compatible server at `LLM_BASE_URL`), `maxRetries: 0`: the
 * task pipeline owns retries. Knows no domain: what the vectors are for is the caller's business,
 * and whom the usage row is for comes from the caller's `withUsageScope`.
 */
import { createOpenAI } from "@ai-sdk/openai";
import { embedMany } from "ai";
import type { Priority } from "@/lib/ratelimit/governor";
import { parseRateLimitHeaders } from "@/lib/ratelimit/headers";
import { type OnlineLlmConfig, OPENAI_BASE_URL } from "./config";
import { guardUpstreamCall } from "./upstream-guard";

/** Sent as the bearer token to keyless servers, so @ai-sdk/openai never falls back to OPENAI_API_KEY (as in providers.ts). */
const NO_KEY = "no-key";

/**
 * Embeds `texts` with embedding model `model` of the server `config` names, in ONE upstream
 * request (the caller batches; OpenAI takes up to 2,048 inputs a request). `dimensions`, when
 * given, is sent as OpenAI's `dimensions` option (text-embedding-3 models shorten their vectors).
 * The governor reserves the texts' token estimate (no output tokens); the usage row carries the
 * provider's reported input tokens under `model`.
 * @returns one vector per text, in order.
 * @throws {LlmError} as {@link guardUpstreamCall} throws (circuit open, quota, budget) and the
 *   call's own errors mapped by the LLM taxonomy (lib/ai/errors.ts).
 */
export async function embedWithModel(
  config: OnlineLlmConfig,
  req: { model: string; texts: string[]; dimensions?: number; priority: Priority; signal?: AbortSignal },
): Promise<number[][]> {
  const callConfig: OnlineLlmConfig = { ...config, model: req.model };
  const provider = createOpenAI({ baseURL: config.baseURL ?? OPENAI_BASE_URL, apiKey: config.apiKey ?? NO_KEY, name: config.provider });
  const model = provider.embedding(req.model);
  return guardUpstreamCall(callConfig, { extra: req.texts, maxOutputTokens: 0, priority: req.priority, signal: req.signal }, async () => {
    const result = await embedMany({
      model,
      values: req.texts,
      maxRetries: 0,
      abortSignal: req.signal,
      ...(req.dimensions ? { providerOptions: { openai: { dimensions: req.dimensions } } } : {}),
    });
    const headers = result.responses?.[0]?.headers;
    return {
      value: result.embeddings,
      usage: { inputTokens: result.usage.tokens, outputTokens: 0 },
      outputText: "",
      headers,
      rateLimit: parseRateLimitHeaders(headers),
    };
  });
}
