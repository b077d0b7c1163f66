/**
 * Which LLM serves, read from the environment (README, "Environment"):
 *
 *   LLM_PROVIDER=offline         → offline engine, whatever else is set
 *   neither LLM_BASE_URL nor LLM_API_KEY → offline engine
 *   LLM_BASE_URL only            → a keyless local server (Ollama, vLLM, the fake server)
 *   LLM_API_KEY only             → OpenAI (https://api.openai.com/v1)
 *   LLM_MODEL                    → model id (default per provider, e.g. gpt-4o-mini)
 *   LLM_PROVIDER=<label>         → overrides the provider label derived from the host
 *   LLM_STRUCTURED_OUTPUT        → json_schema (default) | json_object (servers without
 *                                  structured outputs, e.g. DeepSeek, which is the default there)
 *
 * Read on every call (cheap), so tests and scripts can change the environment.
 */

export const OPENAI_BASE_URL = "https://api.openai.com/v1";

export type StructuredOutputMode = "json_schema" | "json_object";

export interface OnlineLlmConfig {
  mode: "openai-compatible";
  /** Undefined means OpenAI's own endpoint. No trailing slash. */
  baseURL?: string;
  /** Undefined for keyless local servers. */
  apiKey?: string;
  model: string;
  /** Label for usage rows and the UI: openai, deepseek, qwen, ollama, … or openai-compatible. */
  provider: string;
  /** How structured output is requested from this server. */
  structuredOutput: StructuredOutputMode;
}

export type LlmConfig = { mode: "offline" } | OnlineLlmConfig;

type Env = Record<string, string | undefined>;

const DEFAULT_MODELS: Record<string, string> = {
  openai: "gpt-4o-mini",
  deepseek: "deepseek-chat",
  qwen: "qwen-plus",
  ollama: "llama3.1",
};

function clean(v: string | undefined): string | undefined {
  const t = v?.trim();
  return t ? t : undefined;
}

/** Provider label from the base URL's host; `openai` when there is no URL. */
export function providerFromBaseUrl(baseURL: string | undefined): string {
  if (!baseURL) return "openai";
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return "openai-compatible";
  }
  const host = url.hostname.toLowerCase();
  const is = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (is("openai.com")) return "openai";
  if (is("openai.azure.com")) return "azure";
  if (is("deepseek.com")) return "deepseek";
  if (is("dashscope.aliyuncs.com") || is("dashscope-intl.aliyuncs.com")) return "qwen";
  if (is("openrouter.ai")) return "openrouter";
  if (is("groq.com")) return "groq";
  if (is("together.xyz") || is("together.ai")) return "together";
  if (is("mistral.ai")) return "mistral";
  if (is("moonshot.cn") || is("moonshot.ai")) return "moonshot";
  if (is("bigmodel.cn")) return "zhipu";
  if (is("siliconflow.cn") || is("siliconflow.com")) return "siliconflow";
  if (is("googleapis.com")) return "google";
  if (url.port === "11434") return "ollama";
  return "openai-compatible";
}

export function getLlmConfig(env: Env = process.env): LlmConfig {
  const forced = clean(env.LLM_PROVIDER)?.toLowerCase();
  if (forced === "offline") return { mode: "offline" };

  const baseURL = clean(env.LLM_BASE_URL)?.replace(/\/+$/, "");
  const apiKey = clean(env.LLM_API_KEY);
  if (!baseURL && !apiKey) return { mode: "offline" };

  const provider = forced ?? providerFromBaseUrl(baseURL);
  const model = clean(env.LLM_MODEL) ?? DEFAULT_MODELS[provider] ?? DEFAULT_MODELS.openai;
  const structuredEnv = clean(env.LLM_STRUCTURED_OUTPUT)?.toLowerCase();
  const structuredOutput: StructuredOutputMode =
    structuredEnv === "json_object" || structuredEnv === "json_schema" ? structuredEnv : provider === "deepseek" ? "json_object" : "json_schema";

  return { mode: "openai-compatible", baseURL, apiKey, model, provider, structuredOutput };
}

/**
 * The fallback model (`LLM_FALLBACK_MODEL`, with `LLM_FALLBACK_BASE_URL` / `LLM_FALLBACK_API_KEY`
 * when it lives elsewhere; otherwise the primary's endpoint and key), or null when none is set.
 * It serves while the primary's circuit is open, and on a task's last attempt after retryable failures.
 */
export function getFallbackConfig(primary: LlmConfig, env: Env = process.env): OnlineLlmConfig | null {
  const model = clean(env.LLM_FALLBACK_MODEL);
  if (!model || primary.mode === "offline") return null;
  const baseURL = clean(env.LLM_FALLBACK_BASE_URL)?.replace(/\/+$/, "") ?? primary.baseURL;
  const apiKey = clean(env.LLM_FALLBACK_API_KEY) ?? (baseURL === primary.baseURL ? primary.apiKey : undefined);
  const provider = baseURL === primary.baseURL ? primary.provider : providerFromBaseUrl(baseURL);
  if (model === primary.model && provider === primary.provider) return null;
  return { ...primary, baseURL, apiKey, model, provider };
}

/**
 * The model a call asks for first: the fallback when the caller prefers it (a task's last
 * attempt) and one is configured, else the primary — as `generateStructured` chooses. The
 * result cache files results under it.
 */
export function requestedModel(primary: OnlineLlmConfig, preferFallback: boolean | undefined, env: Env = process.env): OnlineLlmConfig {
  return (preferFallback && getFallbackConfig(primary, env)) || primary;
}

/** Default of `LLM_STREAM_FIRST_TOKEN_MS`: how long a streamed call may take to say its first word, ms. */
export const DEFAULT_STREAM_FIRST_TOKEN_MS = 15_000;
/** Default of `LLM_STREAM_IDLE_MS`: how long a streamed call may go silent between two chunks, ms. */
export const DEFAULT_STREAM_IDLE_MS = 30_000;

/** The deadlines of a streamed model call, ms (see `stream-deadlines.ts`). */
export interface StreamDeadlineConfig {
  /** From the request leaving until the first chunk of output. */
  firstTokenMs: number;
  /** Between two chunks of output, once the first has come. */
  idleMs: number;
}

function positiveMs(env: Env, name: string, fallback: number): number {
  const raw = clean(env[name]);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) throw new Error(`${name} must be a positive integer of milliseconds (got "${raw}")`);
  return Number(raw);
}

/**
 * The deadlines of streamed calls: `LLM_STREAM_FIRST_TOKEN_MS` (default
 * {@link DEFAULT_STREAM_FIRST_TOKEN_MS}) and `LLM_STREAM_IDLE_MS` (default
 * {@link DEFAULT_STREAM_IDLE_MS}); unset or empty means the default. Read per call, like the rest.
 * @throws Error when either is set to anything but a positive integer, so a typo is seen at once.
 */
export function getStreamDeadlineConfig(env: Env = process.env): StreamDeadlineConfig {
  return {
    firstTokenMs: positiveMs(env, "LLM_STREAM_FIRST_TOKEN_MS", DEFAULT_STREAM_FIRST_TOKEN_MS),
    idleMs: positiveMs(env, "LLM_STREAM_IDLE_MS", DEFAULT_STREAM_IDLE_MS),
  };
}
