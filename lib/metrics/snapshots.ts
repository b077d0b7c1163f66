/**
 * One scrape for every process (docs/finops.md, "Prometheus"): each process — the web and every
 * worker — writes its registry (`getMetricsAsJSON()`) to a Redis key of its own with a TTL, every
 * `METRICS_PUBLISH_INTERVAL_MS`; a reader sums all live copies with prom-client's
 * `AggregatorRegistry.aggregate()` (the same merge its cluster mode does over IPC).
 *
 * Keys (one hash tag, so MGET and MULTI stay in one Redis Cluster slot):
 *
 *   <prefix>panelist:{metrics}:proc:<id>   STRING  a process's snapshot (JSON), PX = METRICS_SNAPSHOT_TTL_MS
 *   <prefix>panelist:{metrics}:procs       SET     ids that published (pruned when their key is gone)
 *   <prefix>panelist:{metrics}:retired     STRING  the sum of the final registries of processes that stopped gracefully
 *
 * Counters must not go down, or Prometheus' rate() reads a reset. A process that stops
 * gracefully therefore folds its final counts into `retired` and deletes its own key in one
 * transaction; a process that dies without stopping loses its counts when its key expires.
 */
import os from "node:os";
import type Redis from "ioredis";
import { AggregatorRegistry, type Registry } from "prom-client";
import type { Logger } from "@/lib/log";
import { redisPrefix } from "@/lib/queue/names";
import { createRedis } from "@/lib/queue/redis";
import { processRegistry } from "./registry";

/** One metric of `getMetricsAsJSON()`: name, help, type, aggregator and values (histograms: `_bucket`/`_sum`/`_count` rows). */
export type MetricJson = Awaited<ReturnType<Registry["getMetricsAsJSON"]>>[number];

/** What a process writes under its key. */
type Snapshot = {
  id: string;
  /** `web` or `worker`. */
  role: string;
  pid: number;
  host: string;
  startedAtMs: number;
  publishedAtMs: number;
  metrics: MetricJson[];
};

/** A live process whose snapshot was merged. */
export type PublishingProcess = { id: string; role: string; pid: number; host: string; startedAtMs: number; publishedAtMs: number };

/** Every live snapshot summed with the retired counts. */
export type MergedMetrics = {
  /** An aggregated prom-client registry: `metrics()` renders it, `getMetricsAsJSON()` reads it. */
  registry: Registry;
  processes: PublishingProcess[];
};

const DEFAULT_INTERVAL_MS = 5_000;
const DEFAULT_TTL_MS = 30_000;

