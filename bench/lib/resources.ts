import { randomUUID } from "node:crypto";
import Redis from "ioredis";
import postgres from "postgres";
import { runMigrations } from "@/lib/db/migrate";

/** The PostgreSQL server benchmarks use (its maintenance database): `DATABASE_URL` or the local default. */
export function serverUrl(): string {
  return process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

export function redisUrl(): string {
  return process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
}

/** A fresh Redis key prefix, `bench:<8 hex>:`, so a benchmark never touches anyone else's keys. */
export function benchRedisPrefix(): string {
  return `bench:${randomUUID().slice(0, 8)}:`;
}

/**
 * Creates a database of this run alone on the shared server and migrates it (the server's
 * existing databases are never touched).
 * @param tag a short name part, e.g. `pipeline`.
 * @returns its URL and `drop()`, which drops it `WITH (FORCE)` (idempotent).
 */
export async function createBenchDatabase(tag: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `panelist_bench_${tag}_${Date.now()}_${process.pid}`;
  const admin = postgres(serverUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const u = new URL(serverUrl());
  u.pathname = `/${name}`;
  const url = u.toString();
  let dropped = false;
  try {
    await runMigrations(url);
  } catch (err) {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end({ timeout: 5 });
    throw err;
  }
  return {
    name,
    url,
    async drop() {
      if (dropped) return;
      dropped = true;
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** Deletes every key under `prefix` (SCAN + DEL; the shared Redis is never flushed). Returns how many. */
export async function deleteRedisPrefix(prefix: string): Promise<number> {
  if (!/^bench:[0-9a-f]{8}:$/.test(prefix)) throw new Error(`refusing to delete keys under ${prefix}: not a bench prefix`);
  const redis = new Redis(redisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  let n = 0;
  try {
    await redis.connect();
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      cursor = next;
      if (keys.length) n += await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
  return n;
}

/**
 * Runs `cleanup` once when the benchmark is interrupted (SIGINT, SIGTERM, SIGHUP), then exits
 * 130. Worker processes lead their own process groups, so Ctrl-C does not reach them: without
 * this they, the database and the keys would outlive an interrupted run.
 */
export function onInterrupt(cleanup: () => Promise<void>): void {
  let started = false;
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(sig, () => {
      if (started) return;
      started = true;
      void cleanup()
        .catch((err) => console.error("[bench] clean-up after interrupt failed", err))
        .finally(() => process.exit(130));
    });
  }
}
