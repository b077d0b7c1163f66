import { z } from "zod";

const modelKey = z.object({ provider: z.string().trim().min(1).max(100), model: z.string().trim().min(1).max(200) });
/** Micro-dollars per million tokens (= dollars per million tokens × 10^6), at most $1 000 000 per million tokens. */
const perMTok = z.number().int().min(0).max(1e12);

/** `PUT /api/admin/settings/prices`: creates or changes one model's price override. */
export const putPriceBodySchema = modelKey.extend({
  inputMicroUsdPerMTok: perMTok,
  cachedInputMicroUsdPerMTok: perMTok,
  outputMicroUsdPerMTok: perMTok,
});

/** `DELETE /api/admin/settings/prices`: removes one model's override (its catalog price applies again). */
export const deletePriceBodySchema = modelKey;
