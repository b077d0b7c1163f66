/**
 * The console's queue page in one read (docs/finops.md, "Queues, tasks and the DLQ"): every
 * stream's figures from Redis (`queueStats`, lib/queue/stats.ts), tasks ended per minute from
 * the database, the workers' queue-wait and run-time percentiles (lib/metrics, see
 * {@link readTaskTimings}), and for each configured model the governor's RPM/TPM use against
 * its quota and the circuit breaker's state. Nothing is written.
 */
import type Redis from "ioredis";
import { getFallbackConfig, getLlmConfig } from "@/lib/ai/config";
import type { Db } from "@/lib/db/client";
import { endedTasksPerMinute } from "@/lib/db/queries/tasks";
import { mergedHistogramQuantiles } from "@/lib/metrics/quantiles";
import { queueStats, type StreamStats } from "@/lib/queue/stats";
import { getBreaker, getGovernor } from "@/lib/ratelimit/shared";
import { type Percentiles, type QueueOverview, STALL_AFTER_MS, type StreamHealth, type UpstreamOverview } from "./admin-contracts";

/** Minutes of throughput shown (the chart and the hourly average). */
const THROUGHPUT_MINUTES = 60;
const MINUTE_MS = 60_000;

/**
 * Idle, busy or stalled (`streamHealthSchema`): stalled when the oldest waiting entry or the
 * oldest pending one is older than {@link STALL_AFTER_MS}. The oldest waiting age is what tells
 * a stalled stream from an idle one: both can have an empty PEL (docs/architecture.md, "Queue
 * health"). An empty consumer list proves nothing: Redis 7.0 lists a consumer only from its
 * first delivery (an XREADGROUP that finds nothing creates none), and idle names are swept.
 */
export function streamHealth(s: Pick<StreamStats, "lag" | "pending" | "oldestPendingIdleMs" | "oldestWaitingAgeMs">): StreamHealth {
  const waiting = (s.lag ?? 0) > 0 || s.oldestWaitingAgeMs > 0;
  if (!waiting && s.pending === 0) return "idle";
  if (s.oldestWaitingAgeMs >= STALL_AFTER_MS || (s.pending > 0 && s.oldestPendingIdleMs >= STALL_AFTER_MS)) return "stalled";
  return "busy";
}

const QUANTILES = [0.5, 0.9, 0.99] as const;

/**
 * Queue-wait and run-time p50/p90/p99 per type × lane, from the workers' task timing histograms
 * (`task_queue_wait_seconds`, `task_run_seconds`: `observeTaskTiming` in the consumer), merged
 * across every process (`mergedHistogramQuantiles`, lib/metrics/quantiles.ts: PromQL's
 * `histogram_quantile` estimate, over everything since the live processes started — not a
 * recent window). The one place the queue page reads them. A type × lane without observations
 * has no entry (shown "—").
 * @returns per `type|lane`, ms.
 */
async function readTaskTimings(redis: Redis): Promise<Map<string, { queueWaitMs: Percentiles | null; runMs: Percentiles | null }>> {
  const [wait, run] = await Promise.all(
    (["task_queue_wait_seconds", "task_run_seconds"] as const).map((name) => mergedHistogramQuantiles({ redis, name, qs: QUANTILES, by: ["type", "lane"] })),
  );
  const ms = (q: (number | null)[]): Percentiles | null => {
    const [p50, p90, p99] = q.map((s) => (s === null ? null : s * 1000));
    return p50 == null && p90 == null && p99 == null ? null : { p50: p50 ?? null, p90: p90 ?? null, p99: p99 ?? null };
  };
  const out = new Map<string, { queueWaitMs: Percentiles | null; runMs: Percentiles | null }>();
  const entry = (labels: Record<string, string>) => {
    const key = `${labels.type}|${labels.lane}`;
    const e = out.get(key) ?? { queueWaitMs: null, runMs: null };
    out.set(key, e);
    return e;
  };
  for (const g of wait!) if (g.count > 0) entry(g.labels).queueWaitMs = ms(g.quantiles);
  for (const g of run!) if (g.count > 0) entry(g.labels).runMs = ms(g.quantiles);
  return out;
}

