import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { modelPrices } from "../schema";
import { insertAuditEntry } from "./audit";

/*
 * Stand-ins for the price-override functions lib/finops/prices.ts owns, with the same
 * signatures, used only through lib/console/pieces.ts until it lands; then this file goes. Each write runs in one
 * transaction with its `audit_log` row.
 */

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
