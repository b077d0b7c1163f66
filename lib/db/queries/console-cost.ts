import { and, desc, eq, gte, lt, ne, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../client";
import { organization, llmUsageRollups as r, user } from "../schema";

/**
 * The console's cost questions, every one answered from `llm_usage_rollups`, never from
 * `llm_usage` (docs/finops.md, "Console"). The table holds three cubes (docs/finops.md,
 * "Rollups"): totals per provider × model × feature by hour and day (user and organisation
 * ''), per user by day and month (organisation ''), per organisation by day and month (user
 * ''). Each question reads one cube, and filters `granularity = $1 AND bucket_start >= $2 AND
 * bucket_start < $3`, the leading columns of the rollups' primary key (and of
 * `llm_usage_rollups_bucket_idx`), so it reads one index range: the work grows with the keys
 * per bucket, not with the number of calls.
 */
export type RollupRange = {
  db: Db;
  /** `hour` or `day` buckets (the per-user and per-organisation cubes have no hours). */
  granularity: "hour" | "day";
  /** First bucket start included (UTC). */
  from: Date;
  /** First bucket start excluded. */
  to: Date;
};

/** The sums every grouping answers; counts and tokens are integers, money is micro-dollars. */
export type UsageSums = {
  requests: number;
  errors: number;
  rateLimited: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  /** Cost of the priced requests only: a request of an unpriced model adds nothing here, it counts in `unpricedRequests`. */
  costMicroUsd: number;
  unpricedRequests: number;
  estimatedRequests: number;
  cacheHits: number;
  savedMicroUsd: number;
  latencyMsSum: number;
  ttftCount: number;
  ttftMsSum: number;
};

const inRange = ({ granularity, from, to }: { granularity: "hour" | "day" | "month"; from: Date; to: Date }): SQL =>
  and(eq(r.granularity, granularity), gte(r.bucketStart, from), lt(r.bucketStart, to))!;

/** The first instant of the UTC month holding `t`, or of the next one (`up`) when `t` is inside a month. */
function monthEdge(t: Date, up: boolean): Date {
  const start = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1);
  return new Date(up && start < t.getTime() ? Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1) : start);
}

/**
 * A per-user or per-organisation cube over whole UTC days [from, to): its month rows for the
 * whole months inside, its day rows for the days before and after them — each day counted
 * once, and a 90-day range reads about two months of rows instead of 90 days of them.
 */
function daysIn({ from, to }: { from: Date; to: Date }): SQL {
  const monthsFrom = monthEdge(from, true);
  const monthsTo = monthEdge(to, false);
  if (monthsFrom >= monthsTo) return inRange({ granularity: "day", from, to });
  return or(
    inRange({ granularity: "month", from: monthsFrom, to: monthsTo }),
    inRange({ granularity: "day", from, to: monthsFrom }),
    inRange({ granularity: "day", from: monthsTo, to }),
  )!;
}
/** The totals cube over a range: every call once, whoever made it. */
const totalsIn = (range: Omit<RollupRange, "db">): SQL => and(inRange(range), eq(r.userId, ""), eq(r.organizationId, ""))!;

const total = (col: SQLWrapper) => sql<number>`coalesce(sum(${col}), 0)`.mapWith(Number);

/** The select list of {@link UsageSums} (fresh per query). */
function sums() {
  return {
    requests: total(r.requests),
    errors: total(r.errors),
    rateLimited: total(r.rateLimited),
    inputTokens: total(r.inputTokens),
    cachedInputTokens: total(r.cachedInputTokens),
    outputTokens: total(r.outputTokens),
    reasoningTokens: total(r.reasoningTokens),
    costMicroUsd: total(r.costMicroUsd),
    unpricedRequests: total(r.unpricedRequests),
    estimatedRequests: total(r.estimatedRequests),
    cacheHits: total(r.cacheHits),
    savedMicroUsd: total(r.savedMicroUsd),
    latencyMsSum: total(r.latencyMsSum),
    ttftCount: total(r.ttftCount),
    ttftMsSum: total(r.ttftMsSum),
  };
}

/**
 * Every sum over the range in one row (all zeros when it holds no rollup).
 * @returns {@link UsageSums}
 */
export async function usageTotals({ db, ...range }: RollupRange): Promise<UsageSums> {
  const [row] = await db.select(sums()).from(r).where(totalsIn(range));
  return row!;
}

