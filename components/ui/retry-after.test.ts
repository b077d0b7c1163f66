import { describe, expect, it } from "vitest";
import { toApiError } from "../tasks/api";
import { DEFAULT_RETRY_AFTER_S, rateLimitResetSeconds, retryAfterOf, retryAfterOfResponse, retryAfterSecondsFromHeaders } from "./retry-after";

const NOW = Date.UTC(2026, 11, 1, 12, 0, 0);
const h = (init: Record<string, string>) => new Headers(init);

describe("retryAfterSecondsFromHeaders", () => {
  it("reads Retry-After as delta-seconds, rounding a fraction up and a 0 to 1", () => {
    expect(retryAfterSecondsFromHeaders(h({ "retry-after": "42" }), NOW)).toBe(42);
    expect(retryAfterSecondsFromHeaders(h({ "retry-after": "1.2" }), NOW)).toBe(2);
    expect(retryAfterSecondsFromHeaders(h({ "retry-after": "0" }), NOW)).toBe(1);
  });

  it("reads Retry-After as an HTTP date against the clock, and a past date as 1", () => {
    expect(retryAfterSecondsFromHeaders(h({ "retry-after": new Date(NOW + 90_000).toUTCString() }), NOW)).toBe(90);
    expect(retryAfterSecondsFromHeaders(h({ "retry-after": "Tue, 01 Dec 2026 12:00:30 GMT" }), NOW)).toBe(30);
    expect(retryAfterSecondsFromHeaders(h({ "retry-after": new Date(NOW - 5_000).toUTCString() }), NOW)).toBe(1);
  });

  it("prefers Retry-After over the RateLimit field, and better-auth's X-Retry-After over it too", () => {
    expect(retryAfterSecondsFromHeaders(h({ "retry-after": "7", ratelimit: '"upload";r=0;t=50' }), NOW)).toBe(7);
    expect(retryAfterSecondsFromHeaders(h({ "x-retry-after": "9", ratelimit: '"upload";r=0;t=50' }), NOW)).toBe(9);
  });

  it("falls back to the RateLimit field's reset, then RateLimit-Reset, then X-RateLimit-Reset (delta or Unix seconds)", () => {
    expect(retryAfterSecondsFromHeaders(h({ ratelimit: '"upload";r=0;t=50' }), NOW)).toBe(50);
    expect(retryAfterSecondsFromHeaders(h({ "ratelimit-reset": "12" }), NOW)).toBe(12);
    expect(retryAfterSecondsFromHeaders(h({ "x-ratelimit-reset": "33" }), NOW)).toBe(33);
    expect(retryAfterSecondsFromHeaders(h({ "x-ratelimit-reset": String(NOW / 1000 + 61) }), NOW)).toBe(61);
  });

  it("answers null when no header says, or only garbage does", () => {
    expect(retryAfterSecondsFromHeaders(h({}), NOW)).toBeNull();
    expect(retryAfterSecondsFromHeaders(h({ "retry-after": "soon", "x-ratelimit-reset": "-4" }), NOW)).toBeNull();
    expect(retryAfterSecondsFromHeaders(null, NOW)).toBeNull();
  });
});

describe("rateLimitResetSeconds (IETF RateLimit field)", () => {
  it("takes the largest reset of the exhausted quota items of the list form", () => {
    expect(rateLimitResetSeconds('"minute";r=0;t=20, "day";r=150;t=3600')).toBe(20);
    expect(rateLimitResetSeconds('"minute";r=0;t=20, "hour";r=0;t=900')).toBe(900);
  });
  it("takes the largest reset when no item is exhausted", () => {
    expect(rateLimitResetSeconds('"a";r=3;t=5, "b";r=1;t=8')).toBe(8);
  });
  it("reads the earlier drafts' dictionary form", () => {
    expect(rateLimitResetSeconds("limit=10, remaining=0, reset=42")).toBe(42);
  });
  it("answers undefined for a field without a reset", () => {
    expect(rateLimitResetSeconds('"a";r=0')).toBeUndefined();
    expect(rateLimitResetSeconds("")).toBeUndefined();
    expect(rateLimitResetSeconds(null)).toBeUndefined();
  });
});

describe("the wait of a refused request", () => {
  it("a 429 response: its headers' seconds, or the default; any other status: null", () => {
    expect(retryAfterOfResponse({ status: 429, headers: h({ "retry-after": "42" }) }, NOW)).toBe(42);
    expect(retryAfterOfResponse({ status: 429, headers: h({}) }, NOW)).toBe(DEFAULT_RETRY_AFTER_S);
    expect(retryAfterOfResponse({ status: 503, headers: h({ "retry-after": "42" }) }, NOW)).toBeNull();
  });

  it("an ApiError from toApiError keeps the answer's Retry-After; only a 429 starts a countdown", () => {
    const limited = toApiError(429, JSON.stringify({ code: "rate_limited:upload", message: "Too many uploads." }), h({ "retry-after": "42" }));
    expect(limited).toMatchObject({ status: 429, code: "rate_limited:upload", retryAfterSeconds: 42 });
    expect(retryAfterOf(limited)).toBe(42);
    expect(retryAfterOf(toApiError(429, "<html>proxy</html>"))).toBe(DEFAULT_RETRY_AFTER_S);
    expect(retryAfterOf(toApiError(422, JSON.stringify({ code: "unprocessable:upload", message: "x" }), h({ "retry-after": "42" })))).toBeNull();
    expect(retryAfterOf(toApiError(0, ""))).toBeNull();
    expect(retryAfterOf(new Error("boom"))).toBeNull();
    expect(retryAfterOf(null)).toBeNull();
  });
});
