/**
 * What a model's tokens cost (docs/finops.md, "Prices"): a per-model override from the
 * `model_prices` table (set on the console) when there is one, else the `tokenlens` catalog
 * (models.dev's data, shipped inside the package — nothing is fetched at run time), else
 * nothing: the model is unpriced and its usage rows carry a null cost, never 0.
 */
import type { ProviderInfo } from "tokenlens/core";
import { alibabaModels } from "tokenlens/providers/alibaba";
import { alibaba_cnModels as alibabaCnModels } from "tokenlens/providers/alibaba-cn";
import { azureModels } from "tokenlens/providers/azure";
import { deepseekModels } from "tokenlens/providers/deepseek";
import { googleModels } from "tokenlens/providers/google";
import { groqModels } from "tokenlens/providers/groq";
import { mistralModels } from "tokenlens/providers/mistral";
import { moonshotaiModels } from "tokenlens/providers/moonshotai";
import { moonshotai_cnModels as moonshotaiCnModels } from "tokenlens/providers/moonshotai-cn";
import { openaiModels } from "tokenlens/providers/openai";
import { openrouterModels } from "tokenlens/providers/openrouter";
import { togetheraiModels } from "tokenlens/providers/togetherai";
import { zhipuaiModels } from "tokenlens/providers/zhipuai";
import type { Db } from "@/lib/db/client";
import { insertAuditEntry } from "@/lib/db/queries/audit";
import { deleteModelPrice, getModelPrice, listModelPrices, type ModelPriceRow, upsertModelPrice } from "@/lib/db/queries/prices";
import { PanelistError } from "@/lib/errors";
import { resumeBudgetWaits } from "./budgets";

/** A model's rates, integer micro-dollars per million tokens (1 USD/MTok = 1 000 000). */
export type ModelPrice = {
  inputMicroUsdPerMTok: number;
  /** Input tokens read from the provider's prompt cache. */
  cachedInputMicroUsdPerMTok: number;
  /** Output tokens, reasoning tokens included (they are billed as output). */
  outputMicroUsdPerMTok: number;
  source: "override" | "catalog";
};

export type ModelRef = { provider: string; model: string };

/**
 * Our provider labels (`LLM_PROVIDER`, or derived from the host by `providerFromBaseUrl` in
 * lib/ai/config.ts) → the catalog's providers, tried in order. A label with none —
 * `openai-compatible`, `ollama`, `siliconflow`, self-hosted servers — has no catalog prices:
 * its models are unpriced until an override is set.
 */
const CATALOG_PROVIDERS: Record<string, readonly ProviderInfo[]> = {
  openai: [openaiModels],
  azure: [azureModels],
  deepseek: [deepseekModels],
  // dashscope.aliyuncs.com (mainland) and dashscope-intl both map to `qwen`.
  qwen: [alibabaCnModels, alibabaModels],
  openrouter: [openrouterModels],
  groq: [groqModels],
  together: [togetheraiModels],
  mistral: [mistralModels],
  moonshot: [moonshotaiModels, moonshotaiCnModels],
  zhipu: [zhipuaiModels],
  google: [googleModels],
};

/** The offline engine: no upstream, priced at 0 (its rows cost 0, not "unpriced"). */
const OFFLINE_PRICE: ModelPrice = { inputMicroUsdPerMTok: 0, cachedInputMicroUsdPerMTok: 0, outputMicroUsdPerMTok: 0, source: "catalog" };

/** USD per million tokens (the catalog's unit) → integer micro-dollars per million tokens. */
function microUsdPerMTok(usdPerMTok: number): number {
  return Math.round(usdPerMTok * 1_000_000);
}

/** Lower-cased model id → entry, per catalog provider (ids differ in case between providers). */
const lowerIndex = new WeakMap<ProviderInfo, Map<string, ProviderInfo["models"][string]>>();

function findModel(p: ProviderInfo, model: string): ProviderInfo["models"][string] | undefined {
  let index = lowerIndex.get(p);
  if (!index) {
    index = new Map(Object.entries(p.models).map(([id, m]) => [id.toLowerCase(), m]));
    lowerIndex.set(p, index);
  }
  const id = model.toLowerCase();
  // A dated snapshot (gpt-4o-mini-2024-07-18) costs what its alias costs when the catalog lists only the alias.
  return index.get(id) ?? index.get(id.replace(/-\d{4}-\d{2}-\d{2}$/, ""));
}

