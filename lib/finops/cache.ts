/**
 * The exact-match result cache (docs/finops.md, "Cache"): a model result is stored under the
 * SHA-256 of everything that decides it — feature, input, prompt version, provider, model,
 * language — and the same request is then answered from the table at no cost. Each hit writes a
 * usage row (`cache_hit`, cost 0, `saved_micro_usd` = what producing the result cost), so hits
 * and the money they saved are counted with the rest of the usage.
 */
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import type { ZodType } from "zod";
import { type CacheEntryRow, countCacheHit, getFreshCacheEntry, storeCacheEntry } from "@/lib/db/queries/cache";
import { type TalliedCall, withCallTally } from "./call-tally";
import { recordUsage } from "./meter";
import { currentUsageScope, type UsageScope } from "./scope";

/** Default of `LLM_CACHE_MAX_AGE_DAYS`: how long a stored result is served, days. */
export const DEFAULT_CACHE_MAX_AGE_DAYS = 30;
/**
 * Expired entries each store deletes: a few per miss keeps the table near one max-age of
 * results without a sweeper, and costs a miss (which waited seconds for a model) little.
 */
const PRUNE_PER_STORE = 50;
const DAY_MS = 86_400_000;

type Env = Record<string, string | undefined>;

/**
 * The cache's switch and age limit, read per call (like the model configuration, so tests and
 * the eval harness can change them): `LLM_CACHE` = `on` (default) | `off`;
 * `LLM_CACHE_MAX_AGE_DAYS` = a positive integer (default {@link DEFAULT_CACHE_MAX_AGE_DAYS}).
 * @throws Error on any other value, so a typo is seen at once rather than silently caching.
 */
export function resultCacheConfig(env: Env = process.env): { enabled: boolean; maxAgeMs: number } {
  const raw = env.LLM_CACHE?.trim().toLowerCase() || "on";
  if (raw !== "on" && raw !== "off") throw new Error(`LLM_CACHE must be "on" or "off" (got "${env.LLM_CACHE}")`);
  const days = env.LLM_CACHE_MAX_AGE_DAYS?.trim();
  if (days && (!/^\d+$/.test(days) || Number(days) <= 0)) throw new Error(`LLM_CACHE_MAX_AGE_DAYS must be a positive integer of days (got "${days}")`);
  return { enabled: raw === "on", maxAgeMs: (days ? Number(days) : DEFAULT_CACHE_MAX_AGE_DAYS) * DAY_MS };
}

/** What decides a result: the fields of the cache key. */
export type CacheKeyFields = {
  /** The usage feature (`resume.analyze`, `interview.plan`, `interview.evaluate`). */
  feature: string;
  /**
   * Everything else that changes the answer — the texts sent, and call settings fixed in code
   * such as the temperature. JSON only: strings, finite numbers, booleans, null, arrays, plain objects.
   */
  input: unknown;
  /** The prompt's version constant (`lib/<domain>/llm`): bumping it misses every older entry. */
  promptVersion: string;
  provider: string;
  /** The model asked for (the fallback's, when the call prefers it). */
  model: string;
  language: string;
};

/**
 * The entry key: SHA-256, hex, of the JSON Canonicalization Scheme (RFC 8785) encoding of the
 * key fields — object keys sorted, numbers and strings in one spelling — so equal inputs give
 * equal keys whatever the order their objects were built in.
 * @returns null when the fields are not encodable (a lone surrogate, NaN): such a request is not cached.
 */
