/**
 * Hybrid retrieval inside one knowledge base (docs/knowledge.md, "Retrieval"): the vector side
 * (cosine top-k, HNSW, filtered by the knowledge base inside the query) and the full-text side
 * (PostgreSQL `ts_rank_cd` over the segmented text), fused with Reciprocal Rank Fusion. A minimum
 * cosine similarity keeps noise out: when no vector hit clears it and no text hit is strong, the
 * answer is "nothing relevant" rather than the least bad passages.
 */
import { reciprocalRankFusion } from "./rank-fusion";
import { fullTextQuery, keyTerms, termCoverage } from "./search-terms";
import type { ChunkHit, VectorSpace, VectorStore } from "./vector-store/types";

/**
 * Default of `KB_MIN_SIMILARITY`: the least cosine similarity a vector hit needs to count. Chosen
 * by measurement with the offline embedding (`offline:hash-v1`) on the retrieval benchmark's 37
 * answerable and 6 unanswerable questions (bench/kb-retrieval.ts, docs/benchmarks.md
 * "Knowledge-base retrieval"): the best chunk of an answerable question scored 0.14–0.57 (median
 * 0.34), of an unanswerable one 0.11–0.22; swept from 0.10 to 0.25, 0.16 is the lowest floor at
 * which no unanswerable question got an answer, and it kept recall@5 at 100 % with one
 * answerable question ending "not found". A model's embedding space has other typical values —
 * set the variable when the knowledge base's model is not the offline one.
 */
export const DEFAULT_KB_MIN_SIMILARITY = 0.16;

/** Candidates each side returns before fusion: more than are kept, so either side can lift a passage the other ranked low. */
export const CANDIDATES_PER_SIDE = 20;
/** Passages kept after fusion: what the answer reads and recall@5 measures. */
export const RETRIEVAL_TOP_K = 5;
/**
 * A text hit is strong when it holds at least this share of the query's key terms (and at least
 * two of them, or the only one): a passage naming most of what was asked is relevant even when
 * its vector is not close (a rare name, a code such as "X200").
 */
export const STRONG_TEXT_COVERAGE = 0.6;

type Env = Record<string, string | undefined>;

/**
 * `KB_MIN_SIMILARITY`: a number in [-1, 1], default {@link DEFAULT_KB_MIN_SIMILARITY}. Read per
 * call (tests and the benchmark change it).
 * @throws Error on anything else, so a typo is seen at once.
 */
export function minSimilarity(env: Env = process.env): number {
  const raw = env.KB_MIN_SIMILARITY?.trim();
  if (!raw) return DEFAULT_KB_MIN_SIMILARITY;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < -1 || n > 1) throw new Error(`KB_MIN_SIMILARITY must be a number in [-1, 1] (got "${raw}")`);
  return n;
}

/** A retrieved passage: the chunk, its cosine similarity when the vector side found it, and its fused score. */
export type Passage = ChunkHit & { similarity: number | null; fusedScore: number };

export type Retrieval = {
  /** False when nothing cleared the minimum similarity and no text hit was strong: the answer is "not found". */
  relevant: boolean;
  /** Best first, at most `topK`; empty when not relevant. */
  passages: Passage[];
};

/** `hybrid` (vector + full text, fused) or `vector` (the vector side alone: the benchmark's baseline). */
export type RetrievalMode = "hybrid" | "vector";

/**
 * Retrieves the passages of one knowledge base that answer `query`.
 *
 * Vector hits below the minimum similarity are dropped before fusion; text hits are kept as
 * ranked (each holds at least one query term). The result is relevant when a vector hit cleared
 * the minimum or a text hit is strong ({@link STRONG_TEXT_COVERAGE}).
 * @param a.queryEmbedding the query's embedding in `space` (the caller embeds it once: the cache needs it too).
 * @param a.documentIds restrict to these documents (the ready ones); an empty list finds nothing.
 * @param a.minSimilarity default {@link minSimilarity}().
 * @throws the store's errors.
 */
export async function retrieve(
  store: VectorStore,
  space: VectorSpace,
  a: { query: string; queryEmbedding: number[]; documentIds?: string[]; topK?: number; mode?: RetrievalMode; minSimilarity?: number },
): Promise<Retrieval> {
  if (a.documentIds && a.documentIds.length === 0) return { relevant: false, passages: [] };
  const floor = a.minSimilarity ?? minSimilarity();
  const topK = a.topK ?? RETRIEVAL_TOP_K;
  const textQuery = fullTextQuery(a.query);
  const [vectorHits, textHits] = await Promise.all([
    store.searchVector(space, a.queryEmbedding, { k: CANDIDATES_PER_SIDE, documentIds: a.documentIds }),
    a.mode === "vector" || !textQuery ? Promise.resolve([]) : store.searchText(space, textQuery, { k: CANDIDATES_PER_SIDE, documentIds: a.documentIds }),
  ]);
  const closeEnough = vectorHits.filter((h) => h.score >= floor);
  const terms = keyTerms(a.query);
  const strongText = textHits.some((h) => isStrongTextHit(terms, h.content));
  if (closeEnough.length === 0 && !strongText) return { relevant: false, passages: [] };

  const similarity = new Map(vectorHits.map((h) => [h.id, h.score]));
  const fused = reciprocalRankFusion<ChunkHit>([closeEnough, textHits], (h) => h.id);
  return {
    relevant: true,
    passages: fused.slice(0, topK).map((f) => ({ ...f.item, score: f.item.score, similarity: similarity.get(f.item.id) ?? null, fusedScore: f.score })),
  };
}

/** Whether a passage holds enough of the query's terms to count on its own (see {@link STRONG_TEXT_COVERAGE}). */
export function isStrongTextHit(terms: readonly string[], content: string): boolean {
  const coverage = termCoverage(terms, content);
  const found = Math.round(coverage * terms.length);
  return coverage >= STRONG_TEXT_COVERAGE && (found >= 2 || terms.length === 1);
}
