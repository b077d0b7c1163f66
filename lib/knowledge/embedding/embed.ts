/**
 * Texts → vectors in a knowledge base's embedding space: the offline hashing (hashing.ts) or the
 * configured model through lib/ai (`embedWithModel`: the upstream guard, governor, budgets and one
 * usage row per request), with an embedding cache in the vector store so identical text under the
 * same model is embedded once (docs/knowledge.md, "Embedding").
 */
import { createHash } from "node:crypto";
import { embedWithModel } from "@/lib/ai/embeddings";
import { LlmError } from "@/lib/ai/errors";
import { type UsageScope, withUsageScope } from "@/lib/finops/scope";
import type { VectorStore } from "../vector-store/types";
import { hashingEmbedding, OFFLINE_EMBEDDING_MODEL } from "./hashing";
import { embeddingConfig } from "./space";

/**
 * At most 96 texts per upstream request: a 400-token chunk × 96 ≈ 38 k tokens, well under
 * OpenAI's 300 k tokens per embeddings request and its 2,048-input cap, and one request's failure
 * re-sends little; 96 is also Cohere's embed limit, so the constant holds for the common
 * OpenAI-compatible gateways in front of either.
 */
export const EMBED_BATCH_SIZE = 96;

/** What the vectors are for. Both models used here are symmetric (no query/document instruction); kept for models that are not. */
export type EmbeddingPurpose = "document" | "query";

/**
 * Embeds `texts` under `model` (a knowledge base's recorded model) with `dim` numbers each,
 * L2-normalised. Offline (`offline:hash-v1`): local and free, no usage row. A model: batches of
 * {@link EMBED_BATCH_SIZE}, one guarded upstream request each, sequentially (the governor paces
 * them), under `usage` as the usage scope when given.
 * @returns one vector per text, in order (empty for no texts).
 * @throws {Error} when `model` is neither the offline one nor the configured model (the caller
 *   switches the knowledge base first); {@link LlmError} `invalid_output` (retryable) when the
 *   model answers vectors of another dimension or count; the guard's `LlmError`s.
 */
export async function embedTexts(req: {
  model: string;
  dim: number;
  texts: string[];
  purpose: EmbeddingPurpose;
  priority?: "interactive" | "batch";
  signal?: AbortSignal;
  usage?: UsageScope;
}): Promise<number[][]> {
  if (req.texts.length === 0) return [];
  if (req.model === OFFLINE_EMBEDDING_MODEL) return req.texts.map((t) => hashingEmbedding(t, req.dim));
  const c = embeddingConfig();
  if (c.kind !== "model" || `${c.llm.provider}:${c.name}` !== req.model) {
    throw new Error(`Embedding model ${req.model} is not the configured one; switch the knowledge base to the configured embedding space first.`);
  }
  const run = async () => {
    const out: number[][] = [];
    for (let i = 0; i < req.texts.length; i += EMBED_BATCH_SIZE) {
      const batch = req.texts.slice(i, i + EMBED_BATCH_SIZE);
      const vectors = await embedWithModel(c.llm, {
        model: c.name,
        texts: batch,
        dimensions: c.sendDimensions ? req.dim : undefined,
        priority: req.priority ?? "interactive",
        signal: req.signal,
      });
      if (vectors.length !== batch.length || vectors.some((v) => v.length !== req.dim)) {
        throw new LlmError({
          code: "invalid_output",
          retryable: true,
          message: `${c.name} answered ${vectors.length} vectors of ${vectors[0]?.length ?? 0} dimensions for ${batch.length} texts of ${req.dim}; set LLM_EMBEDDING_DIM to the model's dimension.`,
        });
      }
      out.push(...vectors.map(normalize));
    }
    return out;
  };
  return req.usage ? withUsageScope(req.usage, run) : run();
}

/** `v` scaled to length 1 (providers mostly return unit vectors already; cosine in the store assumes nothing, but the interface promises it). */
function normalize(v: number[]): number[] {
  const n = Math.sqrt(v.reduce((a, x) => a + x * x, 0));
  return n > 0 ? v.map((x) => x / n) : v;
}

/** SHA-256 hex of a text: the embedding cache's key (with the model). */
export function textKey(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * {@link embedTexts} with the vector store's embedding cache: texts whose SHA-256 already has a
 * vector under `model` are not embedded again; identical texts within the call are embedded once;
 * the new vectors are stored for the next call.
 * @returns one vector per text, in order, and how many were embedded now (`embedded`) vs from the cache.
 */
export async function embedTextsCached(
  store: Pick<VectorStore, "getCachedEmbeddings" | "putCachedEmbeddings">,
  req: Parameters<typeof embedTexts>[0],
): Promise<{ vectors: number[][]; embedded: number; cached: number }> {
  const keys = req.texts.map(textKey);
  const unique = [...new Set(keys)];
  const cached = unique.length ? await store.getCachedEmbeddings(req.model, unique) : new Map<string, number[]>();
  const usable = new Map([...cached].filter(([, v]) => v.length === req.dim));
  const missing = unique.filter((k) => !usable.has(k));
  const textOf = new Map(keys.map((k, i) => [k, req.texts[i]!]));
  const fresh = await embedTexts({ ...req, texts: missing.map((k) => textOf.get(k)!) });
  if (missing.length)
    await store.putCachedEmbeddings(
      req.model,
      missing.map((sha256, i) => ({ sha256, embedding: fresh[i]! })),
    );
  for (const [i, k] of missing.entries()) usable.set(k, fresh[i]!);
  return { vectors: keys.map((k) => usable.get(k)!), embedded: missing.length, cached: unique.length - missing.length };
}