export function cacheKey(k: CacheKeyFields): string | null {
  let text: string | undefined;
  try {
    text = canonicalize({ feature: k.feature, input: k.input, promptVersion: k.promptVersion, provider: k.provider, model: k.model, language: k.language });
  } catch {
    return null;
  }
  return text === undefined ? null : createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * Returns the stored result of an identical earlier request, or runs `produce` and stores what
 * it returns.
 *
 * - **Hit** (an entry younger than the max age whose result still passes `schema`): counts the
 *   hit on the entry and writes one usage row — `cache_hit`, provider and model of the cached
 *   result, no tokens, cost 0, `saved_micro_usd` = the entry's cost (0 when it was unpriced),
 *   the lookup's latency, outcome `ok` — and returns the stored result, parsed by `schema`.
 *   `produce` does not run: no upstream request.
 * - **Miss**: runs `produce`; stores its value only when it passes `schema` and every model call
 *   that succeeded meanwhile was served by `provider`/`model` (a result of the fallback model,
 *   served while the primary's circuit was open, is not filed under the primary). The entry's
 *   cost is the sum of those calls' costs, null when any was unpriced. Returns the value as
 *   `produce` returned it.
 * - Where: the usage scope the service set around the work (`withUsageScope`): its database,
 *   its feature (part of the key) and whom a hit is charged to. Outside any scope,
 *   `LLM_CACHE=off`, or with a key that cannot be encoded: just runs `produce`.
 *
 * Only successful results are stored: when `produce` throws, nothing is, and the error propagates.
 * Two identical misses at the same time both run `produce`; the first stored result stays.
 * @throws whatever `produce` throws; the database's errors; Error for a malformed `LLM_CACHE*`.
 */
export async function cachedResult<T>(
  request: Omit<CacheKeyFields, "feature"> & { /** Checks a result before it is stored and again before it is served. */ schema: ZodType<T> },
  produce: () => Promise<T>,
): Promise<T> {
  const scope = currentUsageScope();
  const config = resultCacheConfig();
  if (!scope || !config.enabled) return produce();
  const req = { ...scope, ...request };
  const key = cacheKey(req);
  if (key === null) return produce();

  const started = performance.now();
  const entry = await getFreshCacheEntry(req.db, { key, maxAgeMs: config.maxAgeMs });
  const stored = entry ? req.schema.safeParse(entry.result) : undefined;
  if (entry && stored?.success) {
    await recordCacheHit(req, entry, Math.round(performance.now() - started));
    return stored.data;
  }

  const { value, calls } = await withCallTally(produce);
  if (req.schema.safeParse(value).success && servedAsKeyed(req, calls)) {
    await storeCacheEntry(req.db, {
      entry: {
        key,
        feature: req.feature,
        provider: req.provider,
        model: req.model,
        promptVersion: req.promptVersion,
        language: req.language,
        result: value,
        costMicroUsd: producedCost(calls),
      },
      maxAgeMs: config.maxAgeMs,
      // An entry that is still fresh but no longer parses would otherwise block its own replacement.
      replace: entry !== undefined,
      pruneLimit: PRUNE_PER_STORE,
    });
  }
  return value;
}

/** Every successful call was served by the model the entry is keyed under. */
function servedAsKeyed(req: { provider: string; model: string }, calls: TalliedCall[]): boolean {
  return calls.filter((c) => c.outcome === "ok").every((c) => c.provider === req.provider && c.model === req.model);
}

/** What the calls cost together, micro-dollars; null when any of them was unpriced. */
function producedCost(calls: TalliedCall[]): number | null {
  let sum = 0;
  for (const c of calls) {
    if (c.costMicroUsd === null) return null;
    sum += c.costMicroUsd;
  }
  return sum;
}

/**
 * A hit's bookkeeping: its usage row through the usage ledger (which maintains the rollups), then
 * the entry's hit count. The row is attributed to the request's scope.
 */
async function recordCacheHit(scope: UsageScope, entry: CacheEntryRow, latencyMs: number): Promise<void> {
  await recordUsage({
    scope,
    ref: { provider: entry.provider, model: entry.model },
    outcome: "ok",
    latencyMs,
    cacheHit: true,
    savedMicroUsd: entry.costMicroUsd ?? 0,
  });
  await countCacheHit(scope.db, { key: entry.key });
}
