import * as alerts from "@/lib/alerts";
import type { Db } from "@/lib/db/client";

/*
 * The one place the console calls the pieces it does not own — budgets (lib/finops/budgets.ts),
 * alert rules and events (lib/alerts/), price overrides (lib/finops/prices.ts) and queue stats
 * (lib/queue/stats.ts) — so a change of their signatures is met here. Where a module's shape
 * is not the console's, the adapter is here too (active alerts).
 */

// Alert rules: the catalogue with thresholds, units, bounds and switches; `updateAlertRule`
// writes the audit row and throws 404 `not_found:admin` / 422 `unprocessable:admin`.
export { type AlertRule, listAlertRules, updateAlertRule } from "@/lib/alerts";
// Budgets (lib/finops/budgets.ts): `setBudget`/`deleteBudget` write the audit row and resume
// work waiting on a budget; `budgetStatuses` is where each stands in its current period.
export {
  type BudgetPeriod,
  type BudgetRow as Budget,
  type BudgetScope,
  type BudgetStatus,
  budgetStatuses,
  deleteBudget,
  listBudgets,
  setBudget,
} from "@/lib/finops/budgets";

/** An alert that fired and has not cleared, with its rule's title. */
export type ActiveAlert = { id: string; kind: string; title: string; subject: string; message: string; value: number; threshold: number; firedAt: Date };

/** Alerts firing now, newest first (lib/alerts/events.ts). */
export async function listActiveAlerts(db: Db): Promise<ActiveAlert[]> {
  const rows = await alerts.listActiveAlerts(db);
  return rows.map(({ id, kind, title, subject, message, value, threshold, firedAt }) => ({ id, kind, title, subject, message, value, threshold, firedAt }));
}

export type { ModelPriceRow as PriceOverride } from "@/lib/db/queries/prices";
// Price overrides (lib/finops/prices.ts): each change writes its audit row and drops the price cache.
export { deletePriceOverride, listPriceOverrides, setPriceOverride } from "@/lib/finops/prices";

export { queueStats, type StreamStats } from "@/lib/queue/stats";
