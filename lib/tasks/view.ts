import type { TaskRow } from "@/lib/db/queries/tasks";
import type { TaskBody } from "./contracts";

export { isEnded } from "./status";

/** A task row as the API's task body (the `taskBodySchema` contract, lib/tasks/contracts.ts). */
export function toTaskBody(t: TaskRow): TaskBody {
  // While RETRYING the last error is shown; once COMPLETED any earlier error is history.
  const error = t.errorCode && t.status !== "COMPLETED" ? { code: t.errorCode, message: t.errorMessage ?? "" } : null;
  return {
    id: t.id,
    type: t.type,
    lane: t.lane,
    status: t.status,
    attempts: t.attempts,
    maxAttempts: t.maxAttempts,
    error,
    retryAt: t.status === "RETRYING" ? t.availableAt.toISOString() : null,
    createdAt: t.createdAt.toISOString(),
    startedAt: t.startedAt?.toISOString() ?? null,
    finishedAt: t.finishedAt?.toISOString() ?? null,
  };
}
