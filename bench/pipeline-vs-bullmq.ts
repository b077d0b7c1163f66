/**
 * Benchmark: pipeline overhead of Panelist's task queue against BullMQ doing the same job.
 *
 *   npx tsx bench/pipeline-vs-bullmq.ts
 *
 * No-op tasks, the scenarios of taskforcesh/bullmq-bench (src/bullmq-suite.ts: `queue-add`,
 * `queue-add-bulk` with 100 per call, `worker-generic`, `worker-concurrent`; warm-up jobs are
 * not timed), with the concurrent worker at 100, plus one end-to-end scenario:
 *
 *   single add   W + N tasks added one at a time, each awaited                         adds/s
 *   bulk add     the same in calls of BENCH_BULK (100)                                  adds/s
 *   process c=1  W + N tasks queued beforehand; one worker, concurrency 1               tasks/s
 *   process c=100  the same at concurrency 100                                          tasks/s
 *   end to end   BENCH_PRODUCERS (10) producers add N tasks one at a time while one worker at
 *                concurrency 100 processes them; first add → last result row         tasks/s,
 *                and each task's add → its result, p50/p99
 *
 * What each side does (same process, same Redis, same PostgreSQL pool, one after the other):
 * - **Panelist**, its real code: add = `insertTask` (the outbox row, a prepared INSERT) +
 *   `publishTask` (XADD `{taskId}`; concurrent adds' publishes share one XADD pipeline; the entry
 *   ids are recorded on the rows afterwards, one UPDATE per flush, not waited for); bulk =
 *   `insertTasks` (one multi-row INSERT) + `publishTasks` (one XADD pipeline); worker = `StreamConsumer` (lanes,
 *   XREADGROUP, one claim UPDATE per read, handler, result rows + COMPLETED of the attempts
 *   that ended together in one transaction, their XACKs and task events in one pipeline) with the `OutboxRelay` running beside it, as in
 *   worker/index.ts. The handler does no work and returns the write of one result row.
 * - **BullMQ 6.7.0** with bullmq-bench's defaults (completed jobs kept): add = `Queue.add`,
 *   bulk = `Queue.addBulk`, worker = `Worker` whose processor writes the same result row with
 *   the same prepared INSERT (`bench_results`, `ON CONFLICT DO NOTHING`). Its job state lives in
 *   Redis only; Panelist's lives in PostgreSQL — that difference is what the ratio prices.
 *   A second BullMQ variant of the add and end-to-end scenarios also INSERTs the same `tasks`
 *   row first (what an app that keeps its task status in PostgreSQL would do), to separate the
 *   outbox's cost from the row's.
 *
 * Valid only if every task ran exactly once and left exactly one result row (Panelist: every
 * task COMPLETED with one attempt, nothing pending in the streams; BullMQ: every job completed,
 * none failed); otherwise the script says NOT VALID and leaves docs/benchmarks.md alone.
 *
 * Self-contained: a database of its own on the server of `DATABASE_URL` (default
 * postgres://postgres@127.0.0.1:5432/postgres), migrated, plus a bench-only `bench_results`
 * table; a private Redis key prefix `bench:<8 hex>:` for both sides (BullMQ's `prefix` option);
 * both removed at the end (BENCH_KEEP=1 keeps them).
 *
 * Knobs: BENCH_WARMUP (1000), BENCH_JOBS (10000), BENCH_BULK (100), BENCH_PRODUCERS (10),
 * BENCH_CONCURRENCY (100), BENCH_KEEP, BENCH_WRITE_DOCS (1 always, 0 never; default: only a
 * default-settings run rewrites the `pipeline-vs-bullmq` section of docs/benchmarks.md).
 * PANELIST_PG_POOL_MAX (default 10) sizes the one pool both sides use.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { type ConnectionOptions, Queue, Worker } from "bullmq";
import { sql } from "drizzle-orm";
import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type Redis from "ioredis";
import { z } from "zod";
import { createDb, type Db, type Tx } from "@/lib/db/client";
import { insertTask, insertTasks } from "@/lib/db/queries/tasks";
import { user } from "@/lib/db/schema";
import { createLogger } from "@/lib/log";
import { BatchedWriter, StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import { CONSUMER_GROUP, LANES, type Lane, streamKey, taskEventsChannel } from "@/lib/queue/names";
import { drainPublishMarks, publishTask, publishTasks } from "@/lib/queue/producer";
import { createRedis } from "@/lib/queue/redis";
import { OutboxRelay } from "@/lib/queue/relay";
import { machineLine, recordRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { concurrently } from "./lib/pool";
import { benchRedisPrefix, createBenchDatabase, deleteRedisPrefix, onInterrupt, redisUrl } from "./lib/resources";
import { runBench } from "./lib/run";
import { consoleTable, fmtMs, markdownTable, percentile, perSecond, ratio } from "./lib/stats";

const SCRIPT = "bench/pipeline-vs-bullmq.ts";
const SECTION = "pipeline-vs-bullmq";
const knobs = new Knobs({ BENCH_WARMUP: 1000, BENCH_JOBS: 10000, BENCH_BULK: 100, BENCH_PRODUCERS: 10, BENCH_CONCURRENCY: 100 });
const W = knobs.get("BENCH_WARMUP");
const N = knobs.get("BENCH_JOBS");
const BULK = Math.max(1, knobs.get("BENCH_BULK"));
const PRODUCERS = Math.max(1, knobs.get("BENCH_PRODUCERS"));
const CONCURRENCY = Math.max(1, knobs.get("BENCH_CONCURRENCY"));
const TOTAL = W + N;
const TYPE = "resume.analyze";
const EXTRA_ENV = ["PANELIST_PG_POOL_MAX", "BENCH_ONLY"];
/** `BENCH_ONLY=3,4` runs only those scenarios (1-based), for profiling; such a run never rewrites the docs. */
const ONLY = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean).map(Number);

