/**
 * Retry delay before attempt `attempt + 1`, in ms: exponential backoff with "full jitter"
 * (random between 0 and min(cap, base·2^(attempt-1))), from Marc Brooker, "Exponential Backoff
 * And Jitter", AWS Architecture Blog, 2015. An upstream `Retry-After` is a floor.
 *
 * @param attempt the attempt that just failed, 1-based.
 * @param opts.baseMs first step (default 1 000 ms); opts.capMs ceiling (default 60 000 ms).
 * @param opts.retryAfterMs the upstream's `Retry-After`, if any.
 * @param opts.random injectable for tests, returns [0, 1).
 */
export function backoffMs(attempt: number, opts: { baseMs?: number; capMs?: number; retryAfterMs?: number; random?: () => number } = {}): number {
  const base = opts.baseMs ?? 1_000;
  const cap = opts.capMs ?? 60_000;
  const random = opts.random ?? Math.random;
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, attempt - 1));
  const jittered = Math.floor(random() * ceiling);
  return Math.max(jittered, opts.retryAfterMs ?? 0);
}
