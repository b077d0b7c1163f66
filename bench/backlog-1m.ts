/**
 * Benchmark: a backlog of 1 000 000 tasks — a bulk burst queued faster than any worker drains
 * it — and what stays flat as it grows.
 *
 *   npx tsx bench/backlog-1m.ts
 *
 * What it measures, on a database of its own and a private `redis-server` (safe to FLUSHALL):
 * 1. **Enqueue**: BENCH_TASKS (1 000 000) no-op `resume.analyze` tasks added in calls of
 *    BENCH_BATCH (1 000) with the real bulk path, `insertTasks` (one multi-row INSERT) +
 *    `publishTasks` (one XADD pipeline + one UPDATE of the entry ids, which runs in the background:
 *    each slice's clock stops once its ids are written, `drainPublishMarks`), BENCH_PRODUCERS (2) calls
 *    at a time (two producers: the 2-core machine's PostgreSQL is the bottleneck); rate per
 *    BENCH_SLICE (100 000) slice, and last slice ÷ first slice (flat = 1.00×).
 * 2. **Redis memory per queued task**: `INFO memory` used_memory after ÷ tasks, and `MEMORY USAGE`
 *    of the stream (SAMPLES 0: every node); then the same 100 000 entries written four ways into
 *    scratch streams (as built; a one-letter field name; the id as 16 raw bytes; 1 000 entries a
 *    node) to show where the bytes go.
 * 3. **Steady-state relay, trim and reclaim passes** at backlog 0, one slice and BENCH_TASKS
 *    (right after the burst, and again after a `VACUUM tasks`, which autovacuum would run):
 *    one `OutboxRelay.tick()` (median of 5; the epoch set, so retries + orphans + fair feeder),
 *    EXPLAIN (ANALYZE, BUFFERS) of the relay's queries (the SQL of `findRelayCandidates`,
 *    `promoteDueRetries` and `listPendingTasks` of lib/db/queries/tasks.ts, copied here), one
 *    `trimAcked` pass, and one XAUTOCLAIM pass as the consumer runs it (COUNT 100, min-idle the
 *    lease) over a probe group holding 100 delivered entries — the PEL of 100 tasks in flight.
 * 4. **Task and console queries**, p50/p99 of BENCH_ITERATIONS (200) calls each at backlog
 *    BENCH_SMALL (10 000) and at BENCH_TASKS, both with a history (a BENCH_SMALL backlog run
 *    through first, 1 % of it FAILED; the big timing also has the baseline drain's tasks): `GET /api/tasks/{id}`'s lookup, the admin task
 *    search pages, the task detail, the DLQ page + count, the queue page (`queueOverview`) and
 *    the interactive submit guard.
 * 5. **Drain**: the real `StreamConsumer` (concurrency BENCH_CONCURRENCY, 100) + `OutboxRelay`,
 *    as worker/index.ts runs them, with the no-op handler of bench/pipeline-vs-bullmq.ts (one
 *    result row); tasks/s draining all of a BENCH_SMALL backlog (the baseline) vs BENCH_DRAIN
 *    (20 000: the machine is shared and slow) off the top of the BENCH_TASKS backlog, and against the pipeline bench's
 *    concurrency-100 figure as last recorded in docs/benchmarks.md.
 * 6. **Redis loss**: FLUSHALL of the private server with the rest of the backlog queued; relay
 *    ticks back to back until the epoch key is back: tasks and pages per tick, time per page,
 *    and the check that every PENDING task is in the new stream exactly once.
 *
 * Valid only if every enqueued task got its entry (rows = XLEN = published), each drain ran
 * exactly its tasks once, and the republish put every PENDING task in the stream once; otherwise
 * NOT VALID and docs/benchmarks.md is left alone.
 *
 * Knobs: BENCH_TASKS (1000000), BENCH_SLICE (100000), BENCH_BATCH (1000), BENCH_SMALL (10000),
 * BENCH_DRAIN (20000), BENCH_CONCURRENCY (100), BENCH_ITERATIONS (200), BENCH_OWNERS (100),
 * BENCH_PRODUCERS (2),
 * BENCH_KEEP=1 (keep the database), BENCH_WRITE_DOCS (1 always / 0 never; default: only a
 * default-settings run rewrites the `backlog-1m` section). PANELIST_PG_POOL_MAX sizes the pool.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql as dsql } from "drizzle-orm";
import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type Redis from "ioredis";
import { z } from "zod";
import { createDb, type Db } from "@/lib/db/client";
import { countDeadLetters, countOpenInteractiveTasks, getAdminTask, getTaskForOwner, insertTasks, searchTasks } from "@/lib/db/queries/tasks";
import { user } from "@/lib/db/schema";
import { createLogger } from "@/lib/log";
import { StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import { CONSUMER_GROUP, LANES, relayEpochKey, streamKey, taskEventsChannel } from "@/lib/queue/names";
import { drainPublishMarks, publishTasks } from "@/lib/queue/producer";
import { createRedis } from "@/lib/queue/redis";
import { OutboxRelay } from "@/lib/queue/relay";
import { trimAcked } from "@/lib/queue/trim";
import { queueOverview } from "@/lib/tasks/queue-overview";
import { type PrivateRedis, startPrivateRedis } from "@/tests/chaos/harness";
import { ROOT, recordKnobbedRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { concurrently } from "./lib/pool";
import { createBenchDatabase, onInterrupt } from "./lib/resources";
import { runBench } from "./lib/run";
import { consoleTable, fmtMs, markdownTable, percentile, perSecond, ratio } from "./lib/stats";

const SCRIPT = "bench/backlog-1m.ts";
const SECTION = "backlog-1m";
const knobs = new Knobs({
  BENCH_TASKS: 1_000_000,
  BENCH_SLICE: 100_000,
  BENCH_BATCH: 1_000,
  BENCH_SMALL: 10_000,
  BENCH_DRAIN: 20_000,
  BENCH_CONCURRENCY: 100,
  BENCH_ITERATIONS: 200,
  BENCH_OWNERS: 100,
  BENCH_PRODUCERS: 2,
});
const TASKS = knobs.get("BENCH_TASKS");
const SLICE = Math.max(1, knobs.get("BENCH_SLICE"));
const BATCH = Math.max(1, knobs.get("BENCH_BATCH"));
const SMALL = knobs.get("BENCH_SMALL");
const DRAIN = Math.min(knobs.get("BENCH_DRAIN"), TASKS);
const CONCURRENCY = Math.max(1, knobs.get("BENCH_CONCURRENCY"));
const ITERATIONS = Math.max(1, knobs.get("BENCH_ITERATIONS"));
const OWNERS = Math.max(1, knobs.get("BENCH_OWNERS"));
const PRODUCERS = Math.max(1, knobs.get("BENCH_PRODUCERS"));
const EXTRA = ["BENCH_KEEP", "BENCH_WRITE_DOCS", "PANELIST_PG_POOL_MAX"];
const TYPE = "resume.analyze";
const STREAM = () => streamKey(TYPE, "batch");
/** The relay's defaults (lib/queue/relay.ts), for the EXPLAINs of its queries. */
const RELAY_BATCH = 500;
const REPUBLISH_PAGE = 1_000;
const RECLAIM_COUNT = 100;
const LEASE_MS = 60_000;

