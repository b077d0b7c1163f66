import type { Db } from "@/lib/db/client";
import { getTaskById, type TaskRow } from "@/lib/db/queries/tasks";
import type { TaskBody } from "./contracts";

export { isEnded } from "./status";
export type { TaskBody } from "./contracts";

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
    createdAt: t.createdAt.toISOString(),
    startedAt: t.startedAt?.toISOString() ?? null,
    finishedAt: t.finishedAt?.toISOString() ?? null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(s: string): boolean {
  return UUID.test(s);
}

/** The task if `ownerId` owns it (else undefined: callers answer 404, not 403). */
export async function getOwnedTask(db: Db, { id, ownerId }: { id: string; ownerId: string }) {
  if (!isUuid(id)) return undefined;
  const t = await getTaskById(db, { id });
  return t && t.ownerId === ownerId ? t : undefined;
}
