import * as alerts from "@/lib/alerts";
import type { Db } from "@/lib/db/client";
import { deletePriceOverrideRow, listPriceOverrideRows, upsertPriceOverrideRow } from "@/lib/db/queries/console-settings";

/*
 * The one place the console calls the pieces it does not own: budgets (lib/finops/budgets.ts),
 * alert rules and events (lib/alerts/), price overrides (lib/finops/prices.ts) and queue stats
 * (lib/queue/stats.ts). Budgets, alerts and queue stats are wired. WIRING: the price overrides
 * are stand-ins with the contract's signatures over the same table
 * (lib/db/queries/console-settings.ts), each change written to audit_log with its actor, until
 * lib/finops/prices.ts lands; then each body becomes a call to the real function (or a
 * re-export) and the stand-in queries go. The types are what the console reads; an adapter here maps a module's own
 * shape onto them.
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

/** A model's price override, micro-dollars per million tokens. */
export type PriceOverride = {
  provider: string;
  model: string;
  inputMicroUsdPerMTok: number;
  cachedInputMicroUsdPerMTok: number;
  outputMicroUsdPerMTok: number;
  updatedBy: string | null;
  updatedAt: Date;
};

/** Every price override. */
export async function listPriceOverrides(db: Db): Promise<PriceOverride[]> {
  return listPriceOverrideRows(db);
}

/** Creates or changes a model's price override; audit row. */
export async function setPriceOverride(
  db: Db,
  p: { provider: string; model: string; inputMicroUsdPerMTok: number; cachedInputMicroUsdPerMTok: number; outputMicroUsdPerMTok: number; actorId: string },
): Promise<void> {
  await upsertPriceOverrideRow(db, p);
}

/** Removes a model's price override (nothing happens when there is none); audit row. */
export async function deletePriceOverride(db: Db, p: { provider: string; model: string; actorId: string }): Promise<void> {
  await deletePriceOverrideRow(db, p);
}

export { queueStats, type StreamStats } from "@/lib/queue/stats";