const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const fmtInt = (n: number) => Math.round(n).toLocaleString("en-US");
const fmtK = (n: number) => (n >= 1e6 && n % 1e5 === 0 ? `${n / 1e6} M` : n >= 1000 && n % 1000 === 0 ? `${n / 1000} k` : String(n));
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;

const benchResults = pgTable("bench_results", {
  id: text("id").primaryKey(),
  result: jsonb("result").$type<Record<string, unknown>>().notNull(),
});

type Ctx = { db: Db; sql: ReturnType<typeof createDb>["sql"]; redis: Redis; owners: { id: string; email: string }[]; problems: string[] };
/** Every 100th enqueued task, for the lookups. */
const sample: { id: string; ownerId: string }[] = [];
const pick = () => sample[Math.floor(Math.random() * sample.length)];
let seq = 0;

// ── enqueue ─────────────────────────────────────────────────────────────────────────────

/** Adds `count` tasks in calls of BATCH from PRODUCERS loops at once; returns the wall time, ms. */
async function enqueue(ctx: Ctx, count: number): Promise<number> {
  const t0 = performance.now();
  await concurrently(Math.ceil(count / BATCH), PRODUCERS, async (b) => {
    const list = Array.from({ length: Math.min(BATCH, count - b * BATCH) }, () => ({
      type: TYPE,
      lane: "batch" as const,
      ownerId: ctx.owners[seq++ % ctx.owners.length].id,
      payload: { resumeId: randomUUID() },
    }));
    const rows = await insertTasks(ctx.db, list);
    const ids = await publishTasks(ctx.redis, ctx.db, rows);
    if (ids.some((id) => id === null)) ctx.problems.push("enqueue: an XADD failed");
    for (let j = 0; j < rows.length; j += 100) sample.push({ id: rows[j].id, ownerId: rows[j].ownerId });
  });
  // The entry ids are recorded in the background; the slice is not done (nor steady) before they are.
  await drainPublishMarks(ctx.db);
  return performance.now() - t0;
}

async function checkQueued(ctx: Ctx, expected: number): Promise<void> {
  const [row] = await ctx.db.execute<{ n: number; published: number }>(
    dsql`select count(*)::int as n, count(message_id)::int as published from tasks where status = 'PENDING'`,
  );
  const xlen = await ctx.redis.xlen(STREAM());
  const info = (await ctx.redis.xinfo("GROUPS", STREAM())) as unknown[][];
  const lag = Number(info[0]?.[info[0].indexOf("lag") + 1] ?? -1);
  if (row.n !== expected || row.published !== expected || lag !== expected) {
    ctx.problems.push(`queued: ${row.n} PENDING, ${row.published} with an entry id, group lag ${lag} (XLEN ${xlen}); expected ${expected}`);
  }
}

// ── passes at a backlog size ────────────────────────────────────────────────────────────

