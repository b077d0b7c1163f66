/**
 * Benchmark: fair queuing across organisations on the batch lane (lib/queue/fair-feeder.ts,
 * docs/recruiting.md "Fair queuing on the batch lane").
 *
 *   npx tsx bench/batch-fairness.ts
 *
 * Claim measured: while organisation A's BENCH_BIG-task batch is queued, organisation B's
 * BENCH_SMALL-task batch submitted after it waits about one window of A's tasks, not all of
 * them; a candidate's interactive upload submitted at the same moment starts within about one
 * batch-task duration either way.
 *
 * In-process: BENCH_WORKERS `StreamConsumer`s of concurrency BENCH_CONCURRENCY (the default
 * fleet, docs/deploy.md) and one `OutboxRelay`, on a database and a Redis prefix of the run's
 * own. The handler does no work but wait BENCH_TASK_MS ± 50 % (uniform), so the figures are the
 * queue's, not a model's. Each round, on fresh organisations and a fresh Redis prefix:
 *
 *   1. A's BENCH_BIG tasks are committed in one insert and submitted (`submitFairTasks`);
 *   2. once every slot is busy, B's BENCH_SMALL tasks are committed and submitted the same way,
 *      and a candidate's interactive upload (`submitTask`) right after;
 *   3. the round ends when B's tasks and the upload have started; A's rest is not drained.
 *
 * - **fair**: the tasks carry `fair_key` = their organisation (the feeder, default window 8).
 * - **Baseline FIFO**, same run, same rounds: the same tasks without `fair_key`, XADDed at once
 *   in submission order (the behaviour before the feeder).
 * - **wait** = `tasks.started_at − tasks.created_at` (PostgreSQL's clock): commit → claim. B's
 *   batch waits until its last task is claimed (its max); the upload's is its own.
 * - Also reported: A's tasks claimed between B's commit and B's last claim.
 * - Valid only if in every round B's tasks and the upload completed or started, and A still
 *   had at least half its batch unclaimed when B was submitted; otherwise NOT VALID.
 *
 * Knobs: BENCH_ROUNDS (3 per mode, alternating), BENCH_BIG (200), BENCH_SMALL (5),
 * BENCH_WORKERS (2), BENCH_CONCURRENCY (4), BENCH_TASK_MS (100), BENCH_WRITE_DOCS. Only a
 * default-settings run rewrites the `batch-fairness` section of docs/benchmarks.md.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { createDb, type Db } from "@/lib/db/client";
import { ensureOrganizationWithOwner } from "@/lib/db/queries/organizations";
import { insertTask, insertTasks } from "@/lib/db/queries/tasks";
import { tasks, user } from "@/lib/db/schema";
import { createLogger } from "@/lib/log";
import { StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import { submitFairTasks } from "@/lib/queue/fair-feeder";
import { relayEpochKey } from "@/lib/queue/names";
import { submitTask } from "@/lib/queue/producer";
import { createRedis } from "@/lib/queue/redis";
import { OutboxRelay } from "@/lib/queue/relay";
import { machineLine, recordRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { benchRedisPrefix, createBenchDatabase, deleteRedisPrefix, onInterrupt } from "./lib/resources";
import { runBench } from "./lib/run";
import { consoleTable, fmtMs, markdownTable, percentile, ratio } from "./lib/stats";

const SCRIPT = "bench/batch-fairness.ts";
const SECTION = "batch-fairness";
const knobs = new Knobs({ BENCH_ROUNDS: 3, BENCH_BIG: 200, BENCH_SMALL: 5, BENCH_WORKERS: 2, BENCH_CONCURRENCY: 4, BENCH_TASK_MS: 100 });
const ROUNDS = Math.max(1, knobs.get("BENCH_ROUNDS"));
const BIG = Math.max(10, knobs.get("BENCH_BIG"));
const SMALL = Math.max(1, knobs.get("BENCH_SMALL"));
const WORKERS = Math.max(1, knobs.get("BENCH_WORKERS"));
const CONCURRENCY = Math.max(2, knobs.get("BENCH_CONCURRENCY"));
const TASK_MS = Math.max(1, knobs.get("BENCH_TASK_MS"));

type Mode = "fair" | "fifo";
type Round = { mode: Mode; smallWaitMs: number; uploadWaitMs: number; aClaimsAhead: number; problems: string[] };

const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const handler: TaskHandler<{ n: number }> = {
  type: "resume.analyze",
  payloadSchema: z.object({ n: z.number() }),
  async process({ signal }) {
    await sleep(TASK_MS * (0.5 + Math.random()));
    signal.throwIfAborted();
    return async () => undefined;
  },
};

async function until(fn: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

async function startedCount(db: Db, ids: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(and(inArray(tasks.id, ids), isNotNull(tasks.startedAt)));
  return row.n;
}

async function round(db: Db, ownerId: string, mode: Mode, prefixes: string[]): Promise<Round> {
  const prefix = benchRedisPrefix();
  prefixes.push(prefix);
  process.env.PANELIST_REDIS_PREFIX = prefix;
  const redis = createRedis("bench-fairness");
  const deps = { db, redis, log: createLogger("bench") };
  const org = async () => {
    const tag = randomUUID().slice(0, 8);
    return (await ensureOrganizationWithOwner(db, { id: `org_${tag}`, name: `Org ${tag}`, slug: `org-${tag}`, ownerId })).organizationId;
  };
  const [a, b] = [await org(), await org()];
  const consumers = Array.from({ length: WORKERS }, () => new StreamConsumer(deps, [handler], { concurrency: CONCURRENCY, blockMs: 200, shutdownGraceMs: 0 }));
  const relay = new OutboxRelay(deps, {});
  const problems: string[] = [];
  try {
    // A running deployment's relay has set it long ago: the fresh prefix is no Redis data loss.
    await redis.set(relayEpochKey(), "bench");
    for (const c of consumers) await c.start();
    relay.start();
    const submit = async (organizationId: string, n: number) => {
      const rows = await insertTasks(
        db,
        Array.from({ length: n }, (_, i) => ({
          type: "resume.analyze",
          lane: "batch" as const,
          ownerId,
          payload: { n: i },
          organizationId,
          fairKey: mode === "fair" ? organizationId : null,
        })),
      );
      await submitFairTasks(deps, rows);
      return rows.map((r) => r.id);
    };
    const big = await submit(a, BIG);
    await until(async () => (await startedCount(db, big)) >= WORKERS * CONCURRENCY, "every slot busy");
    const small = await submit(b, SMALL);
    const upload = await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: { n: 0 } });
    await submitTask(deps, upload);
    const bigStartedAtSubmit = await startedCount(db, big);
    if (bigStartedAtSubmit > BIG / 2) problems.push(`A had only ${BIG - bigStartedAtSubmit} tasks unclaimed when B was submitted`);
    await until(async () => (await startedCount(db, [...small, upload.id])) === SMALL + 1, "B's batch and the upload to start");

    const rows = await db
      .select({ id: tasks.id, createdAt: tasks.createdAt, startedAt: tasks.startedAt })
      .from(tasks)
      .where(inArray(tasks.id, [...small, upload.id]));
    const wait = (r: (typeof rows)[number]) => r.startedAt!.getTime() - r.createdAt.getTime();
    const smallRows = rows.filter((r) => r.id !== upload.id);
    const smallCreated = smallRows[0].createdAt;
    const smallLast = new Date(Math.max(...smallRows.map((r) => r.startedAt!.getTime())));
    const [ahead] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(and(eq(tasks.organizationId, a), sql`${tasks.startedAt} > ${smallCreated.toISOString()}`, sql`${tasks.startedAt} < ${smallLast.toISOString()}`));
    return {
      mode,
      smallWaitMs: Math.max(...smallRows.map(wait)),
      uploadWaitMs: wait(rows.find((r) => r.id === upload.id)!),
      aClaimsAhead: ahead.n,
      problems,
    };
  } finally {
    await Promise.all([...consumers.map((c) => c.close()), relay.stop()]);
    // A's rest is not drained: the next round starts on an empty queue.
    await db.delete(tasks).where(eq(tasks.ownerId, ownerId));
    redis.disconnect();
  }
}

async function main(): Promise<{ failed: boolean }> {
  const started = Date.now();
  const loadStart = os.loadavg()[0];
  const database = await createBenchDatabase("fairness");
  const { db, sql: pg } = createDb(database.url, { max: 10 });
  const prefixes: string[] = [];
  const cleanup = async () => {
    await pg.end({ timeout: 5 }).catch(() => undefined);
    await database.drop();
    for (const p of prefixes) await deleteRedisPrefix(p);
  };
  onInterrupt(cleanup);
  const rounds: Round[] = [];
  try {
    const ownerId = randomUUID();
    await db.insert(user).values({ id: ownerId, name: "Bench", email: `bench-${ownerId}@example.test` });
    for (let i = 0; i < ROUNDS; i++) {
      for (const mode of ["fifo", "fair"] as const) {
        const r = await round(db, ownerId, mode, prefixes);
        log(`${mode} round ${i + 1}: B's batch ${fmtMs(r.smallWaitMs)}, upload ${fmtMs(r.uploadWaitMs)}, A claims ahead of B's last ${r.aClaimsAhead}`);
        rounds.push(r);
      }
    }
  } finally {
    await cleanup();
  }
  const problems = rounds.flatMap((r) => r.problems);
  for (const p of problems) log(`NOT VALID: ${p}`);
  const valid = problems.length === 0;

  const of = (mode: Mode, pick: (r: Round) => number) => rounds.filter((r) => r.mode === mode).map(pick);
  const p50 = (mode: Mode, pick: (r: Round) => number) => percentile(of(mode, pick), 50);
  const header = ["measure", "fair p50", "fair max", "FIFO p50", "FIFO max", "FIFO ÷ fair (p50)"];
  const row = (name: string, pick: (r: Round) => number, fmt: (v: number) => string) => [
    name,
    fmt(p50("fair", pick)),
    fmt(Math.max(...of("fair", pick))),
    fmt(p50("fifo", pick)),
    fmt(Math.max(...of("fifo", pick))),
    ratio(p50("fifo", pick), p50("fair", pick)),
  ];
  const rows = [
    row(`B's ${SMALL}-task batch: commit → last task claimed`, (r) => r.smallWaitMs, fmtMs),
    row("candidate's interactive upload: commit → claimed", (r) => r.uploadWaitMs, fmtMs),
    row(
      "A's tasks claimed between B's commit and B's last claim",
      (r) => r.aClaimsAhead,
      (v) => String(v),
    ),
  ];
  const smallRatio = ratio(
    p50("fifo", (r) => r.smallWaitMs),
    p50("fair", (r) => r.smallWaitMs),
  );
  const summary = `B's batch waited ${fmtMs(p50("fair", (r) => r.smallWaitMs))} with the feeder against ${fmtMs(p50("fifo", (r) => r.smallWaitMs))} FIFO (${smallRatio} shorter); the interactive upload ${fmtMs(p50("fair", (r) => r.uploadWaitMs))} against ${fmtMs(p50("fifo", (r) => r.uploadWaitMs))} (p50).`;
  console.log(consoleTable(header, rows));
  log(summary);
  recordRun({
    defaultSettings: knobs.isDefault(),
    valid,
    log,
    section: SECTION,
    script: SCRIPT,
    indexRow: `| [Batch fairness across organisations](#${SECTION}) | \`npx tsx ${SCRIPT}\` | How long a second organisation's 5-task batch and a candidate's upload wait behind a queued 200-task batch, with the fair feeder vs FIFO publishing |`,
    body: () => `## Batch fairness across organisations

\`npx tsx ${SCRIPT}\` — the fair feeder (lib/queue/fair-feeder.ts, docs/recruiting.md): *while
organisation A's ${BIG}-task batch is queued, organisation B's ${SMALL}-task batch submitted after it
waits about one window of A's tasks, not all of them; a candidate's upload still starts within
about one batch-task duration.* ${WORKERS} in-process consumers × concurrency ${CONCURRENCY} and a relay on
a database and Redis prefix of the run's own; the handler only waits ${TASK_MS} ms ± 50 %.
${ROUNDS} rounds per mode, alternating; each round submits A's batch, waits until every slot is
busy, then commits B's batch and the upload, and ends once they have started.

- **fair**: tasks carry \`fair_key\` = their organisation (default window 8 per weight).
- **Baseline FIFO** (same run, same rounds): the same tasks without \`fair_key\`, XADDed at once.
- **wait** = \`started_at − created_at\` (PostgreSQL's clock); B's batch waits until its last task is claimed.
- Valid only if A still had half its batch unclaimed when B was submitted, every round.

Knobs: \`BENCH_ROUNDS\`, \`BENCH_BIG\`, \`BENCH_SMALL\`, \`BENCH_WORKERS\`, \`BENCH_CONCURRENCY\`, \`BENCH_TASK_MS\`, \`BENCH_WRITE_DOCS\`. Only a run with default settings rewrites this section.

### Latest run

${machineLine({ loadStart, seconds: (Date.now() - started) / 1000, command: knobs.commandLine(SCRIPT) })}

${markdownTable(header, rows)}

**${summary}**`,
  });
  return { failed: !valid };
}

await runBench(main);
