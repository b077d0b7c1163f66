import type { Db } from "@/lib/db/client";
import {
  costSeriesByFeature,
  costSeriesByModel,
  type RollupRange,
  topOrganizations,
  topUsers,
  type UsageSums,
  usageByFeature,
  usageByModel,
} from "@/lib/db/queries/console-cost";
import { percentileFromBuckets } from "@/lib/finops/latency-buckets";
import type { CostBody, CostRange, Granularity, UsageView } from "./contracts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How many users and organisations the cost page lists. */
const TOP_N = 10;

/** Hours each range spans. */
export const RANGE_HOURS: Record<CostRange, number> = { "24h": 24, "48h": 48, "7d": 168, "30d": 720, "90d": 2160 };
/** The finest granularity a range may ask for: hourly buckets up to 7 days (168 bars). */
export const MAX_HOURLY_RANGE_HOURS = 168;

/** The granularity a range gets when none is asked for: hourly up to 48 h, daily beyond. */
export function defaultGranularity(range: CostRange): Granularity {
  return RANGE_HOURS[range] <= 48 ? "hour" : "day";
}

/** `t` rounded down to the start of its UTC hour or day (the rollups' bucket starts). */
export function bucketFloor(t: Date, granularity: Granularity): Date {
  const step = granularity === "hour" ? HOUR_MS : DAY_MS;
  return new Date(Math.floor(t.getTime() / step) * step);
}

/**
 * The buckets a range covers at a granularity, ending with the bucket that holds `now`: 48 h
 * hourly is the current hour and the 47 before it; 30 d daily is today (UTC) and the 29 days
 * before. @returns the first bucket start, the end of the last bucket, and every bucket start.
 */
export function bucketsOf(range: CostRange, granularity: Granularity, now: Date): { from: Date; to: Date; starts: Date[] } {
  const step = granularity === "hour" ? HOUR_MS : DAY_MS;
  const n = Math.max(1, Math.ceil((RANGE_HOURS[range] * HOUR_MS) / step));
  const last = bucketFloor(now, granularity).getTime();
  const starts = Array.from({ length: n }, (_, i) => new Date(last - (n - 1 - i) * step));
  return { from: starts[0]!, to: new Date(last + step), starts };
}

/** `part / whole`, or null when `whole` is 0. */
const ratio = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : null);

/** Cost as the console shows it: null (unpriced) when every request was of a model without a price, else the priced cost. */
export function shownCost(s: { costMicroUsd: number; requests: number; unpricedRequests: number }): number | null {
  return s.unpricedRequests > 0 && s.unpricedRequests >= s.requests ? null : s.costMicroUsd;
}

/** Element-wise sum of histograms (the shorter padded with zeros). */
function addHistograms(a: number[], b: number[]): number[] {
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => (a[i] ?? 0) + (b[i] ?? 0));
}

/** Sums and histograms as one row of the cost tables: rates, percentiles and the unpriced rule applied. */
function toUsageView(s: UsageSums, latencyBuckets: number[], ttftBuckets: number[]): UsageView {
  const pct = (h: number[], sum: number, n: number) => ({
    p50: percentileFromBuckets(h, 0.5),
    p95: percentileFromBuckets(h, 0.95),
    p99: percentileFromBuckets(h, 0.99),
    mean: n > 0 ? sum / n : null,
  });
  return {
    requests: s.requests,
    errors: s.errors,
    rateLimited: s.rateLimited,
    inputTokens: s.inputTokens,
    cachedInputTokens: s.cachedInputTokens,
    outputTokens: s.outputTokens,
    reasoningTokens: s.reasoningTokens,
    costMicroUsd: shownCost(s),
    unpricedRequests: s.unpricedRequests,
    estimatedRequests: s.estimatedRequests,
    cacheHits: s.cacheHits,
    savedMicroUsd: s.savedMicroUsd,
    errorRate: ratio(s.errors, s.requests),
    cacheHitRate: ratio(s.cacheHits, s.requests),
    latencyMs: pct(latencyBuckets, s.latencyMsSum, s.requests),
    ttftMs: pct(ttftBuckets, s.ttftMsSum, s.ttftCount),
  };
}

const ZERO: UsageSums = {
  requests: 0,
  errors: 0,
  rateLimited: 0,
  inputTokens: 0,
  cachedInputTokens: 0,
  outputTokens: 0,
  reasoningTokens: 0,
  costMicroUsd: 0,
  unpricedRequests: 0,
  estimatedRequests: 0,
  cacheHits: 0,
  savedMicroUsd: 0,
  latencyMsSum: 0,
  ttftCount: 0,
  ttftMsSum: 0,
};

