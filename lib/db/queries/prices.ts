import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { modelPrices } from "../schema";

export type ModelPriceRow = typeof modelPrices.$inferSelect;

/** Every per-model price override, by provider then model. */
export async function listModelPrices(db: Db | Tx): Promise<ModelPriceRow[]> {
  return db.select().from(modelPrices).orderBy(asc(modelPrices.provider), asc(modelPrices.model));
}

/** The override of one model, or undefined. */
export async function getModelPrice(db: Db | Tx, ref: { provider: string; model: string }): Promise<ModelPriceRow | undefined> {
  const [row] = await db
    .select()
    .from(modelPrices)
    .where(and(eq(modelPrices.provider, ref.provider), eq(modelPrices.model, ref.model)));
  return row;
}

/** Sets (inserts or replaces) the override of one model; rates in micro-dollars per million tokens. */
export async function upsertModelPrice(
  db: Db | Tx,
  row: {
    provider: string;
    model: string;
    inputMicroUsdPerMTok: number;
    cachedInputMicroUsdPerMTok: number;
    outputMicroUsdPerMTok: number;
    updatedBy: string | null;
  },
): Promise<ModelPriceRow> {
  const [saved] = await db
    .insert(modelPrices)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [modelPrices.provider, modelPrices.model],
      set: {
        inputMicroUsdPerMTok: row.inputMicroUsdPerMTok,
        cachedInputMicroUsdPerMTok: row.cachedInputMicroUsdPerMTok,
        outputMicroUsdPerMTok: row.outputMicroUsdPerMTok,
        updatedBy: row.updatedBy,
        updatedAt: new Date(),
      },
    })
    .returning();
  return saved!;
}

/** Removes the override of one model. @returns the removed row, or undefined when there was none. */
export async function deleteModelPrice(db: Db | Tx, ref: { provider: string; model: string }): Promise<ModelPriceRow | undefined> {
  const [row] = await db
    .delete(modelPrices)
    .where(and(eq(modelPrices.provider, ref.provider), eq(modelPrices.model, ref.model)))
    .returning();
  return row;
}
