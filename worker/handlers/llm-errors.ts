import { LlmError } from "@/lib/ai/errors";
import { BudgetExhaustedError } from "@/lib/finops/errors";
import { TaskError } from "@/lib/queue/task-error";

/** Maps the LLM layer's error taxonomy onto the pipeline's: retryable → RETRYING, else policy. */
export function toTaskError(err: unknown): unknown {
  if (err instanceof LlmError) {
    // Capacity, not the task: the model's circuit is open, the governor found no quota within
    // its wait, or upstream answered 429 (its Retry-After is honoured). The task waits RETRYING
    // and keeps its attempts for real failures, as BullMQ's RateLimitError does; a backlog
    // meeting a quota or an outage must not fail. (A 429 `insufficient_quota` is not retryable:
    // it is a policy end, see lib/ai/errors.ts.)
    // A budget has no room: wait, attempt kept, until it frees up — its period's reset when
    // settled spend used it up (docs/finops.md, "Budgets"), or a few seconds while calls in
    // flight hold it; an admin raising it makes the task due at once (resumeBudgetWaits).
    if (err.code === "budget_exhausted") {
      const b = err.cause instanceof BudgetExhaustedError ? err.cause : undefined;
      const until = b?.retryAt ?? new Date(Date.now() + (err.retryAfterMs ?? 60_000));
      const detail = b ? { budgetKey: b.budgetKey, resetsAt: b.resetsAt.toISOString(), exhausted: b.exhausted } : undefined;
      return TaskError.waitUntil("budget_exhausted", err.message, until, detail);
    }
    if (err.retryable && (err.code === "circuit_open" || err.code === "rate_limited")) {
      return TaskError.deferred(err.code, err.message, err.retryAfterMs ?? 1_000);
    }
    return err.retryable ? TaskError.transient(err.code, err.message, err.retryAfterMs) : TaskError.policy(err.code, err.message);
  }
  return err;
}

/**
 * The last attempt after retryable failures (only those lead to another attempt): the
 * fallback model serves it, when one is configured (docs/architecture.md, "The LLM layer").
 */
export function isLastRetry(task: { maxAttempts: number }, attempt: number): boolean {
  return attempt > 1 && attempt >= task.maxAttempts;
}
