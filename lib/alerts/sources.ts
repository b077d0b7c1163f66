/**
 * What the alert signals read from other parts of the platform, in one place: the budgets'
 * statuses (lib/finops/budgets.ts) and the task streams' stats (lib/queue/stats.ts). The
 * evaluator takes these as dependencies, so each pass memoises them once for every rule that
 * needs them.
 */
import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { budgetStatuses } from "@/lib/finops/budgets";
import { queueStats, type StreamStats } from "@/lib/queue/stats";

/**
 * One budget's state in its current period, as `budgetStatuses(db)` of lib/finops/budgets.ts
 * reports it (docs/finops.md, "Budgets"). Money in integer micro-dollars; `utilization` is
 * spend over limit as a fraction (0.8 = 80 %).
 */
export type BudgetStatus = {
  key: string;
  scope: string;
  scopeId: string;
  period: "day" | "month";
  limitMicroUsd: number;
  spentMicroUsd: number;
  reservedMicroUsd: number;
  remainingMicroUsd: number;
  utilization: number;
  resetsAt: Date;
};

export type AlertSources = {
  budgetStatuses: (db: Db) => Promise<BudgetStatus[]>;
  queueStats: (redis: Redis) => Promise<StreamStats[]>;
};

/** The sources of a running platform. */
export const defaultAlertSources: AlertSources = { budgetStatuses, queueStats };
