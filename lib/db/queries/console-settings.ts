import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { budgets, modelPrices } from "../schema";
import { insertAuditEntry } from "./audit";

/*
 * Stand-ins for the budget and price-override functions their own modules own
 * (lib/finops/budgets.ts, lib/finops/prices.ts), with the same signatures, used only through
 * lib/console/pieces.ts until those land; then this file goes. Each write runs in one
 * transaction with its `audit_log` row.
 */

type BudgetKey = { scope: "global" | "organization" | "user" | "feature"; scopeId: string; period: "day" | "month" };

/** Every budget, by scope, scope id and period. */
export async function listBudgetRows(db: Db) {
  return db.select().from(budgets).orderBy(asc(budgets.scope), asc(budgets.scopeId), asc(budgets.period));
}

const budgetTarget = (k: BudgetKey) => `budget:${k.scope}:${k.scopeId}:${k.period}`;

/** Creates or changes one budget (micro-dollars per period) and writes `budget.set`. */
export async function upsertBudgetRow(db: Db, b: BudgetKey & { limitMicroUsd: number; actorId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const key = and(eq(budgets.scope, b.scope), eq(budgets.scopeId, b.scopeId), eq(budgets.period, b.period));
    const [before] = await tx.select({ limitMicroUsd: budgets.limitMicroUsd }).from(budgets).where(key).for("update");
    await tx
      .insert(budgets)
      .values({ scope: b.scope, scopeId: b.scopeId, period: b.period, limitMicroUsd: b.limitMicroUsd, updatedBy: b.actorId })
      .onConflictDoUpdate({
        target: [budgets.scope, budgets.scopeId, budgets.period],
        set: { limitMicroUsd: b.limitMicroUsd, updatedBy: b.actorId, updatedAt: new Date() },
      });
    await insertAuditEntry(tx, {
      actorId: b.actorId,
      action: "budget.set",
      target: budgetTarget(b),
      before: before ?? null,
      after: { limitMicroUsd: b.limitMicroUsd },
    });
  });
}

/** Removes one budget and writes `budget.delete`; false when there was none. */
export async function deleteBudgetRow(db: Db, b: BudgetKey & { actorId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(budgets)
      .where(and(eq(budgets.scope, b.scope), eq(budgets.scopeId, b.scopeId), eq(budgets.period, b.period)))
      .returning({ limitMicroUsd: budgets.limitMicroUsd });
    if (!gone) return false;
    await insertAuditEntry(tx, { actorId: b.actorId, action: "budget.delete", target: budgetTarget(b), before: gone, after: null });
    return true;
  });
}

/** Every price override, by provider and model. */
export async function listPriceOverrideRows(db: Db) {
  return db.select().from(modelPrices).orderBy(asc(modelPrices.provider), asc(modelPrices.model));
}

type PriceKey = { provider: string; model: string };
type Prices = { inputMicroUsdPerMTok: number; cachedInputMicroUsdPerMTok: number; outputMicroUsdPerMTok: number };

/** Creates or changes one model's price override and writes `price.set`. */
export async function upsertPriceOverrideRow(db: Db, p: PriceKey & Prices & { actorId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const key = and(eq(modelPrices.provider, p.provider), eq(modelPrices.model, p.model));
    const cols = {
      inputMicroUsdPerMTok: modelPrices.inputMicroUsdPerMTok,
      cachedInputMicroUsdPerMTok: modelPrices.cachedInputMicroUsdPerMTok,
      outputMicroUsdPerMTok: modelPrices.outputMicroUsdPerMTok,
    };
    const [before] = await tx.select(cols).from(modelPrices).where(key).for("update");
    const prices = {
      inputMicroUsdPerMTok: p.inputMicroUsdPerMTok,
      cachedInputMicroUsdPerMTok: p.cachedInputMicroUsdPerMTok,
      outputMicroUsdPerMTok: p.outputMicroUsdPerMTok,
    };
    await tx
      .insert(modelPrices)
      .values({ provider: p.provider, model: p.model, ...prices, updatedBy: p.actorId })
      .onConflictDoUpdate({ target: [modelPrices.provider, modelPrices.model], set: { ...prices, updatedBy: p.actorId, updatedAt: new Date() } });
    await insertAuditEntry(tx, { actorId: p.actorId, action: "price.set", target: `price:${p.provider}/${p.model}`, before: before ?? null, after: prices });
  });
}

/** Removes one model's price override (the catalog's price applies again) and writes `price.delete`; false when there was none. */
export async function deletePriceOverrideRow(db: Db, p: PriceKey & { actorId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(modelPrices)
      .where(and(eq(modelPrices.provider, p.provider), eq(modelPrices.model, p.model)))
      .returning({
        inputMicroUsdPerMTok: modelPrices.inputMicroUsdPerMTok,
        cachedInputMicroUsdPerMTok: modelPrices.cachedInputMicroUsdPerMTok,
        outputMicroUsdPerMTok: modelPrices.outputMicroUsdPerMTok,
      });
    if (!gone) return false;
    await insertAuditEntry(tx, { actorId: p.actorId, action: "price.delete", target: `price:${p.provider}/${p.model}`, before: gone, after: null });
    return true;
  });
}
