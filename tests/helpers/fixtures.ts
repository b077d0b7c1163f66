import { randomUUID } from "node:crypto";
import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { user } from "@/lib/db/schema";
import { redisPrefix } from "@/lib/queue/names";

/** Inserts a user row directly (no password) with a platform role and returns its id. */
export async function createUser(db: Db, opts: { role?: "user" | "admin" } = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(user).values({ id, name: "Test User", email: `u-${id}@example.test`, role: opts.role ?? "user" });
  return id;
}

/** Deletes every key of this file's prefix. */
export async function clearPrefix(redis: Redis): Promise<void> {
  // Without a prefix the pattern is every key on a Redis other people use: refuse, never wipe it.
  if (!redisPrefix()) throw new Error("clearPrefix: no Redis key prefix is set for this test file (import tests/helpers/env first)");
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await redis.scan(cursor, "MATCH", `${redisPrefix()}*`, "COUNT", 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== "0");
  if (keys.length) await redis.del(...keys);
}

/** Polls `fn` until it returns a truthy value or `timeoutMs` passes. */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 20_000, stepMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/**
 * Snapshots environment variables a test file changes and gives back a function that restores
 * them (unset ones are deleted again) — call it in `afterEach`.
 */
export function envRestorer(keys: readonly string[]): () => void {
  const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
  return () => {
    for (const k of keys) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  };
}
