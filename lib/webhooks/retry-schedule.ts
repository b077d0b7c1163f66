/**
 * Delays before attempt 2, 3, … of one webhook, ms: the first attempt goes at once, then
 * 5 s, 30 s, 2 min, 10 min, 30 min, 2 h, 6 h, 12 h — nine attempts over about 20 h 43 min.
 * The shape of Svix's schedule (docs.svix.com/retries: immediately, 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h), which the Standard Webhooks spec gives as its example
 * (§"Deliverability and reliability"), denser at the start so a receiver that blinks
 * (a deploy, a restart) gets its event within minutes, and ending inside 24 h
 * ({@link DEFAULT_MAX_AGE_MS}; docs/webhooks.md, "Retries").
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [5_000, 30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];

/** No attempt is scheduled later than this after the event was enqueued, ms (24 h). */
export const DEFAULT_MAX_AGE_MS = 24 * 3_600_000;

/** Each delay is spread uniformly over ±this fraction, so receivers that failed together do not retry together. */
export const DEFAULT_JITTER_RATIO = 0.1;

/**
 * The delay after failed attempt `attempt`, ms, or null when the schedule is exhausted.
 * With the default ±10 % jitter the nine attempts end by 22 h 47 min at the latest.
 *
 * @param attempt the attempt that just failed, 1-based.
 * @param opts.retryAfterMs the receiver's `Retry-After` (parsed by lib/ratelimit/headers `parseRetryAfter`), a floor (spec §"Delivery success and failure").
 * @param opts.random injectable for tests, returns [0, 1).
 */
export function nextAttemptDelayMs(
  attempt: number,
  opts: { scheduleMs?: readonly number[]; jitterRatio?: number; retryAfterMs?: number; random?: () => number } = {},
): number | null {
  const schedule = opts.scheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS;
  const base = schedule[attempt - 1];
  if (base === undefined) return null;
  const jitter = opts.jitterRatio ?? DEFAULT_JITTER_RATIO;
  const random = opts.random ?? Math.random;
  const jittered = Math.round(base * (1 - jitter + 2 * jitter * random()));
  return Math.max(jittered, opts.retryAfterMs ?? 0);
}