function positiveMs(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer of ms (got "${raw}")`);
  return n;
}

/**
 * Publishing period and snapshot TTL, ms: `METRICS_PUBLISH_INTERVAL_MS` (default 5 000) and
 * `METRICS_SNAPSHOT_TTL_MS` (default 30 000, several periods, so a slow tick or a Redis blip does
 * not drop a live process from the sum). Read on every call, like the other env knobs.
 * @throws {Error} when either is set to anything but a positive integer.
 */
export function publishTiming(): { intervalMs: number; ttlMs: number } {
  return { intervalMs: positiveMs("METRICS_PUBLISH_INTERVAL_MS", DEFAULT_INTERVAL_MS), ttlMs: positiveMs("METRICS_SNAPSHOT_TTL_MS", DEFAULT_TTL_MS) };
}

function keys() {
  const base = `${redisPrefix()}panelist:{metrics}`;
  return { proc: (id: string) => `${base}:proc:${id}`, procs: `${base}:procs`, retired: `${base}:retired` };
}

type Identity = { id: string; role: string; startedAtMs: number };
const IDENTITY_KEY = Symbol.for("panelist.metrics.identity");

/** This process's publishing identity; the role is fixed by the first caller (the worker names itself before anything records). */
function identity(role = "web"): Identity {
  const g = globalThis as { [IDENTITY_KEY]?: Identity };
  g[IDENTITY_KEY] ??= { id: `${role}-${os.hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`, role, startedAtMs: Date.now() };
  return g[IDENTITY_KEY];
}

/**
 * Writes this process's registry under its key (TTL `METRICS_SNAPSHOT_TTL_MS`) and lists its id,
 * in one MULTI. The scrape calls it before reading, so its own figures are never stale.
 * @throws the ioredis error when Redis cannot be reached.
 */
export async function publishSnapshot(redis: Redis, opts: { role?: string } = {}): Promise<void> {
  const me = identity(opts.role);
  const k = keys();
  const snap: Snapshot = {
    ...me,
    pid: process.pid,
    host: os.hostname(),
    publishedAtMs: Date.now(),
    metrics: (await processRegistry().getMetricsAsJSON()) as MetricJson[],
  };
  await redis.multi().set(k.proc(me.id), JSON.stringify(snap), "PX", publishTiming().ttlMs).sadd(k.procs, me.id).exec();
}

/**
 * Folds this process's final registry into the retired sum and removes its own snapshot, in one
 * transaction (WATCH on a connection of its own, retried on a concurrent retirement), so the
 * merged counters neither drop nor count it twice when it exits.
 * @throws the ioredis error when Redis cannot be reached, or after 20 conflicting attempts.
 */
async function retire(): Promise<void> {
  const me = identity();
  const k = keys();
  const own = (await processRegistry().getMetricsAsJSON()) as MetricJson[];
  const conn = createRedis("metrics-retire");
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      await conn.watch(k.retired);
      const raw = await conn.get(k.retired);
      const retired = raw ? (JSON.parse(raw) as MetricJson[]) : [];
      const sum = (await AggregatorRegistry.aggregate([retired, own]).getMetricsAsJSON()) as MetricJson[];
      const done = await conn.multi().set(k.retired, JSON.stringify(sum)).del(k.proc(me.id)).srem(k.procs, me.id).exec();
      if (done) return;
    }
    throw new Error("metrics: could not retire this process's counts (20 conflicting retirements)");
  } finally {
    await conn.quit().catch(() => conn.disconnect());
  }
}

/**
 * Every live process's snapshot (read in one MGET with the retired sum, so a process retiring
 * meanwhile is counted exactly once), summed by `AggregatorRegistry.aggregate()`. Ids whose key
 * has expired are dropped from the set.
 * @throws the ioredis error when Redis cannot be reached.
 */
export async function readMergedMetrics(redis: Redis): Promise<MergedMetrics> {
  const k = keys();
  const ids = await redis.smembers(k.procs);
  const [retiredRaw, ...raws] = await redis.mget(k.retired, ...ids.map(k.proc));
  const gone = ids.filter((_, i) => raws[i] === null);
  if (gone.length > 0) await redis.srem(k.procs, ...gone);
  const snaps = raws.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as Snapshot);
  const parts = snaps.map((s) => s.metrics);
  if (retiredRaw) parts.push(JSON.parse(retiredRaw) as MetricJson[]);
  // A process on this code declares every metric, so the names exist even before any records.
  if (parts.length === 0) parts.push((await processRegistry().getMetricsAsJSON()) as MetricJson[]);
  return {
    registry: AggregatorRegistry.aggregate(parts),
    processes: snaps.map(({ metrics: _, ...p }) => p),
  };
}

export type MetricsPublisher = {
  /** Stops the timer, then retires this process's counts (see {@link retire}). */
  stop(): Promise<void>;
};

/**
 * Publishes this process's registry now and every `METRICS_PUBLISH_INTERVAL_MS` (an unref'd
 * timer: it never keeps the process alive). `role` names the process in `metrics_processes`.
 * A failed publish is logged and retried on the next tick.
 */
export function startMetricsPublisher(a: { redis: Redis; role: "web" | "worker"; log?: Logger }): MetricsPublisher {
  identity(a.role);
  let inflight: Promise<void> = Promise.resolve();
  let failing = false;
  const tick = () => {
    inflight = publishSnapshot(a.redis).then(
      () => {
        failing = false;
      },
      (err: unknown) => {
        // One warning per outage, not one per tick.
        if (!failing) a.log?.warn({ err: String(err) }, "metrics snapshot not published; retrying");
        failing = true;
      },
    );
  };
  tick();
  const timer = setInterval(tick, publishTiming().intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await inflight;
      await retire();
    },
  };
}
