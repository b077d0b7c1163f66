/**
 * Benchmark: the knowledge base's vector store (lib/knowledge/vector-store) at 100 k chunks —
 * insert throughput, query latency with the HNSW index against exact search in the same run,
 * recall@10 of HNSW against exact, and a small knowledge base filtered inside the big one.
 *
 *   npx tsx bench/kb-vector-search.ts
 *
 * Store: the one the product would choose here — pgvector in a fresh database on the server of
 * `DATABASE_URL` when it offers the extension, else the PGlite sidecar at `VECTOR_DATABASE_URL`,
 * else a sidecar this script starts (tests/helpers/vector-sidecar.ts). A schema of its own,
 * dropped at the end.
 *
 * Data: unit vectors of dimension 384 (BENCH_DIM) clustered around 200 random "topics" (each a
 * topic plus noise, then normalised), so neighbourhoods exist as with real text. Knowledge base
 * **big** holds BENCH_CHUNKS − 1,000 chunks, **small** 1,000, in documents of 500 chunks written by
 * `replaceDocumentChunks` (one transaction per document): all but the last 2,000 inside
 * `withoutIndex` (the HNSW index dropped, built once after the load: the pgvector README's advice
 * for initial loads; the build is timed on its own), the last 2,000 with the index maintained on
 * insert (the ingestion path, at full size). Queries: BENCH_QUERIES vectors drawn the same way (not in the set).
 *
 * Baseline **exact**: `searchVector(…, { exact: true })`, the same query ordered by the bare
 * column, which no index serves. Recall@10 = |HNSW top-10 ∩ exact top-10| / 10, averaged.
 * NOT VALID (docs left alone) when a search returns fewer than 10 hits or a hit of another
 * knowledge base.
 *
 * Knobs: BENCH_CHUNKS (100000), BENCH_QUERIES (100), BENCH_DIM (384), BENCH_KEEP=1 (keep the
 * schema), BENCH_WRITE_DOCS (1 always / 0 never; default: a default-settings run writes the
 * "KB vector search" section).
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { createVectorStore, type PgVectorStore, type VectorSpace } from "@/lib/knowledge/vector-store";
import { HNSW_EF_CONSTRUCTION, HNSW_M } from "@/lib/knowledge/vector-store/pg-store";
import { seededRandom } from "@/lib/text/random";
import { ensureVectorSidecar } from "../tests/helpers/vector-sidecar";
import { recordKnobbedRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { createBenchDatabase, onInterrupt, serverUrl } from "./lib/resources";
import { consoleTable, fmtMs, markdownTable, percentile, perSecond, ratio } from "./lib/stats";

const SCRIPT = "bench/kb-vector-search.ts";
const SECTION = "kb-vector-search";
const knobs = new Knobs({ BENCH_CHUNKS: 100_000, BENCH_QUERIES: 100, BENCH_DIM: 384 });
const EXTRA = ["BENCH_KEEP", "BENCH_WRITE_DOCS"];
const SMALL = 1_000;
const DOC_SIZE = 500;
const TOPICS = 200;
const K = 10;
const WARMUP = 5;
/** Chunks written last, through the HNSW index maintained on insert (the ingestion path at full size). */
const TAIL = 2_000;
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** Seeded, so every run draws the same vectors. */
const random = seededRandom(42);
const gauss = () => random() + random() + random() - 1.5; // Irwin–Hall(3), centred: near-normal, cheap
function unit(v: number[]): number[] {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n);
  return v.map((x) => x / n);
}

type Case = { name: string; hnswMs: number[]; exactMs: number[]; recall: number; plan: string; fallbacks: number };

async function openStore(): Promise<{ store: PgVectorStore; cleanup: () => Promise<void> }> {
  const schema = `kb_bench_${randomUUID().replaceAll("-", "").slice(0, 10)}`;
  const sidecar = await ensureVectorSidecar(serverUrl());
  if (sidecar.url) {
    const store = await createVectorStore({ url: sidecar.url, schema, reason: "bench" });
    const cleanup = async () => {
      if (process.env.BENCH_KEEP !== "1") await store.dropSchema();
      await store.close();
      await sidecar.stop();
    };
    return { store, cleanup };
  }
  const db = await createBenchDatabase("kbvec");
  const store = await createVectorStore({ url: db.url, schema, reason: "bench" });
  const cleanup = async () => {
    await store.close();
    if (process.env.BENCH_KEEP !== "1") await db.drop();
  };
  return { store, cleanup };
}

