import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { failedTaskCountsByType, hourlyRequestsByFeature, latencyHistogramsByModel, requestCountsByModel } from "@/lib/db/queries/alerts";
import { percentileFromBuckets } from "@/lib/finops/latency-buckets";
import type { StreamStats } from "@/lib/queue/stats";
import type { AlertKind, AlertRule } from "./rules";
import type { BudgetStatus } from "./sources";

/** A subject over its rule's threshold right now. */
export type Breach = {
  /** What it is about: a budget key, `type:lane`, `provider:model`, a feature… */
  subject: string;
  /** The period it fires once in (see `AlertPeriod` in rules.ts). */
  periodKey: string;
  /** The measured value, in the rule's unit. */
  value: number;
  message: string;
};

/**
 * One signal's reading: the subjects in breach, and the subjects whose state could not be read
 * this pass (an active alert on one of them is neither confirmed nor cleared).
 */
export type SignalReading = { breaches: Breach[]; unknown?: string[] };

/** What a signal reads from; `budgets()` and `streams()` are read once per pass whatever number of rules use them. */
export type SignalContext = {
  db: Db;
  redis: Redis;
  now: Date;
  budgets: () => Promise<BudgetStatus[]>;
  streams: () => Promise<StreamStats[]>;
};

const HOUR_MS = 3_600_000;

/** The UTC hour of `now`, `2026-12-01T10`: the period of every rule that is not a budget's. */
export function hourPeriodKey(now: Date): string {
  return now.toISOString().slice(0, 13);
}

function hourStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
}

/** Where the rollup rules' window starts: the previous hour's bucket, so the window holds 60–120 minutes of traffic. */
function rollupWindowStart(now: Date): Date {
  return new Date(hourStart(now).getTime() - HOUR_MS);
}

function usd(microUsd: number): string {
  return `$${(microUsd / 1_000_000).toFixed(2)}`;
}

