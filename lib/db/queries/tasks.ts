import { and, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { TaskStatus } from "@/lib/tasks/status";
import type { Db, Tx } from "../client";
import { tasks } from "../schema";

export type TaskRow = typeof tasks.$inferSelect;

/**
 * Inserts a PENDING task inside the caller's transaction (the outbox write). Producers build
 * `t` with `newTask()` (`lib/tasks/definitions.ts`), which sets `maxAttempts` from the task's
 * definition; without it the column's default applies.
 */
export async function insertTask(
  tx: Tx | Db,
  t: {
    type: string;
    lane: "interactive" | "batch";
    ownerId: string;
    payload: Record<string, unknown>;
    maxAttempts?: number;
    /** Where the worker POSTs a signed event when the task ends (checked by lib/webhooks/url-policy). */
    callbackUrl?: string | null;
  },
): Promise<TaskRow> {
  const [row] = await tx
    .insert(tasks)
    .values({ type: t.type, lane: t.lane, ownerId: t.ownerId, payload: t.payload, maxAttempts: t.maxAttempts, callbackUrl: t.callbackUrl ?? null })
    .returning();
  return row;
}

/**
 * Inserts PENDING tasks with one multi-row INSERT inside the caller's transaction (the
 * outbox write of a bulk submission: many files, a re-analysis, an admin replay).
 * @returns the rows in input order.
 */
export async function insertTasks(
  tx: Tx | Db,
  list: { type: string; lane: "interactive" | "batch"; ownerId: string; payload: Record<string, unknown>; maxAttempts?: number; callbackUrl?: string | null }[],
): Promise<TaskRow[]> {
  if (list.length === 0) return [];
  return tx
    .insert(tasks)
    .values(
      list.map((t) => ({ type: t.type, lane: t.lane, ownerId: t.ownerId, payload: t.payload, maxAttempts: t.maxAttempts, callbackUrl: t.callbackUrl ?? null })),
    )
    .returning();
}

/** Records the stream entry ids of many XADDs with one UPDATE … FROM (VALUES …). */
export async function markTasksPublished(db: Db, list: { id: string; messageId: string }[]): Promise<void> {
  if (list.length === 0) return;
  const values = sql.join(
    list.map((t) => sql`(${t.id}::uuid, ${t.messageId})`),
    sql`, `,
  );
  await db.execute(sql`
    update ${tasks} set message_id = v.message_id, published_at = now()
    from (values ${values}) as v(id, message_id)
    where ${tasks.id} = v.id`);
}

/**
 * How many of the owner's interactive tasks are still open (PENDING, PROCESSING or RETRYING),
 * counted up to `upTo` (the query stops there; uses tasks_owner_idx).
 */
export async function countOpenInteractiveTasks(db: Db, { ownerId, upTo }: { ownerId: string; upTo: number }): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from ${tasks}
      where ${tasks.ownerId} = ${ownerId} and ${tasks.lane} = 'interactive'
        and ${tasks.status} in ('PENDING', 'PROCESSING', 'RETRYING')
      limit ${upTo}
    ) open`);
  return row?.n ?? 0;
}

export async function getTaskById(db: Db, { id }: { id: string }): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
  return row;
}

/** The task if `ownerId` owns it — ownership in the WHERE clause; undefined answers 404, not 403. */
export async function getTaskForOwner(db: Db, { id, ownerId }: { id: string; ownerId: string }): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.ownerId, ownerId)))
    .limit(1);
  return row;
}

/** Status of each of `ids` that exists, in one query (the event hub's safety sweep). */
export async function readTaskStatuses(db: Db, { ids }: { ids: string[] }): Promise<{ id: string; status: string }[]> {
  if (ids.length === 0) return [];
  return db.select({ id: tasks.id, status: tasks.status }).from(tasks).where(inArray(tasks.id, ids));
}

/** Records the stream entry id of the latest XADD (the relay checks it still exists). */
export async function markTaskPublished(db: Db, { id, messageId }: { id: string; messageId: string }) {
  await db.update(tasks).set({ messageId, publishedAt: sql`now()` }).where(eq(tasks.id, id));
}

/**
 * Claims a task for one attempt with a conditional update: only a PENDING task, or a
 * PROCESSING one whose lease expired (its worker died), can be claimed. Returns the row
 * with `attempts` already incremented (the attempt's fencing token), or undefined when
 * somebody else holds it or it has ended — a duplicate delivery then does nothing.
 */
export async function claimTask(db: Db, { id, leaseMs }: { id: string; leaseMs: number }): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({
      status: "PROCESSING",
      attempts: sql`${tasks.attempts} + 1`,
      startedAt: sql`coalesce(${tasks.startedAt}, now())`,
      leaseExpiresAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(tasks.id, id),
        or(and(eq(tasks.status, "PENDING"), lte(tasks.availableAt, sql`now()`)), and(eq(tasks.status, "PROCESSING"), lte(tasks.leaseExpiresAt, sql`now()`))),
      ),
    )
    .returning();
  return row;
}

/** Extends the lease of the attempt `attempt` (heartbeat). False when the attempt lost the task. */
export async function extendLease(db: Db, { id, attempt, leaseMs }: { id: string; attempt: number; leaseMs: number }) {
  const rows = await db
    .update(tasks)
    .set({ leaseExpiresAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(eq(tasks.id, id), eq(tasks.status, "PROCESSING"), eq(tasks.attempts, attempt)))
    .returning({ id: tasks.id });
  return rows.length === 1;
}

/**
 * Ends the attempt `attempt` with `status`, fenced: it only applies while that attempt still
 * holds the task, so the late result of an abandoned attempt is discarded.
 * For RETRYING, `retryInMs` (from now, PostgreSQL's clock) or `availableAt` (a fixed time: a
 * budget's reset) sets when the relay makes it PENDING again.
 * @returns true when the transition happened.
 */
export async function finishAttempt(
  db: Db | Tx,
  f: {
    id: string;
    attempt: number;
    status: Exclude<TaskStatus, "PENDING" | "PROCESSING">;
    error?: { code: string; message: string } | null;
    retryInMs?: number;
    availableAt?: Date;
    /** The attempt is not counted (`TaskError.deferred`): `attempts` goes back by one. */
    refundAttempt?: boolean;
  },
): Promise<boolean> {
  const ended = f.status !== "RETRYING";
  const rows = await db
    .update(tasks)
    .set({
      status: f.status,
      errorCode: f.error?.code ?? null,
      errorMessage: f.error?.message ?? null,
      leaseExpiresAt: null,
      updatedAt: sql`now()`,
      finishedAt: ended ? sql`now()` : null,
      availableAt: f.availableAt ?? (f.retryInMs !== undefined ? sql`now() + make_interval(secs => ${f.retryInMs / 1000})` : undefined),
      attempts: f.refundAttempt ? sql`${tasks.attempts} - 1` : undefined,
    })
    .where(and(eq(tasks.id, f.id), eq(tasks.status, "PROCESSING"), eq(tasks.attempts, f.attempt)))
    .returning({ id: tasks.id });
  return rows.length === 1;
}

/**
 * Gives an unfinished attempt back (graceful shutdown): PENDING, the attempt not counted, and
 * unpublished (`message_id` null) until the caller's fresh XADD is recorded — so if that XADD
 * fails or the process dies first, the relay's orphan pass publishes it after its grace
 * (counted from this update) instead of the task waiting on an entry that is about to be ACKed.
 */
export async function releaseAttempt(db: Db, { id, attempt }: { id: string; attempt: number }): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({
      status: "PENDING",
      attempts: sql`${tasks.attempts} - 1`,
      leaseExpiresAt: null,
      messageId: null,
      publishedAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tasks.id, id), eq(tasks.status, "PROCESSING"), eq(tasks.attempts, attempt)))
    .returning({ id: tasks.id });
  return rows.length === 1;
}

/**
 * RETRYING tasks whose backoff is over (at most `limit`, oldest due first) become PENDING and
 * unpublished; returns them for publishing. `message_id` is cleared because the previous entry
 * was ACKed when the attempt ended: if the caller dies or its XADD fails part-way through the
 * batch, the rest are PENDING with no message, which the relay's orphan pass republishes
 * (after a grace counted from this update, `updated_at`) — never PENDING behind a dead entry.
 */
export async function promoteDueRetries(db: Db, { limit }: { limit: number }) {
  return db.execute<{ id: string; type: string; lane: "interactive" | "batch" }>(sql`
    update tasks set status = 'PENDING', message_id = null, published_at = null, updated_at = now()
    where id in (
      select id from tasks where status = 'RETRYING' and available_at <= now()
      order by available_at limit ${limit} for update skip locked)
    returning id, type, lane`);
}

/**
 * Open tasks the relay may need to (re)publish: PENDING and unpublished (the web's XADD failed
 * or the web died after commit; a promote or release interrupted before its XADD) for longer
 * than `graceMs` since it became so (`updated_at`: the insert, the promote or the release — so
 * a task whose XADD is on its way right now is left alone), and PROCESSING whose lease expired
 * (their message may be gone with Redis; the relay checks).
 */
export async function findRelayCandidates(db: Db, { graceMs, limit }: { graceMs: number; limit: number }) {
  const grace = sql`now() - make_interval(secs => ${graceMs / 1000})`;
  return db
    .select({ id: tasks.id, type: tasks.type, lane: tasks.lane, status: tasks.status, messageId: tasks.messageId })
    .from(tasks)
    .where(
      or(
        and(eq(tasks.status, "PENDING"), isNull(tasks.messageId), lte(tasks.updatedAt, grace)),
        and(eq(tasks.status, "PROCESSING"), lte(tasks.leaseExpiresAt, sql`now()`)),
      ),
    )
    .orderBy(tasks.createdAt)
    .limit(limit);
}

/** A page of PENDING tasks in id order after `afterId` (republish everything after Redis lost data). */
export async function listPendingTasks(db: Db, { afterId, limit }: { afterId: string | null; limit: number }) {
  return db
    .select({ id: tasks.id, type: tasks.type, lane: tasks.lane })
    .from(tasks)
    .where(and(eq(tasks.status, "PENDING"), afterId ? gt(tasks.id, afterId) : undefined))
    .orderBy(tasks.id)
    .limit(limit);
}
