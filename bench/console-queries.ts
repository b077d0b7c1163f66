/**
 * Benchmark: the admin console's cost questions from the rollups against the same questions
 * asked of the raw usage table, at 10 k, 100 k and 1 M usage rows.
 *
 *   npx tsx bench/console-queries.ts
 *
 * What it answers: whether the console stays fast as usage grows. Each console API call is its
 * body builder — the function the route handler calls once the door has passed, the same code,
 * in process, on its own connection pool: `buildOverview` (`GET /api/admin/overview`) and
 * `buildCostReport` (`GET /api/admin/cost`) for 48 h hourly and 30 d daily. Baseline **raw**: the
 * same questions (totals, per model with p50/p95/p99 latency, per feature, the stacked series
 * by model and by feature, top users, top organisations; for the overview today's, the month's
 * and the 7-day run-rate totals, the same budgets, alerts and queue stats calls) asked of
 * `llm_usage` with `percentile_cont` and `group by`, the way a dashboard without rollups would.
 *
 * Data: bench/lib/usage-seed.ts adds usage rows spread over the last 30 days (2,000 users, 50
 * organisations, four models one of which unpriced, four features) and rebuilds the rollup
 * cubes from them, as the meter would have kept them. The sizes grow one after the other in one
 * database. Before timing each size, the rollup and the raw answers are compared (requests,
 * priced cost, unpriced requests and tokens over 30 days and 48 hours): NOT VALID when they differ.
 *
 * Knobs: BENCH_SIZES (comma list, default 10000,100000,1000000), BENCH_ITERATIONS (20 per
 * question, after 3 warm-up rounds), BENCH_KEEP=1 (keep the database), BENCH_WRITE_DOCS (1
 * always / 0 never; default: a default-settings run writes the "Console queries" section).
 */
