/**
 * One scrape shows every process (docs/finops.md, "Prometheus"): separate processes publish
 * their registries to Redis and `GET /api/metrics` answers their sum — also after one of them
 * stops gracefully (its counts are retired, not lost) — and a killed process's figures leave
 * the sum once its snapshot's TTL has passed. Real child processes, the shared Redis under this
 * file's prefix, the real route handler.
 */
import "../helpers/env";
import { type ChildProcess, spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { mergedHistogramQuantiles } from "@/lib/metrics/quantiles";
import type { LlmCallObservation, TaskTimingObservation } from "@/lib/metrics/registry";
import { observeTaskTiming } from "@/lib/metrics/registry";
import { readMergedMetrics } from "@/lib/metrics/snapshots";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { createResumeTasks, Fleet, ROOT, waitForAllEnded } from "../chaos/harness";
import { chaosKit } from "../chaos/kit";
import { eventually } from "../helpers/fixtures";
import { params } from "../helpers/http";
import { type Exposition, parseExposition, sumOf } from "./exposition";

const TOKEN = "test-metrics-token-0123456789";
process.env.METRICS_TOKEN = TOKEN;
// Children publish every 200 ms and their snapshots live 1.5 s, so a killed one leaves quickly.
const CHILD_ENV = { METRICS_PUBLISH_INTERVAL_MS: "200", METRICS_SNAPSHOT_TTL_MS: "1500" };

let ownerId: string;
const { db, redis, prefix, workerEnv } = chaosKit("metrics-cross-process", {}, (s) => {
  ownerId = s.ownerId;
});

async function scrape(): Promise<Exposition> {
  const { GET } = await import("@/app/api/metrics/route");
  const res = await GET(new Request("http://localhost:3000/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }), params({}));
  expect(res.status).toBe(200);
  return parseExposition(await res.text());
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
});
afterAll(closeRedis);

/** Starts a recorder process (tests/metrics/recorder.ts); resolves once its snapshot is in Redis. */
async function recorder(spec: { llmCalls: LlmCallObservation[]; taskTimings: TaskTimingObservation[] }) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...CHILD_ENV, PANELIST_REDIS_PREFIX: prefix };
  for (const k of Object.keys(env)) if (k.startsWith("VITEST") || k === "NODE_OPTIONS") delete env[k];
  const child = spawn(process.execPath, ["--import", "tsx", "tests/metrics/recorder.ts", JSON.stringify(spec)], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  let err = "";
  child.stderr!.on("data", (b: Buffer) => (err += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (b: Buffer) => {
      out += b.toString();
      if (out.includes("ready\n")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`recorder exited (${code}) before it was ready: ${err}`)));
  });
  return { child, exited, output: () => out };
}

const llmCall = (o: Partial<LlmCallObservation>): LlmCallObservation => ({
  provider: "openai",
  model: "gpt-4o-mini",
  feature: "resume.analyze",
  outcome: "ok",
  inputTokens: 0,
  cachedInputTokens: 0,
  outputTokens: 0,
  costMicroUsd: null,
  latencyMs: 0,
  ttftMs: null,
  ...o,
});
const times = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);

const A = {
  llmCalls: times(3, llmCall({ inputTokens: 1000, outputTokens: 200, costMicroUsd: 500, latencyMs: 1000 })),
  taskTimings: times(4, { type: "resume.analyze", lane: "interactive", queueWaitMs: 100, runMs: 3000 }),
};
const B = {
  llmCalls: times(2, llmCall({ inputTokens: 500, cachedInputTokens: 100, outputTokens: 100, costMicroUsd: 250, latencyMs: 3000, ttftMs: 200 })),
  taskTimings: times(6, { type: "resume.analyze", lane: "interactive", queueWaitMs: 2000, runMs: 500 }),
};