const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The bench-only result table both sides write (the shape of a real result row: one per task, idempotent). */
const benchResults = pgTable("bench_results", {
  id: text("id").primaryKey(),
  side: text("side").notNull(),
  result: jsonb("result").$type<Record<string, unknown>>().notNull(),
});
const CREATE_RESULTS = `create table bench_results (id text primary key, side text not null, result jsonb not null, created_at timestamptz not null default now())`;

type Side = "panelist" | "panelist-batched" | "bullmq" | "bullmq+row";
type Measure = { rate: number; ms: number; latencies?: number[] };
type Ctx = { db: Db; redis: Redis; ownerId: string; prefix: string; bullConnection: ConnectionOptions; problems: string[]; scenario: number };

function bullConnection(): ConnectionOptions {
  const u = new URL(redisUrl());
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
}

/** Times the tasks after the warm-up: `t0` when task W starts, rate over the remaining N. */
class Stopwatch {
  private t0 = 0;
  mark(i: number): void {
    if (i === W) this.t0 = performance.now();
  }
  done(): Measure {
    const ms = performance.now() - this.t0;
    return { rate: perSecond(N, ms), ms };
  }
}

// ── Panelist ────────────────────────────────────────────────────────────────────────────

const newTask = (ctx: Ctx, n: number, lane: Lane) => ({ type: TYPE, lane, ownerId: ctx.ownerId, payload: { n } });

async function panelistSingleAdd(ctx: Ctx): Promise<Measure> {
  const sw = new Stopwatch();
  for (let i = 0; i < TOTAL; i++) {
    sw.mark(i);
    const t = await insertTask(ctx.db, newTask(ctx, i, "interactive"));
    await publishTask(ctx.redis, ctx.db, t);
  }
  const m = sw.done();
  await checkPublished(ctx, "interactive");
  return m;
}

async function panelistBulkAdd(ctx: Ctx, lane: Lane = "batch", timed = true): Promise<Measure> {
  const sw = new Stopwatch();
  for (let i = 0; i < TOTAL; i += BULK) {
    if (timed) for (let j = i; j < Math.min(i + BULK, TOTAL); j++) sw.mark(j);
    const rows = await insertTasks(
      ctx.db,
      Array.from({ length: Math.min(BULK, TOTAL - i) }, (_, j) => newTask(ctx, i + j, lane)),
    );
    await publishTasks(ctx.redis, ctx.db, rows);
  }
  const m = sw.done();
  await checkPublished(ctx, lane);
  return m;
}

async function checkPublished(ctx: Ctx, lane: Lane): Promise<void> {
  await drainPublishMarks(ctx.db); // the last adds' entry ids are still being recorded: no add waits for them
  const [row] = await ctx.db.execute<{ n: number; published: number }>(sql`select count(*)::int as n, count(message_id)::int as published from tasks`);
  const xlen = await ctx.redis.xlen(streamKey(TYPE, lane));
  if (row.n !== TOTAL || row.published !== TOTAL || xlen !== TOTAL) {
    ctx.problems.push(`panelist add: ${row.n} tasks, ${row.published} with a message id, XLEN ${xlen}; expected ${TOTAL}`);
  }
}

