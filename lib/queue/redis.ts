import Redis, { type RedisOptions } from "ioredis";

/**
 * A new ioredis connection to `REDIS_URL` (default redis://127.0.0.1:6379).
 * Each blocking reader (XREADGROUP BLOCK) and each subscriber needs its own connection;
 * commands never queue forever while Redis is down (`maxRetriesPerRequest`), so callers see
 * errors and the database-backed relay takes over.
 */
export function createRedis(name: string, opts: RedisOptions = {}): Redis {
  const url = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const redis = new Redis(url, {
    connectionName: `panelist:${name}`,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(200 * times, 2_000),
    ...opts,
  });
  // Connection errors surface on the commands that fail; without a listener ioredis would also
  // print "Unhandled error event" on every reconnect attempt.
  redis.on("error", () => undefined);
  return redis;
}

let shared: Redis | undefined;

/** The process-wide connection for non-blocking commands (XADD, PUBLISH, counters). */
export function getRedis(): Redis {
  shared ??= createRedis("cmd");
  return shared;
}

export async function closeRedis(): Promise<void> {
  if (shared) {
    const r = shared;
    shared = undefined;
    await r.quit().catch(() => r.disconnect());
  }
}
