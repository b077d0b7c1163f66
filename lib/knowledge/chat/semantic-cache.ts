/**
 * The semantic answer cache (docs/knowledge.md, "Semantic cache"): an answer is stored in the
 * vector store under the embedding of its standalone query, per knowledge base; a later question
 * whose standalone query is at least `KB_CACHE_MIN_SIMILARITY` close (cosine) gets it back — but
 * only while the knowledge base's ready documents are the ones it was answered from (their
 * fingerprint), and only when the same engine and prompt version would answer. A hit is recorded
 * like a hit of the exact-match result cache (lib/finops/cache.ts): one usage row, `cache_hit`,
 * cost 0, `saved_micro_usd` = what the answer cost, so the console's cost page counts kb.chat hits
 * and savings with the rest.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { recordUsage } from "@/lib/finops/meter";
import type { UsageScope } from "@/lib/finops/scope";
import { keyTerms } from "../search-terms";
import type { VectorSpace, VectorStore } from "../vector-store/types";
import type { SourceDocumentPart } from "./sources";

/** Default of `KB_CACHE_MIN_SIMILARITY`: close paraphrases only (a paraphrase, not a related question). */
export const DEFAULT_KB_CACHE_MIN_SIMILARITY = 0.95;

type Env = Record<string, string | undefined>;

/**
 * The cache's threshold and switch: `KB_CACHE_MIN_SIMILARITY` a number in (0, 1] (default
 * {@link DEFAULT_KB_CACHE_MIN_SIMILARITY}); `KB_CACHE=off` turns it off (default `on`). Read per call.
 * @throws Error on a malformed value.
 */
export function semanticCacheConfig(env: Env = process.env): { enabled: boolean; minSimilarity: number } {
  const sw = env.KB_CACHE?.trim().toLowerCase() || "on";
  if (sw !== "on" && sw !== "off") throw new Error(`KB_CACHE must be "on" or "off" (got "${env.KB_CACHE}")`);
  const raw = env.KB_CACHE_MIN_SIMILARITY?.trim();
  const n = raw ? Number(raw) : DEFAULT_KB_CACHE_MIN_SIMILARITY;
  if (!Number.isFinite(n) || n <= 0 || n > 1) throw new Error(`KB_CACHE_MIN_SIMILARITY must be a number in (0, 1] (got "${raw}")`);
  return { enabled: sw === "on", minSimilarity: n };
}

/**
 * The fingerprint of a knowledge base's ready documents: SHA-256 (hex) of their ids and
 * `vectorized_at` instants, sorted. An upload, a deletion or a re-vectorization changes it, so
 * an answer given from other documents is never served.
 */
export function documentsFingerprint(docs: readonly { id: string; vectorizedAt: Date }[]): string {
  const lines = docs.map((d) => `${d.id}@${d.vectorizedAt.toISOString()}`).sort();
  return createHash("sha256").update(lines.join("\n"), "utf8").digest("hex");
}

/** Who produced an answer: the engine's provider and model (`offline`/`offline` for the extractive answer) and the prompt version. */
export type AnswerEngine = { provider: string; model: string; promptVersion: string };

/** What the cache stores beside the answer text (the store's opaque `citations`). */
const storedCitationsSchema = z.object({
  v: z.literal(1),
  engine: z.object({ provider: z.string(), model: z.string(), promptVersion: z.string() }),
  sources: z.array(
    z.object({
      type: z.literal("source-document"),
      sourceId: z.string(),
      mediaType: z.literal("text/plain"),
      title: z.string(),
      providerMetadata: z.object({
        panelist: z.object({ knowledgeBaseId: z.string(), documentId: z.string(), chunkId: z.string(), ordinal: z.number(), page: z.number().nullable() }),
      }),
    }),
  ),
});

/** A cached answer ready to stream again. */
export type CacheHit = { id: string; answer: string; sources: SourceDocumentPart[]; engine: AnswerEngine; similarity: number; costMicroUsd: number };

/**
 * The closest stored answer of the knowledge base at or above the threshold, if it was answered
 * from the same documents (`fingerprint`) by the same engine and prompt version, and its question
 * has the same key terms as `question`; else null. Cosine alone is not enough: a long question
 * that differs in one word ("full-time" / "part-time" after a shared preamble) sits above 0.95
 * and would be served the other's answer, so a differing content word is a miss.
 * A stored entry whose citations no longer parse is a miss.
 * @throws the store's errors.
 */
export async function findCachedAnswer(
  store: VectorStore,
  space: VectorSpace,
  a: { question: string; embedding: number[]; fingerprint: string; engine: AnswerEngine; minSimilarity: number },
): Promise<CacheHit | null> {
  const found = await store.findCachedAnswer(space, a.embedding, a.minSimilarity);
  if (!found || found.documentsFingerprint !== a.fingerprint || !sameKeyTerms(found.question, a.question)) return null;
  const stored = storedCitationsSchema.safeParse(found.citations);
  if (!stored.success) return null;
  const e = stored.data.engine;
  if (e.provider !== a.engine.provider || e.model !== a.engine.model || e.promptVersion !== a.engine.promptVersion) return null;
  return { id: found.id, answer: found.answer, sources: stored.data.sources, engine: e, similarity: found.similarity, costMicroUsd: found.costMicroUsd };
}

/** Whether two questions have the same set of key terms (search-terms.ts `keyTerms`), in any order. */
function sameKeyTerms(a: string, b: string): boolean {
  const x = new Set(keyTerms(a));
  const y = keyTerms(b);
  return new Set(y).size === x.size && y.every((t) => x.has(t));
}

/**
 * Stores an answer under its standalone query's embedding.
 * @param a.costMicroUsd what producing the answer cost (what a hit will save); 0 offline.
 * @throws the store's errors.
 */
export async function storeCachedAnswer(
  store: VectorStore,
  space: VectorSpace,
  a: { question: string; embedding: number[]; answer: string; sources: SourceDocumentPart[]; engine: AnswerEngine; fingerprint: string; costMicroUsd: number },
): Promise<void> {
  await store.putCachedAnswer(space, {
    question: a.question,
    answer: a.answer,
    citations: { v: 1, engine: a.engine, sources: a.sources },
    documentsFingerprint: a.fingerprint,
    costMicroUsd: a.costMicroUsd,
    embedding: a.embedding,
  });
}

/**
 * A hit's bookkeeping, as the result cache does it: one completed usage row under `scope`
 * (feature `kb.chat`), provider and model of the cached answer, no tokens, cost 0,
 * `saved_micro_usd` = the answer's cost, outcome `ok` — through the usage ledger, so the rollups
 * and the console's cache-hit and savings figures include it.
 * @throws the database's errors.
 */
export async function recordCacheHit(scope: UsageScope, hit: CacheHit, latencyMs: number): Promise<void> {
  await recordUsage({
    scope,
    ref: { provider: hit.engine.provider, model: hit.engine.model },
    outcome: "ok",
    latencyMs,
    cacheHit: true,
    savedMicroUsd: hit.costMicroUsd,
  });
}
