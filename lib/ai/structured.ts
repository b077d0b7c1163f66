/**
 * One structured LLM call: a zod schema in, a validated object (plus usage, model, latency)
 * out — or an {@link LlmError} that says whether trying again can help.
 *
 * AI SDK v6: `generateObject` is deprecated; structured output is `generateText` with
 * `output: Output.object({ schema })`, read back from `result.output`.
 *
 * - `maxRetries: 0`: the task pipeline owns retries (with backoff, attempts in the database).
 * - A deadline (`timeoutMs`) of our own, so a timeout is told apart from a caller's cancel.
 * - Servers without structured outputs (`LLM_STRUCTURED_OUTPUT=json_object`, DeepSeek by
 *   default) get JSON mode plus the JSON Schema in the system prompt; the answer is then
 *   validated with the same zod schema here.
 */
import { generateText, type LanguageModelUsage, Output } from "ai";
import { type ZodType, z } from "zod";
import type { Priority } from "@/lib/ratelimit/governor";
import { parseRateLimitHeaders, type RateLimitInfo } from "@/lib/ratelimit/headers";
import { getFallbackConfig, getLlmConfig, type LlmConfig, type OnlineLlmConfig } from "./config";
import { LlmError, toLlmError } from "./errors";
import { resolveLanguageModel } from "./providers";
import { guardUpstreamCall } from "./upstream-guard";

export const DEFAULT_TIMEOUT_MS = 90_000;

/**
 * The deadline of one call when the caller names none: `LLM_TIMEOUT_MS` (positive integer, ms),
 * else {@link DEFAULT_TIMEOUT_MS}. Read per call. Chaos tests shorten it so a hanging upstream
 * costs seconds, not minutes. @throws Error on anything but a positive integer.
 */
export function defaultTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.LLM_TIMEOUT_MS?.trim();
  if (!raw) return DEFAULT_TIMEOUT_MS;
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) throw new Error(`LLM_TIMEOUT_MS must be a positive integer (got "${raw}")`);
  return Number(raw);
}

export interface StructuredUsage {
  inputTokens: number;
  /** Part of inputTokens served from the provider's prompt cache. */
  cachedInputTokens: number;
  outputTokens: number;
}

interface GenerateStructuredOptions<T> {
  schema: ZodType<T>;
  system: string;
  prompt: string;
  maxOutputTokens?: number;
  /** Deadline for the whole call (default `LLM_TIMEOUT_MS` or 90 s); past it → LlmError `timeout` (retryable). */
  timeoutMs?: number;
  abortSignal?: AbortSignal;
  temperature?: number;
  /** Name of the output for the provider (json_schema name): letters, digits, _ and -. */
  name?: string;
  description?: string;
  /** Extra request headers (e.g. `x-fake-fault` against the fake server). */
  headers?: Record<string, string>;
  /** Defaults to the environment's configuration. */
  config?: LlmConfig;
  /** The governor's priority: `interactive` (default) passes above 85 % of the quota, `batch` waits. */
  priority?: Priority;
  /** Use the fallback model (`LLM_FALLBACK_MODEL`) when one is configured. */
  preferFallback?: boolean;
}

export interface StructuredResult<T> {
  object: T;
  /** Tokens as reported, 0 where the provider reported none (the usage row counts those with the tokenizer). */
  usage: StructuredUsage;
  /** The usage exactly as the AI SDK gave it: undefined fields were not reported. */
  reportedUsage: LanguageModelUsage;
  /** The answer's raw text (the JSON before parsing). */
  text: string;
  /** The model id that was asked for (stable, for price lookup). */
  model: string;
  /** The model id the server says answered (may carry a date suffix). */
  responseModel?: string;
  provider: string;
  latencyMs: number;
  finishReason: string;
  rateLimit?: RateLimitInfo;
}

function usageFrom(u: { inputTokens?: number; outputTokens?: number; inputTokenDetails?: { cacheReadTokens?: number } }): StructuredUsage {
  return {
    inputTokens: u.inputTokens ?? 0,
    cachedInputTokens: u.inputTokenDetails?.cacheReadTokens ?? 0,
    outputTokens: u.outputTokens ?? 0,
  };
}

const schemaTexts = new WeakMap<ZodType, string>();

/** The JSON Schema text a structured call sends (either mode), for the governor's estimate. Cached per schema. */
function schemaText(schema: ZodType): string {
  let text = schemaTexts.get(schema);
  if (text === undefined) {
    text = JSON.stringify(z.toJSONSchema(schema, { target: "draft-7", unrepresentable: "any" }));
    schemaTexts.set(schema, text);
  }
  return text;
}

