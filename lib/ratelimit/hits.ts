/**
 * The request limits' refusals, for the console (docs/security.md, "Request limits"): the latest
 * refusals in a capped Redis list and per-day counts per rule.
 *
 *   <prefix>panelist:ratelimit:refusals              LIST  newest first, JSON {@link RefusalHit}, at most {@link RECENT_REFUSALS_MAX}
 *   <prefix>panelist:ratelimit:refusals:<YYYY-MM-DD> HASH  rule id → refusals that UTC day, kept {@link COUNT_DAYS_KEPT} days
 */
import type { Redis } from "ioredis";
import { redisPrefix } from "@/lib/queue/names";
import type { LimitDimension, LimitPolicy } from "./policies";

/** One refused request. */
export interface RefusalHit {
  /** ISO 8601, UTC. */
  at: string;
  policy: LimitPolicy;
  ruleId: string;
  dimension: LimitDimension;
  /** Who was counted: a user id, an organisation id, a client address, or the route. */
  subject: string;
  route: string;
}

/** How many refusals the list keeps. */
export const RECENT_REFUSALS_MAX = 200;
/** How many UTC days of counts are kept. */
const COUNT_DAYS_KEPT = 8;
const DAY_MS = 86_400_000;

const listKey = () => `${redisPrefix()}panelist:ratelimit:refusals`;
const dayKey = (ms: number) => `${listKey()}:${new Date(ms).toISOString().slice(0, 10)}`;

/** Records one refusal: pushed on the capped list and counted in today's hash (one MULTI). */
export async function recordRefusal(redis: Redis, hit: Omit<RefusalHit, "at">): Promise<void> {
  const now = Date.now();
  const entry: RefusalHit = { at: new Date(now).toISOString(), ...hit };
  await redis
    .multi()
    .lpush(listKey(), JSON.stringify(entry))
    .ltrim(listKey(), 0, RECENT_REFUSALS_MAX - 1)
    .hincrby(dayKey(now), hit.ruleId, 1)
    .pexpire(dayKey(now), COUNT_DAYS_KEPT * DAY_MS)
    .exec();
}

/** The latest refusals, newest first; `limit` (default 50) at most {@link RECENT_REFUSALS_MAX}. */
export async function recentRefusals(redis: Redis, { limit = 50 }: { limit?: number } = {}): Promise<RefusalHit[]> {
  const rows = await redis.lrange(listKey(), 0, Math.min(limit, RECENT_REFUSALS_MAX) - 1);
  const out: RefusalHit[] = [];
  for (const r of rows) {
    try {
      out.push(JSON.parse(r) as RefusalHit);
    } catch {
      // a malformed entry is skipped, not fatal
    }
  }
  return out;
}

/** Refusals per rule id over the last `days` UTC days, today included (default 1: today). */
export async function refusalCounts(redis: Redis, { days = 1 }: { days?: number } = {}): Promise<Record<string, number>> {
  const now = Date.now();
  const pipe = redis.pipeline();
  for (let d = 0; d < days; d++) pipe.hgetall(dayKey(now - d * DAY_MS));
  const out: Record<string, number> = {};
  for (const [err, hash] of (await pipe.exec()) ?? []) {
    if (err) throw err;
    for (const [rule, n] of Object.entries(hash as Record<string, string>)) out[rule] = (out[rule] ?? 0) + Number(n);
  }
  return out;
}
