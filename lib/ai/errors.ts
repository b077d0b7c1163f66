/**
 * Upstream LLM failures, classified once so the pipeline can decide: retry later
 * (RETRYING), give up for good (TERMINATED_BY_POLICY), or slow everyone down (governor).
 *
 * Retryable: 429, 5xx, timeouts, connection failures, invalid model output.
 * Not retryable: content policy, context length, other 4xx (bad request, auth, unknown model).
 */
import { APICallError, NoObjectGeneratedError, RetryError } from "ai";
import type { LlmErrorCode } from "./error-codes";

export { LLM_ERROR_CODES, type LlmErrorCode } from "./error-codes";

export interface LlmUsageSnapshot {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
}

/** What OpenAI-style `x-ratelimit-*` headers said (for the governor). */
export interface RateLimitInfo {
  limitRequests?: number;
  remainingRequests?: number;
  resetRequestsMs?: number;
  limitTokens?: number;
  remainingTokens?: number;
  resetTokensMs?: number;
}

export interface LlmErrorInit {
  code: LlmErrorCode;
  message: string;
  retryable?: boolean;
  retryAfterMs?: number;
  status?: number;
  providerCode?: string;
  usage?: LlmUsageSnapshot;
  rateLimit?: RateLimitInfo;
  cause?: unknown;
}

const RETRYABLE_BY_DEFAULT: Record<LlmErrorCode, boolean> = {
  rate_limited: true,
  upstream_5xx: true,
  timeout: true,
  network: true,
  invalid_output: true,
  context_length: false,
  content_policy: false,
  bad_request: false,
  circuit_open: true,
};

export class LlmError extends Error {
  override readonly name = "LlmError";
  readonly code: LlmErrorCode;
  readonly retryable: boolean;
  /** How long upstream asked us to wait (Retry-After / retry-after-ms), when it said. */
  readonly retryAfterMs?: number;
  /** HTTP status from upstream, when there was a response. */
  readonly status?: number;
  /** Upstream's own error code, e.g. `context_length_exceeded`. */
  readonly providerCode?: string;
  /** Tokens the failed call still consumed (e.g. invalid output), when known. */
  readonly usage?: LlmUsageSnapshot;
  readonly rateLimit?: RateLimitInfo;

  constructor(init: LlmErrorInit) {
    super(init.message, init.cause !== undefined ? { cause: init.cause } : undefined);
    this.code = init.code;
    this.retryable = init.retryable ?? RETRYABLE_BY_DEFAULT[init.code];
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.status !== undefined) this.status = init.status;
    if (init.providerCode !== undefined) this.providerCode = init.providerCode;
    if (init.usage !== undefined) this.usage = init.usage;
    if (init.rateLimit !== undefined) this.rateLimit = init.rateLimit;
  }

  toJSON() {
    return {
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      retryAfterMs: this.retryAfterMs,
      status: this.status,
      providerCode: this.providerCode,
    };
  }
}

export function isLlmError(e: unknown): e is LlmError {
  return e instanceof LlmError;
}

// ---------------------------------------------------------------------------------------
// Header parsing

type HeaderBag = Headers | Record<string, string | string[] | undefined> | undefined | null;

function header(headers: HeaderBag, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const v = key !== undefined ? bag[key] : undefined;
  return Array.isArray(v) ? v[0] : v;
}

/**
 * `Retry-After` in milliseconds: delta-seconds ("120", "1.5") or an HTTP date
 * ("Wed, 21 Oct 2015 07:28:00 GMT"). A date in the past gives 0. Garbage gives undefined.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (v === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  if (/^[+-]?\d/.test(v)) return undefined; // negative or malformed number
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** Wait asked for by the response: `retry-after-ms` (more precise) before `Retry-After`. */
export function retryAfterMsFromHeaders(headers: HeaderBag, now: number = Date.now()): number | undefined {
  const ms = header(headers, "retry-after-ms");
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.round(Number(ms));
  return parseRetryAfter(header(headers, "retry-after"), now);
}