/** Field-wise sum of two {@link UsageSums}. */
function addSums(a: UsageSums, b: UsageSums): UsageSums {
  return Object.fromEntries(Object.keys(ZERO).map((k) => [k, a[k as keyof UsageSums] + b[k as keyof UsageSums]])) as UsageSums;
}

/** Pivots (bucket, key, cost) rows into a stacked series over every bucket of the axis (missing cells 0). */
function stacked(starts: Date[], rows: { bucketStart: Date; key: string; costMicroUsd: number }[], keys: string[]): CostBody["series"]["byModel"] {
  const col = new Map(keys.map((k, i) => [k, i]));
  const at = new Map(starts.map((s, i) => [s.getTime(), i]));
  const points = starts.map((s) => ({ bucketStart: s.toISOString(), costMicroUsd: new Array<number>(keys.length).fill(0) }));
  for (const r of rows) {
    const i = at.get(r.bucketStart.getTime());
    const j = col.get(r.key);
    if (i !== undefined && j !== undefined) points[i]!.costMicroUsd[j]! += r.costMicroUsd;
  }
  return { keys, points };
}

/**
 * The body of `GET /api/admin/cost`: everything the cost page shows for one range, every
 * number from the rollups (lib/db/queries/console-cost.ts; six index-range reads in
 * parallel): the totals cube at the range's granularity; the top users and organisations from
 * their daily cubes, over the range's whole UTC days (`spendersFrom` on). Totals are the
 * per-model rows summed, histograms included, so the page's totals and its table always agree.
 * Stacks are ordered by their cost over the range, largest first.
 */
export async function buildCostReport({ db, range, granularity, now }: { db: Db; range: CostRange; granularity: Granularity; now: Date }): Promise<CostBody> {
  const { from, to, starts } = bucketsOf(range, granularity, now);
  const q: RollupRange = { db, granularity, from, to };
  // The per-user and per-organisation cubes are daily: the spenders cover the range's whole UTC days.
  const days = { db, from: bucketFloor(from, "day"), to: new Date(bucketFloor(new Date(to.getTime() - 1), "day").getTime() + DAY_MS) };
  const [models, features, seriesModel, seriesFeature, users, orgs] = await Promise.all([
    usageByModel(q),
    usageByFeature(q),
    costSeriesByModel(q),
    costSeriesByFeature(q),
    topUsers({ ...days, limit: TOP_N }),
    topOrganizations({ ...days, limit: TOP_N }),
  ]);

  let totals = ZERO;
  let latency: number[] = [];
  let ttft: number[] = [];
  for (const m of models) {
    totals = addSums(totals, m);
    latency = addHistograms(latency, m.latencyBuckets);
    ttft = addHistograms(ttft, m.ttftBuckets);
  }

  const tokens = new Map(starts.map((s) => [s.getTime(), { bucketStart: s.toISOString(), inputTokens: 0, outputTokens: 0, requests: 0 }]));
  for (const p of seriesModel) {
    const t = tokens.get(p.bucketStart.getTime());
    if (!t) continue;
    t.inputTokens += p.inputTokens;
    t.outputTokens += p.outputTokens;
    t.requests += p.requests;
  }

  const spender = (s: { costMicroUsd: number; requests: number; unpricedRequests: number; inputTokens: number; outputTokens: number }) => ({
    costMicroUsd: shownCost(s),
    requests: s.requests,
    unpricedRequests: s.unpricedRequests,
    inputTokens: s.inputTokens,
    outputTokens: s.outputTokens,
  });

  return {
    range,
    granularity,
    from: from.toISOString(),
    to: to.toISOString(),
    generatedAt: now.toISOString(),
    spendersFrom: days.from.toISOString(),
    totals: toUsageView(totals, latency, ttft),
    series: {
      byModel: stacked(
        starts,
        seriesModel.map((p) => ({ bucketStart: p.bucketStart, key: `${p.provider}/${p.model}`, costMicroUsd: p.costMicroUsd })),
        models.map((m) => `${m.provider}/${m.model}`),
      ),
      byFeature: stacked(
        starts,
        seriesFeature.map((p) => ({ bucketStart: p.bucketStart, key: p.feature, costMicroUsd: p.costMicroUsd })),
        features.map((f) => f.feature),
      ),
      tokens: [...tokens.values()],
    },
    models: models.map((m) => ({ provider: m.provider, model: m.model, ...toUsageView(m, m.latencyBuckets, m.ttftBuckets) })),
    // Feature rows carry no histograms (latency is a model's property); their percentiles are null.
    features: features.map((f) => ({ feature: f.feature, ...toUsageView(f, [], []) })),
    topUsers: users.map((u) => ({ userId: u.userId, name: u.name, email: u.email, ...spender(u) })),
    topOrganizations: orgs.map((o) => ({ organizationId: o.organizationId, name: o.name, ...spender(o) })),
  };
}