type PlanNode = {
  "Node Type": string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Shared Hit Blocks": number;
  "Shared Read Blocks": number;
  Plans?: PlanNode[];
};
type Explained = { ms: number; examined: number; buffers: number; plan: string };

/**
 * EXPLAIN (ANALYZE, BUFFERS) of one query: execution time, rows examined (every scan node's rows
 * returned + removed by its filter — for a bitmap plan the index entries matched), buffers touched
 * and the scans in plan order.
 */
async function explain(ctx: Ctx, query: string, params: string[] = []): Promise<Explained> {
  const [row] = await ctx.sql.unsafe(`explain (analyze, buffers, format json) ${query}`, params);
  const out = (row as Record<string, [{ Plan: PlanNode; "Execution Time": number }]>)["QUERY PLAN"][0];
  let examined = 0;
  const scans: string[] = [];
  const walk = (n: PlanNode) => {
    if (n["Node Type"].endsWith("Scan") && n["Node Type"] !== "Bitmap Heap Scan") {
      examined += (n["Actual Rows"] + (n["Rows Removed by Filter"] ?? 0)) * n["Actual Loops"];
      scans.push(n["Index Name"] ? `${n["Node Type"]} ${n["Index Name"]}` : n["Node Type"]);
    }
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(out.Plan);
  return { ms: out["Execution Time"], examined, buffers: out.Plan["Shared Hit Blocks"] + out.Plan["Shared Read Blocks"], plan: scans.join(" + ") };
}

// The SQL the relay's queries send (lib/db/queries/tasks.ts), with its default limits.
const CANDIDATES_SQL = `select id, type, lane, status, message_id from (
    (select id, type, lane, status, message_id, created_at from tasks
      where status = 'PENDING' and message_id is null and fair_key is null and updated_at <= now() - make_interval(secs => 5)
      order by created_at limit ${RELAY_BATCH})
    union all
    (select id, type, lane, status, message_id, created_at from tasks
      where status = 'PROCESSING' and lease_expires_at <= now()
      order by created_at limit ${RELAY_BATCH})
  ) candidates
  order by created_at limit ${RELAY_BATCH}`;
const PROMOTE_SQL = `select id from tasks where status = 'RETRYING' and available_at <= now() order by available_at limit ${RELAY_BATCH}`;
const PENDING_PAGE_SQL = `select id, type, lane from tasks where status = 'PENDING' and fair_key is null and id > $1 order by id limit ${REPUBLISH_PAGE}`;

type Passes = {
  label: string;
  tickMs: number;
  candidates: Explained;
  promote: Explained;
  pendingPage: Explained;
  trim: { ms: number; removed: number };
  reclaim: { ms: number; pel: number; calls: number };
};

async function measurePasses(ctx: Ctx, backlog: number, deps: Deps, label = fmtK(backlog)): Promise<Passes> {
  await ctx.sql.unsafe("analyze tasks"); // what autovacuum's analyze keeps up to date
  const relay = new OutboxRelay(deps, { trimIntervalMs: Number.POSITIVE_INFINITY });
  const ticks: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const published = await relay.tick();
    ticks.push(performance.now() - t0);
    if (published !== 0) ctx.problems.push(`relay tick at backlog ${backlog} published ${published}; expected 0 (steady state)`);
  }
  const candidates = await explain(ctx, CANDIDATES_SQL);
  const promote = await explain(ctx, PROMOTE_SQL);
  // A page from a random point of the id space (keyset), as the republish reads them.
  const pendingPage = await explain(ctx, PENDING_PAGE_SQL, [randomUUID()]);

  let t0 = performance.now();
  const removed = await trimAcked(ctx.redis, STREAM());
  const trim = { ms: performance.now() - t0, removed };

  // 100 entries delivered to a probe group and not ACKed: the PEL of 100 tasks in flight.
  await ctx.redis.xgroup("CREATE", STREAM(), "bench-probe", "0");
  await ctx.redis.xreadgroup("GROUP", "bench-probe", "holder", "COUNT", RECLAIM_COUNT, "STREAMS", STREAM(), ">");
  const pel = Number(((await ctx.redis.xpending(STREAM(), "bench-probe")) as [number])[0]);
  t0 = performance.now();
  let cursor = "0-0";
  let calls = 0;
  do {
    const [next] = (await ctx.redis.xautoclaim(STREAM(), "bench-probe", "reclaimer", LEASE_MS, cursor, "COUNT", RECLAIM_COUNT)) as [string, unknown[]];
    cursor = next;
    calls++;
  } while (cursor !== "0-0");
  const reclaim = { ms: performance.now() - t0, pel, calls };
  await ctx.redis.xgroup("DESTROY", STREAM(), "bench-probe");
  return { label, tickMs: percentile(ticks, 50), candidates, promote, pendingPage, trim, reclaim };
}

// ── queries ─────────────────────────────────────────────────────────────────────────────

type QueryTimes = Map<string, { p50: number; p99: number }>;

