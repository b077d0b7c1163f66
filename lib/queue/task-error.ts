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
}