/**
 * The catalog's price of a model, without overrides: null when the provider label maps to no
 * catalog provider, the model is not listed, or it has no input and output rate. A model
 * without a cache-read rate has its cached input priced at the input rate (no discount known).
 */
export function catalogPriceFor(ref: ModelRef): ModelPrice | null {
  if (ref.provider === "offline") return OFFLINE_PRICE;
  for (const p of CATALOG_PROVIDERS[ref.provider.toLowerCase()] ?? []) {
    const cost = findModel(p, ref.model)?.cost;
    if (cost?.input === undefined || cost.output === undefined) continue;
    return {
      inputMicroUsdPerMTok: microUsdPerMTok(cost.input),
      cachedInputMicroUsdPerMTok: microUsdPerMTok(cost.cache_read ?? cost.input),
      outputMicroUsdPerMTok: microUsdPerMTok(cost.output),
      source: "catalog",
    };
  }
  return null;
}

/** How long a process keeps the override table before reading it again, ms. */
export const PRICE_CACHE_TTL_MS = 5_000;

const overrideCache = new WeakMap<Db, { loadedAt: number; rows: Promise<Map<string, ModelPriceRow>> }>();

// Case-insensitive, as the catalog lookup is: an override typed "OpenAI/GPT-4o-mini" applies to gpt-4o-mini.
const keyOf = (ref: ModelRef) => `${ref.provider.toLowerCase()}\u0000${ref.model.toLowerCase()}`;

/** The override table, read at most once per {@link PRICE_CACHE_TTL_MS} per process and database. */
function overrides(db: Db): Promise<Map<string, ModelPriceRow>> {
  const cached = overrideCache.get(db);
  if (cached && performance.now() - cached.loadedAt < PRICE_CACHE_TTL_MS) return cached.rows;
  const rows = listModelPrices(db).then((list) => new Map(list.map((r) => [keyOf(r), r])));
  overrideCache.set(db, { loadedAt: performance.now(), rows });
  // A failed read is not cached: the next call reads again.
  rows.catch(() => {
    if (overrideCache.get(db)?.rows === rows) overrideCache.delete(db);
  });
  return rows;
}

/**
 * The price of a model: its override, else its catalog price, else null ("unpriced").
 * Overrides are cached per process for {@link PRICE_CACHE_TTL_MS}; a write through
 * {@link setPriceOverride} / {@link deletePriceOverride} refreshes this process at once, others
 * within the TTL.
 * @throws the database's errors reading the overrides.
 */
export async function priceFor(db: Db, ref: ModelRef): Promise<ModelPrice | null> {
  const o = (await overrides(db)).get(keyOf(ref));
  if (o) {
    return {
      inputMicroUsdPerMTok: o.inputMicroUsdPerMTok,
      cachedInputMicroUsdPerMTok: o.cachedInputMicroUsdPerMTok,
      outputMicroUsdPerMTok: o.outputMicroUsdPerMTok,
      source: "override",
    };
  }
  return catalogPriceFor(ref);
}

/**
 * The cost of a call, integer micro-dollars: uncached input × input rate + cached input ×
 * cached rate + output × output rate, per million tokens. Reasoning tokens are part of
 * `outputTokens` (AI SDK 6: `outputTokenDetails.reasoningTokens` is a part of `outputTokens`)
 * and so are billed as output; cached tokens are part of `inputTokens` (clamped to it).
 * Rounded once, to the nearest micro-dollar (half up), from the exact sum (BigInt, so no
 * float error however large the counts): the error is under 0.5 µUSD per call.
 */
export function costMicroUsd(price: ModelPrice, usage: { inputTokens: number; cachedInputTokens: number; outputTokens: number }): number {
  const input = BigInt(Math.max(0, Math.trunc(usage.inputTokens)));
  const cached = BigInt(Math.min(Math.max(0, Math.trunc(usage.cachedInputTokens)), Number(input)));
  const output = BigInt(Math.max(0, Math.trunc(usage.outputTokens)));
  const microUsdTimesMillion =
    (input - cached) * BigInt(price.inputMicroUsdPerMTok) + cached * BigInt(price.cachedInputMicroUsdPerMTok) + output * BigInt(price.outputMicroUsdPerMTok);
  return Number((microUsdTimesMillion + 500_000n) / 1_000_000n);
}

