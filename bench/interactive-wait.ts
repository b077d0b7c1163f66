/**
 * Benchmark: how long an interactive task waits behind a batch backlog (docs/architecture.md, "Lanes").
 *
 *   npx tsx bench/interactive-wait.ts
 *
 * Claim measured: with 2,000 batch tasks queued, an interactive task submitted afterwards
 * starts within one batch-task duration.
 *
 * Real worker processes (`node --import tsx worker/index.ts`, BENCH_WORKERS × concurrency
 * BENCH_CONCURRENCY) run `resume.analyze` on real uploads (`acceptResumeUpload`: the corpus text
 * resume plus a unique `Reference code:` line) against the in-process fake OpenAI server
 * (scripts/fake-llm/server.ts), so one task takes a known time. Each phase has its own database
 * and Redis prefix:
 *
 *   idle      the workers run with nothing queued; BENCH_IDLE interactive uploads, one at a
 *             time → the baseline wait "idle queue".
 *   lock-step BENCH_BATCH batch uploads are queued with no worker running; fresh workers start
 *             on them; once every slot is busy, BENCH_INTERACTIVE interactive uploads follow one
 *             at a time, BENCH_SPACING_MS ± 50 % apart (random, so they do not lock step with the
 *             batch tasks' ends). The upstream answers every call after BENCH_LATENCY_MS: all slots
 *             start together and stay in step — the worst case for lanes, since a slot frees only
 *             when the batch task in it ends.
 *   spread    the same, but each batch upload asks the fake server (its `[[fault:slow:N]]` marker)
 *             for its own latency, uniform in BENCH_LATENCY_MS ± BENCH_SPREAD_PCT %, as real model
 *             latencies vary; slots then free at different times.
 *
 * - **wait** = `tasks.started_at − tasks.created_at` (both PostgreSQL's clock): upload committed
 *   → claimed by a worker (PROCESSING). Also reported: upload → the task's upstream request
 *   arriving at the fake server (the bench's clock for both).
 * - **batch-task duration** = `finished_at − started_at` of the batch tasks that completed in the
 *   phase, p50.
 * - **Baselines**, same run: the idle-queue wait; and the single-lane FIFO wait, what the task
 *   would wait without lanes = (batch tasks queued ahead of it) × batch-task duration p50 /
 *   (workers × concurrency).
 * - Valid only if every interactive task COMPLETED with its analysis, batch tasks were still
 *   queued when each was submitted, and no worker crashed or failed to stop on SIGTERM;
 *   otherwise NOT VALID and docs/benchmarks.md is left alone.
 *
 * Self-contained: databases on the server of `DATABASE_URL` (default
 * postgres://postgres@127.0.0.1:5432/postgres), private Redis prefixes, the fake LLM in-process;
 * all removed at the end (BENCH_KEEP=1 keeps databases and keys). Backlogs are not drained: the
 * workers are stopped once the interactive tasks are done.
 *
 * Knobs: BENCH_BATCH (2000), BENCH_INTERACTIVE (20), BENCH_IDLE (5), BENCH_WORKERS (2),
 * BENCH_CONCURRENCY (4), BENCH_LATENCY_MS (1000), BENCH_SPREAD_PCT (50), BENCH_SPACING_MS (1500),
 * BENCH_KEEP, BENCH_WRITE_DOCS, BENCH_WORKER_LOG_LEVEL (warn). Only a default-settings run
 * rewrites the `interactive-wait` section of docs/benchmarks.md.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { sql } from "drizzle-orm";
import type postgres from "postgres";
import { createDb, type Db } from "@/lib/db/client";
import { user } from "@/lib/db/schema";
import { createLogger } from "@/lib/log";
import { createRedis } from "@/lib/queue/redis";
import { acceptResumeUpload } from "@/lib/resume/service";
import { type FakeLlm, startFakeLlm } from "@/scripts/fake-llm/server";
import { corpusPath } from "@/tests/corpus-dir";
import { machineLine, recordRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { concurrently } from "./lib/pool";
import { benchRedisPrefix, createBenchDatabase, deleteRedisPrefix, onInterrupt, redisUrl } from "./lib/resources";
import { runBench } from "./lib/run";
import { consoleTable, fmtMs, markdownTable, percentile, ratio } from "./lib/stats";
import { WorkerFleet } from "./lib/worker-fleet";

const SCRIPT = "bench/interactive-wait.ts";
const SECTION = "interactive-wait";
const knobs = new Knobs({
  BENCH_BATCH: 2000,
  BENCH_INTERACTIVE: 20,
  BENCH_IDLE: 5,
  BENCH_WORKERS: 2,
  BENCH_CONCURRENCY: 4,
  BENCH_LATENCY_MS: 1000,
  BENCH_SPREAD_PCT: 50,
  BENCH_SPACING_MS: 1500,
});
const BATCH = knobs.get("BENCH_BATCH");
const INTERACTIVE = Math.max(1, knobs.get("BENCH_INTERACTIVE"));
const IDLE = Math.max(1, knobs.get("BENCH_IDLE"));
const WORKERS = Math.max(1, knobs.get("BENCH_WORKERS"));
const CONCURRENCY = Math.max(1, knobs.get("BENCH_CONCURRENCY"));
const LATENCY_MS = knobs.get("BENCH_LATENCY_MS");
const SPREAD = Math.min(100, knobs.get("BENCH_SPREAD_PCT")) / 100;
const SPACING_MS = knobs.get("BENCH_SPACING_MS");
const SLOTS = WORKERS * CONCURRENCY;

const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const SAMPLE = readFileSync(corpusPath("resumes-txt-md/en_plain_sample_resume.txt"), "utf8");

type Deps = { db: Db; redis: ReturnType<typeof createRedis>; log: ReturnType<typeof createLogger> };
type Submitted = { taskId: string; marker: string; submittedAt: number; queuedAhead: number; busy: number };

/**
 * One real upload; `marker` makes it unique (no duplicate detection) and findable in the
 * upstream's log; `upstreamMs` adds the fake server's `[[fault:slow:N]]` marker (it answers after N ms).
 */
