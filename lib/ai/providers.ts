/**
 * The one place the language model is chosen. Every upstream call in Panelist gets its
 * model from here (and so goes through `lib/ai/`).
 *
 * Uses the Chat Completions API (`provider.chat(model)`), which every OpenAI-compatible
 * server speaks — not `provider(model)`, which in @ai-sdk/openai 3.x means the Responses API.
 */
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import { getLlmConfig, type OnlineLlmConfig, OPENAI_BASE_URL } from "./config";

/**
 * Sent as the bearer token to keyless servers. Passing it explicitly stops @ai-sdk/openai
 * from falling back to the OPENAI_API_KEY environment variable — which would send a real
 * OpenAI key to whatever host LLM_BASE_URL names.
 */
const NO_KEY = "no-key";

interface ResolvedModel {
  model: Exclude<LanguageModel, string>;
  config: OnlineLlmConfig;
}

const cache = new Map<string, Exclude<LanguageModel, string>>();

/** The configured online model and its config; throws when the offline engine serves. */
export function resolveLanguageModel(config = getLlmConfig()): ResolvedModel {
  if (config.mode === "offline") {
    throw new Error("No LLM is configured (set LLM_BASE_URL and/or LLM_API_KEY); the offline engine serves instead.");
  }
  const key = JSON.stringify([config.baseURL, config.apiKey, config.model, config.provider]);
  let model = cache.get(key);
  if (!model) {
    const provider = createOpenAI({
      // Explicit, so OPENAI_BASE_URL in the environment cannot redirect calls either.
      baseURL: config.baseURL ?? OPENAI_BASE_URL,
      apiKey: config.apiKey ?? NO_KEY,
      name: config.provider,
    });
    model = provider.chat(config.model);
    if (cache.size > 16) cache.clear();
    cache.set(key, model);
  }
  return { model, config };
}

/** The configured language model (Chat Completions API of an OpenAI-compatible server). */
export function getLanguageModel(): Exclude<LanguageModel, string> {
  return resolveLanguageModel().model;
}