/** Go-style durations as OpenAI sends in x-ratelimit-reset-*: "20ms", "1s", "6m0s", "1h2m3.5s". */
export function parseDurationMs(value: string | null | undefined): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000); // bare seconds
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let consumed = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(v))) {
    const n = Number(m[1]);
    total += m[2] === "h" ? n * 3_600_000 : m[2] === "m" ? n * 60_000 : m[2] === "s" ? n * 1000 : n;
    consumed += m[0].length;
  }
  return consumed > 0 && consumed === v.length ? Math.round(total) : undefined;
}

export function parseRateLimitHeaders(headers: HeaderBag): RateLimitInfo | undefined {
  const num = (name: string) => {
    const v = header(headers, name);
    if (v === undefined) return undefined;
    const n = Number(v);
    return Number.isFinite(n) ? n : undefined;
  };
  const info: RateLimitInfo = {
    limitRequests: num("x-ratelimit-limit-requests"),
    remainingRequests: num("x-ratelimit-remaining-requests"),
    resetRequestsMs: parseDurationMs(header(headers, "x-ratelimit-reset-requests")),
    limitTokens: num("x-ratelimit-limit-tokens"),
    remainingTokens: num("x-ratelimit-remaining-tokens"),
    resetTokensMs: parseDurationMs(header(headers, "x-ratelimit-reset-tokens")),
  };
  const defined = Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined)) as RateLimitInfo;
  return Object.keys(defined).length > 0 ? defined : undefined;
}

// ---------------------------------------------------------------------------------------
// Classification

const CONTEXT_LENGTH_CODES = new Set(["context_length_exceeded", "string_above_max_length", "tokens_limit_reached"]);
const CONTENT_POLICY_CODES = new Set([
  "content_policy_violation",
  "content_filter",
  "data_inspection_failed", // DashScope (Qwen)
  "moderation_blocked",
]);
const CONTEXT_LENGTH_TEXT =
  /maximum context length|context[ _]length|context window|too many tokens|prompt is too long|input is too long|reduce the length/i;
const CONTENT_POLICY_TEXT = /content[ _]?(management )?policy|safety system|content[ _]filter|inappropriate content|data_inspection/i;

interface UpstreamErrorBody {
  message?: string;
  code?: string;
  type?: string;
}

function upstreamError(e: APICallError): UpstreamErrorBody {
  const fromData = (e.data as { error?: { message?: unknown; code?: unknown; type?: unknown } } | undefined)?.error;
  let body = fromData;
  if (!body && e.responseBody) {
    try {
      body = (JSON.parse(e.responseBody) as { error?: typeof fromData }).error;
    } catch {
      // not JSON
    }
  }
  return {
    message: typeof body?.message === "string" ? body.message : undefined,
    code: body?.code != null ? String(body.code) : undefined,
    type: typeof body?.type === "string" ? body.type : undefined,
  };
}

function fromApiCallError(e: APICallError, now: number): LlmError {
  const status = e.statusCode;
  const up = upstreamError(e);
  const message = up.message ?? e.message;
  const base = {
    status,
    providerCode: up.code,
    rateLimit: parseRateLimitHeaders(e.responseHeaders),
    cause: e,
  };

  if (status === undefined) {
    // No response: connection refused/reset, DNS, socket closed mid-body.
    return new LlmError({ ...base, code: "network", message: `LLM unreachable: ${e.message}`, retryable: true });
  }
  const retryAfterMs = retryAfterMsFromHeaders(e.responseHeaders, now);

  if (status === 429) {
    // OpenAI answers 429 `insufficient_quota` when the account is out of credit: waiting won't help.
    const quota = up.code === "insufficient_quota" || up.type === "insufficient_quota";
    return new LlmError({ ...base, code: "rate_limited", message, retryable: !quota, retryAfterMs });
  }
  if (status >= 500) return new LlmError({ ...base, code: "upstream_5xx", message, retryAfterMs });
  if (status === 408) return new LlmError({ ...base, code: "timeout", message, retryAfterMs });

  if ((up.code && CONTEXT_LENGTH_CODES.has(up.code)) || status === 413 || CONTEXT_LENGTH_TEXT.test(message)) {
    return new LlmError({ ...base, code: "context_length", message });
  }
  if ((up.code && CONTENT_POLICY_CODES.has(up.code)) || CONTENT_POLICY_TEXT.test(message)) {
    return new LlmError({ ...base, code: "content_policy", message });
  }
  return new LlmError({ ...base, code: "bad_request", message: `LLM rejected the request (${status}): ${message}` });
}

