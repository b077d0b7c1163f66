import postgres from "postgres";
import { segmentForIndex, segmentForQuery } from "./segment";
import type { CachedAnswer, ChunkHit, VectorSpace, VectorStore } from "./types";
import { fromVectorLiteral, toVectorLiteral } from "./vector-literal";

/**
 * The one implementation of `VectorStore`: postgres.js running identical SQL on pgvector in the
 * main database or on the PGlite sidecar (docs/knowledge.md, "Where the vectors live").
 *
 * Vectors of every dimension share one `chunks` table (`embedding vector` without a fixed
 * dimension, `dim` beside it); each dimension gets a partial HNSW expression index
 * `((embedding::vector(D)) vector_cosine_ops) WHERE dim = D`, the layout pgvector's README gives
 * for mixed dimensions ("Can I store vectors with different dimensions in the same column?"), and
 * every search orders by the same expression with the same `dim = D` literal so the planner can
 * use it. Above 2,000 dimensions (HNSW's limit for `vector`) the index and the search use
 * `halfvec(D)` (limit 4,000), as the same README advises.
 */

/** HNSW build parameters: pgvector's defaults (README, "HNSW": m 16, ef_construction 64). */
export const HNSW_M = 16;
export const HNSW_EF_CONSTRUCTION = 64;
/** Candidates per HNSW search (`hnsw.ef_search`, pgvector default 40); at least 2·k. Env `KB_HNSW_EF_SEARCH`. */
const EF_SEARCH = Number(process.env.KB_HNSW_EF_SEARCH ?? 100);
/** Largest dimension `vector` HNSW indexes take; `halfvec` goes to 4,000 (pgvector README, "HNSW"). */
const VECTOR_INDEX_MAX_DIM = 2000;
const HALFVEC_INDEX_MAX_DIM = 4000;
/** Rows per INSERT statement (a 1,000-page document is thousands of chunks; one statement each would crawl). */
const INSERT_BATCH = 200;
/**
 * Rows written by this process after which it runs ANALYZE itself. PGlite has no autovacuum
 * (one session, no background workers), and without statistics the planner cannot tell a big
 * knowledge base (HNSW pays) from a small one (its rows by the B-tree, then sorted: exact).
 */
const ANALYZE_AFTER_ROWS = 5000;
/** `maintenance_work_mem` of an HNSW build: 100 k vectors of 384 dimensions and their graph fit. */
const INDEX_BUILD_MEMORY = "256MB";
/** All DDL of all schemas takes turns under one advisory lock: `CREATE EXTENSION`/`CREATE INDEX IF NOT EXISTS` race otherwise. */
const DDL_LOCK = "panelist_kb:ddl";

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHA256 = /^[0-9a-f]{64}$/;

export interface VectorStoreOptions {
  /** postgres:// URL of the database that holds the vectors (the main one, or the sidecar). */
  url: string;
  /** Schema of the store's tables, default `panelist_kb`; tests pass one of their own. `[a-z_][a-z0-9_]*`. */
  schema?: string;
  /** Why this database was chosen, for the start-up line (e.g. "the main database has the vector extension"). */
  reason?: string;
  /** Pool size, default `PANELIST_VECTOR_POOL_MAX` or 5 (the sidecar runs one statement at a time anyway). */
  max?: number;
}

/** A `VectorStore` plus what the start-up line, the benchmark and the tests read. */
export interface PgVectorStore extends VectorStore {
  readonly schema: string;
  /** pgvector's version in that database (`pg_extension.extversion`), e.g. `0.8.7`. */
  readonly pgvectorVersion: string;
  /** pgvector ≥ 0.8: filtered HNSW searches use iterative index scans. */
  readonly iterativeScan: boolean;
  /** How searches ran since the store opened: through HNSW, exact on request, exact because HNSW found fewer than k. */
  readonly searchCounts: { hnsw: number; exact: number; fallback: number };
  /**
   * Runs `load` with the HNSW index of `dim` dropped, then builds it once over everything: the
   * fast way to load many chunks at once (pgvector README, "HNSW": creating the index after the
   * initial data is loaded is faster). Searches meanwhile run without the index (exact).
   */
  withoutIndex<T>(dim: number, load: () => Promise<T>): Promise<T>;
  /** `ANALYZE` of the chunks table, so the planner knows each knowledge base's size (run by itself after large writes). */
  analyze(): Promise<void>;
  /** Drops the schema and everything in it (tests, benchmarks). */
  dropSchema(): Promise<void>;
  /** The plan of the HNSW search (`EXPLAIN`), to show that the index serves it. */
  explainSearch(space: VectorSpace, query: number[], k: number): Promise<string>;
  /** Semantic-cache totals: stored answers, hits, and what the hits saved (Σ hits × cost), micro-dollars. */
  answerCacheStats(knowledgeBaseId?: string): Promise<{ answers: number; hits: number; savedMicroUsd: number }>;
  /**
   * Like `VectorStore.findCachedAnswer`; with `documentsFingerprint` only answers given over the
   * same documents qualify, and the one returned is counted as a hit (hits + 1, last_hit_at).
   */
  findCachedAnswer(space: VectorSpace, query: number[], minSimilarity: number, opts?: { documentsFingerprint?: string }): Promise<CachedAnswer | null>;
}