/**
 * The one result row both sides write per task: the same prepared INSERT (one round trip once
 * the connection has it), so neither side's figure is the unprepared statement's second trip.
 */
async function writeResult(q: Db | Tx, r: { id: string; side: string; n: number }): Promise<void> {
  await q
    .insert(benchResults)
    .values({ id: r.id, side: r.side, result: { ok: true, n: r.n } })
    .onConflictDoNothing()
    .prepare("bench_result")
    .execute();
}

/** The result rows of one completion flush in one INSERT (the batched handler's write). */
async function writeResults(tx: Tx, rs: { id: string; side: string; n: number }[]): Promise<void> {
  await tx
    .insert(benchResults)
    .values(rs.map((r) => ({ id: r.id, side: r.side, result: { ok: true, n: r.n } })))
    .onConflictDoNothing();
}

/** The batched handler's writer: one for all its attempts, so a flush writes their rows together. */
const resultRows = new BatchedWriter(writeResults);

/**
 * The no-op task: no work; returns the write of its one result row, as a real handler does — a
 * function of the transaction (one INSERT per task), or with `batched` a batched write (the rows of
 * one completion flush in one multi-row INSERT, `BatchedWriter` in lib/queue/consumer.ts).
 */
function noopHandler(calls: { n: number }, batched: boolean): TaskHandler<{ n: number }> {
  return {
    type: TYPE,
    payloadSchema: z.object({ n: z.number() }),
    async process({ task, payload }) {
      calls.n++;
      const row = { id: task.id, side: "panelist", n: payload.n };
      return batched ? resultRows.write(row) : (tx) => writeResult(tx, row);
    },
  };
}

/** Starts a worker (consumer + relay, as worker/index.ts) and counts COMPLETED task events. */
async function startPanelistWorker(ctx: Ctx, concurrency: number, batched: boolean, onCompleted: (taskId: string) => void) {
  const deps = { db: ctx.db, redis: ctx.redis, log: createLogger("bench-worker") };
  const calls = { n: 0 };
  const events = createRedis("bench-events", { maxRetriesPerRequest: null });
  events.on("message", (_ch, raw) => {
    const ev = JSON.parse(raw) as { taskId: string; status: string };
    if (ev.status === "COMPLETED") onCompleted(ev.taskId);
  });
  await events.subscribe(taskEventsChannel());
  const consumer = new StreamConsumer(deps, [noopHandler(calls, batched)], { concurrency });
  const relay = new OutboxRelay(deps, { streams: consumer.streams() });
  await consumer.start();
  relay.start();
  return {
    calls,
    async stop() {
      await relay.stop();
      await consumer.close();
      events.disconnect();
    },
  };
}

async function panelistProcess(ctx: Ctx, concurrency: number, batched = false): Promise<Measure> {
  await panelistBulkAdd(ctx, "batch", false);
  const sw = new Stopwatch();
  let completed = 0;
  let finished!: () => void;
  const allDone = new Promise<void>((r) => (finished = r));
  const worker = await startPanelistWorker(ctx, concurrency, batched, () => {
    sw.mark(completed++);
    if (completed === TOTAL) finished();
  });
  if (W === 0) sw.mark(0);
  await allDone;
  const m = sw.done();
  await worker.stop();
  await checkProcessed(ctx, worker.calls.n);
  return m;
}

async function panelistEndToEnd(ctx: Ctx, batched = false): Promise<Measure> {
  const submitted = new Map<string, number>();
  const latencies: number[] = [];
  let completed = 0;
  let finished!: () => void;
  const allDone = new Promise<void>((r) => (finished = r));
  const worker = await startPanelistWorker(ctx, CONCURRENCY, batched, (id) => {
    const at = submitted.get(id);
    if (at !== undefined) latencies.push(performance.now() - at);
    if (++completed === N) finished();
  });
  const t0 = performance.now();
  await concurrently(N, PRODUCERS, async (i) => {
    const at = performance.now();
    const t = await insertTask(ctx.db, newTask(ctx, i, "interactive"));
    submitted.set(t.id, at);
    await publishTask(ctx.redis, ctx.db, t);
  });
  await allDone;
  const ms = performance.now() - t0;
  await worker.stop();
  await checkProcessed(ctx, worker.calls.n, N);
  return { rate: perSecond(N, ms), ms, latencies };
}

