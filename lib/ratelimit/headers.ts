/**
 * Parsing of the rate-limit headers an HTTP answer carries: `Retry-After` (RFC 9110 §10.2.3),
 * `retry-after-ms` and OpenAI's `x-ratelimit-*`. The governor reads them from upstream LLM
 * answers (a 429 pauses every process); the webhook dispatcher reads `Retry-After` from
 * receivers. Pure functions, no I/O.
 */

/** What OpenAI-style `x-ratelimit-*` headers said (read by the governor). */
export interface RateLimitInfo {
  limitRequests?: number;
  remainingRequests?: number;
  resetRequestsMs?: number;
  limitTokens?: number;
  remainingTokens?: number;
  resetTokensMs?: number;
}

/** Response headers as fetch gives them (`Headers`) or as a plain record (node:http style). */
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
  for (const m of v.matchAll(re)) {
    const n = Number(m[1]);
    total += m[2] === "h" ? n * 3_600_000 : m[2] === "m" ? n * 60_000 : m[2] === "s" ? n * 1000 : n;
    consumed += m[0].length;
  }
  return consumed > 0 && consumed === v.length ? Math.round(total) : undefined;
}

/**
 * OpenAI-style `x-ratelimit-{limit,remaining,reset}-{requests,tokens}` headers; values that do
 * not parse are left out. @returns undefined when none of them is there.
 */
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