const versionAtLeast = (v: string, major: number, minor: number) => {
  const [a = 0, b = 0] = v.split(".").map(Number);
  return a > major || (a === major && b >= minor);
};

/** `{a,b}`: a PostgreSQL array literal of values already checked against a strict pattern. */
const arrayLiteral = (values: string[]) => `{${values.join(",")}}`;

function checkDim(dim: number): void {
  if (!Number.isInteger(dim) || dim < 1 || dim > 16000) throw new RangeError(`dimension ${dim} is not an integer in 1…16000`);
}

/** The indexed expression for dimension `dim` and its operator class. */
function indexedExpression(dim: number): { expr: string; type: string; ops: string } | null {
  if (dim <= VECTOR_INDEX_MAX_DIM) return { expr: `(embedding::vector(${dim}))`, type: `vector(${dim})`, ops: "vector_cosine_ops" };
  if (dim <= HALFVEC_INDEX_MAX_DIM) return { expr: `(embedding::halfvec(${dim}))`, type: `halfvec(${dim})`, ops: "halfvec_cosine_ops" };
  return null;
}

interface ChunkRow {
  id: string;
  knowledge_base_id: string;
  document_id: string;
  ordinal: number;
  heading: string | null;
  content: string;
  page: number | null;
  score: number | string;
}

const toHit = (r: ChunkRow): ChunkHit => ({
  id: r.id,
  knowledgeBaseId: r.knowledge_base_id,
  documentId: r.document_id,
  ordinal: r.ordinal,
  heading: r.heading,
  content: r.content,
  page: r.page,
  score: Number(r.score),
});

const CHUNK_COLUMNS = "id, knowledge_base_id, document_id, ordinal, heading, content, page";

/**
 * Connects to `url`, reads which server and pgvector it is, and returns the store. The tables
 * are created on first use (`ensureSpace`, or lazily by any call), never by the drizzle
 * migrations: `CREATE EXTENSION vector` is run here, only where the extension is not installed.
 *
 * @throws {Error} when the database does not answer, or has no `vector` extension available
 *   (`pg_available_extensions`), or `schema` is not a plain lower-case identifier.
 */
