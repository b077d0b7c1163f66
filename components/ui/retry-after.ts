import { parseRetryAfter } from "@/lib/ratelimit/headers";

/**
 * When a refused request may be sent again, read from the answer's headers (docs/security.md,
 * "Request limits"). Pure functions, browser-safe.
 */

/** Headers as fetch (`Headers`) or better-fetch give them, or an XHR adapted to `get`. */
export type HeaderGetter = { get(name: string): string | null };

/** The wait a 429 implies when its answer names none, s: long enough not to hammer, short enough to be worth waiting for. */
export const DEFAULT_RETRY_AFTER_S = 30;

const seconds = (ms: number | undefined) => (ms === undefined ? null : Math.max(1, Math.ceil(ms / 1000)));

/**
 * The reset of an IETF `RateLimit` field ("RateLimit header fields for HTTP",
 * draft-ietf-httpapi-ratelimit-headers): since draft 07 a list of quota items with `r`
 * (remaining) and `t` (seconds to reset) — `"default";r=0;t=42` — of which the largest `t` of an
 * item with nothing remaining counts (or the largest `t` when none says `r=0`); before it a
 * dictionary `limit=10, remaining=0, reset=42`.
 * @returns seconds, or undefined when the field holds no reset.
 */
export function rateLimitResetSeconds(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const items = value.split(",").map((item) => {
    const params = new Map<string, string>();
    for (const p of item.split(";").slice(1)) {
      const [k = "", v = ""] = p.trim().split("=");
      params.set(k, v);
    }
    return { r: params.get("r"), t: params.get("t") };
  });
  const resets = (list: typeof items) => list.map((i) => (i.t && /^\d+$/.test(i.t) ? Number(i.t) : Number.NaN)).filter((n) => !Number.isNaN(n));
  const exhausted = resets(items.filter((i) => i.r === "0"));
  const any = exhausted.length ? exhausted : resets(items);
  if (any.length) return Math.max(...any);
  const legacy = /(?:^|[,\s])reset=(\d+)/.exec(value);
  return legacy ? Number(legacy[1]) : undefined;
}

/**
 * Seconds until a refused request may be sent again, from its answer's headers, in this order:
 * `Retry-After` (delta-seconds or an HTTP date, RFC 9110 §10.2.3), `X-Retry-After` (better-auth's
 * own limiter), the `RateLimit` field's reset ({@link rateLimitResetSeconds}), `RateLimit-Reset`,
 * and `X-RateLimit-Reset` (delta-seconds; a value past 10^9 is taken as Unix seconds, as GitHub
 * sends it). Whole seconds, at least 1.
 * @returns null when no header says.
 */
export function retryAfterSecondsFromHeaders(headers: HeaderGetter | null | undefined, now: number = Date.now()): number | null {
  if (!headers) return null;
  const retryAfter = seconds(parseRetryAfter(headers.get("retry-after"), now)) ?? seconds(parseRetryAfter(headers.get("x-retry-after"), now));
  if (retryAfter !== null) return retryAfter;
  const field = rateLimitResetSeconds(headers.get("ratelimit"));
  if (field !== undefined) return Math.max(1, field);
  const reset = seconds(parseRetryAfter(headers.get("ratelimit-reset"), now));
  if (reset !== null) return reset;
  const x = headers.get("x-ratelimit-reset")?.trim();
  if (x && /^\d+$/.test(x)) {
    const n = Number(x);
    return Math.max(1, n > 1e9 ? Math.ceil(n - now / 1000) : n);
  }
  return null;
}

/**
 * The wait a refused answer asks for: for a 429, its headers' ({@link retryAfterSecondsFromHeaders})
 * or {@link DEFAULT_RETRY_AFTER_S}; null for any other status.
 */
export function retryAfterOfResponse(res: { status: number; headers: HeaderGetter }, now: number = Date.now()): number | null {
  if (res.status !== 429) return null;
  return retryAfterSecondsFromHeaders(res.headers, now) ?? DEFAULT_RETRY_AFTER_S;
}

/**
 * The wait a failed request asks for, from the error the app's fetch helpers throw (`ApiError`,
 * components/tasks/api.ts: `status` and `retryAfterSeconds`): for a 429, its seconds or
 * {@link DEFAULT_RETRY_AFTER_S}; null for anything else (another status, a network failure).
 */
export function retryAfterOf(err: unknown): number | null {
  if (!err || typeof err !== "object") return null;
  const e = err as { status?: unknown; retryAfterSeconds?: unknown };
  if (e.status !== 429) return null;
  return typeof e.retryAfterSeconds === "number" && e.retryAfterSeconds > 0 ? Math.ceil(e.retryAfterSeconds) : DEFAULT_RETRY_AFTER_S;
}