async function main() {
  const started = performance.now();
  const loadStart = os.loadavg()[0];
  const total = knobs.get("BENCH_CHUNKS");
  const dim = knobs.get("BENCH_DIM");
  const nQueries = knobs.get("BENCH_QUERIES");
  const { store, cleanup } = await openStore();
  onInterrupt(cleanup);
  log(`store: ${store.description}`);
  const topics = Array.from({ length: TOPICS }, () => unit(Array.from({ length: dim }, gauss)));
  // Noise of 0.06 per coordinate ≈ length 1.2 at 384 dimensions: neighbours share a topic, not a vector.
  const spread = 1.2 / Math.sqrt(dim);
  const near = () => {
    const t = topics[Math.floor(random() * TOPICS)];
    return unit(t.map((x) => x + spread * gauss() * Math.sqrt(2)));
  };
  const big: VectorSpace = { knowledgeBaseId: randomUUID(), model: "bench:random", dim };
  const small: VectorSpace = { knowledgeBaseId: randomUUID(), model: "bench:random", dim };
  let valid = true;
  const cases: Case[] = [];
  const load = { bulk: { ms: 0, chunks: 0 }, indexed: { ms: 0, chunks: 0 } };
  let buildMs = 0;
  try {
    await store.ensureSpace(dim);
    const doc = () =>
      Array.from({ length: DOC_SIZE }, (_, ordinal) => ({ ordinal, heading: null, content: `chunk ${ordinal}`, tokenCount: 2, page: null, embedding: near() }));
    const write = async (s: VectorSpace, phase: "bulk" | "indexed") => {
      const chunks = doc();
      const t = performance.now();
      await store.replaceDocumentChunks(s, randomUUID(), chunks);
      load[phase].ms += performance.now() - t;
      load[phase].chunks += DOC_SIZE;
      const n = load.bulk.chunks + load.indexed.chunks;
      if (n % 10_000 === 0) log(`inserted ${n.toLocaleString("en-US")}`);
    };
    // 1. The initial load with the HNSW index dropped, then built once (the pgvector README's
    //    advice for bulk loads). The small knowledge base's documents are spread through it.
    const bulkDocs: VectorSpace[] = [];
    for (let i = 0; i < (total - SMALL - TAIL) / DOC_SIZE; i++) bulkDocs.push(big);
    const every = Math.max(1, Math.floor(bulkDocs.length / (SMALL / DOC_SIZE + 1)));
    for (let j = 0; j < SMALL / DOC_SIZE; j++) bulkDocs.splice(Math.min(bulkDocs.length, (j + 1) * every + j), 0, small);
    const t0 = performance.now();
    await store.withoutIndex(dim, async () => {
      for (const s of bulkDocs) await write(s, "bulk");
    });
    buildMs = performance.now() - t0 - load.bulk.ms;
    log(`bulk: ${load.bulk.chunks} chunks at ${perSecond(load.bulk.chunks, load.bulk.ms).toFixed(0)} chunks/s, HNSW build ${(buildMs / 1000).toFixed(0)} s`);
    // 2. The ingestion path at full size: documents written with the index maintained on insert.
    for (let i = 0; i < TAIL / DOC_SIZE; i++) await write(big, "indexed");
    log(`indexed: ${load.indexed.chunks} chunks at ${perSecond(load.indexed.chunks, load.indexed.ms).toFixed(0)} chunks/s`);
    await store.analyze();
    const queries = Array.from({ length: nQueries + WARMUP }, near);

    for (const [name, s] of [
      [`all but 1 k (${(total - SMALL).toLocaleString("en-US")} chunks)`, big],
      [`1 k chunks inside ${total.toLocaleString("en-US")}`, small],
    ] as const) {
      const hnswMs: number[] = [];
      const exactMs: number[] = [];
      let overlap = 0;
      const fallbacksBefore = store.searchCounts.fallback;
      for (const [i, q] of queries.entries()) {
        let t = performance.now();
        const approx = await store.searchVector(s, q, { k: K });
        const a = performance.now() - t;
        t = performance.now();
        const exact = await store.searchVector(s, q, { k: K, exact: true });
        const e = performance.now() - t;
        if (approx.length < K || exact.length < K || [...approx, ...exact].some((h) => h.knowledgeBaseId !== s.knowledgeBaseId)) {
          valid = false;
          log(`NOT VALID: ${name}: ${approx.length} HNSW / ${exact.length} exact hits, or a hit of another knowledge base`);
        }
        if (i < WARMUP) continue;
        hnswMs.push(a);
        exactMs.push(e);
        const ids = new Set(exact.map((h) => h.id));
        overlap += approx.filter((h) => ids.has(h.id)).length;
      }
      const planText = await store.explainSearch(s, queries[0], K);
      const scan = planText.match(/(Index Scan using \S+|Bitmap Index Scan on \S+|Seq Scan on \S+)/)?.[1] ?? "?";
      cases.push({ name, hnswMs, exactMs, recall: overlap / (nQueries * K), plan: scan, fallbacks: store.searchCounts.fallback - fallbacksBefore });
      log(
        `${name}: HNSW p50 ${fmtMs(percentile(hnswMs, 50))}, exact p50 ${fmtMs(percentile(exactMs, 50))}, recall@10 ${(overlap / (nQueries * K)).toFixed(3)}, plan ${scan}`,
      );
    }
  } finally {
    await cleanup();
  }

  const header = [
    "knowledge base searched",
    "HNSW p50",
    "HNSW p99",
    "exact p50",
    "exact p99",
    "exact ÷ HNSW (p50)",
    "recall@10",
    "plan of the HNSW query",
    "exact fallbacks",
  ];
  const rows = cases.map((c) => [
    c.name,
    fmtMs(percentile(c.hnswMs, 50)),
    fmtMs(percentile(c.hnswMs, 99)),
    fmtMs(percentile(c.exactMs, 50)),
    fmtMs(percentile(c.exactMs, 99)),
    ratio(percentile(c.exactMs, 50), percentile(c.hnswMs, 50)),
    c.recall.toFixed(3),
    c.plan,
    String(c.fallbacks),
  ]);
  const inserted = load.bulk.chunks + load.indexed.chunks;
  const bulkRate = perSecond(load.bulk.chunks, load.bulk.ms);
  const indexedRate = perSecond(load.indexed.chunks, load.indexed.ms);
  const loadHeader = ["insert", "chunks", "time", "chunks/s"];
  const loadRows = [
    ["bulk load, HNSW index dropped", load.bulk.chunks.toLocaleString("en-US"), `${(load.bulk.ms / 1000).toFixed(0)} s`, bulkRate.toFixed(0)],
    [
      "HNSW build over them (CREATE INDEX)",
      load.bulk.chunks.toLocaleString("en-US"),
      `${(buildMs / 1000).toFixed(0)} s`,
      perSecond(load.bulk.chunks, buildMs).toFixed(0),
    ],
    [
      "bulk load + build",
      load.bulk.chunks.toLocaleString("en-US"),
      `${((load.bulk.ms + buildMs) / 1000).toFixed(0)} s`,
      perSecond(load.bulk.chunks, load.bulk.ms + buildMs).toFixed(0),
    ],
    [
      `ingestion path at ${inserted.toLocaleString("en-US")}: index maintained on insert`,
      load.indexed.chunks.toLocaleString("en-US"),
      `${(load.indexed.ms / 1000).toFixed(0)} s`,
      indexedRate.toFixed(0),
    ],
  ];
  console.log(`\n${consoleTable(loadHeader, loadRows)}\n\n${consoleTable(header, rows)}\n`);
  if (!valid) {
    console.log("NOT VALID: a search came back short or crossed knowledge bases");
    process.exitCode = 1;
  }
  recordKnobbedRun(knobs, {
    script: SCRIPT,
    section: SECTION,
    extra: EXTRA,
    valid,
    log,
    indexRow:
      "| [KB vector search](#kb-vector-search) | `npx tsx bench/kb-vector-search.ts` | Knowledge-base vector store at 100 k chunks (dim 384): insert chunks/s, search p50/p99 with HNSW vs exact, recall@10 of HNSW against exact, a 1 k-chunk knowledge base filtered inside the 100 k |",
    title: "KB vector search",
    loadStart,
    started,
    lines: () => [
      `Store: ${store.description.replace(/ — bench$/, "")}. ${inserted.toLocaleString("en-US")} chunks of dimension ${dim} (unit vectors around ${TOPICS} topics), first ${load.bulk.chunks.toLocaleString("en-US")} loaded by \`withoutIndex\` (index dropped, built once after), the last ${load.indexed.chunks.toLocaleString("en-US")} with the index maintained; HNSW m = ${HNSW_M}, ef_construction = ${HNSW_EF_CONSTRUCTION}, ef_search = max(100, 2k), iterative scan \`relaxed_order\`${store.iterativeScan ? "" : " (not available: pgvector < 0.8)"}.`,
      `${nQueries} top-${K} queries per row, one at a time, after ${WARMUP} warm-up queries. Baseline **exact**: the same query ordered by the bare column (no index), same store, same run. Recall@10 = share of exact's top-10 that HNSW returned.`,
      "",
      `Insert (documents of ${DOC_SIZE} chunks, one \`replaceDocumentChunks\` transaction each; chunks/s of the phase):`,
      "",
      markdownTable(loadHeader, loadRows),
      "",
      "Search:",
      "",
      markdownTable(header, rows),
      "",
      "The 1 k-chunk knowledge base gets its full top-10 from inside the 100 k (the filter is in the query, never after a global top-k); the planner reads its 1,000 rows by the knowledge-base B-tree when that is cheaper than walking the graph, which is exact.",
    ],
  });
}

await main();