function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)} %`;
}

const num = (v: unknown) => Number(v);

function budgetSignal(rule: AlertRule, statuses: BudgetStatus[]): SignalReading {
  const breaches = statuses
    .filter((b) => b.limitMicroUsd > 0 && b.utilization >= rule.threshold)
    .map((b) => ({
      subject: b.key,
      // The budget's own period, named by its end: unique per period whatever the period's length.
      periodKey: `${b.period}-until-${b.resetsAt.toISOString()}`,
      value: b.utilization,
      message: `Budget ${b.key} (${b.period}) is at ${percent(b.utilization)} of ${usd(b.limitMicroUsd)}: ${usd(b.spentMicroUsd)} spent, ${usd(b.reservedMicroUsd)} reserved; resets ${b.resetsAt.toISOString()}.`,
    }));
  return { breaches };
}

function streamSubject(s: StreamStats): string {
  return `${s.type}:${s.lane}`;
}

function lagSignal(rule: AlertRule, streams: StreamStats[], now: Date): SignalReading {
  const unknown = streams.filter((s) => s.lag === null).map(streamSubject);
  const breaches = streams
    .filter((s) => s.lag !== null && s.lag > rule.threshold)
    .map((s) => ({
      subject: streamSubject(s),
      periodKey: hourPeriodKey(now),
      value: s.lag!,
      message: `Stream ${streamSubject(s)} has ${s.lag} entries not yet delivered to the workers (lag; threshold ${rule.threshold}), ${s.pending} pending, ${s.consumers.length} consumers.`,
    }));
  return { breaches, unknown };
}

function oldestPendingSignal(rule: AlertRule, streams: StreamStats[], now: Date): SignalReading {
  const breaches: Breach[] = [];
  for (const s of streams) {
    // Waiting = not yet delivered (nobody reads the stream); pending idle = delivered, then left
    // without heartbeat or reclaim (a dead consumer whose entries nobody takes over).
    const waitingMin = s.oldestWaitingAgeMs / 60_000;
    const idleMin = s.oldestPendingIdleMs / 60_000;
    const value = Math.max(waitingMin, idleMin);
    if (value <= rule.threshold) continue;
    const which =
      waitingMin >= idleMin
        ? `its oldest waiting entry is ${waitingMin.toFixed(1)} min old`
        : `its oldest pending entry has been idle ${idleMin.toFixed(1)} min`;
    breaches.push({
      subject: streamSubject(s),
      periodKey: hourPeriodKey(now),
      value,
      message: `Stream ${streamSubject(s)}: ${which} (threshold ${rule.threshold} min).`,
    });
  }
  return { breaches };
}

async function p99Signal(rule: AlertRule, ctx: SignalContext): Promise<SignalReading> {
  const minRequests = num(rule.params.minRequests);
  const histograms = await latencyHistogramsByModel(ctx.db, { since: rollupWindowStart(ctx.now) });
  const breaches: Breach[] = [];
  for (const h of histograms) {
    const calls = h.counts.reduce((s, c) => s + c, 0);
    if (calls < minRequests) continue;
    const p99Ms = percentileFromBuckets(h.counts, 0.99);
    if (p99Ms === null || p99Ms / 1000 <= rule.threshold) continue;
    const subject = `${h.provider}:${h.model}`;
    breaches.push({
      subject,
      periodKey: hourPeriodKey(ctx.now),
      value: p99Ms / 1000,
      message: `${subject}: p99 latency ${(p99Ms / 1000).toFixed(1)} s over ${calls} calls this hour and the last (threshold ${rule.threshold} s).`,
    });
  }
  return { breaches };
}

async function rateAnomalySignal(rule: AlertRule, ctx: SignalContext): Promise<SignalReading> {
  const p = rule.params as { baselineHours: number; minBaselineRequests: number; minWindowRequests: number; minWindowMinutes: number; direction: string };
  const start = hourStart(ctx.now);
  // Early in an hour its bucket holds too little to be a rate: the previous hour joins the window.
  const windowStart = (ctx.now.getTime() - start.getTime()) / 60_000 < p.minWindowMinutes ? new Date(start.getTime() - HOUR_MS) : start;
  const windowMinutes = (ctx.now.getTime() - windowStart.getTime()) / 60_000;
  const baselineStart = new Date(windowStart.getTime() - p.baselineHours * HOUR_MS);
  const rows = await hourlyRequestsByFeature(ctx.db, { since: baselineStart });
  const byFeature = new Map<string, { window: number; baseline: number }>();
  for (const r of rows) {
    const f = byFeature.get(r.feature) ?? { window: 0, baseline: 0 };
    if (r.bucketStart >= windowStart) f.window += r.requests;
    else f.baseline += r.requests;
    byFeature.set(r.feature, f);
  }
  const breaches: Breach[] = [];
  for (const [feature, f] of byFeature) {
    if (f.baseline < p.minBaselineRequests) continue;
    const baselineRpm = f.baseline / (p.baselineHours * 60);
    const windowRpm = f.window / windowMinutes;
    const ratio = windowRpm / baselineRpm;
    const rates = `${windowRpm.toFixed(2)} requests/min since ${windowStart.toISOString().slice(11, 16)} UTC against a ${p.baselineHours}-h average of ${baselineRpm.toFixed(2)}/min`;
    if (p.direction !== "low" && ratio >= rule.threshold && f.window >= p.minWindowRequests) {
      breaches.push({
        subject: `${feature}:spike`,
        periodKey: hourPeriodKey(ctx.now),
        value: ratio,
        message: `${feature}: ${rates} — ${ratio.toFixed(1)}× (a runaway loop?).`,
      });
    } else if (p.direction !== "high" && ratio <= 1 / rule.threshold) {
      breaches.push({
        subject: `${feature}:drop`,
        periodKey: hourPeriodKey(ctx.now),
        value: ratio,
        message: `${feature}: ${rates} — ${ratio.toFixed(2)}× (a dead client?).`,
      });
    }
  }
  return { breaches };
}

async function modelCountSignal(rule: AlertRule, ctx: SignalContext, kind: "upstream_429_rate" | "unpriced_model"): Promise<SignalReading> {
  const counts = await requestCountsByModel(ctx.db, { since: rollupWindowStart(ctx.now) });
  const breaches: Breach[] = [];
  for (const c of counts) {
    const subject = `${c.provider}:${c.model}`;
    if (kind === "unpriced_model") {
      if (c.unpriced <= rule.threshold) continue;
      breaches.push({
        subject,
        periodKey: hourPeriodKey(ctx.now),
        value: c.unpriced,
        message: `${subject} has no known price: ${c.unpriced} of ${c.requests} requests this hour and the last were not costed. Set a price override on the console.`,
      });
    } else {
      if (c.requests < num(rule.params.minRequests)) continue;
      const rate = c.rateLimited / c.requests;
      if (rate <= rule.threshold) continue;
      breaches.push({
        subject,
        periodKey: hourPeriodKey(ctx.now),
        value: rate,
        message: `${subject}: ${percent(rate)} of ${c.requests} requests this hour and the last were refused upstream with 429 (threshold ${percent(rule.threshold)}).`,
      });
    }
  }
  return { breaches };
}

async function dlqSignal(rule: AlertRule, ctx: SignalContext): Promise<SignalReading> {
  const windowMinutes = num(rule.params.windowMinutes);
  const counts = await failedTaskCountsByType(ctx.db, { since: new Date(ctx.now.getTime() - windowMinutes * 60_000) });
  const breaches = counts
    .filter((c) => c.recent > rule.threshold)
    .map((c) => ({
      subject: c.type,
      periodKey: hourPeriodKey(ctx.now),
      value: c.recent,
      message: `${c.recent} ${c.type} tasks ended FAILED in the last ${windowMinutes} min; ${c.total} wait in the dead-letter queue.`,
    }));
  return { breaches };
}

/** The reader of each rule: what is in breach of `rule.threshold` now. */
export const SIGNALS: Record<AlertKind, (rule: AlertRule, ctx: SignalContext) => Promise<SignalReading>> = {
  budget_80: async (rule, ctx) => budgetSignal(rule, await ctx.budgets()),
  budget_95: async (rule, ctx) => budgetSignal(rule, await ctx.budgets()),
  budget_100: async (rule, ctx) => budgetSignal(rule, await ctx.budgets()),
  stream_lag: async (rule, ctx) => lagSignal(rule, await ctx.streams(), ctx.now),
  oldest_pending: async (rule, ctx) => oldestPendingSignal(rule, await ctx.streams(), ctx.now),
  llm_p99_latency: p99Signal,
  llm_rate_anomaly: rateAnomalySignal,
  dlq_growing: dlqSignal,
  upstream_429_rate: (rule, ctx) => modelCountSignal(rule, ctx, "upstream_429_rate"),
  unpriced_model: (rule, ctx) => modelCountSignal(rule, ctx, "unpriced_model"),
};
