import type Redis from "ioredis";
import { listActiveAlerts } from "@/lib/alerts";
import type { Db } from "@/lib/db/client";
import { usageTotals } from "@/lib/db/queries/console-cost";
import { listBudgets } from "@/lib/finops/budgets";
import { queueStats, type StreamStats } from "@/lib/queue/stats";
import type { OverviewBody } from "./contracts";
import { bucketFloor, shownCost } from "./cost";

const DAY_MS = 86_400_000;
/** The run-rate window of the month-end projection. */
const RUN_RATE_DAYS = 7;

/** The UTC month holding `t`: its first instant and the first instant of the next one. */
export function monthOf(t: Date): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1)),
    end: new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1)),
  };
}

/**
 * Month-end projection, micro-dollars: the month's cost so far plus the run rate of the last
 * `RUN_RATE_DAYS` days (their cost over the time they span up to now) times what is left of
 * the month. A straight-line forecast: it follows this week's pace, not the month's average,
 * so a spike or a quiet start shows up within days.
 */
export function projectMonthEnd(a: {
  monthToDateMicroUsd: number;
  runRateMicroUsd: number;
  runRateSinceMs: number;
  nowMs: number;
  monthEndMs: number;
}): number {
  const spanMs = a.nowMs - a.runRateSinceMs;
  const perMs = spanMs > 0 ? a.runRateMicroUsd / spanMs : 0;
  return Math.round(a.monthToDateMicroUsd + perMs * Math.max(0, a.monthEndMs - a.nowMs));
}

/**
 * The body of `GET /api/admin/overview`: today's and the month's cost (daily rollups), the
 * month-end projection against the global monthly budget, the alerts firing now and each task
 * stream's health. A Redis that cannot be asked marks the queues unavailable instead of
 * failing the page.
 */
export async function buildOverview({ db, redis, now }: { db: Db; redis: Redis; now: Date }): Promise<OverviewBody> {
  const today = bucketFloor(now, "day");
  const tomorrow = new Date(today.getTime() + DAY_MS);
  const month = monthOf(now);
  const runRateSince = new Date(today.getTime() - (RUN_RATE_DAYS - 1) * DAY_MS);
  const day = (from: Date) => usageTotals({ db, granularity: "day", from, to: tomorrow });

  const [todaySums, monthSums, runRate, budgets, alerts, streams] = await Promise.all([
    day(today),
    day(month.start),
    day(runRateSince),
    listBudgets(db),
    listActiveAlerts(db),
    queueStats(redis).catch(() => null as StreamStats[] | null),
  ]);

  const monthCost = shownCost(monthSums);
  const projected =
    monthCost === null
      ? null
      : projectMonthEnd({
          monthToDateMicroUsd: monthSums.costMicroUsd,
          runRateMicroUsd: runRate.costMicroUsd,
          runRateSinceMs: runRateSince.getTime(),
          nowMs: now.getTime(),
          monthEndMs: month.end.getTime(),
        });
  const budget = budgets.find((b) => b.scope === "global" && b.scopeId === "" && b.period === "month");
  const share = (v: number | null) => (budget && v !== null && budget.limitMicroUsd > 0 ? v / budget.limitMicroUsd : null);
  const period = (s: typeof todaySums) => ({ costMicroUsd: shownCost(s), requests: s.requests, unpricedRequests: s.unpricedRequests, errors: s.errors });

  const shown = (streams ?? []).map((s) => ({
    type: s.type,
    lane: s.lane,
    length: s.length,
    lag: s.lag,
    pending: s.pending,
    oldestPendingIdleMs: s.oldestPendingIdleMs,
    oldestWaitingAgeMs: s.oldestWaitingAgeMs,
    dlqLength: s.dlqLength,
  }));
  // A type's DLQ is shared by its lanes: count it once.
  const dlqByType = new Map(shown.map((s) => [s.type, s.dlqLength]));
  return {
    generatedAt: now.toISOString(),
    today: period(todaySums),
    month: {
      ...period(monthSums),
      start: month.start.toISOString(),
      end: month.end.toISOString(),
      projectedMicroUsd: projected,
      budget: budget ? { limitMicroUsd: budget.limitMicroUsd, utilization: share(monthCost), projectedUtilization: share(projected) } : null,
    },
    alerts: alerts.map(({ id, kind, title, subject, message, value, threshold, firedAt }) => ({
      id,
      kind,
      title,
      subject,
      message,
      value,
      threshold,
      firedAt: firedAt.toISOString(),
    })),
    queues: {
      available: streams !== null,
      streams: shown,
      totals: {
        length: shown.reduce((n, s) => n + s.length, 0),
        lag: shown.reduce((n, s) => n + (s.lag ?? 0), 0),
        pending: shown.reduce((n, s) => n + s.pending, 0),
        dlqLength: [...dlqByType.values()].reduce((n, d) => n + d, 0),
      },
    },
  };
}
