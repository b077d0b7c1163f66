import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { llmCache } from "../schema";

export type CacheEntryRow = typeof llmCache.$inferSelect;

/** `now() - maxAgeMs` on the database's clock (the one `created_at` was written with). */
const oldestFresh = (maxAgeMs: number) => sql`now() - make_interval(secs => ${maxAgeMs / 1000})`;

/**
 * The entry `key` when it was stored less than `maxAgeMs` ago; undefined when there is none or
 * it is older (an expired entry is a miss; the next store replaces it).
 */
export async function getFreshCacheEntry(db: Db, { key, maxAgeMs }: { key: string; maxAgeMs: number }): Promise<CacheEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(llmCache)
    .where(and(eq(llmCache.key, key), gt(llmCache.createdAt, oldestFresh(maxAgeMs))))
    .limit(1);
  return row;
}

/** Counts one hit on entry `key`: `hits + 1`, `last_hit_at = now()`. */
export async function countCacheHit(db: Db, { key }: { key: string }): Promise<void> {
  await db
    .update(llmCache)
    .set({ hits: sql`${llmCache.hits} + 1`, lastHitAt: sql`now()` })
    .where(eq(llmCache.key, key));
}

/**
 * Stores a produced result under `entry.key`, with fresh `created_at`, 0 hits. An entry already
 * there is replaced only when it is older than `maxAgeMs`, or when `replace` is set (the stored
 * result no longer passed its schema): of two identical misses racing, the first stored stays.
 * Then deletes up to `pruneLimit` other expired entries, so the table holds about one max-age of
 * results without a sweeper (docs/finops.md, "Cache").
 * @returns whether the entry was written.
 */
export async function storeCacheEntry(
  db: Db,
  a: {
    entry: Pick<CacheEntryRow, "key" | "feature" | "provider" | "model" | "promptVersion" | "language" | "result" | "costMicroUsd">;
    maxAgeMs: number;
    replace: boolean;
    pruneLimit: number;
  },
): Promise<boolean> {
  const fresh = { ...a.entry, hits: 0, createdAt: sql`now()`, lastHitAt: null };
  const written = await db
    .insert(llmCache)
    .values(fresh)
    .onConflictDoUpdate({
      target: llmCache.key,
      set: fresh,
      setWhere: a.replace ? undefined : lt(llmCache.createdAt, oldestFresh(a.maxAgeMs)),
    })
    .returning({ key: llmCache.key });
  if (a.pruneLimit > 0) await deleteExpiredCacheEntries(db, { maxAgeMs: a.maxAgeMs, limit: a.pruneLimit });
  return written.length === 1;
}

/**
 * Deletes up to `limit` entries stored more than `maxAgeMs` ago.
 * @returns how many were deleted.
 */
export async function deleteExpiredCacheEntries(db: Db, { maxAgeMs, limit }: { maxAgeMs: number; limit: number }): Promise<number> {
  const expired = db
    .select({ key: llmCache.key })
    .from(llmCache)
    .where(lt(llmCache.createdAt, oldestFresh(maxAgeMs)))
    .limit(limit);
  const gone = await db.delete(llmCache).where(sql`${llmCache.key} in (${expired})`).returning({ key: llmCache.key });
  return gone.length;
}

/**
 * The cache at a glance, for the console: entries younger than `maxAgeMs` (those that can still
 * hit), hits counted on them, and what their results cost to produce (micro-dollars, priced
 * entries only). The money hits saved is in the usage rollups (`saved_micro_usd`), per period.
 */
export async function cacheSummary(db: Db, { maxAgeMs }: { maxAgeMs: number }): Promise<{ entries: number; hits: number; producedCostMicroUsd: number }> {
  const [row] = await db
    .select({
      entries: sql<number>`count(*)::int`,
      hits: sql<number>`coalesce(sum(${llmCache.hits}), 0)::bigint`.mapWith(Number),
      producedCostMicroUsd: sql<number>`coalesce(sum(${llmCache.costMicroUsd}), 0)::bigint`.mapWith(Number),
    })
    .from(llmCache)
    .where(gt(llmCache.createdAt, oldestFresh(maxAgeMs)));
  return row;
}
