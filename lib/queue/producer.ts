import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { markTasksPublished } from "@/lib/db/queries/tasks";
import type { Logger } from "@/lib/log";
import { MicroBatcher } from "./micro-batch";
import { type Lane, streamKey, type TaskType } from "./names";

type Publish = { id: string; type: string; lane: Lane };

/**
 * Most publishes sent by one group-commit flush, and flushes in flight at once: one, so a
 * flush's XADDs and UPDATE are two round trips and what arrives meanwhile waits at most one
 * flush (an XADD and an asynchronously committed UPDATE) and goes in the next together.
 */
const PUBLISH_BATCH_MAX = 100;
const PUBLISH_FLUSHES = 1;
/**
 * A flush still running after this long gives its slot back and its publishes fail (left to
 * the relay, as any failed publish), ms. With one flush slot, a flush stuck on a connection that
 * died under it would otherwise hold every later upload's answer. A healthy flush takes
 * milliseconds; an unreachable server fails it at once.
 */
const PUBLISH_FLUSH_TIMEOUT_MS = 5_000;

/** One group-commit batcher per Redis client and pool: publishes share a flush only when they share both. */
const batchers = new WeakMap<Redis, WeakMap<Db, MicroBatcher<Publish, string>>>();

function publishBatcher(redis: Redis, db: Db): MicroBatcher<Publish, string> {
  const byDb = batchers.get(redis) ?? new WeakMap<Db, MicroBatcher<Publish, string>>();
  batchers.set(redis, byDb);
  const b =
    byDb.get(db) ??
    new MicroBatcher((list) => publishFlush(redis, db, list), {
      maxSize: PUBLISH_BATCH_MAX,
      maxFlushes: PUBLISH_FLUSHES,
      eager: true,
      flushTimeoutMs: PUBLISH_FLUSH_TIMEOUT_MS,
    });
  byDb.set(db, b);
  return b;
}

/**
 * One flush of concurrent {@link publishTask} calls: their XADDs in one pipeline, the entry ids
 * of those that succeeded recorded with one UPDATE ({@link markTasksPublished}). A failed XADD
 * fails only its own publish; a failed UPDATE fails the publishes it was recording (their
 * entries exist, their rows say unpublished: the relay republishes them after its grace, a
 * duplicate entry the conditional claim ignores — as when a single publish's UPDATE failed).
 * @throws ioredis errors when the pipeline's round trip failed (every publish of the flush fails).
 */
async function publishFlush(redis: Redis, db: Db, list: Publish[]): Promise<(string | Error)[]> {
  const results = list.length === 1 ? [await xaddOne(redis, list[0])] : await xaddPipeline(redis, list);
  const out: (string | Error)[] = list.map((_, i) => {
    const [err, id] = results[i] ?? [new Error("no reply"), null];
    if (err) return err;
    return typeof id === "string" ? id : new Error("XADD returned no id");
  });
  const published = list.flatMap((t, i) => (typeof out[i] === "string" ? [{ id: t.id, messageId: out[i] as string }] : []));
  try {
    await markTasksPublished(db, published);
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    return out.map((o) => (typeof o === "string" ? e : o));
  }
  return out;
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
 * XADDs `{taskId}` to the task's lane stream and records the entry id on the task row.
 * Called after the task's transaction committed (outbox); if it throws, the task stays
 * unpublished and the relay publishes it later.
 *
 * Group commit (`lib/queue/micro-batch.ts`, no timer; docs/architecture.md, "Outbox"): a
 * publish that finds no flush in flight goes at once, alone (one XADD, one UPDATE, as an
 * ungrouped publish would); those made on the same Redis client and pool while a flush is in
 * flight go together in the next one — one XADD pipeline and one UPDATE for all — so
 * concurrent producers cost two round trips per flush, not per task. Each publish still
 * succeeds or fails on its own.
 * @returns the stream entry id.
 * @throws ioredis errors when Redis is unreachable or this XADD failed; database errors from the UPDATE.
 */
export function publishTask(redis: Redis, db: Db, task: Publish): Promise<string> {
  return publishBatcher(redis, db).add({ id: task.id, type: task.type, lane: task.lane });
}

/**
 * The bulk form of {@link publishTask}: every XADD in one pipeline (one round trip) and the
 * entry ids recorded with one UPDATE. Same outbox contract: call it after the tasks'
 * transaction committed; tasks whose XADD failed stay unpublished and the relay publishes them.
 * @returns the entry ids in input order (`null` where that XADD failed).
 * @throws ioredis errors when Redis is unreachable, database errors from the UPDATE.
 */
export async function publishTasks(redis: Redis, db: Db, list: { id: string; type: string; lane: Lane }[]): Promise<(string | null)[]> {
  if (list.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const t of list) pipeline.xadd(streamKey(t.type as TaskType, t.lane), "*", "taskId", t.id);
  const results = (await pipeline.exec()) ?? [];
  const ids = list.map((_, i) => {
    const [err, id] = results[i] ?? [new Error("no reply"), null];
    return err || typeof id !== "string" ? null : id;
  });
  await markTasksPublished(
    db,
    list.flatMap((t, i) => (ids[i] ? [{ id: t.id, messageId: ids[i]! }] : [])),
  );
  return ids;
}

/**
 * Submits a task whose row the caller has just committed — the outbox contract
 * (docs/architecture.md, "Outbox"):
 * 1. the caller wrote its domain rows and the task row in one transaction, and it committed
 *    (never call this inside the transaction: a rollback would leave a message for no row);
 * 2. this XADDs `{taskId}` and records the entry id on the row ({@link publishTask});
 * 3. if that fails (Redis down, the UPDATE failed) the error is logged, not thrown: the row is
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
 * pipelined round trip of XADDs and one UPDATE ({@link publishTasks}). Failures are logged
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
