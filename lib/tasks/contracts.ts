import { z } from "zod";
import { TASK_STATUSES } from "./status";

/**
 * The task body of the API (README, "API"): `GET /api/tasks/{id}`, its long-poll, each SSE
 * `status` event, and the `planTask`/`evaluateTask` of an interview. Built by `toTaskBody`
 * (lib/tasks/view.ts); read by components/tasks/api.ts. Browser-safe (zod only).
 */
export const taskStatusSchema = z.enum(TASK_STATUSES);

/**
 * The last attempt's error; `code` is a task error code (lib/tasks/error-codes.ts), kept a plain
 * string here because rows written by older versions may hold codes this one no longer knows.
 * `message` is the writer's raw English text (a model provider's included): the UI shows it only
 * under "details".
 */
const taskErrorSchema = z.object({ code: z.string(), message: z.string() });

export const taskBodySchema = z.object({
  id: z.string(),
  type: z.string(),
  lane: z.enum(["interactive", "batch"]),
  status: taskStatusSchema,
  /** Attempts started so far (a deferred attempt is given back). */
  attempts: z.number().int().min(0),
  maxAttempts: z.number().int().min(1),
  /** While RETRYING the last error; once COMPLETED always null. */
  error: taskErrorSchema.nullable(),
  /** While RETRYING, when the next attempt is due (ISO 8601; a budget wait: the budget's reset); otherwise null. */
  retryAt: z.iso.datetime().nullable(),
  /** ISO 8601 timestamps. */
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type TaskBody = z.infer<typeof taskBodySchema>;