async function upload(deps: Deps, ownerId: string, marker: string, lane: "interactive" | "batch", upstreamMs?: number): Promise<string> {
  const slow = upstreamMs === undefined ? "" : `[[fault:slow:${Math.round(upstreamMs)}]]\n`;
  const { task, duplicate } = await acceptResumeUpload(deps, {
    ownerId,
    fileName: `${marker}.txt`,
    bytes: Buffer.from(`${SAMPLE}\nReference code: ${marker}\n${slow}`, "utf8"),
    jobDescription: null,
    lane,
  });
  if (duplicate) throw new Error(`upload ${marker} was taken for a duplicate`);
  return task.id;
}

async function until<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs: number, what: string, fleet?: WorkerFleet): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    const crashed = fleet?.crashes();
    if (crashed) throw new Error(`a worker crashed while waiting for ${what}:\n${crashed}`);
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

type TaskTimes = { id: string; lane: string; status: string; waitMs: number | null; runMs: number | null; analyses: number };

async function taskTimes(db: Db, ids?: string[]): Promise<TaskTimes[]> {
  const filter = ids
    ? sql`where t.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return db
    .execute<TaskTimes>(sql`
    select t.id, t.lane, t.status,
      extract(epoch from t.started_at - t.created_at) * 1000 as "waitMs",
      extract(epoch from t.finished_at - t.started_at) * 1000 as "runMs",
      (select count(*)::int from analyses a where a.task_id = t.id) as analyses
    from tasks t ${filter}`)
    .then((rows) => rows.map((r) => ({ ...r, waitMs: num(r.waitMs), runMs: num(r.runMs) })));
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

async function laneCounts(db: Db): Promise<{ queuedBatch: number; processing: number }> {
  const [row] = await db.execute<{ queued: number; processing: number }>(sql`
    select count(*) filter (where lane = 'batch' and status = 'PENDING')::int as queued,
           count(*) filter (where status = 'PROCESSING')::int as processing
    from tasks`);
  return { queuedBatch: row.queued, processing: row.processing };
}

/** Upload → the task's first upstream request at the fake server, ms (bench clock on both ends). */
function upstreamWaits(llm: FakeLlm, subs: Submitted[]): number[] {
  const first = new Map<string, number>();
  for (const r of llm.requests()) {
    const m = /Reference code: ([\w-]+)/.exec(JSON.stringify(r.body));
    if (m && !first.has(m[1])) first.set(m[1], r.time);
  }
  return subs.flatMap((s) => (first.has(s.marker) ? [first.get(s.marker)! - s.submittedAt] : []));
}

/** One phase's private world: database, Redis prefix, worker fleet, owner. */
type Arena = {
  name: string;
  tag: string;
  prefix: string;
  ownerId: string;
  deps: Deps;
  pg: postgres.Sql;
  fleet: WorkerFleet;
  drop(): Promise<void>;
};

async function openArena(name: string, llm: FakeLlm): Promise<Arena> {
  const prefix = benchRedisPrefix();
  // acceptResumeUpload and the stream names read the prefix from the environment on each call.
  process.env.PANELIST_REDIS_PREFIX = prefix;
  const tag = prefix.slice(6, 14);
  const database = await createBenchDatabase(`lanes_${name}`);
  const { db, sql: pg } = createDb(database.url);
  const redis = createRedis(`bench-${name}`);
  const ownerId = `bench-${tag}`;
  await db.insert(user).values({ id: ownerId, name: "Bench", email: `${ownerId}@example.test` });
  const fleet = new WorkerFleet({ databaseUrl: database.url, redisUrl: redisUrl(), prefix, llmUrl: llm.url, concurrency: CONCURRENCY });
  let dropped = false;
  return {
    name,
    tag,
    prefix,
    ownerId,
    pg,
    fleet,
    deps: { db, redis, log: createLogger("bench") },
    async drop() {
      if (dropped) return;
      dropped = true;
      await fleet.stop(5_000);
      redis.disconnect();
      await pg.end({ timeout: 5 });
      if (process.env.BENCH_KEEP === "1") return log(`kept database ${database.name} and redis prefix ${prefix}`);
      await database.drop().catch((err) => console.error("[bench] dropping a database failed", err));
      await deleteRedisPrefix(prefix).catch((err) => console.error("[bench] deleting Redis keys failed", err));
    },
  };
}

/** Stops the fleet gracefully; a worker that did not exit 0 on SIGTERM is a problem. */
async function stopFleet(a: Arena, problems: string[]): Promise<void> {
  const crashed = a.fleet.crashes();
  if (crashed) problems.push(`${a.name}: ${crashed}`);
  const codes = await a.fleet.stop();
  if (codes.length !== WORKERS || codes.some((c) => c !== 0)) problems.push(`${a.name}: workers exited with ${JSON.stringify(codes)} on SIGTERM`);
}

async function idlePhase(a: Arena, problems: string[]): Promise<{ waits: number[]; runs: number[]; subs: Submitted[] }> {
  const { db } = a.deps;
  a.fleet.start(WORKERS);
  const warm = await Promise.all(Array.from({ length: SLOTS }, (_, i) => upload(a.deps, a.ownerId, `${a.tag}-warm-${i}`, "interactive")));
  await until(async () => (await taskTimes(db, warm)).every((t) => t.status === "COMPLETED"), 120_000, "the warm-up tasks", a.fleet);
  const subs: Submitted[] = [];
  for (let i = 0; i < IDLE; i++) {
    const marker = `${a.tag}-idle-${i}`;
    const submittedAt = Date.now();
    const taskId = await upload(a.deps, a.ownerId, marker, "interactive");
    subs.push({ taskId, marker, submittedAt, queuedAhead: 0, busy: 0 });
    await until(async () => (await taskTimes(db, [taskId]))[0].status === "COMPLETED", 60_000, `idle task ${i}`, a.fleet);
    await sleep(Math.random() * 500);
  }
  await stopFleet(a, problems);
  const times = await taskTimes(
    db,
    subs.map((s) => s.taskId),
  );
  for (const t of times) if (t.status !== "COMPLETED" || t.analyses !== 1) problems.push(`idle task ${t.id}: ${t.status}, ${t.analyses} analyses`);
  return { waits: times.map((t) => t.waitMs ?? Number.NaN), runs: times.map((t) => (t.waitMs ?? 0) + (t.runMs ?? 0)), subs };
}

type Loaded = { subs: Submitted[]; waits: number[]; totals: number[]; batchRuns: number[]; duration: number; fifo: number[] };

/** Backlog queued with no worker, fresh workers on it, interactive uploads behind it. */
async function loadedPhase(a: Arena, spread: boolean, problems: string[]): Promise<Loaded> {
  const { db } = a.deps;
  const latency = () => (spread ? LATENCY_MS * (1 - SPREAD + 2 * SPREAD * Math.random()) : undefined);
  const t0 = Date.now();
  await concurrently(BATCH, 8, (i) => upload(a.deps, a.ownerId, `${a.tag}-batch-${i}`, "batch", latency()));
  log(`${a.name}: ${BATCH} batch tasks queued in ${((Date.now() - t0) / 1000).toFixed(1)} s; starting fresh workers`);
  a.fleet.start(WORKERS);
  await until(async () => (await laneCounts(db)).processing >= SLOTS, 120_000, "every slot busy with batch work", a.fleet);
  const from = new Date();
  const subs: Submitted[] = [];
  for (let i = 0; i < INTERACTIVE; i++) {
    await sleep(SPACING_MS * (0.5 + Math.random()));
    const marker = `${a.tag}-interactive-${i}`;
    const { queuedBatch, processing } = await laneCounts(db);
    const submittedAt = Date.now();
    const taskId = await upload(a.deps, a.ownerId, marker, "interactive", spread ? LATENCY_MS : undefined);
    subs.push({ taskId, marker, submittedAt, queuedAhead: queuedBatch, busy: processing });
  }
  const ids = subs.map((s) => s.taskId);
  await until(async () => (await taskTimes(db, ids)).every((t) => t.status === "COMPLETED"), 120_000, "the interactive tasks", a.fleet);
  await stopFleet(a, problems);

  const times = await taskTimes(db, ids);
  for (const t of times)
    if (t.status !== "COMPLETED" || t.analyses !== 1) problems.push(`${a.name}: interactive task ${t.id}: ${t.status}, ${t.analyses} analyses`);
  // A slot between two batch tasks (finishing one, claiming the next) shows as not PROCESSING
  // for a moment, so "busy" is reported, not required; an empty backlog would void the run.
  const starved = subs.filter((s) => s.queuedAhead === 0).length;
  if (starved) problems.push(`${a.name}: ${starved} interactive task(s) submitted after the backlog ran out`);
  const batchRuns = (
    await db.execute<{ ms: number }>(sql`
      select extract(epoch from finished_at - started_at) * 1000 as ms from tasks
      where lane = 'batch' and status = 'COMPLETED' and started_at >= ${from.toISOString()}::timestamptz`)
  ).map((r) => Number(r.ms));
  if (batchRuns.length === 0) problems.push(`${a.name}: no batch task completed`);
  const duration = percentile(batchRuns, 50);
  const byId = new Map(times.map((t) => [t.id, t]));
  const ordered = subs.map((s) => byId.get(s.taskId)!);
  return {
    subs,
    waits: ordered.map((t) => t.waitMs ?? Number.NaN),
    totals: ordered.map((t) => (t.waitMs ?? 0) + (t.runMs ?? 0)),
    batchRuns,
    duration,
    fifo: subs.map((s) => (s.queuedAhead * duration) / SLOTS),
  };
}

async function main(): Promise<{ failed: boolean }> {
  const started = Date.now();
  const loadStart = os.loadavg()[0];
  process.env.LOG_LEVEL ??= "warn";
  const llm = await startFakeLlm({ latencyMs: LATENCY_MS, maxRecorded: 100_000 });
  const arenas: Arena[] = [];
  const problems: string[] = [];
  onInterrupt(async () => {
    for (const a of arenas) await a.drop();
    await llm.close();
  });
  try {
    log(
      `${BATCH} batch + ${INTERACTIVE} interactive uploads per loaded phase; ${WORKERS} workers × concurrency ${CONCURRENCY}; upstream latency ${LATENCY_MS} ms (spread phase ± ${SPREAD * 100} %)`,
    );
    const idleArena = await openArena("idle", llm);
    arenas.push(idleArena);
    const idle = await idlePhase(idleArena, problems);
    await idleArena.drop();
    log(`idle phase done (${IDLE} tasks)`);

    const lockArena = await openArena("lockstep", llm);
    arenas.push(lockArena);
    const lock = await loadedPhase(lockArena, false, problems);
    await lockArena.drop();
    log("lock-step phase done");

    llm.control({ latencyMs: 0 }); // each upload names its own latency
    const spreadArena = await openArena("spread", llm);
    arenas.push(spreadArena);
    const spread = await loadedPhase(spreadArena, true, problems);
    await spreadArena.drop();
    log("spread phase done");

    const p = (v: number[], q: number) => percentile(v, q);
    const up = (subs: Submitted[]) => upstreamWaits(llm, subs);
    const row = (label: string, v: number[], d: number) => [
      label,
      fmtMs(p(v, 50)),
      fmtMs(p(v, 99)),
      fmtMs(Math.max(...v)),
      ratio(p(v, 50), d),
      ratio(p(v, 99), d),
    ];
    const lockName = `constant ${LATENCY_MS} ms upstream (slots in lock-step)`;
    const spreadName = `${Math.round(LATENCY_MS * (1 - SPREAD))}–${Math.round(LATENCY_MS * (1 + SPREAD))} ms upstream (spread)`;
    const rows = [
      row(`behind the backlog, ${lockName}`, lock.waits, lock.duration),
      row(`behind the backlog, ${spreadName}`, spread.waits, spread.duration),
      row("baseline: idle queue", idle.waits, lock.duration),
      row(`baseline: single-lane FIFO, ${lockName}`, lock.fifo, lock.duration),
      row(`baseline: single-lane FIFO, ${spreadName}`, spread.fifo, spread.duration),
      row(`upload → upstream request, behind the backlog, ${lockName}`, up(lock.subs), lock.duration),
      row(`upload → upstream request, behind the backlog, ${spreadName}`, up(spread.subs), spread.duration),
      row("upload → upstream request, idle queue", up(idle.subs), lock.duration),
    ];
    const within = (l: Loaded) => `${l.waits.filter((w) => w <= l.duration).length} / ${l.waits.length}`;
    const minMax = (v: number[]) => `${Math.min(...v)} / ${Math.max(...v)}`;
    const other = [
      [
        "batch-task duration (started → finished) p50 / p99: lock-step; spread",
        `${fmtMs(lock.duration)} / ${fmtMs(p(lock.batchRuns, 99))}; ${fmtMs(spread.duration)} / ${fmtMs(p(spread.batchRuns, 99))}`,
      ],
      ["interactive tasks that started within one batch-task duration (p50): lock-step; spread", `${within(lock)}; ${within(spread)}`],
      [
        "batch tasks queued ahead at each interactive upload, min / max: lock-step; spread",
        `${minMax(lock.subs.map((s) => s.queuedAhead))}; ${minMax(spread.subs.map((s) => s.queuedAhead))}`,
      ],
      [
        `tasks PROCESSING at each interactive upload, min / max (${SLOTS} slots): lock-step; spread`,
        `${minMax(lock.subs.map((s) => s.busy))}; ${minMax(spread.subs.map((s) => s.busy))}`,
      ],
      ["batch tasks completed meanwhile: lock-step; spread", `${lock.batchRuns.length}; ${spread.batchRuns.length}`],
      [
        "interactive upload → finished p50: lock-step; spread; idle",
        `${fmtMs(p(lock.totals, 50))}; ${fmtMs(p(spread.totals, 50))}; ${fmtMs(p(idle.runs, 50))}`,
      ],
    ];
    const header = ["wait: upload → claimed (PROCESSING)", "p50", "p99", "max", "p50 / batch-task duration", "p99 / batch-task duration"];
    console.log(`\n${consoleTable(header, rows)}`);
    console.log(`\n${consoleTable(["other", "value"], other)}`);
    const summary =
      `Behind ${BATCH.toLocaleString("en-US")} queued batch tasks, an interactive task started after ${fmtMs(p(lock.waits, 50))} p50 / ${fmtMs(p(lock.waits, 99))} p99 ` +
      `(${ratio(p(lock.waits, 50), lock.duration)} / ${ratio(p(lock.waits, 99), lock.duration)} of one ${fmtMs(lock.duration)} batch task) with every slot in lock-step, ` +
      `and ${fmtMs(p(spread.waits, 50))} / ${fmtMs(p(spread.waits, 99))} (${ratio(p(spread.waits, 50), spread.duration)} / ${ratio(p(spread.waits, 99), spread.duration)}) with spread latencies; ` +
      `${fmtMs(p(idle.waits, 50))} on an idle queue; a single-lane FIFO would make it wait ~${(p(lock.fifo, 50) / 1000).toFixed(0)} s.`;
    console.log(`\n${summary}\n(load average ${loadStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at the end, on ${os.cpus().length} cores)\n`);

    const valid = problems.length === 0;
    if (!valid) console.error(`NOT VALID:\n  ${problems.join("\n  ")}`);
    recordRun({
      defaultSettings: knobs.isDefault(),
      valid,
      log,
      section: SECTION,
      script: SCRIPT,
      indexRow: `| [Interactive wait behind a batch backlog](#${SECTION}) | \`npx tsx ${SCRIPT}\` | How long an interactive task waits to start behind 2,000 queued batch tasks, against one batch-task duration, an idle queue and a single-lane FIFO |`,
      body: () => docsBody({ rows, other, summary, seconds: (Date.now() - started) / 1000, loadStart }),
    });
    return { failed: !valid };
  } finally {
    for (const a of arenas) await a.drop();
    await llm.close().catch(() => undefined);
    log("cleaned up (workers stopped, databases dropped, Redis keys deleted)");
  }
}

