import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { llmUsage } from "@/lib/db/schema";

export type UsageRecord = {
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
  /** `ok` or the error code of the call. */
  outcome: string;
};

/**
 * Writes one usage row for one upstream call (or one offline analysis). `callId` is
 * generated once per call by the caller; replaying the same write is a no-op.
 */
export async function recordUsage(db: Db, rec: UsageRecord & { callId?: string }): Promise<void> {
  await db
    .insert(llmUsage)
    .values({ ...rec, callId: rec.callId ?? randomUUID() })
    .onConflictDoNothing({ target: llmUsage.callId });
}
