import { describe, expect, it } from "vitest";
import { parseDurationMs, parseRateLimitHeaders, parseRetryAfter, retryAfterMsFromHeaders } from "./headers";

const NOW = Date.parse("2025-06-01T12:00:00Z");

describe("Retry-After parsing", () => {
  it("reads delta-seconds, including decimals", () => {
    expect(parseRetryAfter("120", NOW)).toBe(120_000);
    expect(parseRetryAfter("1.5", NOW)).toBe(1500);
    expect(parseRetryAfter(" 0 ", NOW)).toBe(0);
  });

  it("reads an HTTP date relative to now; a past date means no wait", () => {
    expect(parseRetryAfter("Sun, 01 Jun 2025 12:00:30 GMT", NOW)).toBe(30_000);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(parseRetryAfter("Sun, 01 Jun 2025 11:59:00 GMT", NOW)).toBe(0);
  });

  it("rejects garbage and negative numbers", () => {
    expect(parseRetryAfter("soon", NOW)).toBeUndefined();
    expect(parseRetryAfter("-5", NOW)).toBeUndefined();
    expect(parseRetryAfter("", NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });

  it("reads the obsolete HTTP date formats RFC 9110 §5.6.7 obliges recipients to accept", () => {
    // IMF-fixdate, RFC 850 and asctime() spellings of the same instant.
    const at = Date.parse("Sun, 06 Nov 1994 08:49:37 GMT");
    expect(parseRetryAfter("Sun, 06 Nov 1994 08:49:37 GMT", at - 12_000)).toBe(12_000);
    expect(parseRetryAfter("Sunday, 06-Nov-94 08:49:37 GMT", at - 12_000)).toBe(12_000);
    expect(parseRetryAfter("Sun Nov  6 08:49:37 1994", at - 12_000)).toBe(12_000);
  });

  it("retry-after-ms: fractional milliseconds round; garbage falls back to Retry-After", () => {
    expect(retryAfterMsFromHeaders({ "retry-after-ms": "1500.6" }, NOW)).toBe(1501);
    expect(retryAfterMsFromHeaders({ "retry-after-ms": "soon", "retry-after": "2" }, NOW)).toBe(2000);
    expect(retryAfterMsFromHeaders({ "retry-after-ms": "-5" }, NOW)).toBeUndefined();
    expect(retryAfterMsFromHeaders(new Headers({ "Retry-After-Ms": "40" }), NOW)).toBe(40);
  });

  it("x-ratelimit-remaining-tokens and its reset; unparseable values are left out", () => {
    expect(
      parseRateLimitHeaders(
        new Headers({
          "x-ratelimit-limit-tokens": "150000",
          "x-ratelimit-remaining-tokens": "0",
          "x-ratelimit-reset-tokens": "6m0s",
          "x-ratelimit-remaining-requests": "n/a",
        }),
      ),
    ).toEqual({ limitTokens: 150_000, remainingTokens: 0, resetTokensMs: 360_000 });
    expect(parseRateLimitHeaders({ "X-RateLimit-Remaining-Requests": "7", "x-ratelimit-reset-requests": "850ms" })).toEqual({
      remainingRequests: 7,
      resetRequestsMs: 850,
    });
  });

  it("prefers retry-after-ms over Retry-After", () => {
    expect(retryAfterMsFromHeaders({ "retry-after-ms": "250", "retry-after": "9" }, NOW)).toBe(250);
    expect(retryAfterMsFromHeaders({ "Retry-After": "9" }, NOW)).toBe(9000);
    expect(retryAfterMsFromHeaders(new Headers({ "retry-after": "Sun, 01 Jun 2025 12:00:05 GMT" }), NOW)).toBe(5000);
    expect(retryAfterMsFromHeaders({}, NOW)).toBeUndefined();
  });

  it("reads OpenAI's Go-style reset durations and x-ratelimit-* headers", () => {
    expect(parseDurationMs("20ms")).toBe(20);
    expect(parseDurationMs("1s")).toBe(1000);
    expect(parseDurationMs("6m0s")).toBe(360_000);
    expect(parseDurationMs("1h2m3.5s")).toBe(3_723_500);
    expect(parseDurationMs("later")).toBeUndefined();
    expect(
      parseRateLimitHeaders({
        "x-ratelimit-limit-requests": "500",
        "x-ratelimit-remaining-requests": "0",
        "x-ratelimit-reset-requests": "1m30s",
        "x-ratelimit-remaining-tokens": "1200",
      }),
    ).toEqual({ limitRequests: 500, remainingRequests: 0, resetRequestsMs: 90_000, remainingTokens: 1200 });
    expect(parseRateLimitHeaders({})).toBeUndefined();
  });
});
