/**
 * Sleeping for the governor's waiters.
 *
 * `jitteredDelayMs` adds a random extra on top of the wait the limiter computed, so the waiters
 * a single expiry (or the end of a pause) releases do not all hit Redis — and upstream — in the
 * same millisecond: "jitter" from Marc Brooker, "Exponential Backoff And Jitter", AWS
 * Architecture Blog (2015). The wait itself is exact (the window says when a slot frees), so
 * the jitter is added, never subtracted: up to 20 % of the wait, at least `minJitterMs`, at most
 * `maxJitterMs`.
 */

export interface JitterOptions {
  /** Floor of the jitter range, ms (default 5). */
  minJitterMs?: number;
  /** Ceiling of the jitter range, ms (default 250). */
  maxJitterMs?: number;
  /** Returns [0, 1); injectable for tests. */
  random?: () => number;
}

export function jitteredDelayMs(waitMs: number, opts: JitterOptions = {}): number {
  const min = opts.minJitterMs ?? 5;
  const max = opts.maxJitterMs ?? 250;
  const range = Math.min(max, Math.max(min, waitMs * 0.2));
  return Math.max(0, Math.ceil(waitMs + (opts.random ?? Math.random)() * range));
}

/** The signal's reason, or an AbortError when it carries none. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted", "AbortError");
}

/** Resolves after `ms`; rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
