/**
 * Test support for `lib/ratelimit/*.test.ts`: a key prefix unique to one test file's run, and the
 * clean-up that deletes exactly that prefix's keys (SCAN + DEL, never FLUSHALL — the Redis is
 * shared). Not imported by production code.
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

export function uniquePrefix(name: string): string {
  return `test:ratelimit:${name}:${process.pid}:${randomUUID().slice(0, 8)}:`;
}

export async function deletePrefix(redis: Redis, prefix: string): Promise<number> {
  let cursor = "0";
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
    cursor = next;
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== "0");
  return deleted;
}

export const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Redis' clock (`TIME`), ms, floored as the scripts floor it: the one clock the governor and the
 * breaker judge by. A test brackets a call with it (`before ≤ the script's now ≤ after`) to
 * check an exact window instead of a tolerance against the machine's own clock.
 */
export async function redisNowMs(redis: Redis): Promise<number> {
  const [s, us] = await redis.time();
  return Number(s) * 1000 + Math.floor(Number(us) / 1000);
}

/** Runs `fn` between two readings of {@link redisNowMs}. */
export async function bracketed<T>(redis: Redis, fn: () => Promise<T>): Promise<{ value: T; before: number; after: number }> {
  const before = await redisNowMs(redis);
  const value = await fn();
  return { value, before, after: await redisNowMs(redis) };
}
