/**
 * Codes the pipeline itself ends an attempt with (lib/queue/consumer.ts), whatever the task type:
 *
 * - `internal` — the handler threw something that is not a `TaskError` (./task-error.ts) (a bug, a deployment fault).
 * - `timeout` — the attempt ran past the task timeout and was aborted.
 * - `attempts_exhausted` — the worker of the last attempt died mid-way; no attempt is left.
 * - `unknown_task_type` — no handler is registered for the task's type.
 * - `bad_payload` — the task's payload fails the handler's schema.
 */
export const PIPELINE_ERROR_CODES = ["internal", "timeout", "attempts_exhausted", "unknown_task_type", "bad_payload"] as const;