/**
 * The queue page's data (`queueOverviewSchema`, lib/tasks/admin-contracts.ts).
 * Throughput comes from `tasks.finished_at` (`endedTasksPerMinute`): it survives restarts of
 * every process and a Redis loss, costs one index range scan of the last hour's ended tasks,
 * and counts what users care about (tasks that ended), not stream entries.
 * @throws the ioredis error when Redis cannot be reached, database errors.
 */
export async function queueOverview(deps: { db: Db; redis: Redis }): Promise<QueueOverview> {
  const [stats, ended, timings, upstream] = await Promise.all([
    queueStats(deps.redis),
    endedTasksPerMinute(deps.db, { minutes: THROUGHPUT_MINUTES }),
    readTaskTimings(deps.redis),
    upstreamOverview(),
  ]);
  const now = Date.now();
  const currentMinute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  const lastFullMinute = currentMinute - MINUTE_MS;
  const series = Array.from({ length: THROUGHPUT_MINUTES }, (_, i) => ({
    minute: currentMinute - (THROUGHPUT_MINUTES - 1 - i) * MINUTE_MS,
    completed: 0,
    failed: 0,
    terminated: 0,
  }));
  const byMinute = new Map(series.map((p) => [p.minute, p]));
  const perStream = new Map<string, { lastMinute: { completed: number; failed: number }; hourCompleted: number }>();
  for (const r of ended) {
    const point = byMinute.get(r.minute.getTime());
    if (point) {
      if (r.status === "COMPLETED") point.completed += r.count;
      else if (r.status === "FAILED") point.failed += r.count;
      else point.terminated += r.count;
    }
    const key = `${r.type}|${r.lane}`;
    const s = perStream.get(key) ?? { lastMinute: { completed: 0, failed: 0 }, hourCompleted: 0 };
    if (r.status === "COMPLETED") s.hourCompleted += r.count;
    if (r.minute.getTime() === lastFullMinute) {
      if (r.status === "COMPLETED") s.lastMinute.completed += r.count;
      if (r.status === "FAILED") s.lastMinute.failed += r.count;
    }
    perStream.set(key, s);
  }
  const llm = getLlmConfig();
  return {
    generatedAt: new Date(now).toISOString(),
    streams: stats.map((s) => {
      const t = perStream.get(`${s.type}|${s.lane}`);
      const timing = timings.get(`${s.type}|${s.lane}`);
      return {
        ...s,
        health: streamHealth(s),
        completedLastMinute: t?.lastMinute.completed ?? 0,
        failedLastMinute: t?.lastMinute.failed ?? 0,
        completedPerMinuteHour: (t?.hourCompleted ?? 0) / THROUGHPUT_MINUTES,
        queueWaitMs: timing?.queueWaitMs ?? null,
        runMs: timing?.runMs ?? null,
      };
    }),
    throughput: series.map((p) => ({ ...p, minute: new Date(p.minute).toISOString() })),
    engine: llm.mode === "offline" ? "offline" : "online",
    upstream,
  };
}

/** The configured models (primary, then the fallback if one is set): quota use and circuit state of each. */
async function upstreamOverview(): Promise<UpstreamOverview[]> {
  const primary = getLlmConfig();
  if (primary.mode === "offline") return [];
  const fallback = getFallbackConfig(primary);
  const models: { ref: { provider: string; model: string }; role: UpstreamOverview["role"] }[] = [
    { ref: { provider: primary.provider, model: primary.model }, role: "primary" },
  ];
  if (fallback) models.push({ ref: { provider: fallback.provider, model: fallback.model }, role: "fallback" });
  return Promise.all(
    models.map(async ({ ref, role }) => {
      const [gov, breaker] = await Promise.all([getGovernor().snapshot(ref), getBreaker(ref).snapshot()]);
      return {
        ...ref,
        role,
        // Upstream's own count beyond ours (x-ratelimit-remaining) is use too, until its reset.
        requests: gov.requests + gov.phantomRequests,
        rpmLimit: gov.limits.rpm ?? null,
        tokens: gov.tokens + gov.phantomTokens,
        tpmLimit: gov.limits.tpm ?? null,
        pausedForMs: Math.max(0, gov.pausedForMs),
        breaker: { state: breaker.state, consecutiveFailures: breaker.consecutiveFailures, openForMs: breaker.openForMs, timesOpened: breaker.timesOpened },
      };
    }),
  );
}