function queries(ctx: Ctx): { name: string; run: () => Promise<unknown> }[] {
  const owner = () => ctx.owners[Math.floor(Math.random() * ctx.owners.length)];
  return [
    { name: "`GET /api/tasks/{id}`: `getTaskForOwner`", run: () => getTaskForOwner(ctx.db, pick()) },
    { name: "admin tasks, first page (50): `searchTasks`", run: () => searchTasks(ctx.db, { limit: 50 }) },
    { name: "admin tasks, PENDING after a cursor", run: () => searchTasks(ctx.db, { status: "PENDING", before: pick().id, limit: 50 }) },
    { name: "admin tasks, one owner's (by e-mail)", run: () => searchTasks(ctx.db, { ownerEmail: owner().email, limit: 50 }) },
    { name: "admin task detail: `getAdminTask`", run: () => getAdminTask(ctx.db, { id: pick().id }) },
    {
      name: "DLQ page + its count (cap 10 000)",
      run: () => Promise.all([searchTasks(ctx.db, { status: "FAILED", discarded: false, limit: 50 }), countDeadLetters(ctx.db, { upTo: 10_000 })]),
    },
    { name: "queue page: `queueOverview`", run: () => queueOverview({ db: ctx.db, redis: ctx.redis }) },
    { name: "interactive submit guard: `countOpenInteractiveTasks`", run: () => countOpenInteractiveTasks(ctx.db, { ownerId: owner().id, upTo: 3 }) },
  ];
}

async function timeQueries(ctx: Ctx): Promise<QueryTimes> {
  const out: QueryTimes = new Map();
  for (const q of queries(ctx)) {
    for (let i = 0; i < 5; i++) await q.run();
    const ms: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const t0 = performance.now();
      await q.run();
      ms.push(performance.now() - t0);
    }
    out.set(q.name, { p50: percentile(ms, 50), p99: percentile(ms, 99) });
  }
  return out;
}

// ── drain ───────────────────────────────────────────────────────────────────────────────

type Deps = { db: Db; redis: Redis; log: ReturnType<typeof createLogger> };

/**
 * The no-op task of bench/pipeline-vs-bullmq.ts: no work; returns the write of its one result row,
 * a prepared INSERT as there (one round trip), so the drain rate compares with that bench's
 * concurrency-100 figure.
 */
function noopHandler(calls: { n: number }): TaskHandler<{ resumeId: string }> {
  return {
    type: TYPE,
    payloadSchema: z.object({ resumeId: z.string() }),
    async process({ task, payload }) {
      calls.n++;
      return async (tx) => {
        await tx
          .insert(benchResults)
          .values({ id: task.id, result: { ok: true, resumeId: payload.resumeId } })
          .onConflictDoNothing()
          .prepare("backlog_result")
          .execute();
      };
    },
  };
}

/** Runs a worker (consumer + relay, as worker/index.ts) until `count` tasks completed; tasks/s over that span. */
async function drain(ctx: Ctx, deps: Deps, count: number): Promise<{ rate: number; ms: number }> {
  const calls = { n: 0 };
  let completed = 0;
  let reached!: () => void;
  const done = new Promise<void>((r) => (reached = r));
  const events = createRedis("bench-events", { maxRetriesPerRequest: null });
  events.on("message", (_ch, raw) => {
    if ((JSON.parse(raw) as { status: string }).status === "COMPLETED" && ++completed === count) reached();
  });
  await events.subscribe(taskEventsChannel());
  const [before] = await ctx.db.execute<{ n: number }>(dsql`select count(*)::int as n from tasks where status = 'COMPLETED'`);
  const consumer = new StreamConsumer(deps, [noopHandler(calls)], { concurrency: CONCURRENCY, leaseMs: LEASE_MS });
  const relay = new OutboxRelay(deps, { streams: consumer.streams() });
  const t0 = performance.now();
  await consumer.start();
  relay.start();
  await done;
  const ms = performance.now() - t0;
  await relay.stop();
  await consumer.close();
  events.disconnect();
  const [after] = await ctx.db.execute<{ n: number; attempts: number }>(
    dsql`select count(*)::int as n, coalesce(sum(attempts), 0)::int as attempts from tasks where status = 'COMPLETED'`,
  );
  const ran = after.n - before.n;
  if (ran < count || ran !== calls.n) ctx.problems.push(`drain of ${count}: ${ran} newly COMPLETED, ${calls.n} handler runs`);
  return { rate: perSecond(count, ms), ms };
}

// ── Redis memory ────────────────────────────────────────────────────────────────────────

async function usedMemory(redis: Redis): Promise<number> {
  const info = await redis.info("memory");
  return Number(/used_memory:(\d+)/.exec(info)![1]);
}

async function config(redis: Redis, name: string): Promise<string> {
  return ((await redis.config("GET", name)) as string[])[1];
}

/** Bytes per entry of `n` entries written into a scratch stream by `add`, from MEMORY USAGE (SAMPLES 0). */
async function streamBytesPerEntry(redis: Redis, n: number, add: (p: ReturnType<Redis["pipeline"]>, key: string) => void): Promise<number> {
  const key = `bench:scratch:${randomUUID()}`;
  for (let i = 0; i < n; i += 1000) {
    const p = redis.pipeline();
    for (let j = i; j < Math.min(n, i + 1000); j++) add(p, key);
    await p.exec();
  }
  const bytes = Number(await redis.call("MEMORY", "USAGE", key, "SAMPLES", "0"));
  await redis.del(key);
  return bytes / n;
}

