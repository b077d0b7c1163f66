import { APICallError, NoObjectGeneratedError, RetryError } from "ai";
import { describe, expect, it } from "vitest";
import { LlmError, toLlmError } from "./errors";

/** The error's constructor options; the test's usage omits the fields the mapping ignores. */
type NoObjectArgs = ConstructorParameters<typeof NoObjectGeneratedError>[0];

const NOW = Date.parse("2025-06-01T12:00:00Z");

function apiError(statusCode: number | undefined, error?: Record<string, unknown>, headers: Record<string, string> = {}) {
  return new APICallError({
    message: String(error?.message ?? "failed"),
    url: "http://x/v1/chat/completions",
    requestBodyValues: {},
    statusCode,
    responseHeaders: headers,
    responseBody: error ? JSON.stringify({ error }) : undefined,
    data: error ? { error } : undefined,
  });
}

describe("toLlmError", () => {
  it("429 is rate_limited and retryable with the wait it asked for", () => {
    const e = toLlmError(apiError(429, { message: "slow down", code: "rate_limit_exceeded" }, { "retry-after": "7" }), { now: NOW });
    expect(e).toBeInstanceOf(LlmError);
    expect(e).toMatchObject({ code: "rate_limited", retryable: true, retryAfterMs: 7000, status: 429 });
  });

  it("429 insufficient_quota is not retryable (out of credit)", () => {
    const e = toLlmError(apiError(429, { message: "You exceeded your current quota", code: "insufficient_quota" }));
    expect(e).toMatchObject({ code: "rate_limited", retryable: false });
  });

  it("5xx is retryable; context length and content policy are not; other 4xx are bad_request", () => {
    expect(toLlmError(apiError(503, { message: "overloaded" }))).toMatchObject({ code: "upstream_5xx", retryable: true });
    expect(toLlmError(apiError(400, { message: "too long", code: "context_length_exceeded" }))).toMatchObject({
      code: "context_length",
      retryable: false,
      providerCode: "context_length_exceeded",
    });
    // servers without OpenAI's code, recognised by the message
    expect(toLlmError(apiError(400, { message: "This model's maximum context length is 8192 tokens" }))).toMatchObject({
      code: "context_length",
      retryable: false,
    });
    expect(toLlmError(apiError(400, { message: "rejected", code: "content_policy_violation" }))).toMatchObject({
      code: "content_policy",
      retryable: false,
    });
    expect(toLlmError(apiError(401, { message: "Incorrect API key provided" }))).toMatchObject({
      code: "bad_request",
      retryable: false,
      status: 401,
    });
  });

  it("no response is a retryable network error; timeouts are retryable", () => {
    expect(toLlmError(apiError(undefined))).toMatchObject({ code: "network", retryable: true });
    const reset = Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } });
    expect(toLlmError(reset)).toMatchObject({ code: "network", retryable: true });
    expect(toLlmError(new DOMException("timed out", "TimeoutError"))).toMatchObject({ code: "timeout", retryable: true });
    expect(toLlmError(new DOMException("aborted", "AbortError"), { timedOut: true, timeoutMs: 50 })).toMatchObject({
      code: "timeout",
      retryable: true,
    });
  });

  it("output that fails the schema is invalid_output (retryable), unless a content filter stopped it", () => {
    const base = {
      message: "No object generated",
      text: "{",
      response: { id: "1", timestamp: new Date(), modelId: "m" },
      usage: { inputTokens: 10, outputTokens: 3, totalTokens: 13, inputTokenDetails: { cacheReadTokens: 2 } },
    };
    const bad = toLlmError(new NoObjectGeneratedError({ ...base, finishReason: "stop" } as NoObjectArgs));
    expect(bad).toMatchObject({ code: "invalid_output", retryable: true });
    expect(bad.usage).toEqual({ inputTokens: 10, cachedInputTokens: 2, outputTokens: 3 });
    const filtered = toLlmError(new NoObjectGeneratedError({ ...base, finishReason: "content-filter" } as NoObjectArgs));
    expect(filtered).toMatchObject({ code: "content_policy", retryable: false });
  });

  it("unwraps the SDK's RetryError to the last attempt", () => {
    const wrapped = new RetryError({
      message: "Failed after 3 attempts",
      reason: "maxRetriesExceeded",
      errors: [apiError(500, { message: "a" }), apiError(400, { message: "b", code: "context_length_exceeded" })],
    });
    expect(toLlmError(wrapped)).toMatchObject({ code: "context_length", retryable: false });
  });
});