export async function createVectorStore(opts: VectorStoreOptions): Promise<PgVectorStore> {
  const schema = opts.schema ?? "panelist_kb";
  if (!SCHEMA_NAME.test(schema)) throw new Error(`vector store schema ${JSON.stringify(schema)} is not a plain identifier`);
  const sql = postgres(opts.url, {
    max: opts.max ?? Number(process.env.PANELIST_VECTOR_POOL_MAX ?? 5),
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
  });
  let pgvectorVersion: string;
  let server: string;
  try {
    const [info] = await sql<{ version: string; installed: string | null; available: string | null }[]>`
      select version() as version,
        (select extversion from pg_extension where extname = 'vector') as installed,
        (select default_version from pg_available_extensions where name = 'vector') as available`;
    if (!info.installed && !info.available) throw new Error(`the database at ${redactUrl(opts.url)} has no vector extension available`);
    if (!info.installed) {
      await ddl(sql, ["create extension if not exists vector"]);
      const [row] = await sql<{ v: string }[]>`select extversion as v from pg_extension where extname = 'vector'`;
      pgvectorVersion = row.v;
    } else {
      pgvectorVersion = info.installed;
    }
    server = info.version;
  } catch (err) {
    await sql.end({ timeout: 1 }).catch(() => {});
    throw err;
  }
  const kind: VectorStore["kind"] = /PGlite/i.test(server) ? "pglite" : "pgvector";
  const iterativeScan = versionAtLeast(pgvectorVersion, 0, 8);
  const where = kind === "pglite" ? `PGlite at ${redactUrl(opts.url)} (one session: statements run one at a time)` : `PostgreSQL at ${redactUrl(opts.url)}`;
  const description = `pgvector ${pgvectorVersion} on ${where}, schema ${schema}${opts.reason ? ` — ${opts.reason}` : ""}`;

  const t = (name: string) => `"${schema}".${name}`;
  let base: Promise<void> | null = null;
  const indexed = new Set<number>();
  const suspended = new Set<number>();
  const searchCounts = { hnsw: 0, exact: 0, fallback: 0 };
  let writtenSinceAnalyze = 0;
  const analyze = async () => {
    await ensureBase();
    writtenSinceAnalyze = 0;
    await sql.unsafe(`analyze ${t("chunks")}`);
  };

  const ensureBase = () => {
    base ??= ddl(sql, [
      `create schema if not exists "${schema}"`,
      `create table if not exists ${t("chunks")} (
        id uuid primary key default gen_random_uuid(),
        knowledge_base_id uuid not null,
        document_id uuid not null,
        ordinal integer not null,
        heading text,
        content text not null,
        page integer,
        token_count integer not null,
        model text not null,
        dim integer not null,
        embedding vector not null,
        search_text tsvector not null,
        created_at timestamptz not null default now())`,
      `create index if not exists chunks_kb_document on ${t("chunks")} (knowledge_base_id, document_id, ordinal)`,
      `create index if not exists chunks_search_text on ${t("chunks")} using gin (search_text)`,
      `create table if not exists ${t("embedding_cache")} (
        model text not null,
        sha256 text not null,
        dim integer not null,
        embedding vector not null,
        created_at timestamptz not null default now(),
        primary key (model, sha256))`,
      `create table if not exists ${t("answer_cache")} (
        id uuid primary key default gen_random_uuid(),
        knowledge_base_id uuid not null,
        model text not null,
        dim integer not null,
        question text not null,
        embedding vector not null,
        answer text not null,
        citations jsonb not null,
        documents_fingerprint text not null,
        cost_micro_usd bigint not null default 0,
        hits integer not null default 0,
        created_at timestamptz not null default now(),
        last_hit_at timestamptz)`,
      `create index if not exists answer_cache_kb on ${t("answer_cache")} (knowledge_base_id, model, dim)`,
    ]).catch((err) => {
      base = null; // a later call tries again
      throw err;
    });
    return base;
  };

  const ensureSpace = async (dim: number) => {
    checkDim(dim);
    await ensureBase();
    if (indexed.has(dim) || suspended.has(dim)) return;
    const ix = indexedExpression(dim);
    if (ix) {
      await ddl(sql, [
        // A build over many rows wants the graph in memory (pgvector warns when it outgrows this).
        `set local maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`,
        `create index if not exists chunks_hnsw_${dim} on ${t("chunks")} using hnsw (${ix.expr} ${ix.ops}) with (m = ${HNSW_M}, ef_construction = ${HNSW_EF_CONSTRUCTION}) where dim = ${dim}`,
      ]);
    }
    indexed.add(dim);
  };

  /** The filters every chunk query shares: the knowledge base, model, dimension and optional documents ($2…). */
  const chunkFilter = (space: VectorSpace, documentIds: string[] | undefined, params: unknown[]) => {
    checkDim(space.dim);
    params.push(space.knowledgeBaseId, space.model);
    let where = `knowledge_base_id = $${params.length - 1} and model = $${params.length} and dim = ${space.dim}`;
    if (documentIds) {
      params.push(arrayLiteral(documentIds.filter((id) => UUID.test(id))));
      where += ` and document_id = any($${params.length}::text::uuid[])`;
    }
    return where;
  };

  const exactSearch = (space: VectorSpace, q: string, k: number, documentIds?: string[]) => {
    const params: unknown[] = [q];
    const where = chunkFilter(space, documentIds, params);
    params.push(k);
    // The bare column, not the indexed expression: no HNSW index can serve this ordering.
    return sql.unsafe<ChunkRow[]>(
      `select ${CHUNK_COLUMNS}, 1 - (embedding <=> $1::vector) as score from ${t("chunks")}
       where ${where} order by embedding <=> $1::vector, id limit $${params.length}`,
      params as never[],
    );
  };

  const store: PgVectorStore = {
    kind,
    description,
    schema,
    pgvectorVersion,
    iterativeScan,
    searchCounts,
    analyze,
    ensureSpace,

    async replaceDocumentChunks(space, documentId, chunks) {
      await ensureSpace(space.dim);
      const rows = chunks.map((c) => ({
        ordinal: c.ordinal,
        heading: c.heading,
        content: c.content,
        page: c.page,
        token_count: c.tokenCount,
        embedding: toVectorLiteral(c.embedding, space.dim),
        heading_words: segmentForIndex(c.heading ?? ""),
        words: segmentForIndex(c.content),
      }));
      await sql.begin(async (tx) => {
        await tx.unsafe(`delete from ${t("chunks")} where knowledge_base_id = $1 and document_id = $2`, [space.knowledgeBaseId, documentId]);
        for (let i = 0; i < rows.length; i += INSERT_BATCH) {
          await tx.unsafe(
            `insert into ${t("chunks")} (knowledge_base_id, document_id, ordinal, heading, content, page, token_count, model, dim, embedding, search_text)
             select $1::uuid, $2::uuid, r.ordinal, r.heading, r.content, r.page, r.token_count, $3, ${space.dim}, r.embedding::vector,
                    setweight(to_tsvector('simple', r.heading_words), 'A') || setweight(to_tsvector('simple', r.words), 'B')
             from jsonb_to_recordset($4::text::jsonb) as r(ordinal integer, heading text, content text, page integer, token_count integer,
                                                     embedding text, heading_words text, words text)`,
            [space.knowledgeBaseId, documentId, space.model, JSON.stringify(rows.slice(i, i + INSERT_BATCH))],
          );
        }
      });
      writtenSinceAnalyze += rows.length;
      if (writtenSinceAnalyze >= ANALYZE_AFTER_ROWS) await analyze();
    },

    async deleteDocumentChunks(knowledgeBaseId, documentId) {
      await ensureBase();
      await sql.unsafe(`delete from ${t("chunks")} where knowledge_base_id = $1 and document_id = $2`, [knowledgeBaseId, documentId]);
    },

    async deleteKnowledgeBase(knowledgeBaseId) {
      await ensureBase();
      await sql.begin(async (tx) => {
        await tx.unsafe(`delete from ${t("chunks")} where knowledge_base_id = $1`, [knowledgeBaseId]);
        await tx.unsafe(`delete from ${t("answer_cache")} where knowledge_base_id = $1`, [knowledgeBaseId]);
      });
    },

    async searchVector(space, query, opts) {
      await ensureBase();
      const k = Math.max(1, Math.floor(opts.k));
      const q = toVectorLiteral(query, space.dim);
      const ix = indexedExpression(space.dim);
      if (opts.exact || !ix) {
        searchCounts.exact++;
        return (await exactSearch(space, q, k, opts.documentIds)).map(toHit);
      }
      const params: unknown[] = [q];
      const where = chunkFilter(space, opts.documentIds, params);
      params.push(k);
      // The knowledge base filter is in the WHERE of the index scan itself. pgvector ≥ 0.8 then
      // keeps scanning the graph until k rows pass it (iterative index scan, README "Iterative
      // Index Scans"); relaxed_order may return them slightly out of order, so the materialized
      // CTE is re-sorted outside (the README's own pattern).
      const rows = await sql.begin(async (tx) => {
        await tx.unsafe(`set local hnsw.ef_search = ${Math.min(1000, Math.max(EF_SEARCH, 2 * k))}`);
        if (iterativeScan) await tx.unsafe("set local hnsw.iterative_scan = relaxed_order");
        return tx.unsafe<(ChunkRow & { distance: number })[]>(
          `with hits as materialized (
             select ${CHUNK_COLUMNS}, ${ix.expr} <=> $1::${ix.type} as distance from ${t("chunks")}
             where ${where} order by distance limit $${params.length})
           select *, 1 - distance as score from hits order by distance + 0, id`,
          params as never[],
        );
      });
      // Fewer than k: either the knowledge base (or the documents asked for) holds fewer than k
      // chunks, or the scan stopped at hnsw.max_scan_tuples / pgvector < 0.8 found fewer inside
      // ef_search. The exact search answers both cases completely, and is cheap in the first.
      if (rows.length < k) {
        searchCounts.fallback++;
        return (await exactSearch(space, q, k, opts.documentIds)).map(toHit);
      }
      searchCounts.hnsw++;
      return rows.map(toHit);
    },

    async searchText(space, queryText, opts) {
      await ensureBase();
      const tsquery = segmentForQuery(queryText);
      if (!tsquery) return [];
      const params: unknown[] = [tsquery];
      const where = chunkFilter(space, opts.documentIds, params);
      params.push(Math.max(1, Math.floor(opts.k)));
      const rows = await sql.unsafe<ChunkRow[]>(
        `select ${CHUNK_COLUMNS}, ts_rank_cd(search_text, query) as score
         from ${t("chunks")}, to_tsquery('simple', $1) as query
         where ${where} and search_text @@ query order by score desc, id limit $${params.length}`,
        params as never[],
      );
      return rows.map(toHit);
    },

    async getChunk(knowledgeBaseId, chunkId) {
      if (!UUID.test(chunkId) || !UUID.test(knowledgeBaseId)) return null;
      await ensureBase();
      const [row] = await sql.unsafe<ChunkRow[]>(`select ${CHUNK_COLUMNS}, 0 as score from ${t("chunks")} where id = $1 and knowledge_base_id = $2`, [
        chunkId,
        knowledgeBaseId,
      ]);
      return row ? toHit(row) : null;
    },

    async listChunks(knowledgeBaseId, opts) {
      await ensureBase();
      const params: unknown[] = [knowledgeBaseId];
      let where = "knowledge_base_id = $1";
      if (opts.documentIds) {
        params.push(arrayLiteral(opts.documentIds.filter((id) => UUID.test(id))));
        where += ` and document_id = any($2::text::uuid[])`;
      }
      params.push(Math.max(0, Math.floor(opts.limit)));
      const rows = await sql.unsafe<ChunkRow[]>(
        `select ${CHUNK_COLUMNS}, 0 as score from ${t("chunks")} where ${where} order by document_id, ordinal limit $${params.length}`,
        params as never[],
      );
      return rows.map(toHit);
    },

    async getCachedEmbeddings(model, sha256s) {
      const out = new Map<string, number[]>();
      const wanted = [...new Set(sha256s.filter((s) => SHA256.test(s)))];
      if (wanted.length === 0) return out;
      await ensureBase();
      const rows = await sql.unsafe<{ sha256: string; embedding: string }[]>(
        `select sha256, embedding::text as embedding from ${t("embedding_cache")} where model = $1 and sha256 = any($2::text::text[])`,
        [model, arrayLiteral(wanted)],
      );
      for (const r of rows) out.set(r.sha256, fromVectorLiteral(r.embedding));
      return out;
    },

    async putCachedEmbeddings(model, entries) {
      if (entries.length === 0) return;
      await ensureBase();
      for (const e of entries) if (!SHA256.test(e.sha256)) throw new RangeError(`not a lower-case hex SHA-256: ${e.sha256}`);
      const rows = entries.map((e) => ({ sha256: e.sha256, dim: e.embedding.length, embedding: toVectorLiteral(e.embedding, e.embedding.length) }));
      for (let i = 0; i < rows.length; i += INSERT_BATCH) {
        await sql.unsafe(
          `insert into ${t("embedding_cache")} (model, sha256, dim, embedding)
           select $1, r.sha256, r.dim, r.embedding::vector from jsonb_to_recordset($2::text::jsonb) as r(sha256 text, dim integer, embedding text)
           on conflict (model, sha256) do nothing`,
          [model, JSON.stringify(rows.slice(i, i + INSERT_BATCH))],
        );
      }
    },

    async findCachedAnswer(space, query, minSimilarity, opts = {}) {
      await ensureBase();
      const params: unknown[] = [toVectorLiteral(query, space.dim), space.knowledgeBaseId, space.model, minSimilarity];
      let where = `knowledge_base_id = $2 and model = $3 and dim = ${space.dim}`;
      if (opts.documentsFingerprint !== undefined) {
        params.push(opts.documentsFingerprint);
        where += ` and documents_fingerprint = $${params.length}`;
      }
      // The nearest one only, then the threshold: "close enough" is about the best match.
      const best = `select id, question, answer, citations, documents_fingerprint, cost_micro_usd, 1 - (embedding <=> $1::vector) as similarity
                    from ${t("answer_cache")} where ${where} order by embedding <=> $1::vector limit 1`;
      const text =
        opts.documentsFingerprint !== undefined
          ? `with best as (${best}) update ${t("answer_cache")} a set hits = a.hits + 1, last_hit_at = now() from best
             where a.id = best.id and best.similarity >= $4
             returning best.id, best.question, best.answer, best.citations, best.documents_fingerprint, best.cost_micro_usd, best.similarity`
          : `with best as (${best}) select * from best where similarity >= $4`;
      const [row] = await sql.unsafe<
        { id: string; question: string; answer: string; citations: unknown; documents_fingerprint: string; cost_micro_usd: string; similarity: number }[]
      >(text, params as never[]);
      if (!row) return null;
      return {
        id: row.id,
        question: row.question,
        answer: row.answer,
        citations: row.citations,
        documentsFingerprint: row.documents_fingerprint,
        similarity: Number(row.similarity),
        costMicroUsd: Number(row.cost_micro_usd),
      };
    },

    async putCachedAnswer(space, entry) {
      await ensureBase();
      await sql.unsafe(
        `insert into ${t("answer_cache")} (knowledge_base_id, model, dim, question, embedding, answer, citations, documents_fingerprint, cost_micro_usd)
         values ($1, $2, ${space.dim}, $3, $4::vector, $5, $6::text::jsonb, $7, $8)`,
        [
          space.knowledgeBaseId,
          space.model,
          entry.question,
          toVectorLiteral(entry.embedding, space.dim),
          entry.answer,
          JSON.stringify(entry.citations ?? null),
          entry.documentsFingerprint,
          Math.max(0, Math.round(entry.costMicroUsd)),
        ],
      );
    },

    async answerCacheStats(knowledgeBaseId) {
      await ensureBase();
      const [row] = await sql.unsafe<{ answers: string; hits: string | null; saved: string | null }[]>(
        `select count(*) as answers, sum(hits) as hits, sum(hits * cost_micro_usd) as saved from ${t("answer_cache")}
         ${knowledgeBaseId ? "where knowledge_base_id = $1" : ""}`,
        knowledgeBaseId ? [knowledgeBaseId] : [],
      );
      return { answers: Number(row.answers), hits: Number(row.hits ?? 0), savedMicroUsd: Number(row.saved ?? 0) };
    },

    async explainSearch(space, query, k) {
      await ensureBase();
      const ix = indexedExpression(space.dim);
      if (!ix) return "no index for this dimension";
      const params: unknown[] = [toVectorLiteral(query, space.dim)];
      const where = chunkFilter(space, undefined, params);
      params.push(k);
      const rows = await sql.begin(async (tx) => {
        if (iterativeScan) await tx.unsafe("set local hnsw.iterative_scan = relaxed_order");
        return tx.unsafe<{ "QUERY PLAN": string }[]>(
          `explain select id, ${ix.expr} <=> $1::${ix.type} as distance from ${t("chunks")} where ${where} order by distance limit $${params.length}`,
          params as never[],
        );
      });
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    },

    async withoutIndex(dim, load) {
      checkDim(dim);
      await ensureBase();
      suspended.add(dim);
      indexed.delete(dim);
      try {
        await ddl(sql, [`drop index if exists "${schema}".chunks_hnsw_${dim}`]);
        return await load();
      } finally {
        suspended.delete(dim);
        await ensureSpace(dim);
      }
    },

    async dropSchema() {
      await ddl(sql, [`drop schema if exists "${schema}" cascade`]);
      base = null;
      indexed.clear();
    },

    async close() {
      await sql.end({ timeout: 5 });
    },
  };
  return store;
}

/** Runs DDL statements in one transaction under the store-wide advisory lock (see `DDL_LOCK`). */
async function ddl(sql: postgres.Sql, statements: string[]): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${DDL_LOCK}))`;
    for (const s of statements) await tx.unsafe(s);
  });
}

/** A URL for logs: host, port and database, never the password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "(unparsable URL)";
  }
}