async function memoryVariants(redis: Redis): Promise<{ name: string; bytes: number }[]> {
  const n = Math.min(100_000, TASKS);
  const uuidBytes = () => Buffer.from(randomUUID().replaceAll("-", ""), "hex");
  const out = [
    { name: "as built: field `taskId`, the id as 36 characters", bytes: await streamBytesPerEntry(redis, n, (p, k) => p.xadd(k, "*", "taskId", randomUUID())) },
    { name: "field `t` instead of `taskId`", bytes: await streamBytesPerEntry(redis, n, (p, k) => p.xadd(k, "*", "t", randomUUID())) },
    { name: "the id as 16 raw bytes", bytes: await streamBytesPerEntry(redis, n, (p, k) => p.xadd(k, "*", "taskId", uuidBytes())) },
  ];
  const [entries, nodeBytes] = [await config(redis, "stream-node-max-entries"), await config(redis, "stream-node-max-bytes")];
  await redis.config("SET", "stream-node-max-entries", "1000");
  await redis.config("SET", "stream-node-max-bytes", "65536");
  out.push({
    name: "1 000 entries a node (`stream-node-max-entries 1000`, `-bytes 65536`)",
    bytes: await streamBytesPerEntry(redis, n, (p, k) => p.xadd(k, "*", "taskId", randomUUID())),
  });
  await redis.config("SET", "stream-node-max-entries", entries);
  await redis.config("SET", "stream-node-max-bytes", nodeBytes);
  return out;
}

// ── Redis loss ──────────────────────────────────────────────────────────────────────────

type Republish = {
  pending: number;
  ticks: number;
  pages: number;
  ms: number;
  tickMs: number[];
  perPageMs: number;
  firstTickMs: number;
  firstTickTasks: number;
};

async function redisLoss(ctx: Ctx, deps: Deps, priv: PrivateRedis): Promise<Republish> {
  await priv.client.flushall();
  for (const lane of LANES) await ctx.redis.xgroup("CREATE", streamKey(TYPE, lane), CONSUMER_GROUP, "0", "MKSTREAM");
  const [{ n: pending }] = await ctx.db.execute<{ n: number }>(dsql`select count(*)::int as n from tasks where status = 'PENDING'`);
  const relay = new OutboxRelay(deps, { trimIntervalMs: Number.POSITIVE_INFINITY });
  const perPage = relay.options.republishPageSize;
  const tickMs: number[] = [];
  let published = 0;
  let firstTickTasks = 0;
  const t0 = performance.now();
  while (!(await ctx.redis.exists(relayEpochKey()))) {
    const s = performance.now();
    const n = await relay.tick();
    tickMs.push(performance.now() - s);
    if (tickMs.length === 1) firstTickTasks = n;
    published += n;
  }
  const ms = performance.now() - t0;
  const pages = Math.floor(pending / perPage) + 1; // the last page is the short (maybe empty) one
  // Every PENDING task exactly once in the new stream.
  const seen = new Set<string>();
  let entries = 0;
  let start = "-";
  for (;;) {
    const batch = await ctx.redis.xrange(STREAM(), start, "+", "COUNT", 10_000);
    for (const [, f] of batch) seen.add(f[f.indexOf("taskId") + 1]);
    entries += batch.length;
    if (batch.length < 10_000) break;
    start = `(${batch[batch.length - 1][0]}`;
  }
  if (published !== pending || entries !== pending || seen.size !== pending) {
    ctx.problems.push(`republish: ${pending} PENDING, ${published} published, ${entries} entries, ${seen.size} distinct task ids`);
  }
  return { pending, ticks: tickMs.length, pages, ms, tickMs, perPageMs: ms / pages, firstTickMs: tickMs[0] ?? 0, firstTickTasks };
}

// ── database size ───────────────────────────────────────────────────────────────────────

async function databaseSizes(ctx: Ctx): Promise<{ database: number; heap: number; indexes: { name: string; bytes: number }[] }> {
  const [d] = await ctx.db.execute<{ database: string; heap: string }>(
    dsql`select pg_database_size(current_database())::text as database, pg_table_size('tasks')::text as heap`,
  );
  const idx = await ctx.db.execute<{ name: string; bytes: string }>(
    dsql`select indexrelid::regclass::text as name, pg_relation_size(indexrelid)::text as bytes from pg_index where indrelid = 'tasks'::regclass order by 1`,
  );
  return { database: Number(d.database), heap: Number(d.heap), indexes: idx.map((r) => ({ name: r.name, bytes: Number(r.bytes) })) };
}

/** The pipeline bench's concurrency-100 tasks/s as last recorded in docs/benchmarks.md (NaN when absent). */
function pipelineC100(): number {
  const doc = readFileSync(path.join(ROOT, "docs/benchmarks.md"), "utf8");
  const m = /\| process, worker concurrency 100 \| tasks\/s \| (\d+) \|/.exec(doc);
  return m ? Number(m[1]) : Number.NaN;
}