/** One bar of a cost chart: a bucket and one stack key. */
export type SeriesPoint = { bucketStart: Date; costMicroUsd: number; requests: number; unpricedRequests: number; inputTokens: number; outputTokens: number };

/**
 * Cost, requests and tokens per bucket × provider × model, oldest bucket first — the chart
 * stacked by model. Buckets without usage are absent (the caller fills the axis).
 */
export async function costSeriesByModel({ db, ...range }: RollupRange): Promise<(SeriesPoint & { provider: string; model: string })[]> {
  return db
    .select({ bucketStart: r.bucketStart, provider: r.provider, model: r.model, ...seriesSums() })
    .from(r)
    .where(totalsIn(range))
    .groupBy(r.bucketStart, r.provider, r.model)
    .orderBy(r.bucketStart, r.provider, r.model);
}

/** Cost, requests and tokens per bucket × feature, oldest bucket first — the chart stacked by feature. */
export async function costSeriesByFeature({ db, ...range }: RollupRange): Promise<(SeriesPoint & { feature: string })[]> {
  return db
    .select({ bucketStart: r.bucketStart, feature: r.feature, ...seriesSums() })
    .from(r)
    .where(totalsIn(range))
    .groupBy(r.bucketStart, r.feature)
    .orderBy(r.bucketStart, r.feature);
}

function seriesSums() {
  return {
    costMicroUsd: total(r.costMicroUsd),
    requests: total(r.requests),
    unpricedRequests: total(r.unpricedRequests),
    inputTokens: total(r.inputTokens),
    outputTokens: total(r.outputTokens),
  };
}

/** Counts per latency bucket (`lib/finops/latency-buckets.ts`), index 0 first; [] when none. */
type Histogram = number[];

/**
 * Every sum per provider × model over the range, with the model's summed latency and TTFT
 * histograms, most expensive first. Two statements on the same index range: the sums, and the
 * histograms summed element-wise (`unnest … WITH ORDINALITY`, grouped by position) — the
 * rollups' own `panelist_int_array_add` is a function, not an aggregate.
 */
export async function usageByModel({
  db,
  ...range
}: RollupRange): Promise<(UsageSums & { provider: string; model: string; latencyBuckets: Histogram; ttftBuckets: Histogram })[]> {
  const [rows, histograms] = await Promise.all([
    db
      .select({ provider: r.provider, model: r.model, ...sums() })
      .from(r)
      .where(totalsIn(range))
      .groupBy(r.provider, r.model)
      .orderBy(desc(total(r.costMicroUsd)), desc(total(r.requests)), r.provider, r.model),
    db.execute<{ provider: string; model: string; kind: "latency" | "ttft"; i: number; n: number }>(sql`
      select h.provider, h.model, h.kind, h.i::int as i, sum(h.c)::bigint as n
      from (
        select ${r.provider} as provider, ${r.model} as model, 'latency' as kind, u.i, u.c
        from ${r}, unnest(${r.latencyBuckets}) with ordinality as u(c, i)
        where ${totalsIn(range)}
        union all
        select ${r.provider}, ${r.model}, 'ttft', u.i, u.c
        from ${r}, unnest(${r.ttftBuckets}) with ordinality as u(c, i)
        where ${totalsIn(range)}
      ) h
      group by h.provider, h.model, h.kind, h.i`),
  ]);
  const byKey = new Map(rows.map((row) => [`${row.provider}\u0000${row.model}`, { ...row, latencyBuckets: [] as Histogram, ttftBuckets: [] as Histogram }]));
  for (const h of histograms) {
    const row = byKey.get(`${h.provider}\u0000${h.model}`);
    if (!row) continue;
    const target = h.kind === "latency" ? row.latencyBuckets : row.ttftBuckets;
    while (target.length < h.i) target.push(0);
    target[h.i - 1] = Number(h.n);
  }
  return [...byKey.values()];
}

/** Every sum per feature over the range, most expensive first. */
export async function usageByFeature({ db, ...range }: RollupRange): Promise<(UsageSums & { feature: string })[]> {
  return db
    .select({ feature: r.feature, ...sums() })
    .from(r)
    .where(totalsIn(range))
    .groupBy(r.feature)
    .orderBy(desc(total(r.costMicroUsd)), desc(total(r.requests)), r.feature);
}

