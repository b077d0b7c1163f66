import { and, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../client";
import { llmUsage, llmUsageRollups } from "../schema";

export type UsageRow = typeof llmUsage.$inferSelect;

/** Who a usage row is for and which model serves it: what is known before the request leaves. */
export type UsageStart = {
  callId: string;
  userId: string | null;
  organizationId: string | null;
  feature: string;
  taskId: string | null;
  attempt: number | null;
  provider: string;
  model: string;
};

/** A call's outcome as its usage row records it (see `llm_usage` in schema.ts for units). */
export type UsageCompletion = UsageStart & {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  estimated: boolean;
  /** Integer micro-dollars; null = unpriced. */
  costMicroUsd: number | null;
  latencyMs: number;
  ttftMs: number | null;
  /** `ok` or the error code; never `in_flight`. */
  outcome: string;
  cacheHit?: boolean;
  savedMicroUsd?: number;
};

/** The latency and TTFT histograms of one completed call (counts per bucket; `[]` for no TTFT). */
export type CallHistograms = { latency: number[]; ttft: number[] };

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Writes the `in_flight` row of a call that is about to leave (tokens 0, latency 0). A replayed
 * write of the same `callId` is a no-op.
 */
export async function insertInFlightUsage(db: Db | Tx, row: UsageStart): Promise<void> {
  await db
    .insert(llmUsage)
    .values({ ...row, outcome: "in_flight", latencyMs: 0 })
    .onConflictDoNothing({ target: llmUsage.callId });
}

/**
 * Completes the usage row `callId` — the `in_flight` row of the same call, or a new row for a
 * call recorded in one write (the offline engine, a cache hit) — and, in the same transaction,
 * adds it to its hour and day rollups (`llm_usage_rollups`, buckets in UTC from the row's
 * `created_at`, i.e. when the call left). The user, organisation, feature, task and attempt
 * stay those of the first write.
 *
 * Idempotent: a row that is already completed is left as it is and counted once, so a
 * completion written twice does not roll up twice. `alongside` is another write that commits
 * with the completion or not at all (the chat's interviewer message: one transaction per turn end).
 * @returns the completed row, or null when it had been completed before.
 */
export async function completeUsage(db: Db, c: UsageCompletion, histograms: CallHistograms, alongside?: (tx: Tx) => Promise<void>): Promise<UsageRow | null> {
  const outcome = {
    provider: c.provider,
    model: c.model,
    inputTokens: c.inputTokens,
    cachedInputTokens: c.cachedInputTokens,
    outputTokens: c.outputTokens,
    reasoningTokens: c.reasoningTokens,
    estimated: c.estimated,
    costMicroUsd: c.costMicroUsd,
    latencyMs: c.latencyMs,
    ttftMs: c.ttftMs,
    outcome: c.outcome,
    cacheHit: c.cacheHit ?? false,
    savedMicroUsd: c.savedMicroUsd ?? 0,
  };
  return db.transaction(async (tx) => {
    // First, so the rollup rows (shared by every call of the hour) stay locked no longer for it.
    await alongside?.(tx);
    let [row] = await tx
      .update(llmUsage)
      .set(outcome)
      .where(and(eq(llmUsage.callId, c.callId), eq(llmUsage.outcome, "in_flight")))
      .returning();
    if (!row) {
      [row] = await tx
        .insert(llmUsage)
        .values({ ...c, ...outcome })
        .onConflictDoNothing({ target: llmUsage.callId })
        .returning();
    }
    if (!row) return null;
    await addToRollups(tx, row, histograms);
    return row;
  });
}

/** The rollup keys one usage row adds to: every cube it belongs to, at each of the cube's granularities. */
function cubeRows(row: UsageRow, at: number): { granularity: "hour" | "day" | "month"; bucketStart: Date; userId: string; organizationId: string }[] {
  const d = new Date(at);
  const hour = new Date(Math.floor(at / HOUR_MS) * HOUR_MS);
  const day = new Date(Math.floor(at / DAY_MS) * DAY_MS);
  const month = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  const keys: ReturnType<typeof cubeRows> = [
    { granularity: "hour", bucketStart: hour, userId: "", organizationId: "" },
    { granularity: "day", bucketStart: day, userId: "", organizationId: "" },
  ];
  if (row.userId) {
    keys.push({ granularity: "day", bucketStart: day, userId: row.userId, organizationId: "" });
    keys.push({ granularity: "month", bucketStart: month, userId: row.userId, organizationId: "" });
  }
  if (row.organizationId) {
    keys.push({ granularity: "day", bucketStart: day, userId: "", organizationId: row.organizationId });
    keys.push({ granularity: "month", bucketStart: month, userId: "", organizationId: row.organizationId });
  }
  return keys;
}

/**
 * Adds one completed usage row to the rollup cubes (docs/finops.md, "Rollups"), in one upsert
 * statement: the totals cube by hour and day (user and organisation ''), the per-user cube by
 * day and month (organisation ''), the per-organisation cube by day and month (user ''). Keyed
 * per user for every hour, the table would be as large as `llm_usage` itself once users are
 * many; cut this way, each question reads one small cube. Buckets are UTC. Histograms are summed
 * element-wise.
 */
async function addToRollups(tx: Tx, row: UsageRow, histograms: CallHistograms): Promise<void> {
  const at = row.createdAt.getTime();
  const delta = {
    provider: row.provider,
    model: row.model,
    feature: row.feature,
    requests: 1,
    errors: row.outcome === "ok" ? 0 : 1,
    rateLimited: row.outcome === "rate_limited" ? 1 : 0,
    inputTokens: row.inputTokens,
    cachedInputTokens: row.cachedInputTokens,
    outputTokens: row.outputTokens,
    reasoningTokens: row.reasoningTokens,
    costMicroUsd: row.costMicroUsd ?? 0,
    unpricedRequests: row.costMicroUsd === null ? 1 : 0,
    estimatedRequests: row.estimated ? 1 : 0,
    cacheHits: row.cacheHit ? 1 : 0,
    savedMicroUsd: row.savedMicroUsd,
    latencyMsSum: row.latencyMs,
    latencyBuckets: histograms.latency,
    ttftCount: row.ttftMs === null ? 0 : 1,
    ttftMsSum: row.ttftMs ?? 0,
    ttftBuckets: histograms.ttft,
  };
  const r = llmUsageRollups;
  const sum = (col: AnyPgColumn) => sql`${col} + excluded.${sql.identifier(col.name)}`;
  await tx
    .insert(r)
    .values(cubeRows(row, at).map((k) => ({ ...k, ...delta })))
    .onConflictDoUpdate({
      target: [r.granularity, r.bucketStart, r.provider, r.model, r.feature, r.userId, r.organizationId],
      set: {
        requests: sum(r.requests),
        errors: sum(r.errors),
        rateLimited: sum(r.rateLimited),
        inputTokens: sum(r.inputTokens),
        cachedInputTokens: sum(r.cachedInputTokens),
        outputTokens: sum(r.outputTokens),
        reasoningTokens: sum(r.reasoningTokens),
        costMicroUsd: sum(r.costMicroUsd),
        unpricedRequests: sum(r.unpricedRequests),
        estimatedRequests: sum(r.estimatedRequests),
        cacheHits: sum(r.cacheHits),
        savedMicroUsd: sum(r.savedMicroUsd),
        latencyMsSum: sum(r.latencyMsSum),
        latencyBuckets: sql`panelist_int_array_add(${r.latencyBuckets}, excluded.latency_buckets)`,
        ttftCount: sum(r.ttftCount),
        ttftMsSum: sum(r.ttftMsSum),
        ttftBuckets: sql`panelist_int_array_add(${r.ttftBuckets}, excluded.ttft_buckets)`,
      },
    });
}
