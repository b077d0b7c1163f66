import type { TaskRow } from "@/lib/db/queries/tasks";

/** A task row as the database returns it (for the body builders' unit tests); `over` replaces fields. */
export function taskRow(over: Partial<TaskRow> = {}): TaskRow {
  const at = new Date("2025-05-01T10:00:00.000Z");
  return {
    id: "7f1c2b1e-9a0e-4c55-8a4e-0d1f3c2b5a10",
    type: "resume.analyze",
    lane: "interactive",
    status: "PENDING",
    ownerId: "user-1",
    organizationId: null,
    payload: { resumeId: "0b8f3c1e-1111-4c55-8a4e-0d1f3c2b5a10" },
    attempts: 0,
    maxAttempts: 3,
    errorCode: null,
    errorMessage: null,
    availableAt: at,
    leaseExpiresAt: null,
    messageId: null,
    publishedAt: null,
    callbackUrl: null,
    fairKey: null,
    createdAt: at,
    startedAt: null,
    finishedAt: null,
    discardedAt: null,
    updatedAt: at,
    ...over,
  };
}
