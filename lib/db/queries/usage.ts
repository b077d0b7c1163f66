import type { Db, Tx } from "../client";
import { llmUsage } from "../schema";

type UsageRow = typeof llmUsage.$inferInsert;

/**
 * Writes the usage row `callId`, or — when it exists (the `in_flight` row of the same call) —
 * completes it with the provider, model, tokens, cost, latency and outcome given. The row's
 * user, feature, task and attempt are those of its first write.
 */
export async function upsertUsage(db: Db | Tx, row: UsageRow & { callId: string }): Promise<void> {
  await db
    .insert(llmUsage)
    .values(row)
    .onConflictDoUpdate({
      target: llmUsage.callId,
      set: {
        provider: row.provider,
        model: row.model,
        inputTokens: row.inputTokens,
        cachedInputTokens: row.cachedInputTokens,
        outputTokens: row.outputTokens,
        costMicroUsd: row.costMicroUsd,
        latencyMs: row.latencyMs,
        outcome: row.outcome,
      },
    });
}