function docsBody(d: { rows: string[][]; other: string[][]; summary: string; seconds: number; loadStart: number }): string {
  return `## Interactive wait behind a batch backlog

\`npx tsx ${SCRIPT}\` — the lanes' claim (docs/architecture.md): *with ${BATCH.toLocaleString("en-US")} batch tasks queued, an
interactive task submitted afterwards starts within one batch-task duration.* ${WORKERS} real worker
processes (\`worker/index.ts\`, concurrency ${CONCURRENCY} each: ${SLOTS} slots; ⌈70 %⌉ kept for interactive and
lent to batch while interactive is empty) run \`resume.analyze\` on real uploads against the fake
OpenAI server. ${BATCH} batch uploads are queued with no worker running; fresh workers start on them,
and once every slot is busy ${INTERACTIVE} interactive uploads follow one at a time, ${SPACING_MS} ms ± 50 % apart.
Two upstream settings, each with its own backlog, database and workers:
- **lock-step**: every call answered after ${LATENCY_MS} ms. All slots start together and end together, so
  a slot frees only once per batch-task duration — the worst case for lanes, which never preempt a
  running task.
- **spread**: each batch upload asks the fake server (\`[[fault:slow:N]]\`) for its own latency, uniform in
  ${Math.round(LATENCY_MS * (1 - SPREAD))}–${Math.round(LATENCY_MS * (1 + SPREAD))} ms, as real model latencies vary; slots free at different times.

- **Wait** = \`started_at − created_at\` of the task row (PostgreSQL's clock): upload committed → claimed by
  a worker. Also shown: upload → its request reaching the fake upstream.
- **Batch-task duration** = p50 of \`finished_at − started_at\` of the batch tasks completed meanwhile.
- **Baselines** (same run): the same interactive upload on an idle queue (${IDLE} tasks, own phase); and
  the single-lane FIFO wait it would have without lanes = batch tasks queued ahead × batch-task
  duration / ${SLOTS} slots.
- Valid only if every interactive task COMPLETED with its analysis, each was submitted while batch
  tasks were still queued, and every worker stopped cleanly on SIGTERM (else NOT VALID and this
  section is left alone). Backlogs are not drained.

Knobs: \`BENCH_BATCH\`, \`BENCH_INTERACTIVE\`, \`BENCH_IDLE\`, \`BENCH_WORKERS\`, \`BENCH_CONCURRENCY\`,
\`BENCH_LATENCY_MS\`, \`BENCH_SPREAD_PCT\`, \`BENCH_SPACING_MS\`, \`BENCH_KEEP=1\`, \`BENCH_WRITE_DOCS\`,
\`BENCH_WORKER_LOG_LEVEL\`. Only a run with default settings rewrites this section.

### Latest run

${machineLine({ loadStart: d.loadStart, seconds: d.seconds, command: knobs.commandLine(SCRIPT) })}

${markdownTable(["wait: upload → claimed (PROCESSING)", "p50", "p99", "max", "p50 / batch-task duration", "p99 / batch-task duration"], d.rows)}

${markdownTable(["other", "value"], d.other)}

**${d.summary}**`;
}

await runBench(main);
