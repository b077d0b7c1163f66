/**
 * The console's task commands (docs/finops.md, "Queues, tasks and the DLQ"): replaying and
 * discarding FAILED tasks. The database is the DLQ's truth — `status = 'FAILED'` and
 * `discarded_at is null` — and the `panelist:{type}:dlq` streams are copies a Redis loss may
 * erase, so both commands read and fence on the rows, never on the streams.
 *
 * Each command writes, in one transaction, the task rows (fenced in lib/db/queries/tasks.ts:
 * only FAILED, not discarded rows change), one `task_events` row per task naming the admin,
 * and one `audit_log` row per task; a replay then submits the tasks through the producer after
 * the commit (the outbox contract: a failed XADD is left to the relay).
 */
import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { insertAuditEntries } from "@/lib/db/queries/audit";
import { insertTaskEvents } from "@/lib/db/queries/task-events";
import { type DeadLetterRow, discardDeadLetters, lockDeadLetters, resetDeadLetters } from "@/lib/db/queries/tasks";
import type { Logger } from "@/lib/log";
import { publishTaskEvent } from "@/lib/queue/events";
import { submitFairTasks } from "@/lib/queue/fair-feeder";
import { type Lane, TASK_DEFINITIONS, type TaskType } from "./definitions";

/** Tasks a replay of the whole DLQ takes per transaction (and per pipelined XADD round trip). */
const REPLAY_BATCH = 200;
/** Tasks one "replay all" request takes at most; `more: true` says the DLQ had more (ask again). */
export const REPLAY_ALL_MAX = 2_000;

/**
 * The lane a replayed task goes to: batch, so a replay of many tasks never queues ahead of
 * people waiting on the interactive lane — unless the task's definition does not allow batch
 * (interview plans and evaluations are interactive-only: `lanes` in lib/tasks/definitions.ts),
 * then its own first lane. A type this version does not know goes to batch.
 */
export function replayLane(type: string): Lane {
  const def = TASK_DEFINITIONS[type as TaskType];
  if (!def) return "batch";
  return (def.lanes as readonly Lane[]).includes("batch") ? "batch" : def.lanes[0];
}

export type ReplayResult = {
  /** Tasks now PENDING again, in the order they were taken. */
  replayed: string[];
  /** Ids asked for that were not replayed: not FAILED, discarded, missing, or taken by a concurrent replay. */
  skipped: string[];
  /** `all` only: the DLQ still held tasks when {@link REPLAY_ALL_MAX} was reached. */
  more: boolean;
};

/**
 * Replays FAILED tasks: those of `taskIds`, or with `all` the whole DLQ oldest first (at most
 * {@link REPLAY_ALL_MAX} per call, in transactions of {@link REPLAY_BATCH}). Each task goes back
 * to PENDING on {@link replayLane} with attempts 0 and no error; a `replayed` event (kind,
 * the admin, the attempts and error it had) and an audit row `task.replay` are written with it;
 * after the commit the tasks are XADDed (`submitFairTasks`: a recruiter's fair task goes back
 * through the fair feeder) and a PENDING status event published,
 * so a worker runs them and a page watching one sees it move.
 * @throws database errors (nothing is replayed from the failed transaction; earlier batches of `all` stay replayed).
 */
export async function replayFailedTasks(
  deps: { db: Db; redis: Redis; log: Logger },
  a: { actorId: string } & ({ taskIds: string[]; all?: undefined } | { all: true; taskIds?: undefined }),
): Promise<ReplayResult> {
  const replayed: string[] = [];
  if (a.taskIds) {
    const unique = [...new Set(a.taskIds)];
    replayed.push(...(await replayBatch(deps, a.actorId, unique)));
    const done = new Set(replayed);
    return { replayed, skipped: unique.filter((id) => !done.has(id)), more: false };
  }
  for (;;) {
    const batch = await replayBatch(deps, a.actorId, undefined, Math.min(REPLAY_BATCH, REPLAY_ALL_MAX - replayed.length));
    replayed.push(...batch);
    if (batch.length === 0) return { replayed, skipped: [], more: false };
    if (replayed.length >= REPLAY_ALL_MAX) {
      const [next] = await deps.db.transaction((tx) => lockDeadLetters(tx, { limit: 1 }));
      return { replayed, skipped: [], more: next !== undefined };
    }
  }
}

/** One transaction of a replay, then its submission. @returns the ids replayed. */
async function replayBatch(
  deps: { db: Db; redis: Redis; log: Logger },
  actorId: string,
  ids: string[] | undefined,
  limit = ids?.length ?? 0,
): Promise<string[]> {
  const { db } = deps;
  const reset = await db.transaction(async (tx) => {
    const before = await lockDeadLetters(tx, { ids, limit });
    const rows = await resetDeadLetters(
      tx,
      before.map((t) => ({ id: t.id, lane: replayLane(t.type) })),
    );
    const was = new Map(before.map((t) => [t.id, t]));
    await insertTaskEvents(
      tx,
      rows.map((r) => {
        const old = was.get(r.id)!;
        return {
          taskId: r.id,
          kind: "replayed",
          attempt: old.attempts,
          errorCode: old.errorCode,
          message: old.errorMessage,
          actorId,
          detail: { fromLane: old.lane, toLane: r.lane },
        };
      }),
    );
    await insertAuditEntries(
      tx,
      rows.map((r) => ({
        actorId,
        action: "task.replay",
        target: `task:${r.id}`,
        before: failedState(was.get(r.id)!),
        after: { status: "PENDING", attempts: 0, lane: r.lane },
      })),
    );
    return rows;
  });
  if (reset.length === 0) return [];
  await submitFairTasks(deps, reset);
  await Promise.all(reset.map((r) => publishTaskEvent(deps.redis, { taskId: r.id, status: "PENDING" })));
  // Keep the caller's order (the lock returns oldest first).
  const replayed = new Set(reset.map((r) => r.id));
  return (ids ?? reset.map((r) => r.id)).filter((id) => replayed.has(id));
}

/**
 * Discards FAILED tasks from the DLQ view: `discarded_at` is set, the status stays FAILED and
 * the row is kept (its resume or interview still shows the failure); a `discarded` event and an
 * audit row `task.discard` are written with it.
 * @returns the ids discarded and those skipped (not FAILED, already discarded, or missing).
 */
export async function discardFailedTasks(deps: { db: Db }, a: { actorId: string; taskIds: string[] }): Promise<{ discarded: string[]; skipped: string[] }> {
  const unique = [...new Set(a.taskIds)];
  const rows = await deps.db.transaction(async (tx) => {
    const discarded = await discardDeadLetters(tx, { ids: unique });
    await insertTaskEvents(
      tx,
      discarded.map((t) => ({ taskId: t.id, kind: "discarded", attempt: t.attempts, errorCode: t.errorCode, message: t.errorMessage, actorId: a.actorId })),
    );
    await insertAuditEntries(
      tx,
      discarded.map((t) => ({
        actorId: a.actorId,
        action: "task.discard",
        target: `task:${t.id}`,
        before: { ...failedState(t), discarded: false },
        after: { ...failedState(t), discarded: true },
      })),
    );
    return discarded;
  });
  const done = new Set(rows.map((r) => r.id));
  return { discarded: unique.filter((id) => done.has(id)), skipped: unique.filter((id) => !done.has(id)) };
}

function failedState(t: DeadLetterRow) {
  return { status: "FAILED", attempts: t.attempts, errorCode: t.errorCode, lane: t.lane };
}
