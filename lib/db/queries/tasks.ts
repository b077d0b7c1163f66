import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { TASK_STATUSES, type TaskStatus } from "@/lib/tasks/status";
import type { Db, Tx } from "../client";
import { llmUsage, organization, tasks, user } from "../schema";

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
    organizationId?: string | null;
    fairKey?: string | null;
  },
): Promise<TaskRow> {
  const [row] = await insertTasks(tx, [t]);
  return row;
}

/**
 * Inserts PENDING tasks with one multi-row INSERT inside the caller's transaction (the
 * outbox write of a bulk submission: many files, a re-analysis, an admin replay).
 * @returns the rows in input order.
 */
export async function insertTasks(
  tx: Tx | Db,
  list: {
    type: string;
    lane: "interactive" | "batch";
    ownerId: string;
    payload: Record<string, unknown>;
    maxAttempts?: number;
    callbackUrl?: string | null;
    organizationId?: string | null;
    fairKey?: string | null;
  }[],
): Promise<TaskRow[]> {
  if (list.length === 0) return [];
  const insert = tx
    .insert(tasks)
    .values(
      list.map((t) => ({
        type: t.type,
        lane: t.lane,
        ownerId: t.ownerId,
        payload: t.payload,
        maxAttempts: t.maxAttempts,
        callbackUrl: t.callbackUrl ?? null,
        organizationId: t.organizationId ?? null,
        fairKey: t.fairKey ?? null,
      })),
    )
    .returning();
  // A lone row's INSERT (every upload's) as a prepared statement: postgres.js keeps it per
  // connection, so it costs one round trip instead of two (Parse/Describe, then Bind/Execute).
  // A multi-row INSERT's text varies with its size, so it is left unprepared (no statement per size).
  return list.length === 1 ? insert.prepare("insert_task").execute() : insert;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ENTRY_ID = /^\d+-\d+$/;

/** Whether `id` has the form of a task id (a UUID, RFC 9562 text form): anything else names no task. */
export function isTaskId(id: string): boolean {
  return UUID.test(id);
}

/**
 * Records the stream entry ids of many XADDs with one UPDATE … FROM (VALUES …), committed
 * asynchronously (`SET LOCAL synchronous_commit = off`; PostgreSQL docs, "Asynchronous
 * Commit"): the commit returns before its WAL is flushed, which saves the add path a disk
 * flush. Safe because the entry id is a hint (docs/architecture.md, "Outbox"): a server crash
 * can lose only the last few hundred ms of such commits, never a synchronous commit made after
 * them, and a task whose id was lost is PENDING with `message_id` null, which the relay
 * republishes after its grace — a duplicate entry, which the conditional claim makes harmless.
 *
 * Of several rows, those another transaction has locked are skipped, not waited for (`FOR NO KEY UPDATE SKIP
 * LOCKED`, the lock the UPDATE itself takes): that is a consumer's claim of the entry just
 * added, or another write of the task. Waiting would put the add behind the claim's commit,
 * and two multi-row UPDATEs that wait, this one and a batched claim, can lock the same rows
 * in opposite orders and deadlock. A skipped task keeps `message_id` null; it is being claimed
 * (then the id is no longer needed to find its entry: the claim holds it) or, if it is still
 * PENDING after the grace, the relay republishes it — the same outcome as a lost async commit.
 *
 * One simple-protocol query (the `SET LOCAL` and the UPDATE share its implicit transaction), so
 * the values are inlined: each is checked against the uuid and entry-id formats first.
 * @throws {Error} when an id or entry id is malformed (never reaches the database).
 */
export async function markTasksPublished(db: Db, list: { id: string; messageId: string }[]): Promise<void> {
  if (list.length === 0) return;
  for (const t of list) {
    if (!isTaskId(t.id) || !ENTRY_ID.test(t.messageId)) throw new Error(`markTasksPublished: malformed id ${JSON.stringify(t)}`);
  }
  const values = list.map((t) => `('${t.id}'::uuid, '${t.messageId}')`).join(", ");
  // One row: a plain UPDATE (it holds no other lock while it waits, so it cannot deadlock).
  const update =
    list.length === 1
      ? `update tasks set message_id = '${list[0].messageId}', published_at = now() where id = '${list[0].id}'::uuid`
      : `with v(id, message_id) as (values ${values}), ` +
        `free as (select tasks.id, v.message_id from tasks join v on tasks.id = v.id for no key update of tasks skip locked) ` +
        `update tasks set message_id = free.message_id, published_at = now() from free where tasks.id = free.id`;
  await db.execute(sql.raw(`set local synchronous_commit = off; ${update}`));
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

/**
 * Claims a task for one attempt with a conditional update: only a PENDING task, or a
 * PROCESSING one whose lease expired (its worker died), can be claimed. Returns the row
 * with `attempts` already incremented (the attempt's fencing token), or undefined when
 * somebody else holds it or it has ended — a duplicate delivery then does nothing.
 */
export async function claimTask(db: Db, { id, leaseMs }: { id: string; leaseMs: number }): Promise<TaskRow | undefined> {
  const [row] = await claimTasks(db, { ids: [id], leaseMs });
  return row;
}

/**
 * The rows of a list of task ids, found by primary key only. A batched statement that also
 * named `status` in an indexable condition let the planner pick `tasks_open_idx` instead whenever
 * its statistics undercounted the open tasks — a fresh burst before autoanalyze has seen it — and
 * then every claim and completion read every open task: O(backlog) per batch, 4 ms for 43 rows
 * over a 10 000-task backlog (docs/architecture.md, "Batched statements go by primary key"). So
 * the state conditions of these statements are written as a CASE, which no index can serve, and
 * `id = any($ids)` is the one condition left for an index. They are also sent unnamed, never
 * prepared: PostgreSQL switches a prepared statement to a generic plan after five runs, and one
 * made while the table was small (a fresh worker, a fresh table) is a seq scan it keeps using once
 * the table has grown, until autoanalyze invalidates it; unnamed, each run is planned for its own ids.
 */
function byIds(ids: string[]) {
  return sql`${tasks.id} = any(${sql.param(ids)}::uuid[])`;
}

/**
 * {@link claimTask} for many tasks in one conditional UPDATE (`id = any($ids)`, the same
 * condition per row): the consumer claims every entry of one read at once. Each row is
 * claimed or not on its own; an id given twice is claimed once. Ids that are not UUIDs match no
 * task (left out before the query, so one malformed entry cannot fail its batch).
 * @returns the claimed rows (`attempts` incremented), in no particular order.
 */
export async function claimTasks(db: Db, { ids, leaseMs }: { ids: string[]; leaseMs: number }): Promise<TaskRow[]> {
  const valid = [...new Set(ids)].filter(isTaskId);
  if (valid.length === 0) return [];
  return db
    .update(tasks)
    .set({
      status: "PROCESSING",
      attempts: sql`${tasks.attempts} + 1`,
      startedAt: sql`coalesce(${tasks.startedAt}, now())`,
      leaseExpiresAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(
      sql`${byIds(valid)} and case ${tasks.status}
        when 'PENDING' then ${tasks.availableAt} <= now()
        when 'PROCESSING' then ${tasks.leaseExpiresAt} <= now()
        else false end`,
    )
    .returning();
}

/** Extends the lease of the attempt `attempt` (heartbeat). False when the attempt lost the task. */
export async function extendLease(db: Db, { id, attempt, leaseMs }: { id: string; attempt: number; leaseMs: number }) {
  return (await extendLeases(db, { attempts: [{ id, attempt }], leaseMs })).length === 1;
}

/** `unnest($ids, $attempts) as v(id, attempt)`: a list of attempts as two array parameters (one statement text for any list). */
function attemptList(list: { id: string; attempt: number }[]) {
  return sql`unnest(${sql.param(list.map((a) => a.id))}::uuid[], ${sql.param(list.map((a) => a.attempt))}::int[]) as v(id, attempt)`;
}

/** The fence of {@link attemptList}'s rows: the task is PROCESSING under that attempt (a CASE: see {@link byIds}). */
function heldByListedAttempt(list: { id: string }[]) {
  return sql`${byIds(list.map((a) => a.id))} and ${tasks.id} = v.id
    and case ${tasks.status} when 'PROCESSING' then ${tasks.attempts} = v.attempt else false end`;
}

/**
 * {@link extendLease} for many attempts in one UPDATE: each row fenced by its own attempt
 * number (the consumer's one heartbeat for all its running attempts). A row another
 * transaction has locked is skipped, not waited for (`FOR NO KEY UPDATE SKIP LOCKED`, the lock
 * the UPDATE itself takes): it is a completion committing now, or a transaction whose client
 * went away, and one such row must not hold back every other attempt's lease. The fence is in
 * the locking read too, so a stale attempt's beat never locks the row of the attempt holding it
 * now. Tell a skipped row from a lost one with {@link attemptsHolding}.
 * @returns the ids whose lease was extended.
 */
export async function extendLeases(db: Db, { attempts, leaseMs }: { attempts: { id: string; attempt: number }[]; leaseMs: number }): Promise<string[]> {
  if (attempts.length === 0) return [];
  const free = sql`(select t.id, v.attempt from ${tasks} t, ${attemptList(attempts)}
    where t.id = any(${sql.param(attempts.map((a) => a.id))}::uuid[]) and t.id = v.id
      and case t.status when 'PROCESSING' then t.attempts = v.attempt else false end
    for no key update of t skip locked) as free`;
  const rows = await db
    .update(tasks)
    .set({ leaseExpiresAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .from(free)
    .where(sql`${tasks.id} = free.id and case ${tasks.status} when 'PROCESSING' then ${tasks.attempts} = free.attempt else false end`)
    .returning({ id: tasks.id });
  return rows.map((r) => r.id);
}

/**
 * Which of these attempts still hold their tasks (PROCESSING under that attempt number), read
 * without locking: it never waits on a row another transaction holds, and sees the last
 * committed state of it.
 * @returns the ids of the tasks still held.
 */
export async function attemptsHolding(db: Db, { attempts }: { attempts: { id: string; attempt: number }[] }): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  const rows = await db.select({ id: tasks.id }).from(tasks).innerJoin(attemptList(attempts), sql`${tasks.id} = v.id`).where(heldByListedAttempt(attempts));
  return new Set(rows.map((r) => r.id));
}

/**
 * {@link finishAttempt} with status COMPLETED for many attempts in one UPDATE … FROM
 * unnest(…), each row fenced by its own attempt number, inside the caller's transaction (the
 * consumer's batched completion: the rows stay locked until it commits, so the handlers' writes
 * that follow in the same transaction commit with their COMPLETED or not at all).
 * @returns the ids whose attempt still held the task (now COMPLETED); the others lost their claim.
 */
export async function completeAttempts(tx: Tx, list: { id: string; attempt: number }[]): Promise<Set<string>> {
  if (list.length === 0) return new Set();
  const rows = await tx
    .update(tasks)
    .set({ status: "COMPLETED", errorCode: null, errorMessage: null, leaseExpiresAt: null, updatedAt: sql`now()`, finishedAt: sql`now()` })
    .from(attemptList(list))
    .where(heldByListedAttempt(list))
    .returning({ id: tasks.id });
  return new Set(rows.map((r) => r.id));
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
 * A fair task is unadmitted again by the same update: the fair feeder admits it.
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
 * A fair task (`fairKey` set) is not the caller's to publish: the fair feeder admits it.
 */
export async function promoteDueRetries(db: Db, { limit }: { limit: number }) {
  return db.execute<{ id: string; type: string; lane: "interactive" | "batch"; fairKey: string | null }>(sql`
    update tasks set status = 'PENDING', message_id = null, published_at = null, updated_at = now()
    where id in (
      select id from tasks where status = 'RETRYING' and available_at <= now()
      order by available_at limit ${limit} for update skip locked)
    returning id, type, lane, fair_key as "fairKey"`);
}

/** A task the relay may need to (re)publish ({@link findRelayCandidates}). */
export type RelayCandidate = { id: string; type: string; lane: "interactive" | "batch"; status: TaskStatus; messageId: string | null };

/**
 * Open tasks the relay may need to (re)publish: PENDING and unpublished (the web's XADD failed
 * or the web died after commit; a promote or release interrupted before its XADD) for longer
 * than `graceMs` since it became so (`updated_at`: the insert, the promote or the release — so
 * a task whose XADD is on its way right now is left alone), and PROCESSING whose lease expired
 * (their message may be gone with Redis; the relay checks). A fair task not admitted yet is
 * the fair feeder's (`message_id` null is its normal wait), so it is never a candidate here.
 *
 * One ordered, limited branch per kind, UNION ALL (docs/architecture.md, "The backlog at scale"):
 * the first an index scan of `tasks_unpublished_idx`. The OR of both, which PostgreSQL plans as a
 * BitmapOr, read every index entry a burst's publish left dead (the row versions before their
 * entry id was set) on every tick until a VACUUM: 144 ms a tick after a 1 M burst. A plain index
 * scan marks the dead entries it meets (LP_DEAD, "kill_prior_tuple"), so only the first tick pays.
 */
export async function findRelayCandidates(db: Db, { graceMs, limit }: { graceMs: number; limit: number }): Promise<RelayCandidate[]> {
  const grace = sql`now() - make_interval(secs => ${graceMs / 1000})`;
  return db.execute<RelayCandidate>(sql`
    select id, type, lane, status, message_id as "messageId" from (
      (select id, type, lane, status, message_id, created_at from ${tasks}
        where status = 'PENDING' and message_id is null and fair_key is null and updated_at <= ${grace}
        order by created_at limit ${limit})
      union all
      (select id, type, lane, status, message_id, created_at from ${tasks}
        where status = 'PROCESSING' and lease_expires_at <= now()
        order by created_at limit ${limit})
    ) candidates
    order by created_at limit ${limit}`);
}

/**
 * A page of PENDING tasks in id order after `afterId` (republish everything after Redis lost
 * data). Fair tasks are left out: the fair feeder re-admits them (`withdrawFairAdmissions`).
 */
export async function listPendingTasks(db: Db, { afterId, limit }: { afterId: string | null; limit: number }) {
  return db
    .select({ id: tasks.id, type: tasks.type, lane: tasks.lane })
    .from(tasks)
    .where(and(eq(tasks.status, "PENDING"), isNull(tasks.fairKey), afterId ? gt(tasks.id, afterId) : undefined))
    .orderBy(tasks.id)
    .limit(limit);
}

// ── The console: task search, the DLQ, replay and discard, throughput (docs/finops.md, "Queues, tasks and the DLQ") ──

/** A task of the console's lists: the row, its owner's e-mail and its organisation's name (null when gone or none). */
export type AdminTaskRow = TaskRow & { ownerEmail: string | null; organizationName: string | null };

/**
 * One page of tasks for the console, newest first (`created_at desc, id desc`), with keyset
 * paging: `before` is the last task id of the previous page (a cursor by id keeps the
 * microseconds of `created_at`, which a JavaScript Date would cut to milliseconds).
 *
 * Index use: the page is the union of one branch per status asked for (all six when none is),
 * each an ordered scan of `tasks_status_created_idx` (status, created_at) stopping after `limit`
 * rows, so an unfiltered search never sorts the whole table; an owner or an organisation
 * narrows each branch, where PostgreSQL may choose `tasks_owner_idx` / `tasks_org_created_idx`.
 * `type` is a filter on what those scans return.
 *
 * @param ownerEmail matched exactly (e-mail addresses are stored lower-case); no such user → no rows.
 * @param organization an organisation id or slug; no such organisation → no rows.
 * @param discarded `false`: only rows not discarded (the DLQ view); `true`: only discarded; omitted: both.
 * @param limit rows per page (the caller caps it); one more is read to tell whether another page follows.
 * @returns the rows and `hasMore`.
 */
export async function searchTasks(
  db: Db,
  f: { status?: TaskStatus; type?: string; ownerEmail?: string; organization?: string; discarded?: boolean; before?: string; limit: number },
): Promise<{ rows: AdminTaskRow[]; hasMore: boolean }> {
  let ownerId: string | undefined;
  let organizationId: string | undefined;
  if (f.ownerEmail !== undefined) {
    const [u] = await db.select({ id: user.id }).from(user).where(eq(user.email, f.ownerEmail.toLowerCase())).limit(1);
    if (!u) return { rows: [], hasMore: false };
    ownerId = u.id;
  }
  if (f.organization !== undefined) {
    const [o] = await db
      .select({ id: organization.id })
      .from(organization)
      .where(or(eq(organization.id, f.organization), eq(organization.slug, f.organization.toLowerCase())))
      .limit(1);
    if (!o) return { rows: [], hasMore: false };
    organizationId = o.id;
  }
  const n = f.limit + 1;
  const conds = sql.join(
    [
      f.type !== undefined ? sql`and t.type = ${f.type}` : undefined,
      ownerId !== undefined ? sql`and t.owner_id = ${ownerId}` : undefined,
      organizationId !== undefined ? sql`and t.organization_id = ${organizationId}` : undefined,
      f.discarded === false ? sql`and t.discarded_at is null` : f.discarded === true ? sql`and t.discarded_at is not null` : undefined,
      f.before !== undefined ? sql`and (t.created_at, t.id) < (select c.created_at, c.id from tasks c where c.id = ${f.before})` : undefined,
    ].filter((c) => c !== undefined),
    sql` `,
  );
  const branches = (f.status ? [f.status] : TASK_STATUSES).map(
    (s) => sql`(select t.id, t.created_at from tasks t where t.status = ${s} ${conds} order by t.created_at desc, t.id desc limit ${n})`,
  );
  const page = await db.execute<{ id: string }>(sql`
    select p.id from (${sql.join(branches, sql` union all `)}) p
    order by p.created_at desc, p.id desc limit ${n}`);
  const ids = page.map((r) => r.id);
  const rows = await adminTaskRows(db, ids.slice(0, f.limit));
  return { rows, hasMore: ids.length > f.limit };
}

/** The rows of `ids` with owner e-mail and organisation name, in the order of `ids`. */
async function adminTaskRows(db: Db, ids: string[]): Promise<AdminTaskRow[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ task: tasks, ownerEmail: user.email, organizationName: organization.name })
    .from(tasks)
    .leftJoin(user, eq(user.id, tasks.ownerId))
    .leftJoin(organization, eq(organization.id, tasks.organizationId))
    .where(inArray(tasks.id, ids));
  const byId = new Map(found.map((r) => [r.task.id, { ...r.task, ownerEmail: r.ownerEmail, organizationName: r.organizationName }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One task for the console (any owner), with owner e-mail and organisation name; undefined when missing. */
export async function getAdminTask(db: Db, { id }: { id: string }): Promise<AdminTaskRow | undefined> {
  const [row] = await adminTaskRows(db, [id]);
  return row;
}

/**
 * How many FAILED tasks are not discarded (the DLQ's size), counted up to `upTo` (the count
 * stops there; uses tasks_status_created_idx).
 */
export async function countDeadLetters(db: Db, { upTo }: { upTo: number }): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from ${tasks} where ${tasks.status} = 'FAILED' and ${tasks.discardedAt} is null limit ${upTo}
    ) dead`);
  return row?.n ?? 0;
}

export type TaskUsageRow = typeof llmUsage.$inferSelect;

/** A task's usage rows (one per model call, offline analysis or cache hit), oldest first, at most `limit` (uses llm_usage_task_idx). */
export async function listTaskUsage(db: Db, { taskId, limit }: { taskId: string; limit: number }): Promise<TaskUsageRow[]> {
  return db.select().from(llmUsage).where(eq(llmUsage.taskId, taskId)).orderBy(asc(llmUsage.createdAt), asc(llmUsage.id)).limit(limit);
}

/** What a FAILED task looked like before a replay or a discard: the audit row's `before`. */
export type DeadLetterRow = {
  id: string;
  type: string;
  lane: "interactive" | "batch";
  attempts: number;
  errorCode: string | null;
  errorMessage: string | null;
};

/**
 * Locks FAILED, not discarded tasks for a replay inside the caller's transaction: those of `ids`
 * (the ones that are not FAILED, discarded or locked by a concurrent replay are left out), or
 * with `ids` omitted the oldest `limit` of the DLQ. `FOR UPDATE SKIP LOCKED`: two admins
 * replaying at once never replay one task twice.
 */
export async function lockDeadLetters(tx: Tx, { ids, limit }: { ids?: string[]; limit: number }): Promise<DeadLetterRow[]> {
  if (ids?.length === 0) return [];
  return tx
    .select({ id: tasks.id, type: tasks.type, lane: tasks.lane, attempts: tasks.attempts, errorCode: tasks.errorCode, errorMessage: tasks.errorMessage })
    .from(tasks)
    .where(and(eq(tasks.status, "FAILED"), isNull(tasks.discardedAt), ids ? inArray(tasks.id, ids) : undefined))
    .orderBy(asc(tasks.createdAt), asc(tasks.id))
    .limit(limit)
    .for("update", { skipLocked: true });
}

/**
 * A FAILED task's fresh start for a replay, fenced (only FAILED, not discarded rows change):
 * PENDING on `lane`, attempts 0, no error, due now, no lease, unpublished (`message_id` null,
 * so the relay's orphan pass publishes it if the caller's XADD fails; a fair task keeps its
 * `fairKey` and waits for the fair feeder), no start or finish time
 * (a later end is a new end: a new webhook event, a new row in the throughput count).
 * @returns the rows that changed.
 */
export async function resetDeadLetters(
  tx: Tx,
  list: { id: string; lane: "interactive" | "batch" }[],
): Promise<{ id: string; type: string; lane: "interactive" | "batch"; fairKey: string | null }[]> {
  if (list.length === 0) return [];
  const values = sql.join(
    list.map((t) => sql`(${t.id}::uuid, ${t.lane})`),
    sql`, `,
  );
  return tx.execute<{ id: string; type: string; lane: "interactive" | "batch"; fairKey: string | null }>(sql`
    update ${tasks} set status = 'PENDING', lane = v.lane, attempts = 0, error_code = null, error_message = null,
      available_at = now(), lease_expires_at = null, message_id = null, published_at = null,
      started_at = null, finished_at = null, updated_at = now()
    from (values ${values}) as v(id, lane)
    where ${tasks.id} = v.id and ${tasks.status} = 'FAILED' and ${tasks.discardedAt} is null
    returning ${tasks.id} as id, ${tasks.type} as type, ${tasks.lane} as lane, ${tasks.fairKey} as "fairKey"`);
}

/**
 * Hides FAILED tasks from the DLQ view (`discarded_at = now()`), fenced: only FAILED rows not
 * discarded yet change; status and row stay.
 * @returns what each discarded task looked like (for its event and audit row).
 */
export async function discardDeadLetters(tx: Tx, { ids }: { ids: string[] }): Promise<DeadLetterRow[]> {
  if (ids.length === 0) return [];
  return tx
    .update(tasks)
    .set({ discardedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(tasks.id, ids), eq(tasks.status, "FAILED"), isNull(tasks.discardedAt)))
    .returning({ id: tasks.id, type: tasks.type, lane: tasks.lane, attempts: tasks.attempts, errorCode: tasks.errorCode, errorMessage: tasks.errorMessage });
}

/**
 * Tasks that ended (COMPLETED, FAILED, TERMINATED_BY_POLICY) per minute over the last
 * `minutes` minutes (the current, partial minute included), per type × lane × status, from
 * `finished_at`: the database keeps it across restarts of every process and a Redis loss.
 * A range scan of `tasks_finished_idx` (finished_at, partial: ended rows), so the cost is the
 * last hour's ended tasks, not the table.
 * @returns one row per non-empty (minute, type, lane, status); `minute` is its start.
 */
export async function endedTasksPerMinute(
  db: Db,
  { minutes }: { minutes: number },
): Promise<{ minute: Date; type: string; lane: "interactive" | "batch"; status: TaskStatus; count: number }[]> {
  const rows = await db.execute<{ minute: string | Date; type: string; lane: "interactive" | "batch"; status: TaskStatus; count: number }>(sql`
    select date_trunc('minute', ${tasks.finishedAt}) as minute, ${tasks.type} as type, ${tasks.lane} as lane, ${tasks.status} as status, count(*)::int as count
    from ${tasks}
    where ${tasks.finishedAt} >= date_trunc('minute', now()) - make_interval(mins => ${minutes - 1})
    group by 1, 2, 3, 4
    order by 1`);
  return rows.map((r) => ({ ...r, minute: new Date(r.minute) }));
}
