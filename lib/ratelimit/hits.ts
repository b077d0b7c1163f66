/**
 * The record of refused requests (docs/request-limits.md, "Refusals"), for the console:
 *
 *   <prefix>panelist:{rl-hits}:recent         LIST  the newest {@link RECENT_HITS_KEPT} refusals, JSON, newest first
 *   <prefix>panelist:{rl-hits}:day:<YYYY-MM-DD> HASH  rule id → refusals that UTC day; expires after {@link DAY_KEPT_S}
 *
 * Both keys share one hash tag, so one pipeline (or a Cluster node) takes the whole record.
 * Each refusal also counts in `panelist_rate_limit_refusals_total{policy,rule}` (lib/metrics).
 * Losing Redis loses this record and nothing else: it is an operator's view, not state.
 */
import { createLogger } from "@/lib/log";
import { observeRateLimitRefusal } from "@/lib/metrics/registry";
import { redisPrefix } from "@/lib/queue/names";
import type { LimitDimension, LimitPolicy } from "./policies";
import type { RedisClient } from "./script";

/** One refused request, as the console lists it. */
export interface RefusalHit {
  /** ISO time of the refusal (this process's clock). */
  at: string;
  policy: LimitPolicy;
  ruleId: string;
  dimension: LimitDimension;
  /** A user id, a client-address key, an organisation id, or "all". */
  subject: string;
  /** Method and route pattern, e.g. "POST /api/resumes". */
  route: string;
}

/** How many refusals the recent list keeps. */
export const RECENT_HITS_KEPT = 200;
/** How long a day's counts are kept, s (8 days: a week back from any hour of today). */
export const DAY_KEPT_S = 8 * 86_400;

const log = createLogger("ratelimit");

function recentKey(prefix: string): string {
  return `${prefix}panelist:{rl-hits}:recent`;
}
function dayKey(prefix: string, day: string): string {
  return `${prefix}panelist:{rl-hits}:day:${day}`;
}
/** `YYYY-MM-DD` of `ms` in UTC. */
function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Records one refusal: LPUSH + LTRIM on the recent list, HINCRBY on today's counts (and their
 * expiry), in one pipeline; and the Prometheus counter. Never throws: a failure is logged.
 */
export async function recordRefusal(redis: RedisClient, hit: Omit<RefusalHit, "at">): Promise<void> {
  const now = Date.now();
  try {
    observeRateLimitRefusal({ policy: hit.policy, rule: hit.ruleId });
  } catch (err) {
    log.warn({ err: String(err) }, "rate-limit refusal counter failed");
  }
  const prefix = redisPrefix();
  const entry: RefusalHit = { at: new Date(now).toISOString(), ...hit };
  const day = dayKey(prefix, utcDay(now));
  try {
    const replies = await redis
      .pipeline()
      .lpush(recentKey(prefix), JSON.stringify(entry))
      .ltrim(recentKey(prefix), 0, RECENT_HITS_KEPT - 1)
      .hincrby(day, hit.ruleId, 1)
      .expire(day, DAY_KEPT_S)
      .exec();
    const failed = replies?.find(([err]) => err);
    if (failed) throw failed[0];
  } catch (err) {
    log.warn({ err: String(err), ruleId: hit.ruleId, route: hit.route }, "rate-limit refusal could not be recorded");
  }
}

/**
 * The newest refusals, newest first.
 * @param opts.limit at most this many (default and ceiling {@link RECENT_HITS_KEPT}).
 * @throws the ioredis error when Redis cannot be read. Entries that are not valid JSON are skipped.
 */
export async function recentRefusals(redis: RedisClient, opts: { limit?: number } = {}): Promise<RefusalHit[]> {
  const n = Math.max(0, Math.min(RECENT_HITS_KEPT, Math.floor(opts.limit ?? RECENT_HITS_KEPT)));
  if (n === 0) return [];
  const raw = await redis.lrange(recentKey(redisPrefix()), 0, n - 1);
  const out: RefusalHit[] = [];
  for (const r of raw) {
    try {
      out.push(JSON.parse(r) as RefusalHit);
    } catch {
      // A foreign or truncated entry: not a refusal we wrote.
    }
  }
  return out;
}

/**
 * Refusals per rule over the last `days` UTC days, today included (default 1: today only;
 * at most 8, the days kept).
 * @returns rule id → count; rules without a refusal are absent.
 * @throws the ioredis error when Redis cannot be read.
 */
export async function refusalCounts(redis: RedisClient, opts: { days?: number } = {}): Promise<Record<string, number>> {
  const days = Math.max(1, Math.min(DAY_KEPT_S / 86_400, Math.floor(opts.days ?? 1)));
  const prefix = redisPrefix();
  const now = Date.now();
  const pipeline = redis.pipeline();
  for (let d = 0; d < days; d++) pipeline.hgetall(dayKey(prefix, utcDay(now - d * 86_400_000)));
  const replies = (await pipeline.exec()) ?? [];
  const out: Record<string, number> = {};
  for (const [err, value] of replies) {
    if (err) throw err;
    for (const [rule, count] of Object.entries((value ?? {}) as Record<string, string>)) out[rule] = (out[rule] ?? 0) + Number(count);
  }
  return out;
}
