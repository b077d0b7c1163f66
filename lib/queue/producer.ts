import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { markTasksPublished } from "@/lib/db/queries/tasks";
import type { Logger } from "@/lib/log";
import { MicroBatcher } from "./micro-batch";
import { type Lane, streamKey, type TaskType } from "./names";

type Publish = { id: string; type: string; lane: Lane };
type EntryMark = { id: string; messageId: string };

/**
 * Most publishes sent by one group-commit flush, and flushes in flight at once: one, so a
 * flush is one XADD round trip and what arrives meanwhile waits at most one XADD and goes in
 * the next together.
 */
const PUBLISH_BATCH_MAX = 100;
const PUBLISH_FLUSHES = 1;
/**
 * A flush still running after this long gives its slot back and its publishes fail (left to
 * the relay, as any failed publish), ms. With one flush slot, a flush stuck on a connection that
 * died under it would otherwise hold every later upload's answer. A healthy flush takes
 * milliseconds; an unreachable server fails it at once. The same bound holds the entry-id
 * UPDATEs' one slot.
 */
const PUBLISH_FLUSH_TIMEOUT_MS = 5_000;
/** Most entry ids recorded by one UPDATE, and UPDATEs in flight at once per pool. */
const MARK_BATCH_MAX = 500;
const MARK_FLUSHES = 1;

/** One group-commit batcher per Redis client: publishes share an XADD pipeline only when they share the client. */
const publishers = new WeakMap<Redis, MicroBatcher<Publish, string>>();
/** One batcher of entry-id UPDATEs per pool. */
const markers = new WeakMap<Db, MicroBatcher<EntryMark, undefined>>();

function publishBatcher(redis: Redis): MicroBatcher<Publish, string> {
  let b = publishers.get(redis);
  if (!b) {
    b = new MicroBatcher((list) => xaddFlush(redis, list), {
      maxSize: PUBLISH_BATCH_MAX,
      maxFlushes: PUBLISH_FLUSHES,
      eager: true,
      flushTimeoutMs: PUBLISH_FLUSH_TIMEOUT_MS,
    });
    publishers.set(redis, b);
  }
  return b;
}

function markBatcher(db: Db): MicroBatcher<EntryMark, undefined> {
  let b = markers.get(db);
  if (!b) {
    b = new MicroBatcher<EntryMark, undefined>(
      async (list) => {
        await markTasksPublished(db, list);
        return list.map(() => undefined);
      },
      // Not eager: nobody waits for these, so the ids of one loop turn's publishes share a statement.
      { maxSize: MARK_BATCH_MAX, maxFlushes: MARK_FLUSHES, flushTimeoutMs: PUBLISH_FLUSH_TIMEOUT_MS },
    );
    markers.set(db, b);
  }
  return b;
}

/**
 * Records the entry ids of XADDs that succeeded (one UPDATE per flush, shared by every publish
 * of one loop turn on this pool). A producer does not wait for it: the entry id is a hint
 * (docs/architecture.md, "Outbox") — if its UPDATE fails or never runs (the process died), the
 * row stays PENDING with `message_id` null and the relay republishes it after its grace, a
 * duplicate entry which the conditional claim ignores. A pass that reads `message_id` next (the
 * relay's, the fair feeder's) waits for the returned promise.
 * @returns resolves once these ids are written; rejects with the UPDATE's database error.
 */
function recordEntryIds(db: Db, marks: EntryMark[]): Promise<void> {
  const b = markBatcher(db);
  return Promise.all(marks.map((m) => b.add(m))).then(() => undefined);
}

/**
 * Resolves once no entry id is waiting to be written on `db` (written or failed): a process
 * shutting down waits for it before it closes the pool, so no relay republishes what it just
 * published. Under a steady stream of publishes it may wait for several flushes.
 */
export function drainPublishMarks(db: Db): Promise<void> {
  return markers.get(db)?.drained() ?? Promise.resolve();
}

/** One flush of concurrent {@link publishTask} calls: their XADDs in one pipeline; a failed XADD fails only its own publish. */
async function xaddFlush(redis: Redis, list: Publish[]): Promise<(string | Error)[]> {
  const results = list.length === 1 ? [await xaddOne(redis, list[0])] : await xaddPipeline(redis, list);
  return list.map((_, i) => {
    const [err, id] = results[i] ?? [new Error("no reply"), null];
    if (err) return err;
    return typeof id === "string" ? id : new Error("XADD returned no id");
  });
}

/** A lone publish's XADD, as a pipeline's reply (`[error, id]`); a lone command needs no pipeline. */
async function xaddOne(redis: Redis, t: Publish): Promise<[Error | null, unknown]> {
  try {
    return [null, await redis.xadd(streamKey(t.type as TaskType, t.lane), "*", "taskId", t.id)];
  } catch (err) {
    return [err instanceof Error ? err : new Error(String(err)), null];
  }
}