describe("GET /api/metrics across processes", () => {
  it("sums two processes' LLM calls and task timings; a graceful stop keeps its counts, a killed process's leave after the TTL", async () => {
    const a = await recorder(A);
    const b = await recorder(B);

    const both = await scrape();
    const llm = { model: "gpt-4o-mini", feature: "resume.analyze" };
    const task = { type: "resume.analyze", lane: "interactive" };
    expect(sumOf(both, "metrics_processes", { role: "worker" })).toBe(2);
    expect(sumOf(both, "llm_requests_total", { ...llm, outcome: "ok" })).toBe(5);
    expect(sumOf(both, "llm_tokens_total", { ...llm, type: "input" })).toBe(3 * 1000 + 2 * 400);
    expect(sumOf(both, "llm_tokens_total", { ...llm, type: "cached_input" })).toBe(2 * 100);
    expect(sumOf(both, "llm_tokens_total", { ...llm, type: "output" })).toBe(3 * 200 + 2 * 100);
    expect(sumOf(both, "llm_cost_dollars_total", llm)).toBeCloseTo((3 * 500 + 2 * 250) / 1e6, 12);
    expect(sumOf(both, "llm_latency_seconds_count", llm)).toBe(5);
    expect(sumOf(both, "llm_latency_seconds_sum", llm)).toBe(3 * 1 + 2 * 3);
    expect(sumOf(both, "llm_ttft_seconds_count", { model: "gpt-4o-mini" })).toBe(2);
    expect(sumOf(both, "task_queue_wait_seconds_count", task)).toBe(10);
    expect(sumOf(both, "task_queue_wait_seconds_sum", task)).toBeCloseTo(4 * 0.1 + 6 * 2, 12);
    expect(sumOf(both, "task_run_seconds_sum", task)).toBeCloseTo(4 * 3 + 6 * 0.5, 12);
    expect(sumOf(both, "task_run_seconds_bucket", { ...task, le: "+Inf" })).toBe(10);

    // The merged percentiles are those of one histogram holding every process's observations:
    // the same ten recorded here, under a type of their own.
    for (const t of [...A.taskTimings, ...B.taskTimings]) observeTaskTiming({ ...t, type: "one-process-copy" });
    const qs = [0.5, 0.9, 0.99];
    for (const name of ["task_queue_wait_seconds", "task_run_seconds"] as const) {
      const [merged] = await mergedHistogramQuantiles({ redis: getRedis(), name, labels: task, qs });
      const [single] = await mergedHistogramQuantiles({ redis: getRedis(), name, labels: { type: "one-process-copy" }, qs });
      expect(merged!.count).toBe(10);
      expect(merged!.quantiles).toEqual(single!.quantiles);
      expect(merged!.quantiles.every((q) => q !== null && q > 0)).toBe(true);
    }

    // A stops gracefully: its counts move to the retired sum; nothing drops.
    a.child.kill("SIGTERM");
    expect(await a.exited).toBe(0);
    expect(a.output()).toContain("retired\n");
    const afterStop = await scrape();
    expect(sumOf(afterStop, "metrics_processes", { role: "worker" })).toBe(1);
    expect(sumOf(afterStop, "llm_requests_total", { ...llm, outcome: "ok" })).toBe(5);
    expect(sumOf(afterStop, "task_queue_wait_seconds_count", task)).toBe(10);

    // B is killed: its snapshot expires and only A's retired counts remain.
    b.child.kill("SIGKILL");
    await b.exited;
    const afterKill = await eventually(async () => {
      const e = await scrape();
      return sumOf(e, "metrics_processes", { role: "worker" }) === 0 ? e : null;
    });
    expect(sumOf(afterKill, "llm_requests_total", { ...llm, outcome: "ok" })).toBe(3);
    expect(sumOf(afterKill, "task_queue_wait_seconds_count", task)).toBe(4);
    expect(sumOf(afterKill, "llm_tokens_total", { ...llm, type: "input" })).toBe(3 * 1000);
  });

  it("real workers: every attempt's timings, published by each worker process, add up in one scrape", async () => {
    const fleet = new Fleet({ ...workerEnv(), concurrency: 2, extraEnv: CHILD_ENV });
    fleet.start();
    fleet.start();
    const workersPublished = async () => (await readMergedMetrics(redis)).processes.filter((p) => p.role === "worker").length === 2;
    await eventually(workersPublished, 30_000).catch((err) => {
      throw new Error(`${String(err)}\n${fleet.describe()}`);
    });

    const n = 8;
    await createResumeTasks({ db, redis }, { ownerId, tag: "metrics", n });
    const counts = await waitForAllEnded(db, { ownerId, expected: n, timeoutMs: 60_000, redis, diagnose: () => fleet.describe() });
    expect(counts).toEqual({ COMPLETED: n });
    const [{ attempts }] = await db.execute<{ attempts: number }>(sql`select sum(attempts)::int as attempts from tasks where owner_id = ${ownerId}`);

    // Each worker publishes on its own timer: wait until both have published their last attempt.
    const task = { type: "resume.analyze" };
    const e = await eventually(async () => {
      const s = await scrape();
      return sumOf(s, "task_run_seconds_count", task) === attempts ? s : null;
    });
    expect(sumOf(e, "task_queue_wait_seconds_count", task)).toBe(attempts);
    expect(sumOf(e, "metrics_processes", { role: "worker" })).toBe(2);

    // The scrape's figure is the sum of the two workers' own snapshots.
    const ids = await redis.smembers(`${prefix}panelist:{metrics}:procs`);
    const perWorker = [];
    for (const id of ids.filter((i) => i.startsWith("worker-"))) {
      const snap = JSON.parse((await redis.get(`${prefix}panelist:{metrics}:proc:${id}`))!) as {
        metrics: { name: string; values: { metricName?: string; labels: Record<string, unknown>; value: number }[] }[];
      };
      const run = snap.metrics.find((m) => m.name === "task_run_seconds")!;
      perWorker.push(run.values.filter((v) => v.metricName === "task_run_seconds_count").reduce((s, v) => s + v.value, 0));
    }
    expect(perWorker).toHaveLength(2);
    expect(perWorker.reduce((s, v) => s + v, 0)).toBe(attempts);
  });
});
