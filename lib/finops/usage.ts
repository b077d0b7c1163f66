import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { upsertUsage } from "@/lib/db/queries/usage";
import { tallyCall } from "./call-tally";

type UsageRecord = {
  userId: string | null;
  feature: string;
  taskId: string | null;
  attempt: number | null;
  provider: string;
  model: string;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  /** Integer micro-dollars (1 USD = 1 000 000). Prices come in a later issue; 0 until then and for offline. */
  costMicroUsd: number;
  latencyMs: number;
  /** `ok`, the error code of the call, or `in_flight` while it runs (a worker killed mid-call leaves it so). */
  outcome: string;
  /** The organisation charged (null: a person's own work). */
  organizationId?: string | null;
  /** Served from the result cache (lib/finops/cache.ts): no upstream call, cost 0. */
  cacheHit?: boolean;
  /** What a cache hit saved: the cost of the call(s) that produced the cached result, micro-dollars. */
  savedMicroUsd?: number;
};

/**
 * Writes the usage row of one upstream call (or one offline analysis), keyed by `callId`.
 * Two-phase for upstream calls: written with outcome `in_flight` before the request leaves,
 * then completed with the real tokens, latency and outcome — so a worker killed mid-call still
 * leaves exactly one row for the call. Writing the same `callId` again updates that row.
 */
export async function recordUsage(db: Db, rec: UsageRecord & { callId?: string }): Promise<void> {
  const { callId = randomUUID(), ...fields } = rec;
  await upsertUsage(db, { ...fields, callId });
  // The result cache learns what producing a result cost from the rows completed meanwhile.
  tallyCall(fields);
}