function usageOf(u: unknown): LlmUsageSnapshot | undefined {
  const usage = u as
    | { inputTokens?: number; outputTokens?: number; inputTokenDetails?: { cacheReadTokens?: number } }
    | undefined;
  if (!usage || (usage.inputTokens === undefined && usage.outputTokens === undefined)) return undefined;
  return {
    inputTokens: usage.inputTokens ?? 0,
    cachedInputTokens: usage.inputTokenDetails?.cacheReadTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
  };
}

function isAbort(e: unknown): e is Error {
  return (
    (e instanceof Error || (typeof DOMException !== "undefined" && e instanceof DOMException)) &&
    (e.name === "AbortError" || e.name === "TimeoutError" || e.name === "ResponseAborted")
  );
}

export interface ClassifyContext {
  /** Our own deadline fired (so an abort is a timeout, not a caller's cancel). */
  timedOut?: boolean;
  /** The caller's abort signal fired (whatever reason it carried). */
  aborted?: boolean;
  timeoutMs?: number;
  now?: number;
}

/** Turns anything thrown by the AI SDK (or fetch) into an {@link LlmError}. */
export function toLlmError(e: unknown, ctx: ClassifyContext = {}): LlmError {
  const now = ctx.now ?? Date.now();
  if (e instanceof LlmError) return e;

  // With maxRetries > 0 the SDK wraps the attempts; the last one decides.
  if (RetryError.isInstance(e)) return toLlmError(e.lastError, ctx);

  if (isAbort(e) || ctx.timedOut || ctx.aborted) {
    if (ctx.timedOut || (e as Error | undefined)?.name === "TimeoutError") {
      return new LlmError({
        code: "timeout",
        message: `LLM call timed out${ctx.timeoutMs ? ` after ${ctx.timeoutMs} ms` : ""}`,
        cause: e,
      });
    }
    // The caller cancelled (shutdown, user left): the work was not done, so it may be redone.
    return new LlmError({ code: "timeout", message: "LLM call aborted by the caller", retryable: true, cause: e });
  }

  if (APICallError.isInstance(e)) return fromApiCallError(e, now);

  if (NoObjectGeneratedError.isInstance(e)) {
    const usage = usageOf(e.usage);
    if (e.finishReason === "content-filter") {
      return new LlmError({ code: "content_policy", message: "The model's answer was blocked by a content filter", usage, cause: e });
    }
    const why = e.finishReason === "length" ? " (the answer was cut off at the token limit)" : "";
    return new LlmError({
      code: "invalid_output",
      message: `The model's answer did not match the expected schema${why}: ${e.message}`,
      usage,
      cause: e,
    });
  }

  const name = (e as { name?: string } | null)?.name ?? "";
  if (
    name === "AI_JSONParseError" ||
    name === "AI_TypeValidationError" ||
    name === "AI_InvalidResponseDataError" ||
    name === "AI_NoOutputGeneratedError" ||
    name === "AI_NoContentGeneratedError" ||
    name === "AI_EmptyResponseBodyError" ||
    name === "ZodError"
  ) {
    return new LlmError({ code: "invalid_output", message: `Invalid model output: ${(e as Error).message}`, cause: e });
  }

  // undici: "fetch failed" / "terminated" with a socket error cause.
  const msg = e instanceof Error ? e.message : String(e);
  const causeCode = (e as { cause?: { code?: string } } | null)?.cause?.code;
  if (
    e instanceof TypeError ||
    /ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|socket|terminated|network/i.test(msg) ||
    (causeCode && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(causeCode))
  ) {
    return new LlmError({ code: "network", message: `LLM connection failed: ${msg}`, cause: e });
  }

  // Unknown: treat as transient so the task is retried (attempts are bounded anyway).
  return new LlmError({ code: "network", message: `Unexpected LLM failure: ${msg}`, retryable: true, cause: e });
}