/** Every override, by provider then model (rates in micro-dollars per million tokens). */
export function listPriceOverrides(db: Db): Promise<ModelPriceRow[]> {
  return listModelPrices(db);
}

type PriceOverrideInput = ModelRef & {
  inputMicroUsdPerMTok: number;
  cachedInputMicroUsdPerMTok: number;
  outputMicroUsdPerMTok: number;
  /** The admin making the change (audit log). */
  actorId: string | null;
};

/** Largest rate accepted: 10⁶ USD per million tokens, far above any real price. */
const MAX_RATE = 1_000_000_000_000;

function checkRef(ref: ModelRef): void {
  for (const [field, v] of [
    ["provider", ref.provider],
    ["model", ref.model],
  ] as const) {
    if (typeof v !== "string" || v.trim() === "" || v.length > 200 || v !== v.trim()) {
      throw new PanelistError("unprocessable:admin", `The ${field} must be 1–200 characters without surrounding spaces.`, {
        issues: [{ path: field, message: "1–200 characters, no surrounding spaces" }],
      });
    }
  }
}

/**
 * Sets the override of one model (replacing any), writes an audit-log entry (`price.set`,
 * target `provider/model`, before and after) in the same transaction, and drops this
 * process's price cache.
 * @returns the stored override.
 * @throws {PanelistError} `unprocessable:admin` (422) for an empty or over-long provider or
 *   model, or a rate that is not an integer within 0 … 10¹² micro-dollars per million tokens.
 */
export async function setPriceOverride(db: Db, input: PriceOverrideInput): Promise<ModelPriceRow> {
  checkRef(input);
  // Stored lower-case, so one model has one override whatever case it was typed in.
  const o = { ...input, provider: input.provider.toLowerCase(), model: input.model.toLowerCase() };
  for (const field of ["inputMicroUsdPerMTok", "cachedInputMicroUsdPerMTok", "outputMicroUsdPerMTok"] as const) {
    const v = o[field];
    if (!Number.isSafeInteger(v) || v < 0 || v > MAX_RATE) {
      throw new PanelistError("unprocessable:admin", `${field} must be an integer of micro-dollars per million tokens, 0 to ${MAX_RATE}.`, {
        issues: [{ path: field, message: `integer, 0 to ${MAX_RATE}` }],
      });
    }
  }
  const saved = await db.transaction(async (tx) => {
    const before = await getModelPrice(tx, o);
    const row = await upsertModelPrice(tx, {
      provider: o.provider,
      model: o.model,
      inputMicroUsdPerMTok: o.inputMicroUsdPerMTok,
      cachedInputMicroUsdPerMTok: o.cachedInputMicroUsdPerMTok,
      outputMicroUsdPerMTok: o.outputMicroUsdPerMTok,
      updatedBy: o.actorId,
    });
    await insertAuditEntry(tx, { actorId: o.actorId, action: "price.set", target: `${o.provider}/${o.model}`, before: before ?? null, after: row });
    return row;
  });
  overrideCache.delete(db);
  // A price change moves every estimate: work waiting for a budget asks again.
  await resumeBudgetWaits(db);
  return saved;
}

/**
 * Removes the override of one model (its catalog price, if any, applies again), with an
 * audit-log entry (`price.delete`) in the same transaction when there was one, and drops this
 * process's price cache.
 * @returns whether an override was removed.
 * @throws {PanelistError} `unprocessable:admin` (422) for an empty or over-long provider or model.
 */
export async function deletePriceOverride(db: Db, input: ModelRef & { actorId: string | null }): Promise<boolean> {
  checkRef(input);
  const ref = { ...input, provider: input.provider.toLowerCase(), model: input.model.toLowerCase() };
  const removed = await db.transaction(async (tx) => {
    const row = await deleteModelPrice(tx, ref);
    if (row) await insertAuditEntry(tx, { actorId: ref.actorId, action: "price.delete", target: `${ref.provider}/${ref.model}`, before: row, after: null });
    return row !== undefined;
  });
  overrideCache.delete(db);
  if (removed) await resumeBudgetWaits(db);
  return removed;
}
