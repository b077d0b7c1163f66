/**
 * The vector store's one small interface (docs/knowledge.md, "Where the vectors live"). Two
 * back ends run the identical SQL: pgvector in the main database where the extension exists,
 * otherwise a PGlite sidecar with pgvector (scripts/pglite-server.mjs) that the set-up starts.
 * Chunks, their vectors, their full-text index and the semantic answer cache live here; the
 * documents and their status live in the main database (`kb_documents`).
 *
 * Every query takes the knowledge base id and filters by it **inside** the vector query (never
 * after a global top-k), and every vector has the knowledge base's fixed dimension.
 */

/** A chunk as the ingestion stores it. `embedding` has `dim` numbers (L2-normalised). */
export interface ChunkInput {
  /** Position of the chunk in its document, from 0. */
  ordinal: number;
  /** The heading path the chunk sits under (e.g. "Benefits › Leave"), or null. */
  heading: string | null;
  /** The chunk's text, as shown when a citation is opened. */
  content: string;
  tokenCount: number;
  /** 1-based page the chunk starts on, when the format has pages (PDF); else null. */
  page: number | null;
  embedding: number[];
}

/** One retrieved chunk. `score` is cosine similarity (1 − cosine distance), in [−1, 1]. */
export interface ChunkHit {
  id: string;
  knowledgeBaseId: string;
  documentId: string;
  ordinal: number;
  heading: string | null;
  content: string;
  page: number | null;
  score: number;
}

/** What identifies the vectors of one knowledge base: its id, model and dimension. */
export interface VectorSpace {
  knowledgeBaseId: string;
  /** The embedding model id recorded on the knowledge base (e.g. `offline:hash-v1`). */
  model: string;
  dim: number;
}

/** A stored answer of the semantic cache. */
export interface CachedAnswer {
  id: string;
  question: string;
  answer: string;
  /** The citations as the chat streamed them (JSON, opaque to the store). */
  citations: unknown;
  /** The fingerprint of the knowledge base's ready documents when it was answered. */
  documentsFingerprint: string;
  similarity: number;
  /** What the answer cost when it was produced, micro-dollars (what a hit saves). */
  costMicroUsd: number;
}

export interface VectorStore {
  /** Which back end serves: `pgvector` (the main database) or `pglite` (the sidecar), and where. */
  readonly kind: "pgvector" | "pglite";
  readonly description: string;
  /** Idempotent DDL: schema, tables, indexes (HNSW for `dim`, cosine ops). */
  ensureSpace(dim: number): Promise<void>;
  /** Replaces every chunk of `documentId` with `chunks`, in one transaction. */
  replaceDocumentChunks(space: VectorSpace, documentId: string, chunks: ChunkInput[]): Promise<void>;
  /** Deletes every chunk of a document (idempotent). */
  deleteDocumentChunks(knowledgeBaseId: string, documentId: string): Promise<void>;
  /** Deletes everything of a knowledge base: chunks and cached answers. */
  deleteKnowledgeBase(knowledgeBaseId: string): Promise<void>;
  /** Top-`k` chunks by cosine similarity inside one knowledge base, restricted to `documentIds` when given; HNSW unless `exact`. */
  searchVector(space: VectorSpace, query: number[], opts: { k: number; documentIds?: string[]; exact?: boolean }): Promise<ChunkHit[]>;
  /** Top-`k` chunks by full-text rank (`ts_rank_cd` over the segmented text) inside one knowledge base. */
  searchText(space: VectorSpace, queryText: string, opts: { k: number; documentIds?: string[] }): Promise<ChunkHit[]>;
  /** One chunk by id, if it belongs to the knowledge base. */
  getChunk(knowledgeBaseId: string, chunkId: string): Promise<ChunkHit | null>;
  /** Chunks of documents, by ordinal (for building interview questions from passages). */
  listChunks(knowledgeBaseId: string, opts: { documentIds?: string[]; limit: number }): Promise<ChunkHit[]>;
  /** Embeddings already computed for these texts' SHA-256 under `model` (the embedding cache). */
  getCachedEmbeddings(model: string, sha256s: string[]): Promise<Map<string, number[]>>;
  putCachedEmbeddings(model: string, entries: { sha256: string; embedding: number[] }[]): Promise<void>;
  /** The closest cached answer of the knowledge base at or above `minSimilarity`, else null. */
  findCachedAnswer(space: VectorSpace, query: number[], minSimilarity: number): Promise<CachedAnswer | null>;
  putCachedAnswer(space: VectorSpace, entry: Omit<CachedAnswer, "id" | "similarity"> & { embedding: number[] }): Promise<void>;
  close(): Promise<void>;
}