/** What a top-N list shows of a user or an organisation. */
type Spender = { costMicroUsd: number; requests: number; unpricedRequests: number; inputTokens: number; outputTokens: number };

/** A spender's sums, aliased: they are read back out of a sub-query. */
function spenderSums() {
  return {
    costMicroUsd: total(r.costMicroUsd).as("cost_micro_usd"),
    requests: total(r.requests).as("requests"),
    unpricedRequests: total(r.unpricedRequests).as("unpriced_requests"),
    inputTokens: total(r.inputTokens).as("input_tokens"),
    outputTokens: total(r.outputTokens).as("output_tokens"),
  };
}

/** The outer select of a top-N list: the sub-query's sums as numbers. */
function spenderColumns(top: { costMicroUsd: unknown; requests: unknown; unpricedRequests: unknown; inputTokens: unknown; outputTokens: unknown }) {
  return {
    costMicroUsd: sql<number>`${top.costMicroUsd}`.mapWith(Number),
    requests: sql<number>`${top.requests}`.mapWith(Number),
    unpricedRequests: sql<number>`${top.unpricedRequests}`.mapWith(Number),
    inputTokens: sql<number>`${top.inputTokens}`.mapWith(Number),
    outputTokens: sql<number>`${top.outputTokens}`.mapWith(Number),
  };
}

/**
 * The `limit` users who cost most over the range (then most requests), from the per-user cube
 * (month rows for whole months, day rows for the rest),
 * with their name and e-mail; usage without a user (the worker's own calls) is left out. A
 * deleted user's rows keep their id and come back with null name and e-mail.
 * @param from,to whole UTC days: the per-user cube has no hours.
 */
export async function topUsers({
  db,
  limit,
  ...range
}: Omit<RollupRange, "granularity"> & { limit: number }): Promise<(Spender & { userId: string; name: string | null; email: string | null })[]> {
  const top = db
    .select({ userId: r.userId, ...spenderSums() })
    .from(r)
    .where(and(daysIn(range), ne(r.userId, ""), eq(r.organizationId, "")))
    .groupBy(r.userId)
    .orderBy(desc(total(r.costMicroUsd)), desc(total(r.requests)), r.userId)
    .limit(limit)
    .as("top");
  return db
    .select({
      userId: top.userId,
      name: user.name,
      email: user.email,
      ...spenderColumns(top),
    })
    .from(top)
    .leftJoin(user, eq(user.id, top.userId))
    .orderBy(desc(top.costMicroUsd), desc(top.requests), top.userId);
}

/**
 * The `limit` organisations that cost most over the range (then most requests), from the
 * per-organisation cube (month rows for whole months, day rows for the rest), with their name;
 * personal usage is left out.
 * @param from,to whole UTC days: the per-organisation cube has no hours.
 */
export async function topOrganizations({
  db,
  limit,
  ...range
}: Omit<RollupRange, "granularity"> & { limit: number }): Promise<(Spender & { organizationId: string; name: string | null })[]> {
  const top = db
    .select({ organizationId: r.organizationId, ...spenderSums() })
    .from(r)
    .where(and(daysIn(range), ne(r.organizationId, ""), eq(r.userId, "")))
    .groupBy(r.organizationId)
    .orderBy(desc(total(r.costMicroUsd)), desc(total(r.requests)), r.organizationId)
    .limit(limit)
    .as("top");
  return db
    .select({
      organizationId: top.organizationId,
      name: organization.name,
      ...spenderColumns(top),
    })
    .from(top)
    .leftJoin(organization, eq(organization.id, top.organizationId))
    .orderBy(desc(top.costMicroUsd), desc(top.requests), top.organizationId);
}

/**
 * Models that served unpriced requests over the range (most requests first): what the price
 * overrides on the console's settings page are for.
 */
export async function unpricedModels({ db, ...range }: RollupRange): Promise<{ provider: string; model: string; unpricedRequests: number }[]> {
  return db
    .select({ provider: r.provider, model: r.model, unpricedRequests: total(r.unpricedRequests) })
    .from(r)
    .where(and(totalsIn(range), sql`${r.unpricedRequests} > 0`))
    .groupBy(r.provider, r.model)
    .orderBy(desc(total(r.unpricedRequests)), r.provider, r.model);
}