async function checkProcessed(ctx: Ctx, calls: number, total = TOTAL): Promise<void> {
  const rows = await ctx.db.execute<{ status: string; n: number; attempts: number }>(
    sql`select status, count(*)::int as n, sum(attempts)::int as attempts from tasks group by status`,
  );
  const [results] = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from bench_results where side = 'panelist'`);
  let pending = 0;
  for (const lane of LANES) {
    const summary = (await ctx.redis.xpending(streamKey(TYPE, lane), CONSUMER_GROUP).catch(() => [0])) as [number];
    pending += Number(summary[0]);
  }
  const ok = rows.length === 1 && rows[0].status === "COMPLETED" && rows[0].n === total && rows[0].attempts === total;
  if (!ok || results.n !== total || calls !== total || pending !== 0) {
    ctx.problems.push(
      `panelist process: statuses ${JSON.stringify(rows)}, ${results.n} result rows, ${calls} handler runs, ${pending} pending; expected ${total}`,
    );
  }
}

// ── BullMQ ──────────────────────────────────────────────────────────────────────────────

function bullQueue(ctx: Ctx): Queue {
  return new Queue(`noop-${ctx.scenario}`, { connection: ctx.bullConnection, prefix: `${ctx.prefix}bull` });
}

async function bullSingleAdd(ctx: Ctx, withRow: boolean): Promise<Measure> {
  const queue = bullQueue(ctx);
  await queue.waitUntilReady();
  const sw = new Stopwatch();
  for (let i = 0; i < TOTAL; i++) {
    sw.mark(i);
    if (withRow) {
      const t = await insertTask(ctx.db, newTask(ctx, i, "interactive"));
      await queue.add("noop", { n: i, taskId: t.id });
    } else {
      await queue.add("noop", { n: i });
    }
  }
  const m = sw.done();
  await checkBullAdded(ctx, queue, withRow);
  await queue.close();
  return m;
}

async function bullBulkAdd(ctx: Ctx, withRow: boolean, queue = bullQueue(ctx), timed = true): Promise<Measure> {
  await queue.waitUntilReady();
  const sw = new Stopwatch();
  for (let i = 0; i < TOTAL; i += BULK) {
    if (timed) for (let j = i; j < Math.min(i + BULK, TOTAL); j++) sw.mark(j);
    const size = Math.min(BULK, TOTAL - i);
    const ids = withRow
      ? (
          await insertTasks(
            ctx.db,
            Array.from({ length: size }, (_, j) => newTask(ctx, i + j, "batch")),
          )
        ).map((t) => t.id)
      : [];
    await queue.addBulk(Array.from({ length: size }, (_, j) => ({ name: "noop", data: withRow ? { n: i + j, taskId: ids[j] } : { n: i + j } })));
  }
  const m = sw.done();
  await checkBullAdded(ctx, queue, withRow);
  if (timed) await queue.close();
  return m;
}

async function checkBullAdded(ctx: Ctx, queue: Queue, withRow: boolean): Promise<void> {
  const waiting = await queue.getWaitingCount();
  const [row] = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from tasks`);
  if (waiting !== TOTAL || row.n !== (withRow ? TOTAL : 0)) {
    ctx.problems.push(`bullmq add${withRow ? " + row" : ""}: ${waiting} jobs waiting, ${row.n} task rows; expected ${TOTAL}`);
  }
}

function bullWorker(ctx: Ctx, queue: Queue, concurrency: number, calls: { n: number }): Worker {
  return new Worker(
    queue.name,
    async (job) => {
      calls.n++;
      await writeResult(ctx.db, { id: `bull-${job.id}`, side: "bullmq", n: job.data.n });
    },
    { connection: ctx.bullConnection, prefix: `${ctx.prefix}bull`, concurrency, autorun: false },
  );
}

async function bullProcess(ctx: Ctx, concurrency: number): Promise<Measure> {
  const queue = bullQueue(ctx);
  await bullBulkAdd(ctx, false, queue, false);
  const calls = { n: 0 };
  const worker = bullWorker(ctx, queue, concurrency, calls);
  const sw = new Stopwatch();
  let completed = 0;
  const failed: string[] = [];
  const allDone = new Promise<void>((resolve) => {
    worker.on("completed", () => {
      sw.mark(completed++);
      if (completed === TOTAL) resolve();
    });
  });
  worker.on("failed", (_job, err) => failed.push(String(err)));
  if (W === 0) sw.mark(0);
  void worker.run();
  await allDone;
  const m = sw.done();
  await worker.close();
  await checkBullProcessed(ctx, queue, calls.n, failed);
  await queue.close();
  return m;
}