import os from "node:os";
import Redis from "ioredis";
import postgres from "postgres";
import { buildCostReport } from "@/lib/console/cost";
import { buildOverview } from "@/lib/console/overview";
import { createDb } from "@/lib/db/client";
import { recordKnobbedRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { benchRedisPrefix, createBenchDatabase, deleteRedisPrefix, redisUrl } from "./lib/resources";
import { consoleTable, fmtMs, markdownTable, percentile, ratio } from "./lib/stats";
import { seedUsage } from "./lib/usage-seed";

const SCRIPT = "bench/console-queries.ts";
const SECTION = "console-queries";
const knobs = new Knobs({ BENCH_ITERATIONS: 20 });
const EXTRA = ["BENCH_SIZES", "BENCH_KEEP", "BENCH_WRITE_DOCS"];
const SIZES = (process.env.BENCH_SIZES ?? "10000,100000,1000000").split(",").map(Number);
const WARMUP = 3;
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const floor = (t: number, step: number) => Math.floor(t / step) * step;

/** The raw-table version of one cost report: the questions `buildCostReport` asks, of `llm_usage`. */
async function rawCostReport(sql: postgres.Sql, a: { granularity: "hour" | "day"; from: Date; to: Date; daysFrom: Date; daysTo: Date }) {
  const g = a.granularity;
  const inRange = sql`created_at >= ${a.from} and created_at < ${a.to} and outcome <> 'in_flight'`;
  const inDays = sql`created_at >= ${a.daysFrom} and created_at < ${a.daysTo} and outcome <> 'in_flight'`;
  const sums = sql`count(*) requests, count(*) filter (where outcome <> 'ok') errors, coalesce(sum(cost_micro_usd), 0) cost,
    count(*) filter (where cost_micro_usd is null) unpriced, sum(input_tokens) input, sum(output_tokens) output,
    count(*) filter (where cache_hit) cache_hits, sum(saved_micro_usd) saved`;
  return Promise.all([
    sql`select provider, model, ${sums},
          percentile_cont(array[0.5, 0.95, 0.99]) within group (order by latency_ms) latency,
          percentile_cont(array[0.5, 0.95, 0.99]) within group (order by ttft_ms) ttft
        from llm_usage where ${inRange} group by 1, 2`,
    sql`select feature, ${sums} from llm_usage where ${inRange} group by 1`,
    sql`select date_trunc(${g}, created_at, 'UTC') bucket, provider, model, coalesce(sum(cost_micro_usd), 0) cost,
          sum(input_tokens) input, sum(output_tokens) output, count(*) requests
        from llm_usage where ${inRange} group by 1, 2, 3`,
    sql`select date_trunc(${g}, created_at, 'UTC') bucket, feature, coalesce(sum(cost_micro_usd), 0) cost from llm_usage where ${inRange} group by 1, 2`,
    sql`select t.*, u.name, u.email from (
          select user_id, ${sums} from llm_usage where ${inDays} and user_id is not null
          group by 1 order by cost desc, requests desc, user_id limit 10) t left join "user" u on u.id = t.user_id`,
    sql`select t.*, o.name from (
          select organization_id, ${sums} from llm_usage where ${inDays} and organization_id is not null
          group by 1 order by cost desc, requests desc, organization_id limit 10) t left join organization o on o.id = t.organization_id`,
  ]);
}

/** The raw-table version of the overview: the usage totals of `buildOverview`, of `llm_usage`, plus its non-usage reads. */
async function rawOverview(sql: postgres.Sql, redis: Redis, now: Date) {
  const today = new Date(floor(now.getTime(), DAY_MS));
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const runRate = new Date(today.getTime() - 6 * DAY_MS);
  const totals = (from: Date) =>
    sql`select count(*) requests, coalesce(sum(cost_micro_usd), 0) cost, count(*) filter (where cost_micro_usd is null) unpriced,
          count(*) filter (where outcome <> 'ok') errors
        from llm_usage where created_at >= ${from} and outcome <> 'in_flight'`;
  const { queueStats } = await import("@/lib/queue/stats");
  return Promise.all([
    totals(today),
    totals(month),
    totals(runRate),
    sql`select * from budgets`,
    sql`select * from alert_events where cleared_at is null`,
    queueStats(redis),
  ]);
}

type Timing = { question: string; size: number; rollupMs: number[]; rawMs: number[] };

/** Runs `fn` WARMUP + n times, one at a time; returns the timed durations, ms. */
async function time(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function main() {
  const started = performance.now();
  const loadStart = os.loadavg()[0];
  const n = knobs.get("BENCH_ITERATIONS");
  const database = await createBenchDatabase("console");
  const prefix = benchRedisPrefix();
  process.env.PANELIST_REDIS_PREFIX = prefix;
  const sql = postgres(database.url, { max: 8, onnotice: () => {} });
  const { db, sql: dbSql } = createDb(database.url, { max: 8 });
  const redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1 });
  const timings: Timing[] = [];
  let valid = true;
  try {
    let seeded = 0;
    for (const size of SIZES) {
      const t0 = performance.now();
      await seedUsage(sql, { rows: size - seeded, days: 30, users: 2_000, organizations: 50 });
      seeded = size;
      log(`seeded ${size.toLocaleString("en-US")} usage rows and their rollups in ${fmtMs(performance.now() - t0)}`);
      const now = new Date();

      // Same answers from both tables, or the timings mean nothing.
      const day = buildCostReport({ db, range: "30d", granularity: "day", now });
      const hour = buildCostReport({ db, range: "48h", granularity: "hour", now });
      for (const [label, report, from] of [
        ["30 d", await day, new Date(floor(now.getTime(), DAY_MS) - 29 * DAY_MS)],
        ["48 h", await hour, new Date(floor(now.getTime(), HOUR_MS) - 47 * HOUR_MS)],
      ] as const) {
        const [raw] = await sql`select count(*)::int requests, coalesce(sum(cost_micro_usd), 0)::bigint cost,
            count(*) filter (where cost_micro_usd is null)::int unpriced, sum(input_tokens)::bigint input
          from llm_usage where created_at >= ${from} and outcome <> 'in_flight'`;
        const r = report.totals as unknown as { requests: number; costMicroUsd: number | null; unpricedRequests: number; inputTokens: number };
        const same =
          r.requests === raw.requests &&
          (r.costMicroUsd ?? 0) === Number(raw.cost) &&
          r.unpricedRequests === raw.unpriced &&
          r.inputTokens === Number(raw.input);
        if (!same) {
          valid = false;
          log(`NOT VALID at ${size}: ${label} rollups ${JSON.stringify(r)} vs raw ${JSON.stringify(raw)}`);
        }
      }

      const spenderDays = (days: number) => {
        const end = floor(now.getTime(), DAY_MS) + DAY_MS;
        return { daysFrom: new Date(end - days * DAY_MS), daysTo: new Date(end) };
      };
      const questions: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
        ["overview", () => buildOverview({ db, redis, now }), () => rawOverview(sql, redis, now)],
        [
          "cost 48 h hourly",
          () => buildCostReport({ db, range: "48h", granularity: "hour", now }),
          () =>
            rawCostReport(sql, {
              granularity: "hour",
              from: new Date(floor(now.getTime(), HOUR_MS) - 47 * HOUR_MS),
              to: new Date(floor(now.getTime(), HOUR_MS) + HOUR_MS),
              ...spenderDays(3),
            }),
        ],
        [
          "cost 30 d daily",
          () => buildCostReport({ db, range: "30d", granularity: "day", now }),
          () =>
            rawCostReport(sql, {
              granularity: "day",
              from: new Date(floor(now.getTime(), DAY_MS) - 29 * DAY_MS),
              to: new Date(floor(now.getTime(), DAY_MS) + DAY_MS),
              ...spenderDays(30),
            }),
        ],
      ];
      for (const [question, rollup, raw] of questions) {
        const rollupMs = await time(n, rollup);
        const rawMs = await time(n, raw);
        timings.push({ question, size, rollupMs, rawMs });
        log(`${size} ${question}: rollups p50 ${fmtMs(percentile(rollupMs, 50))}, raw p50 ${fmtMs(percentile(rawMs, 50))}`);
      }
    }
  } finally {
    await sql.end({ timeout: 5 });
    await dbSql.end({ timeout: 5 });
    redis.disconnect();
    await deleteRedisPrefix(prefix).catch(() => undefined);
    if (process.env.BENCH_KEEP !== "1") await database.drop();
  }

  const header = ["question", "usage rows", "rollups p50", "rollups p99", "raw p50", "raw p99", "raw ÷ rollups (p50)"];
  const rows = timings.map((t) => [
    t.question,
    t.size.toLocaleString("en-US"),
    fmtMs(percentile(t.rollupMs, 50)),
    fmtMs(percentile(t.rollupMs, 99)),
    fmtMs(percentile(t.rawMs, 50)),
    fmtMs(percentile(t.rawMs, 99)),
    ratio(percentile(t.rawMs, 50), percentile(t.rollupMs, 50)),
  ]);
  console.log(`\n${consoleTable(header, rows)}\n`);
  const flat = [...new Set(timings.map((t) => t.question))].map((q) => {
    const of = timings.filter((t) => t.question === q).map((t) => percentile(t.rollupMs, 50));
    return `${q}: ${ratio(Math.max(...of), Math.min(...of))}`;
  });
  console.log(`rollups p50, largest ÷ smallest size (flat = 1.00×): ${flat.join("; ")}`);
  if (!valid) {
    console.log("NOT VALID: the rollups and the raw table disagreed");
    process.exitCode = 1;
  }
  recordKnobbedRun(knobs, {
    script: SCRIPT,
    section: SECTION,
    extra: EXTRA,
    valid,
    log,
    indexRow:
      "| [Console queries](#console-queries) | `npx tsx bench/console-queries.ts` | p50/p99 of the console's overview and cost calls from the rollups vs the same questions of raw `llm_usage`, at 10 k, 100 k and 1 M usage rows |",
    title: "Console queries",
    loadStart,
    started,
    lines: () => [
      `${n} timed runs per question and size, one at a time, after ${WARMUP} warm-up runs.`,
      "Rollups: the body builders of `GET /api/admin/overview` and `GET /api/admin/cost` (lib/console/), reading `llm_usage_rollups`. Baseline raw: the same questions of `llm_usage` (bench/console-queries.ts). Same database, same run; answers checked equal first.",
      "",
      markdownTable(header, rows),
      "",
      `Rollups p50, largest ÷ smallest size (flat = 1.00×): ${flat.join("; ")}.`,
    ],
  });
}

await main();
