/**
 * The real sources of the scrape-time gauges (`gauges.ts`): queue stats, budgets, the governor's
 * window and the circuit breakers of the configured models. The one place that knows where each
 * figure lives.
 */
import type Redis from "ioredis";
import { getFallbackConfig, getLlmConfig, type OnlineLlmConfig } from "@/lib/ai/config";
import type { Db } from "@/lib/db/client";
import { budgetStatuses } from "@/lib/finops/budgets";
import { queueStats } from "@/lib/queue/stats";
import type { ModelRef } from "@/lib/ratelimit/keys";
import { getBreaker, getGovernor } from "@/lib/ratelimit/shared";
import type { BudgetGaugeInput, GaugeSources, QuotaGaugeInput } from "./gauges";

/** The primary model and the fallback, when the LLM is online (none for the offline engine). */
function configuredModels(): ModelRef[] {
  const primary = getLlmConfig();
  const online = [primary, getFallbackConfig(primary)].filter((c): c is OnlineLlmConfig => c !== null && c.mode !== "offline");
  return online.map(({ provider, model }) => ({ provider, model }));
}

/** Budgets for `budget_remaining_usd` / `budget_limit_usd`: `budgetStatuses(db)` of lib/finops/budgets.ts. */
function budgetSource(db: Db): () => Promise<BudgetGaugeInput[]> {
  return () => budgetStatuses(db);
}

/** The sources read from this deployment's Redis and PostgreSQL. */
export function gaugeSources(a: { db: Db; redis: Redis }): GaugeSources {
  return {
    queues: () => queueStats(a.redis),
    budgets: budgetSource(a.db),
    quota: async () => {
      const governor = getGovernor();
      const rows: QuotaGaugeInput[] = [];
      for (const ref of configuredModels()) {
        const s = await governor.snapshot(ref);
        if (s.limits.rpm) rows.push({ model: ref.model, kind: "rpm", utilization: (s.requests + s.phantomRequests) / s.limits.rpm });
        if (s.limits.tpm) rows.push({ model: ref.model, kind: "tpm", utilization: (s.tokens + s.phantomTokens) / s.limits.tpm });
      }
      return rows;
    },
    breakers: async () => {
      const rows = [];
      for (const ref of configuredModels()) rows.push({ model: ref.model, open: (await getBreaker(ref).snapshot()).state === "open" });
      return rows;
    },
  };
}