async function bullEndToEnd(ctx: Ctx, withRow: boolean): Promise<Measure> {
  const queue = bullQueue(ctx);
  await queue.waitUntilReady();
  const calls = { n: 0 };
  const worker = bullWorker(ctx, queue, CONCURRENCY, calls);
  const submitted = new Map<string, number>();
  const latencies: number[] = [];
  const failed: string[] = [];
  let completed = 0;
  const allDone = new Promise<void>((resolve) => {
    worker.on("completed", (job) => {
      const at = submitted.get(job.data.key as string);
      if (at !== undefined) latencies.push(performance.now() - at);
      if (++completed === N) resolve();
    });
  });
  worker.on("failed", (_job, err) => failed.push(String(err)));
  void worker.run();
  await worker.waitUntilReady();
  const t0 = performance.now();
  await concurrently(N, PRODUCERS, async (i) => {
    const key = `k${i}`;
    submitted.set(key, performance.now());
    if (withRow) {
      const t = await insertTask(ctx.db, newTask(ctx, i, "interactive"));
      await queue.add("noop", { n: i, key, taskId: t.id });
    } else await queue.add("noop", { n: i, key });
  });
  await allDone;
  const ms = performance.now() - t0;
  await worker.close();
  await checkBullProcessed(ctx, queue, calls.n, failed, N);
  await queue.close();
  return { rate: perSecond(N, ms), ms, latencies };
}

