import type { TaskEventRow } from "@/lib/db/queries/task-events";
import type { AdminTaskRow, TaskUsageRow } from "@/lib/db/queries/tasks";
import type { AdminTaskDetail, AdminTaskItem } from "./admin-contracts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A task row as an item of the console's lists (`adminTaskItemSchema`, lib/tasks/admin-contracts.ts). */
export function toAdminTaskItem(t: AdminTaskRow): AdminTaskItem {
  return {
    id: t.id,
    type: t.type,
    lane: t.lane,
    status: t.status,
    attempts: t.attempts,
    maxAttempts: t.maxAttempts,
    errorCode: t.errorCode,
    errorMessage: t.errorMessage,
    ownerId: t.ownerId,
    ownerEmail: t.ownerEmail,
    organizationId: t.organizationId,
    organizationName: t.organizationName,
    createdAt: t.createdAt.toISOString(),
    startedAt: iso(t.startedAt),
    finishedAt: iso(t.finishedAt),
    updatedAt: t.updatedAt.toISOString(),
    discardedAt: iso(t.discardedAt),
  };
}

/** One task, its events and its usage rows as `GET /api/admin/tasks/{id}` answers (`adminTaskDetailSchema`). */
export function toAdminTaskDetail(t: AdminTaskRow, events: TaskEventRow[], usage: TaskUsageRow[]): AdminTaskDetail {
  return {
    task: {
      ...toAdminTaskItem(t),
      payload: t.payload,
      availableAt: t.availableAt.toISOString(),
      leaseExpiresAt: iso(t.leaseExpiresAt),
      messageId: t.messageId,
    },
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      attempt: e.attempt,
      errorCode: e.errorCode,
      message: e.message,
      actorId: e.actorId,
      actorEmail: e.actorEmail,
      detail: e.detail ?? null,
      createdAt: e.createdAt.toISOString(),
    })),
    usage: usage.map((u) => ({
      id: u.id,
      attempt: u.attempt,
      feature: u.feature,
      provider: u.provider,
      model: u.model,
      inputTokens: u.inputTokens,
      cachedInputTokens: u.cachedInputTokens,
      outputTokens: u.outputTokens,
      costMicroUsd: u.costMicroUsd,
      latencyMs: u.latencyMs,
      ttftMs: u.ttftMs,
      outcome: u.outcome,
      cacheHit: u.cacheHit,
      createdAt: u.createdAt.toISOString(),
    })),
  };
}