/** System prompt addition for JSON mode (no server-side schema): the schema, spelled out. */
function jsonModeInstructions(schema: ZodType): string {
  const jsonSchema = z.toJSONSchema(schema, { target: "draft-7", unrepresentable: "any" });
  return [
    "Respond with one JSON object only — no prose, no code fences — that is valid against this JSON Schema:",
    "```json",
    JSON.stringify(jsonSchema),
    "```",
  ].join("\n");
}

/**
 * One structured call through the upstream guard (breaker → governor → meter → call →
 * usage row, settle/observe; metered under the caller's `withUsageScope`),
 * with the fallback model serving when the primary's circuit is open or when the caller asks
 * for it (`preferFallback`, a task's last attempt). The result's `model` says which served.
 * @throws {LlmError} as {@link generateStructuredOnce}, plus `circuit_open` / `rate_limited` from the guard.
 */
export async function generateStructured<T>(opts: GenerateStructuredOptions<T>): Promise<StructuredResult<T>> {
  const primary = opts.config ?? getLlmConfig();
  if (primary.mode === "offline") return generateStructuredOnce(opts);
  const fallback = getFallbackConfig(primary);
  const run = (config: OnlineLlmConfig) =>
    guardUpstreamCall(
      config,
      {
        system: opts.system,
        prompt: opts.prompt,
        extra: [schemaText(opts.schema)],
        maxOutputTokens: opts.maxOutputTokens,
        priority: opts.priority ?? "interactive",
        signal: opts.abortSignal,
      },
      async () => {
        const r = await generateStructuredOnce({ ...opts, config });
        return { value: r, usage: r.reportedUsage, outputText: r.text, rateLimit: r.rateLimit };
      },
    );
  if (opts.preferFallback && fallback) return run(fallback);
  try {
    return await run(primary);
  } catch (err) {
    if (fallback && err instanceof LlmError && err.code === "circuit_open") return run(fallback);
    throw err;
  }
}

async function generateStructuredOnce<T>(opts: GenerateStructuredOptions<T>): Promise<StructuredResult<T>> {
  const config = opts.config ?? getLlmConfig();
  if (config.mode === "offline") {
    throw new LlmError({
      code: "bad_request",
      message: "No LLM is configured (LLM_BASE_URL / LLM_API_KEY unset or LLM_PROVIDER=offline)",
    });
  }
  const { model } = resolveLanguageModel(config);
  const timeoutMs = opts.timeoutMs ?? defaultTimeoutMs();
  // One controller for both our deadline and the caller's signal. Linked by hand (not
  // AbortSignal.any) so a long-lived caller signal, such as a worker's shutdown signal,
  // keeps no reference to finished calls.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`LLM call timed out after ${timeoutMs} ms`, "TimeoutError"));
  }, timeoutMs);
  const callerSignal = opts.abortSignal;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  const abortSignal = controller.signal;
  const started = performance.now();

  const common = {
    model,
    prompt: opts.prompt,
    maxOutputTokens: opts.maxOutputTokens,
    temperature: opts.temperature,
    maxRetries: 0,
    abortSignal,
    headers: opts.headers,
  } as const;

  try {
    let object: T;
    let result: Awaited<ReturnType<typeof generateText>>;
    if (config.structuredOutput === "json_schema") {
      const r = await generateText({
        ...common,
        system: opts.system,
        output: Output.object({ schema: opts.schema, name: opts.name, description: opts.description }),
      });
      object = r.output as T; // already validated against the schema by the SDK
      result = r as unknown as typeof result;
    } else {
      const r = await generateText({
        ...common,
        system: `${opts.system}\n\n${jsonModeInstructions(opts.schema)}`,
        output: Output.json(),
      });
      const parsed = opts.schema.safeParse(r.output);
      if (!parsed.success) {
        throw new LlmError({
          code: "invalid_output",
          message: `The model's JSON did not match the expected schema: ${parsed.error.message.slice(0, 500)}`,
          usage: usageFrom(r.totalUsage),
          cause: parsed.error,
        });
      }
      object = parsed.data;
      result = r as unknown as typeof result;
    }
    return {
      object,
      usage: usageFrom(result.totalUsage),
      reportedUsage: result.totalUsage,
      text: result.text,
      model: config.model,
      responseModel: result.response?.modelId,
      provider: config.provider,
      latencyMs: Math.round(performance.now() - started),
      finishReason: result.finishReason,
      rateLimit: parseRateLimitHeaders(result.response?.headers),
    };
  } catch (e) {
    throw toLlmError(e, { timedOut, timeoutMs, aborted: callerSignal?.aborted === true });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", onCallerAbort);
  }
}
