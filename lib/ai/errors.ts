/**
 * Upstream LLM failures, classified once so the pipeline can decide: retry later
 * (RETRYING), give up for good (TERMINATED_BY_POLICY), or slow everyone down (governor).
 *
 * Retryable: 429, 5xx, timeouts, connection failures, invalid model output.
 * Not retryable: content policy, context length, other 4xx (bad request, auth, unknown model).
 */
import { APICallError, NoObjectGeneratedError, RetryError } from "ai";
import { parseRateLimitHeaders, type RateLimitInfo, retryAfterMsFromHeaders } from "@/lib/ratelimit/headers";
import type { LlmErrorCode } from "./error-codes";

export { LLM_ERROR_CODES } from "./error-codes";
/** What upstream's `x-ratelimit-*` headers said, as `LlmError.rateLimit` carries it (parsed by the governor's module). */
export type { RateLimitInfo };

interface LlmUsageSnapshot {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
}

interface LlmErrorInit {
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
  budget_exhausted: true,
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

// ---------------------------------------------------------------------------------------
// Classification

const CONTEXT_LENGTH_CODES = new Set(["context_length_exceeded", "string_above_max_length", "tokens_limit_reached"]);
const CONTENT_POLICY_CODES = new Set([
  "content_policy_violation",
  "content_filter",
  "data_inspection_failed", // DashScope (Qwen)
  "moderation_blocked",
]);
const CONTEXT_LENGTH_TEXT = /maximum context length|context[ _]length|context window|too many tokens|prompt is too long|input is too long|reduce the length/i;
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
  const usage = u as { inputTokens?: number; outputTokens?: number; inputTokenDetails?: { cacheReadTokens?: number } } | undefined;
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

interface ClassifyContext {
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