// ── main ────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<{ failed: boolean }> {
  const started = performance.now();
  const loadStart = os.loadavg()[0];
  const priv = await startPrivateRedis();
  process.env.REDIS_URL = priv.url;
  const database = await createBenchDatabase("backlog");
  const { db, sql } = createDb(database.url);
  const redis = createRedis("bench");
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    redis.disconnect();
    await sql.end({ timeout: 5 });
    await priv.stop();
    if (process.env.BENCH_KEEP === "1") log(`kept database ${database.name}`);
    else await database.drop();
  };
  onInterrupt(cleanup);
  try {
    log(`private redis-server at ${priv.url}; database ${database.name}`);
    await sql.unsafe("create table bench_results (id text primary key, result jsonb not null)");
    const owners = Array.from({ length: OWNERS }, () => {
      const id = randomUUID();
      return { id, name: "Bench Owner", email: `backlog-${id}@example.test` };
    });
    await db.insert(user).values(owners);
    const ctx: Ctx = { db, sql, redis, owners, problems: [] };
    const deps: Deps = { db, redis, log: createLogger("bench-backlog") };
    for (const lane of LANES) await redis.xgroup("CREATE", streamKey(TYPE, lane), CONSUMER_GROUP, "0", "MKSTREAM");
    await new OutboxRelay(deps).tick(); // the first tick sets the epoch: from here on, steady state

    // History first, so both query timings see ended tasks and a DLQ (the console's queries read
    // them): a small backlog run through, 1 % of it then FAILED. Measured without it, the small
    // timing read an empty history and the ratio priced the history, not the backlog.
    await enqueue(ctx, SMALL);
    await drain(ctx, deps, SMALL);
    await sql.unsafe(
      `update tasks set status = 'FAILED', error_code = 'bench', error_message = 'bench' where id in (select id from tasks where status = 'COMPLETED' limit ${Math.ceil(SMALL / 100)})`,
    );
    await trimAcked(redis, STREAM());

    // The small backlog: queries, then the baseline drain.
    await enqueue(ctx, SMALL);
    await checkQueued(ctx, SMALL);
    await sql.unsafe("analyze tasks");
    log(`${fmtK(SMALL)} queued; timing queries`);
    const smallQueries = await timeQueries(ctx);
    const smallDrain = await drain(ctx, deps, SMALL);
    log(`drained ${fmtK(SMALL)}: ${smallDrain.rate.toFixed(0)} tasks/s`);
    await trimAcked(redis, STREAM());

    // The burst: 0 → TASKS in slices, the passes at 0, one slice and TASKS.
    const passes: Passes[] = [await measurePasses(ctx, 0, deps)];
    const memBefore = await usedMemory(redis);
    const slices: { upTo: number; rate: number; memory: number }[] = [];
    for (let done = 0; done < TASKS; ) {
      const n = Math.min(SLICE, TASKS - done);
      const ms = await enqueue(ctx, n);
      done += n;
      slices.push({ upTo: done, rate: perSecond(n, ms), memory: await usedMemory(redis) });
      log(`enqueued ${fmtInt(done)}: ${slices[slices.length - 1].rate.toFixed(0)} tasks/s this slice`);
      if (done === SLICE && done < TASKS) passes.push(await measurePasses(ctx, done, deps));
    }
    await checkQueued(ctx, TASKS);
    const queueBytes = (slices[slices.length - 1].memory - memBefore) / TASKS;
    const streamBytes = Number(await redis.call("MEMORY", "USAGE", STREAM(), "SAMPLES", "0")) / TASKS;
    const nodeConfig = { entries: await config(redis, "stream-node-max-entries"), bytes: await config(redis, "stream-node-max-bytes") };
    const [vac] = await db.execute<{ dead: number; autovacuum: string | null }>(
      dsql`select n_dead_tup::int as dead, last_autovacuum::text as autovacuum from pg_stat_user_tables where relname = 'tasks'`,
    );
    log(`queued ${fmtInt(TASKS)}: ${queueBytes.toFixed(0)} B/task (INFO), ${streamBytes.toFixed(0)} B/task (MEMORY USAGE); dead tuples ${vac.dead}`);
    passes.push(await measurePasses(ctx, TASKS, deps, `${fmtK(TASKS)}, right after the burst`));
    // The published rows' old versions stay in tasks_unpublished_idx until vacuumed: what autovacuum does next.
    let t0 = performance.now();
    await sql.unsafe("vacuum tasks");
    const vacuumMs = performance.now() - t0;
    passes.push(await measurePasses(ctx, TASKS, deps, `${fmtK(TASKS)}, after VACUUM`));
    const sizes = await databaseSizes(ctx);
    log("timing queries at the full backlog");
    const bigQueries = await timeQueries(ctx);
    const bigDrain = await drain(ctx, deps, DRAIN);
    log(`drained ${fmtK(DRAIN)} off ${fmtK(TASKS)}: ${bigDrain.rate.toFixed(0)} tasks/s`);
    t0 = performance.now();
    const trimAfterDrain = { removed: await trimAcked(redis, STREAM()), ms: 0 };
    trimAfterDrain.ms = performance.now() - t0;

    log("FLUSHALL of the private redis-server; relay ticks until the epoch is back");
    const loss = await redisLoss(ctx, deps, priv);
    log(`republished ${fmtInt(loss.pending)} in ${loss.ticks} ticks, ${(loss.ms / 1000).toFixed(1)} s`);
    t0 = performance.now();
    const variants = await memoryVariants(redis);
    log(`memory variants in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    // ── report ──
    const c100 = pipelineC100();
    const sliceRows = slices.map((s, i) => [`${fmtK(i * SLICE)} → ${fmtK(s.upTo)}`, fmtInt(s.rate), ratio(s.rate, slices[0].rate), mb(s.memory - memBefore)]);
    const enqueueRatio = ratio(slices[slices.length - 1].rate, slices[0].rate);
    const passRows = passes.flatMap((p) => [
      [p.label, "relay tick (retries + orphans + fair feeder)", fmtMs(p.tickMs), "—", "—", "—"],
      ["", "↳ orphan query (`findRelayCandidates`)", fmtMs(p.candidates.ms), fmtInt(p.candidates.examined), fmtInt(p.candidates.buffers), p.candidates.plan],
      ["", "↳ due retries (`promoteDueRetries`)", fmtMs(p.promote.ms), fmtInt(p.promote.examined), fmtInt(p.promote.buffers), p.promote.plan],
      [
        "",
        `↳ one republish page (\`listPendingTasks\`, ${REPUBLISH_PAGE})`,
        fmtMs(p.pendingPage.ms),
        fmtInt(p.pendingPage.examined),
        fmtInt(p.pendingPage.buffers),
        p.pendingPage.plan,
      ],
      ["", "trim pass (`trimAcked`)", fmtMs(p.trim.ms), `${p.trim.removed} removed`, "—", "XINFO GROUPS + XPENDING + XTRIM MINID"],
      ["", `reclaim pass (XAUTOCLAIM COUNT ${RECLAIM_COUNT})`, fmtMs(p.reclaim.ms), `PEL ${p.reclaim.pel}`, "—", `${p.reclaim.calls} call(s)`],
    ]);
    const qRows = [...smallQueries.keys()].map((name) => {
      const a = smallQueries.get(name)!;
      const b = bigQueries.get(name)!;
      return [name, fmtMs(a.p50), fmtMs(a.p99), fmtMs(b.p50), fmtMs(b.p99), ratio(b.p50, a.p50)];
    });
    const drainRatio = ratio(bigDrain.rate, smallDrain.rate);
    const valid = ctx.problems.length === 0;
    console.log(`\n${consoleTable(["enqueue slice", "tasks/s", "vs first", "Redis Δ"], sliceRows)}`);
    console.log(`\n${consoleTable(["backlog", "pass", "time", "rows/entries", "buffers", "plan"], passRows)}`);
    console.log(`\n${consoleTable(["query", "p50 small", "p99 small", "p50 big", "p99 big", "p50 big/small"], qRows)}`);
    console.log(
      `\nenqueue last/first slice ${enqueueRatio}; Redis ${queueBytes.toFixed(0)} B/task; drain ${bigDrain.rate.toFixed(0)} vs ${smallDrain.rate.toFixed(0)} tasks/s (${drainRatio})`,
    );
    if (!valid) console.log(`\nNOT VALID:\n- ${ctx.problems.join("\n- ")}`);

    recordKnobbedRun(knobs, {
      script: SCRIPT,
      section: SECTION,
      extra: EXTRA,
      valid,
      log,
      indexRow: `| [Backlog of 1 M tasks](#backlog-of-1-m-tasks) | \`npx tsx ${SCRIPT}\` | A 1 M-task bulk burst: enqueue tasks/s per 100 k slice (last ÷ first), Redis bytes per queued task, relay/trim/reclaim pass cost and console query p50/p99 at 10 k vs 1 M, drain tasks/s at 1 M vs 10 k, the paged republish after a Redis loss |`,
      title: "Backlog of 1 M tasks",
      loadStart,
      started,
      lines: () => [
        `${fmtInt(TASKS)} no-op \`${TYPE}\` tasks added in calls of ${fmtInt(BATCH)} (\`insertTasks\` + \`publishTasks\`, ${PRODUCERS} producer loop(s) at once) to a database of their own and a private \`redis-server\` ${"(7.0, no persistence)"}, after a ${fmtK(SMALL)} backlog was run through (1 % of it then FAILED: the history both query timings see) and another ${fmtK(SMALL)} queued, timed and drained; ${OWNERS} owners. Details of each step: the docstring of \`${SCRIPT}\`.`,
        "",
        `**Enqueue ${fmtInt(slices[0].rate)} → ${fmtInt(slices[slices.length - 1].rate)} tasks/s from the first to the last ${fmtK(SLICE)} slice (${enqueueRatio}); Redis ${queueBytes.toFixed(0)} B per queued task; draining ${fmtK(DRAIN)} off the ${fmtK(TASKS)} backlog ${fmtInt(bigDrain.rate)} tasks/s vs ${fmtInt(smallDrain.rate)} off a ${fmtK(SMALL)} one (${drainRatio}; the pipeline bench's concurrency-100 figure: ${fmtInt(c100)} tasks/s, ${ratio(bigDrain.rate, c100)}).**`,
        "",
        "### Enqueue per slice",
        "",
        markdownTable(["backlog", "tasks/s", "vs first slice", "Redis used_memory Δ"], sliceRows),
        "",
        `Database at ${fmtK(TASKS + 2 * SMALL)} rows: ${mb(sizes.database)} (tasks heap ${mb(sizes.heap)}); indexes of \`tasks\`: ${sizes.indexes.map((i) => `${i.name} ${mb(i.bytes)}`).join(", ")}. Dead tuples right after the burst: ${fmtInt(vac.dead)} (last autovacuum ${vac.autovacuum ?? "none yet"}); a \`VACUUM tasks\` then took ${(vacuumMs / 1000).toFixed(1)} s.`,
        "",
        "### Redis memory per queued task",
        "",
        `${fmtInt(TASKS)} entries in \`${"panelist:{resume.analyze}:batch"}\`: **${queueBytes.toFixed(1)} B/task** by \`INFO memory\` used_memory Δ, ${streamBytes.toFixed(1)} B/task by \`MEMORY USAGE … SAMPLES 0\` (\`stream-node-max-entries ${nodeConfig.entries}\`, \`stream-node-max-bytes ${nodeConfig.bytes}\`). The payload stays in PostgreSQL; an entry is its id and \`taskId\`. The same 100 k entries written other ways (MEMORY USAGE ÷ entries):`,
        "",
        markdownTable(
          ["entry", "B/entry"],
          variants.map((v) => [v.name, v.bytes.toFixed(1)]),
        ),
        "",
        "### Steady-state passes by backlog",
        "",
        "Relay tick: median of 5 with the epoch set (nothing to publish); its queries by EXPLAIN (ANALYZE, BUFFERS) — rows examined = what the scan nodes read (index entries for a bitmap scan), buffers = shared hit + read. The republish page starts at a random id (keyset). Trim and reclaim: one pass each; reclaim over a probe group holding 100 delivered, un-ACKed entries (the PEL of 100 tasks in flight), min-idle the lease so nothing is claimed.",
        "",
        markdownTable(["backlog", "pass", "time", "rows / entries", "buffers", "plan"], passRows),
        "",
        `Trim after draining ${fmtK(DRAIN)}: ${fmtInt(trimAfterDrain.removed)} ACKed entries removed in ${fmtMs(trimAfterDrain.ms)} (its cost is what was ACKed since the last pass, not the backlog).`,
        "",
        "### Task and console queries",
        "",
        `p50/p99 of ${ITERATIONS} calls each, one at a time, after 5 warm-up calls; small = ${fmtK(SMALL)} queued, big = ${fmtK(TASKS)} queued, beside ${fmtK(SMALL)} and ${fmtK(2 * SMALL)} ended tasks (the big one also has the baseline drain's; ${fmtInt(Math.ceil(SMALL / 100))} FAILED in both: the DLQ), so a query that reads the history is timed against twice as much of it at 1 M.`,
        "",
        markdownTable(["query", `p50 @ ${fmtK(SMALL)}`, `p99 @ ${fmtK(SMALL)}`, `p50 @ ${fmtK(TASKS)}`, `p99 @ ${fmtK(TASKS)}`, "p50 ratio"], qRows),
        "",
        "### Drain",
        "",
        markdownTable(
          ["backlog", "drained", "tasks/s", "vs baseline"],
          [
            [`${fmtK(SMALL)} (baseline)`, fmtInt(SMALL), fmtInt(smallDrain.rate), "1.00×"],
            [fmtK(TASKS), fmtInt(DRAIN), fmtInt(bigDrain.rate), drainRatio],
            ["pipeline bench, concurrency 100 (docs/benchmarks.md)", "10 000", fmtInt(c100), ratio(c100, smallDrain.rate)],
          ],
        ),
        "",
        `\`StreamConsumer\` at concurrency ${CONCURRENCY} + \`OutboxRelay\`, the no-op handler writing one result row; tasks/s = tasks ÷ (consumer start → that many COMPLETED events).`,
        "",
        "### After Redis loses its data",
        "",
        `FLUSHALL with ${fmtInt(loss.pending)} tasks PENDING. The relay's republish (defaults: ${REPUBLISH_PAGE} tasks a page, 5 pages a tick) ran ${loss.ticks} ticks back to back: first tick ${fmtInt(loss.firstTickTasks)} tasks in ${fmtMs(loss.firstTickMs)}, tick p50 ${fmtMs(percentile(loss.tickMs, 50))}, p99 ${fmtMs(percentile(loss.tickMs, 99))}; **${fmtMs(loss.perPageMs)} per page** of ${REPUBLISH_PAGE} (SELECT by keyset + XADD pipeline + UPDATE), ${(loss.ms / 1000).toFixed(1)} s in all — at the relay's 1 s interval ${loss.ticks} s. Every PENDING task was in the new stream exactly once.`,
      ],
    });
    return { failed: !valid };
  } finally {
    await cleanup();
  }
}

await runBench(main);
