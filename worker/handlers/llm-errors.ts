import { LlmError } from "@/lib/ai/errors";
import { TaskError } from "@/lib/queue/task-error";

/** Maps the LLM layer's error taxonomy onto the pipeline's: retryable → RETRYING, else policy. */
export function toTaskError(err: unknown): unknown {
  if (err instanceof LlmError) {
    return err.retryable ? TaskError.transient(err.code, err.message, err.retryAfterMs) : TaskError.policy(err.code, err.message);
  }
  return err;
}

/**
 * The last attempt after retryable failures (only those lead to another attempt): the
 * fallback model serves it, when one is configured (issue #3, "Model fallback").
 */
export function isLastRetry(task: { maxAttempts: number }, attempt: number): boolean {
  return attempt > 1 && attempt >= task.maxAttempts;
}
