import type { TaskErrorCode } from "@/lib/tasks/error-codes";

/**
 * What a task handler throws to end an attempt. `retryable` decides the next state
 * (docs/architecture.md, "Retries"): RETRYING (then FAILED when attempts run out) or TERMINATED_BY_POLICY.
 * Anything else a handler throws counts as retryable with code `internal`.
 *
 * `code` is one of the task error codes (lib/tasks/error-codes.ts), so every code written to
 * `tasks.error_code` has a translated reason in the UI.
 */
export class TaskError extends Error {
  constructor(
    readonly code: TaskErrorCode,
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
    /** False when the attempt never reached the upstream (its circuit is open): it is not counted. */
    readonly spendsAttempt: boolean = true,
    /**
     * A wait with a known end (a budget's period reset): the task becomes due exactly then — no
     * backoff, no jitter — instead of after `retryAfterMs`. `detail` goes into its task event.
     */
    readonly wait?: { until: Date; detail?: Record<string, unknown> },
  ) {
    super(message);
    this.name = "TaskError";
  }

  /** Not retryable: bad input, content policy, prompt too long. */
  static policy(code: TaskErrorCode, message: string): TaskError {
    return new TaskError(code, message, false);
  }

  /** Retryable: 429, 5xx, timeouts, invalid model output. */
  static transient(code: TaskErrorCode, message: string, retryAfterMs?: number): TaskError {
    return new TaskError(code, message, true, retryAfterMs);
  }

  /**
   * Retryable without spending an attempt: the work was refused before it started (the model's
   * circuit breaker is open), so the task waits RETRYING for `retryAfterMs` and keeps its
   * attempts for real failures.
   */
  static deferred(code: TaskErrorCode, message: string, retryAfterMs: number): TaskError {
    return new TaskError(code, message, true, retryAfterMs, false);
  }

  /**
   * Deferred until a known time: a budget is used up until its period resets. The task waits
   * RETRYING with `available_at = until`, keeps its attempt, and the wait is recorded as a task
   * event (`budget_wait` for `budget_exhausted`, lib/queue/consumer.ts).
   */
  static waitUntil(code: TaskErrorCode, message: string, until: Date, detail?: Record<string, unknown>): TaskError {
    return new TaskError(code, message, true, Math.max(0, until.getTime() - Date.now()), false, { until, detail });
  }
}
