import type Redis from "ioredis";

/**
 * Checks the Redis settings Panelist relies on (docs/deploy.md "Redis: AOF + noeviction"):
 * `maxmemory-policy noeviction` — any eviction policy may silently drop a stream or the
 * governor's counters when memory runs out — and `appendonly yes`, without which a restart
 * empties every stream (nothing is lost: PostgreSQL is the source of truth and the outbox relay
 * republishes, but every queued task is then re-sent at once). Managed services often refuse
 * CONFIG; then nothing can be said.
 * @returns one human-readable warning per setting that is off (empty when all is well or
 *   CONFIG is refused).
 */
export async function redisSettingWarnings(redis: Redis): Promise<string[]> {
  const get = async (name: string): Promise<string | null> => {
    try {
      const r = (await redis.config("GET", name)) as string[];
      return r.length >= 2 ? r[1] : null;
    } catch {
      return null;
    }
  };
  const warnings: string[] = [];
  const policy = await get("maxmemory-policy");
  if (policy !== null && policy !== "noeviction") {
    warnings.push(`Redis maxmemory-policy is "${policy}": under memory pressure Redis may evict task streams or quota counters; set it to noeviction`);
  }
  const aof = await get("appendonly");
  if (aof !== null && aof !== "yes") {
    warnings.push(
      "Redis appendonly is off: a Redis restart empties the task streams (PostgreSQL keeps every task and the relay republishes them); turn AOF on in production",
    );
  }
  return warnings;
}