async function xaddPipeline(redis: Redis, list: Publish[]): Promise<[Error | null, unknown][]> {
  const pipeline = redis.pipeline();
  for (const t of list) pipeline.xadd(streamKey(t.type as TaskType, t.lane), "*", "taskId", t.id);
  return (await pipeline.exec()) ?? [];
}

/**
 * XADDs `{taskId}` to the task's lane stream; the entry id is then recorded on the task row in
 * the background ({@link drainPublishMarks}). Called after the task's transaction committed
 * (outbox); if it throws, the task stays unpublished and the relay publishes it later.
 *
 * Group commit (`lib/queue/micro-batch.ts`, no timer; docs/architecture.md, "Outbox"): a
 * publish that finds no flush in flight goes at once, alone (one XADD); those made on the same
 * Redis client while a flush is in flight go together in the next one, one XADD pipeline, so
 * concurrent producers cost one round trip per flush, not per task. The entry-id UPDATEs are
 * grouped the same way, per pool, and nobody waits for them. Each publish still succeeds or
 * fails on its own.
 * @returns the stream entry id.
 * @throws ioredis errors when Redis is unreachable or this XADD failed.
 */
export async function publishTask(redis: Redis, db: Db, task: Publish): Promise<string> {
  const messageId = await publishBatcher(redis).add({ id: task.id, type: task.type, lane: task.lane });
  recordEntryIds(db, [{ id: task.id, messageId }]).catch(() => undefined);
  return messageId;
}

/**
 * The bulk form of {@link publishTask}: every XADD in one pipeline (one round trip); the entry
 * ids are recorded as {@link publishTask}'s are, in the background unless `opts.waitForIds`.
 * Same outbox contract: call it after the tasks' transaction committed; tasks whose XADD failed
 * stay unpublished and the relay publishes them.
 * @param opts.waitForIds resolve only once the entry ids are written: for a pass under a lock
 *   (relay, fair feeder) whose next pass finds unpublished rows by `message_id` null.
 * @returns the entry ids in input order (`null` where that XADD failed).
 * @throws ioredis errors when Redis is unreachable; with `waitForIds`, database errors from the UPDATE.
 */
export async function publishTasks(
  redis: Redis,
  db: Db,
  list: { id: string; type: string; lane: Lane }[],
  opts: { waitForIds?: boolean } = {},
): Promise<(string | null)[]> {
  if (list.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const t of list) pipeline.xadd(streamKey(t.type as TaskType, t.lane), "*", "taskId", t.id);
  const results = (await pipeline.exec()) ?? [];
  const ids = list.map((_, i) => {
    const [err, id] = results[i] ?? [new Error("no reply"), null];
    return err || typeof id !== "string" ? null : id;
  });
  const recorded = recordEntryIds(
    db,
    list.flatMap((t, i) => (ids[i] ? [{ id: t.id, messageId: ids[i]! }] : [])),
  );
  if (opts.waitForIds) await recorded;
  else recorded.catch(() => undefined);
  return ids;
}

/**
 * Submits a task whose row the caller has just committed — the outbox contract
 * (docs/architecture.md, "Outbox"):
 * 1. the caller wrote its domain rows and the task row in one transaction, and it committed
 *    (never call this inside the transaction: a rollback would leave a message for no row);
 * 2. this XADDs `{taskId}`; the entry id is recorded on the row in the background ({@link publishTask});
 * 3. if the XADD fails (Redis down) or the UPDATE does, the error is not thrown: the row is
 *    the truth, and the relay publishes every PENDING task still without a message after its
 *    grace. The caller answers as if it had been published.
 * @returns the stream entry id, or null when publishing failed and is left to the relay.
 */
export async function submitTask(deps: { redis: Redis; db: Db; log: Logger }, task: { id: string; type: string; lane: Lane }): Promise<string | null> {
  try {
    return await publishTask(deps.redis, deps.db, task);
  } catch (err) {
    deps.log.warn({ err: String(err), taskId: task.id }, "XADD failed; the relay will publish the task");
    return null;
  }
}

/**
 * The bulk form of {@link submitTask}, same contract, for many tasks committed together: one
 * pipelined round trip of XADDs ({@link publishTasks}). Failures are logged
 * (once for a failed round trip, once per failed XADD) and left to the relay.
 * @returns the entry ids in input order (`null` where publishing failed).
 */
export async function submitTasks(deps: { redis: Redis; db: Db; log: Logger }, list: { id: string; type: string; lane: Lane }[]): Promise<(string | null)[]> {
  let ids: (string | null)[];
  try {
    ids = await publishTasks(deps.redis, deps.db, list);
  } catch (err) {
    deps.log.warn({ err: String(err), tasks: list.length }, "XADD failed; the relay will publish the tasks");
    return list.map(() => null);
  }
  for (const [i, id] of ids.entries()) {
    if (id === null) deps.log.warn({ taskId: list[i].id }, "XADD failed; the relay will publish the task");
  }
  return ids;
}