async function checkBullProcessed(ctx: Ctx, queue: Queue, calls: number, failed: string[], total = TOTAL): Promise<void> {
  const counts = await queue.getJobCounts("completed", "failed", "active", "waiting", "delayed");
  const [results] = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from bench_results where side = 'bullmq'`);
  if (counts.completed !== total || counts.failed !== 0 || results.n !== total || calls !== total || failed.length) {
    ctx.problems.push(
      `bullmq process: ${JSON.stringify(counts)}, ${results.n} result rows, ${calls} processor runs, failures ${failed.slice(0, 3).join("; ")}; expected ${total}`,
    );
  }
}

// ── scenarios ───────────────────────────────────────────────────────────────────────────

type Scenario = { name: string; unit: string; run: Partial<Record<Side, (ctx: Ctx) => Promise<Measure>>> };

const SCENARIOS: Scenario[] = [
  {
    name: "single add (each awaited)",
    unit: "adds/s",
    run: { panelist: panelistSingleAdd, bullmq: (c) => bullSingleAdd(c, false), "bullmq+row": (c) => bullSingleAdd(c, true) },
  },
  {
    name: `bulk add (${BULK} per call)`,
    unit: "adds/s",
    run: { panelist: (c) => panelistBulkAdd(c), bullmq: (c) => bullBulkAdd(c, false), "bullmq+row": (c) => bullBulkAdd(c, true) },
  },
  {
    name: "process, worker concurrency 1",
    unit: "tasks/s",
    run: { panelist: (c) => panelistProcess(c, 1), "panelist-batched": (c) => panelistProcess(c, 1, true), bullmq: (c) => bullProcess(c, 1) },
  },
  {
    name: `process, worker concurrency ${CONCURRENCY}`,
    unit: "tasks/s",
    run: {
      panelist: (c) => panelistProcess(c, CONCURRENCY),
      "panelist-batched": (c) => panelistProcess(c, CONCURRENCY, true),
      bullmq: (c) => bullProcess(c, CONCURRENCY),
    },
  },
  {
    name: `end to end: ${PRODUCERS} producers adding, worker concurrency ${CONCURRENCY}`,
    unit: "tasks/s",
    run: {
      panelist: (c) => panelistEndToEnd(c),
      "panelist-batched": (c) => panelistEndToEnd(c, true),
      bullmq: (c) => bullEndToEnd(c, false),
      "bullmq+row": (c) => bullEndToEnd(c, true),
    },
  },
];

/**
 * Empties what the previous side left (private database and prefix only), then runs one relay
 * pass on the empty database: it sets the relay's epoch key, as a worker that has been running
 * has. Without it the first pass would take the missing key for a Redis data loss and publish
 * every queued task a second time.
 */
async function reset(ctx: Ctx): Promise<void> {
  await ctx.db.execute(sql`truncate tasks, bench_results cascade`);
  await deleteRedisPrefix(ctx.prefix);
  await new OutboxRelay({ db: ctx.db, redis: ctx.redis, log: createLogger("bench-relay") }).tick();
}

async function main(): Promise<{ failed: boolean }> {
  const started = Date.now();
  const loadStart = os.loadavg()[0];
  const prefix = benchRedisPrefix();
  process.env.PANELIST_REDIS_PREFIX = prefix;
  process.env.LOG_LEVEL ??= "warn";
  const database = await createBenchDatabase("pipeline");
  const { db, sql: pg } = createDb(database.url);
  const redis = createRedis("bench");
  onInterrupt(async () => {
    redis.disconnect();
    await database.drop();
    await deleteRedisPrefix(prefix);
  });
  let ctx: Ctx | undefined;
  try {
    await pg.unsafe(CREATE_RESULTS);
    const ownerId = `bench-${prefix.slice(6, 14)}`;
    await db.insert(user).values({ id: ownerId, name: "Bench", email: `${ownerId}@example.test` });
    ctx = { db, redis, ownerId, prefix, bullConnection: bullConnection(), problems: [], scenario: 0 };
    const redisVersion = /redis_version:(\S+)/.exec(await redis.info("server"))?.[1] ?? "?";
    const poolMax = Number(process.env.PANELIST_PG_POOL_MAX ?? 10);
    log(
      `warm-up ${W} + timed ${N} per side, bulk ${BULK}; database ${database.name}, redis prefix ${prefix} (Redis ${redisVersion}, PostgreSQL pool ${poolMax})`,
    );

    const results: { index: number; scenario: Scenario; measures: Partial<Record<Side, Measure>> }[] = [];
    for (const [i, scenario] of SCENARIOS.entries()) {
      if (ONLY.length && !ONLY.includes(i + 1)) continue;
      // Alternate who goes first, so neither side always meets a warmer (or more tired) server.
      const sides = (Object.keys(scenario.run) as Side[]).sort((a, b) => (i % 2 ? b.localeCompare(a) : a.localeCompare(b)));
      const measures: Partial<Record<Side, Measure>> = {};
      for (const side of sides) {
        ctx.scenario++;
        await reset(ctx);
        await sleep(200);
        const before = ctx.problems.length;
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        measures[side] = await scenario.run[side]!(ctx);
        const m = measures[side]!;
        const cpu = process.cpuUsage(cpu0);
        // This process's CPU over the whole side (set-up included), as a share of one core: near 100 % means the side is bound by its own JavaScript.
        const busy = (cpu.user + cpu.system) / 10 / (performance.now() - t0);
        log(
          `${scenario.name} — ${side}: ${m.rate.toFixed(0)} ${scenario.unit} (${(m.ms / 1000).toFixed(1)} s; this process ${busy.toFixed(0)} % of a core)${ctx.problems.length > before ? " NOT VALID" : ""}`,
        );
      }
      results.push({ index: i, scenario, measures });
    }
    await reset(ctx);

    const rate = (m?: Measure) => (m ? m.rate.toFixed(0) : "—");
    const r = (m?: Measure) => m?.rate ?? Number.NaN;
    const byIndex = (i: number) => results.find((x) => x.index === i)?.measures ?? {};
    const rows = results.map(({ scenario, measures }) => [
      scenario.name,
      scenario.unit,
      rate(measures.panelist),
      rate(measures.bullmq),
      ratio(r(measures.panelist), r(measures.bullmq)),
    ]);
    const rowVariant = results
      .filter((r) => r.measures["bullmq+row"])
      .map(({ scenario, measures }) => [
        `${scenario.name}: BullMQ + the same tasks-row INSERT`,
        scenario.unit,
        rate(measures["bullmq+row"]),
        ratio(r(measures.panelist), r(measures["bullmq+row"])),
      ]);
    const batchedRows = results
      .filter((r) => r.measures["panelist-batched"])
      .map(({ scenario, measures }) => [
        scenario.name,
        scenario.unit,
        rate(measures["panelist-batched"]),
        ratio(r(measures["panelist-batched"]), r(measures.bullmq)),
        measures["bullmq+row"] ? ratio(r(measures["panelist-batched"]), r(measures["bullmq+row"])) : "",
      ]);
    const e2e = byIndex(4);
    const lat = (m: Measure | undefined, p: number) => fmtMs(percentile(m?.latencies ?? [], p));
    const latRows = [
      ["add → result row, p50", lat(e2e.panelist, 50), lat(e2e["panelist-batched"], 50), lat(e2e.bullmq, 50), lat(e2e["bullmq+row"], 50)],
      ["add → result row, p99", lat(e2e.panelist, 99), lat(e2e["panelist-batched"], 99), lat(e2e.bullmq, 99), lat(e2e["bullmq+row"], 99)],
    ];
    const header = ["scenario", "unit", "Panelist", "BullMQ 6.7.0", "Panelist / BullMQ"];
    console.log(`\n${consoleTable(header, rows)}`);
    console.log(`\n${consoleTable(["variant", "unit", "BullMQ + row", "Panelist / it"], rowVariant)}`);
    console.log(`\n${consoleTable(BATCHED_HEADER, batchedRows)}`);
    console.log(`\n${consoleTable(LATENCY_HEADER, latRows)}`);
    const c1 = byIndex(2);
    const cN = byIndex(3);
    const summary =
      `No-op tasks through the worker: Panelist ${rate(c1.panelist)} tasks/s at concurrency 1 (${ratio(r(c1.panelist), r(c1.bullmq))} BullMQ's ${rate(c1.bullmq)}) and ` +
      `${rate(cN.panelist)} tasks/s at concurrency ${CONCURRENCY} (${ratio(r(cN.panelist), r(cN.bullmq))} BullMQ's ${rate(cN.bullmq)}); ` +
      `end to end ${rate(e2e.panelist)} vs ${rate(e2e.bullmq)} tasks/s (${ratio(r(e2e.panelist), r(e2e.bullmq))}; ` +
      `${ratio(r(e2e.panelist), r(e2e["bullmq+row"]))} BullMQ + the same tasks row's ${rate(e2e["bullmq+row"])}). ` +
      `With the result rows of a completion flush batched: ${rate(cN["panelist-batched"])} tasks/s at concurrency ${CONCURRENCY} ` +
      `(${ratio(r(cN["panelist-batched"]), r(cN.bullmq))}), end to end ${rate(e2e["panelist-batched"])} ` +
      `(${ratio(r(e2e["panelist-batched"]), r(e2e.bullmq))}; ${ratio(r(e2e["panelist-batched"]), r(e2e["bullmq+row"]))} BullMQ + row).`;
    console.log(`\n${summary}\n(load average ${loadStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at the end, on ${os.cpus().length} cores)\n`);

    const valid = ctx.problems.length === 0;
    if (!valid) console.error(`NOT VALID — not every task ran exactly once with one result row:\n  ${ctx.problems.join("\n  ")}`);
    recordRun({
      defaultSettings: knobs.isDefault(EXTRA_ENV),
      valid: valid && ONLY.length === 0,
      log,
      section: SECTION,
      script: SCRIPT,
      indexRow: `| [Pipeline vs BullMQ](#${SECTION}) | \`npx tsx ${SCRIPT}\` | No-op tasks/s through Panelist's queue (outbox, streams, consumer, PostgreSQL state) vs BullMQ 6.7.0 doing the same result-row write: add, bulk add, worker at concurrency 1 and 100, end to end |`,
      body: () => docsBody({ rows, rowVariant, batchedRows, latRows, summary, redisVersion, poolMax, seconds: (Date.now() - started) / 1000, loadStart }),
    });
    return { failed: !valid };
  } finally {
    redis.disconnect();
    await pg.end({ timeout: 5 });
    if (process.env.BENCH_KEEP === "1") log(`kept database ${database.name} and redis prefix ${prefix}`);
    else {
      await database.drop().catch((err) => console.error("[bench] dropping the database failed", err));
      await deleteRedisPrefix(prefix).catch((err) => console.error("[bench] deleting the Redis keys failed", err));
      log("cleaned up (database dropped, Redis keys deleted)");
    }
  }
}

