import * as alerts from "@/lib/alerts";
import type { Db } from "@/lib/db/client";
import {
  deleteBudgetRow,
  deletePriceOverrideRow,
  listBudgetRows,
  listPriceOverrideRows,
  upsertBudgetRow,
  upsertPriceOverrideRow,
} from "@/lib/db/queries/console-settings";

/*
 * The one place the console calls the pieces it does not own: budgets (lib/finops/budgets.ts),
 * alert rules and events (lib/alerts/), price overrides (lib/finops/prices.ts) and queue stats
 * (lib/queue/stats.ts). The alerts and the queue stats are wired. WIRING: budgets and price
 * overrides are stand-ins with the contract's signatures over the same tables
 * (lib/db/queries/console-settings.ts), each change written to audit_log with its actor, until
 * their modules land; then each body becomes a call to the real function and the stand-in
 * queries go. The types are what the console reads; an adapter here maps a module's own
 * shape onto them.
 */

export type BudgetScope = "global" | "organization" | "user" | "feature";
export type BudgetPeriod = "day" | "month";
/** A budget: `scopeId` is '' for global, an id or '*' (every one) otherwise; the limit in micro-dollars per period. */
export type Budget = {
  scope: BudgetScope;
  scopeId: string;
  period: BudgetPeriod;
  limitMicroUsd: number;
  updatedBy: string | null;
  updatedAt: Date;
};

/** All budgets. */
export async function listBudgets(db: Db): Promise<Budget[]> {
  return listBudgetRows(db);
}

/** Creates or changes a budget; the budget module writes the audit row and resumes work waiting on it. */
export async function setBudget(
  db: Db,
  b: { scope: BudgetScope; scopeId: string; period: BudgetPeriod; limitMicroUsd: number; actorId: string },
): Promise<void> {
  await upsertBudgetRow(db, b);
}

/** Removes a budget (nothing happens when there is none); audit row as for {@link setBudget}. */
export async function deleteBudget(db: Db, b: { scope: BudgetScope; scopeId: string; period: BudgetPeriod; actorId: string }): Promise<void> {
  await deleteBudgetRow(db, b);
}

// Alert rules: the catalogue with thresholds, units, bounds and switches; `updateAlertRule`
// writes the audit row and throws 404 `not_found:admin` / 422 `unprocessable:admin`.
export { type AlertRule, listAlertRules, updateAlertRule } from "@/lib/alerts";

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