const BATCHED_HEADER = ["Panelist, result rows batched", "unit", "Panelist batched", "/ BullMQ", "/ BullMQ + row"];
const LATENCY_HEADER = ["end-to-end latency", "Panelist", "Panelist batched", "BullMQ", "BullMQ + row"];

function docsBody(d: {
  rows: string[][];
  rowVariant: string[][];
  batchedRows: string[][];
  latRows: string[][];
  summary: string;
  redisVersion: string;
  poolMax: number;
  seconds: number;
  loadStart: number;
}): string {
  return `## Pipeline vs BullMQ

\`npx tsx ${SCRIPT}\` — no-op tasks through Panelist's task pipeline against **BullMQ 6.7.0** doing
the same job, in the same process, on the same Redis (${d.redisVersion}) and the same PostgreSQL pool
(${d.poolMax} connections), one side after the other (the side that goes first alternates). Scenarios
after taskforcesh/bullmq-bench (\`queue-add\`, \`queue-add-bulk\`, \`worker-generic\`,
\`worker-concurrent\`): ${W} warm-up tasks, then ${N} timed; the worker scenarios start with all
${W + N} queued.

- **Panelist** (its real code): add = \`insertTask\` (the outbox row, a prepared INSERT) + \`publishTask\` (XADD \`{taskId}\`;
  the publishes of concurrent adds share a flush; the entry ids are recorded afterwards, not waited for); bulk = \`insertTasks\` (one multi-row INSERT) + \`publishTasks\` (one XADD
  pipeline); worker = \`StreamConsumer\` + \`OutboxRelay\` as in \`worker/index.ts\` (lanes,
  XREADGROUP, one conditional claim UPDATE per read, the result rows and COMPLETED of the attempts that
  ended together in one transaction, their XACKs and task events in one pipeline). The handler does nothing and returns the INSERT of one \`bench_results\` row.
  **Panelist batched** (the worker scenarios): the same handler returns its row as a batched write
  (\`BatchedWriter\`, lib/queue/consumer.ts), so the rows of one completion flush go in one multi-row
  INSERT instead of one statement each; BullMQ's open-source worker has no hook to do the same (its
  processor ends one job at a time), so its figure stays one INSERT per job.
- **BullMQ**: \`Queue.add\` / \`Queue.addBulk\` / \`Worker\` with bullmq-bench's defaults (completed jobs
  kept); the processor runs the same prepared INSERT of one \`bench_results\` row. Its job state lives in Redis;
  Panelist's in PostgreSQL (durable, queryable, rebuilt into Redis after a loss) — the ratio prices that.
  The **BullMQ + row** variant (add, bulk add, end to end) INSERTs the same \`tasks\` row first, as an app
  that keeps its task status in PostgreSQL would: it separates the outbox's cost from the row's.
- Round trips per task, from the code: Panelist's add = the INSERT's commit (prepared: 1 round trip),
  then its XADD, group committed (\`lib/queue/micro-batch.ts\`): the adds whose INSERT returns while
  the previous flush is in flight share one XADD pipeline; the entry ids go to the rows afterwards,
  one asynchronously committed UPDATE per flush that no add waits for (the id is a hint: docs/architecture.md,
  "Outbox") — a lone add waits for 1 INSERT + 1 XADD; BullMQ's = 1 Redis script. Panelist's worker,
  per read of up to \`concurrency\` entries: 1 claim UPDATE for all of them + 1 pipeline of their
  PROCESSING events; per completion flush of up to 50 ended attempts: BEGIN, each result INSERT (batched: one for all),
  1 COMPLETED UPDATE for all, COMMIT; per ACK flush:
  1 pipeline (1 XACK per stream + the COMPLETED PUBLISHes) — BullMQ's = 1 commit per task (the
  INSERT) + 1–2 Redis scripts (moving a job to completed also fetches the next one). An unprepared
  parameterised query costs postgres.js 2 round trips (Parse/Describe, then Bind/Execute); the
  task INSERT and the lone result INSERT are prepared (1), on both sides; Panelist's claim and
  COMPLETED UPDATEs are not (each run is planned for its own ids: docs/architecture.md, "Batched
  statements go by primary key"), nor is the batched result INSERT (its text varies with its row count).
- **End to end**: ${PRODUCERS} producers add ${N} tasks one at a time while one worker at concurrency
  ${CONCURRENCY} runs; tasks/s = ${N} / (first add → last result), latency = a task's add → its
  completion event (Panelist: the COMPLETED task event, after commit and XACK; BullMQ: \`completed\`).
  It includes queueing: the side whose producers add faster than its worker drains builds a backlog.
- Valid only if every task ran once and left one result row (Panelist: all COMPLETED with one
  attempt, nothing pending; BullMQ: all completed, none failed); otherwise NOT VALID and this section
  is left alone.

Knobs: \`BENCH_WARMUP\`, \`BENCH_JOBS\`, \`BENCH_BULK\`, \`BENCH_PRODUCERS\`, \`BENCH_CONCURRENCY\`,
\`BENCH_KEEP=1\`, \`BENCH_WRITE_DOCS\`; \`PANELIST_PG_POOL_MAX\` sizes the shared pool. Only a run with
default settings rewrites this section.

### Latest run

${machineLine({ loadStart: d.loadStart, seconds: d.seconds, command: knobs.commandLine(SCRIPT, EXTRA_ENV) })}

${markdownTable(["scenario", "unit", "Panelist", "BullMQ 6.7.0", "Panelist / BullMQ"], d.rows)}

${markdownTable(["baseline variant (app keeps a tasks row)", "unit", "BullMQ + row", "Panelist / it"], d.rowVariant)}

${markdownTable(BATCHED_HEADER, d.batchedRows)}

${markdownTable(LATENCY_HEADER, d.latRows)}

**${d.summary}**`;
}

await runBench(main);
