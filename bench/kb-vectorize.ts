/**
 * Benchmark: knowledge-base vectorization throughput, chunks/s (docs/knowledge.md, "Ingestion") —
 * the stages of `vectorizeDocument` in-process, the whole chain end to end through the real
 * pipeline, and the store write alone as the baseline, in one run.
 *
 *   npx tsx bench/kb-vectorize.ts
 *
 * Documents: 16 corpus files by path (tests/corpus-dir.ts; 6 PDF, 3 DOCX, 7 TXT/MD; English and
 * Chinese résumés and job postings, one 117-page PDF), BENCH_COPIES times each; every copy ends
 * with its own line `%panelist-bench copy <n>` (after a PDF's `%%EOF`, after a DOCX's zip
 * directory, as a last text line), so each copy has its own SHA-256 and is a new document, not a
 * duplicate. The offline embedding (`offline:hash-v1`, 384 dimensions) serves every phase.
 *
 * Phases, each into a vector-store schema of its own (fresh embedding cache each time):
 *
 *   1. **stages**, in-process, one document after another, as `vectorizeDocument` runs them:
 *      extraction (`extractKbDocument`: the resume domain's sandboxed readers under the knowledge
 *      base's caps), chunking (`chunkDocument`), embedding (`embedTextsCached`: the store's
 *      embedding cache, then the hashing for the texts it lacks) and the store write
 *      (`replaceDocumentChunks`, one transaction a document). chunks/s of a stage = all chunks ÷
 *      the stage's summed time; the whole = all chunks ÷ the four stages' summed time.
 *   2. **end to end**: a real worker process (`node --import tsx worker/index.ts`, BENCH_WORKERS ×
 *      concurrency BENCH_CONCURRENCY; bench/lib/worker-fleet.ts) consumes the `kb.vectorize`
 *      tasks of `uploadDocuments` (the service the upload route calls: checks, the outbox write,
 *      submission; > 10 files → batch lane) in requests of up to 50 files. Time = the last task's
 *      `finished_at` − PostgreSQL's clock just before the first upload: chunks/s end to end. One
 *      warm-up document goes through first (untimed), so start-up is not counted.
 *   3. baseline **store write only**: `replaceDocumentChunks` of phase 1's chunks with their
 *      vectors, same order, one transaction a document. Printed: end to end ÷ store write only.
 *
 * Store: the one the product would choose — pgvector on the bench database's server when it offers
 * the extension, else the PGlite sidecar at `VECTOR_DATABASE_URL`, else one this script starts
 * (tests/helpers/vector-sidecar.ts). The worker gets the same store through `VECTOR_DATABASE_URL`
 * and `PANELIST_VECTOR_SCHEMA`. A fresh bench database and Redis prefix (bench/lib/resources.ts);
 * schemas, database and keys are dropped at the end (BENCH_KEEP=1 keeps them).
 *
 * NOT VALID (docs left alone): a document that does not extract, an end-to-end task that does not
 * end COMPLETED, or chunk counts that differ between the phases (kb_documents.chunk_count and the
 * chunks in the worker's schema against phase 1).
 *
 * Knobs: BENCH_COPIES (2), BENCH_WORKERS (1), BENCH_CONCURRENCY (4), BENCH_KEEP=1,
 * BENCH_WRITE_DOCS (1 always / 0 never; default: a default-settings run writes the
 * "KB vectorization" section), BENCH_WORKER_LOG_LEVEL (warn).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import { sql } from "drizzle-orm";
import { createDb } from "@/lib/db/client";
import { user } from "@/lib/db/schema";
import type { KnowledgeActor } from "@/lib/knowledge";
import { embeddingSpace, embedTextsCached } from "@/lib/knowledge/embedding";
import { type Chunk, chunkDocument } from "@/lib/knowledge/ingest/chunk";
import { detectKbDocument, extractKbDocument } from "@/lib/knowledge/ingest/extract";
import { createKnowledgeBase, embeddingText, uploadDocuments } from "@/lib/knowledge/service";
import { type ChunkInput, createVectorStore, type PgVectorStore } from "@/lib/knowledge/vector-store";
import { createLogger } from "@/lib/log";
import { createRedis } from "@/lib/queue/redis";
import { corpusPath } from "@/tests/corpus-dir";
import { ensureVectorSidecar } from "../tests/helpers/vector-sidecar";
import { recordKnobbedRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { benchRedisPrefix, createBenchDatabase, deleteRedisPrefix, onInterrupt, redisUrl, serverUrl } from "./lib/resources";
import { runBench } from "./lib/run";
import { consoleTable, markdownTable, perSecond, ratio } from "./lib/stats";
import { WorkerFleet } from "./lib/worker-fleet";

const SCRIPT = "bench/kb-vectorize.ts";
const SECTION = "kb-vectorization";
const knobs = new Knobs({ BENCH_COPIES: 2, BENCH_WORKERS: 1, BENCH_CONCURRENCY: 4 });
const EXTRA = ["BENCH_KEEP", "BENCH_WRITE_DOCS"];
/** The upload route's cap on files a request (docs/knowledge.md, "Interfaces"). */
const FILES_PER_REQUEST = 50;
const END_TIMEOUT_MS = 15 * 60_000;
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Corpus files (SOURCES.tsv): PDF, DOCX, TXT/MD; English and Chinese. */
const FILES = [
  "resumes-pdf/en_latex_moderncv_classic_photo.pdf",
  "resumes-pdf/zh_latex_moderncv_template-zh.pdf",
  "resumes-pdf/en_typst_rendercv_classic.pdf",
  "resumes-pdf/zh_typst_qianxi_cv.pdf",
  "resumes-pdf/en_react-pdf_openresume.pdf",
  "edge-pdf/many-pages-117.pdf",
  "resumes-docx/en_msword_accountant_pair.docx",
  "resumes-docx/en_mac-word_synthetic_jane-smith.docx",
  "resumes-docx/zh_msword_template_with-image.docx",
  "resumes-txt-md/en_pandoc_resume.md",
  "resumes-txt-md/en_plain_sample_resume.txt",
  "resumes-txt-md/zh_markdown_java-template.md",
  "jobs/en_swe_senior-software-engineer_gsa-tts.md",
  "jobs/en_data_data-engineer_login-gov.md",
  "jobs/zh_backend_java-engineer_jd.md",
  "jobs/zh_multi-role_product-manager-backend-qa_jd.md",
];

type Doc = { fileName: string; source: string; bytes: Buffer };
type Stage = "extraction" | "chunking" | "embedding" | "store write";
const STAGES: Stage[] = ["extraction", "chunking", "embedding", "store write"];

/** The documents: each file BENCH_COPIES times, each copy with its own last line (its own SHA-256). */
function documents(copies: number): Doc[] {
  const out: Doc[] = [];
  for (let n = 0; n < copies; n++) {
    for (const source of FILES) {
      const bytes = Buffer.concat([readFileSync(corpusPath(source)), Buffer.from(`\n%panelist-bench copy ${n}\n`, "utf8")]);
      const base = source.split("/").pop()!;
      out.push({ source, bytes, fileName: `copy${n}-${base}` });
    }
  }
  return out;
}

/** The row of the extraction table a document belongs to: its format, the 117-page PDF on its own. */
function kindOf(source: string, fileKind: "pdf" | "docx" | "text"): string {
  if (source === "edge-pdf/many-pages-117.pdf") return "PDF, 117 pages";
  return { pdf: "PDF, résumés", docx: "DOCX", text: "TXT/MD" }[fileKind];
}

async function main(): Promise<{ failed: boolean }> {
  const started = performance.now();
  const loadStart = os.loadavg()[0];
  const copies = knobs.get("BENCH_COPIES");
  const workers = knobs.get("BENCH_WORKERS");
  const concurrency = knobs.get("BENCH_CONCURRENCY");
  // The offline embedding serves in this process and in the worker (which gets an LLM URL from
  // the fleet, so the hashing is named explicitly).
  process.env.LLM_EMBEDDING_MODEL = "offline";
  const space = embeddingSpace();
  const docs = documents(copies);
  const problems: string[] = [];

  const prefix = benchRedisPrefix();
  process.env.PANELIST_REDIS_PREFIX = prefix; // the stream names read it on each call
  const database = await createBenchDatabase("kbvectorize");
  const { db, sql: pg } = createDb(database.url);
  const redis = createRedis("bench-kb-vectorize");
  const sidecar = await ensureVectorSidecar(serverUrl());
  const storeUrl = sidecar.url ?? database.url;
  const tag = randomUUID().replaceAll("-", "").slice(0, 10);
  const stores: PgVectorStore[] = [];
  const open = async (phase: string) => {
    const s = await createVectorStore({ url: storeUrl, schema: `kb_bench_${tag}_${phase}`, reason: "bench" });
    stores.push(s);
    await s.ensureSpace(space.dim);
    return s;
  };
  const fleet = new WorkerFleet({ databaseUrl: database.url, redisUrl: redisUrl(), prefix, llmUrl: "http://127.0.0.1:9/v1", concurrency });
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await fleet.stop(5_000);
    for (const s of stores) {
      if (process.env.BENCH_KEEP !== "1") await s.dropSchema().catch((err) => console.error("[bench] dropping a schema failed", err));
      await s.close();
    }
    redis.disconnect();
    await pg.end({ timeout: 5 });
    await sidecar.stop();
    if (process.env.BENCH_KEEP === "1") return log(`kept database ${database.name}, redis prefix ${prefix}, schemas kb_bench_${tag}_*`);
    await database.drop().catch((err) => console.error("[bench] dropping the database failed", err));
    await deleteRedisPrefix(prefix).catch((err) => console.error("[bench] deleting Redis keys failed", err));
  };
  onInterrupt(cleanup);

  const ms: Record<Stage, number> = { extraction: 0, chunking: 0, embedding: 0, "store write": 0 };
  const written: { chunks: ChunkInput[] }[] = [];
  let totalChunks = 0;
  let embedded = 0;
  let cached = 0;
  let baselineMs = 0;
  let e2e = { ms: Number.NaN, chunks: 0, stored: 0, tasks: 0, completed: 0 };
  let description = "";
  const counts = { pdf: 0, docx: 0, text: 0 };
  /** Extraction per kind of document: documents, chunks, ms. */
  const byKind = new Map<string, { docs: number; chunks: number; ms: number }>();
  try {
    // 1. The stages, in-process.
    const staged = await open("stages");
    description = staged.description.replace(/ — bench$/, "");
    log(`store: ${description}; ${docs.length} documents`);
    const kbStaged = { knowledgeBaseId: randomUUID(), ...space };
    const run = async (d: Doc, timed: boolean) => {
      const detected = await detectKbDocument(d.bytes, d.fileName);
      if ("error" in detected) throw new Error(`${d.source}: ${detected.error}`);
      if (timed) counts[detected.fileKind]++;
      let t = performance.now();
      const extracted = await extractKbDocument({ bytes: new Uint8Array(d.bytes), kind: detected.kind });
      const tExtract = performance.now() - t;
      if (!extracted.ok) {
        problems.push(`${d.fileName}: extraction refused (${extracted.code}: ${extracted.message})`);
        return;
      }
      t = performance.now();
      const chunks: Chunk[] = chunkDocument({ text: extracted.text, pages: extracted.pages });
      const tChunk = performance.now() - t;
      t = performance.now();
      const e = await embedTextsCached(staged, { ...space, texts: chunks.map(embeddingText), purpose: "document" });
      const tEmbed = performance.now() - t;
      const rows = chunks.map((c, i) => ({
        ordinal: c.ordinal,
        heading: c.heading,
        content: c.content,
        tokenCount: c.tokenCount,
        page: c.page,
        embedding: e.vectors[i]!,
      }));
      t = performance.now();
      await staged.replaceDocumentChunks(kbStaged, randomUUID(), rows);
      const tWrite = performance.now() - t;
      if (!timed) return;
      ms.extraction += tExtract;
      const kind = kindOf(d.source, detected.fileKind);
      const k = byKind.get(kind) ?? { docs: 0, chunks: 0, ms: 0 };
      byKind.set(kind, { docs: k.docs + 1, chunks: k.chunks + chunks.length, ms: k.ms + tExtract });
      ms.chunking += tChunk;
      ms.embedding += tEmbed;
      ms["store write"] += tWrite;
      totalChunks += chunks.length;
      embedded += e.embedded;
      cached += e.cached;
      written.push({ chunks: rows });
    };
    // Warm-up (untimed, its own text): loads the tokenizer, the readers' modules and the store's statements.
    await run({ source: "warm-up", fileName: "warm-up.md", bytes: Buffer.from("# Warm-up\n\nA paragraph to load the modules. 一段中文。\n") }, false);
    for (const d of docs) await run(d, true);
    log(
      `stages: ${totalChunks} chunks; ${STAGES.map((s) => `${s} ${perSecond(totalChunks, ms[s]).toFixed(0)}/s`).join(", ")}; embedded ${embedded}, from the cache ${cached}`,
    );

    // 3. Baseline: the store write alone of the same chunks.
    const base = await open("baseline");
    const kbBase = { knowledgeBaseId: randomUUID(), ...space };
    await base.replaceDocumentChunks(kbBase, randomUUID(), written[0]!.chunks); // warm-up: the statements, the connection
    await base.deleteKnowledgeBase(kbBase.knowledgeBaseId);
    for (const w of written) {
      const t = performance.now();
      await base.replaceDocumentChunks(kbBase, randomUUID(), w.chunks);
      baselineMs += performance.now() - t;
    }
    log(`store write only: ${perSecond(totalChunks, baselineMs).toFixed(0)} chunks/s`);

    // 2. End to end: uploads → outbox → streams → a real worker process → COMPLETED.
    const e2eStore = await open("e2e");
    process.env.PANELIST_VECTOR_SCHEMA = e2eStore.schema;
    if (sidecar.url) process.env.VECTOR_DATABASE_URL = sidecar.url;
    const ownerId = `bench-${tag}`;
    await db.insert(user).values({ id: ownerId, name: "Bench", email: `${ownerId}@example.test` });
    const actor: KnowledgeActor = { userId: ownerId, readOrganizationId: null, writeOrganizationId: null, createOrganizationId: null };
    const deps = { db, redis, log: createLogger("bench") };
    const kb = await createKnowledgeBase(db, actor, { name: "Bench vectorization" });
    fleet.start(workers);
    const ended = async (ids: string[]) => {
      const deadline = Date.now() + END_TIMEOUT_MS;
      for (;;) {
        const rows = await db.execute<{ status: string }>(
          sql`select status from tasks where id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
        if (rows.length === ids.length && rows.every((r) => ["COMPLETED", "FAILED", "TERMINATED_BY_POLICY"].includes(r.status))) return rows;
        const crashed = fleet.crashes();
        if (crashed) throw new Error(`a worker crashed:\n${crashed}`);
        if (Date.now() > deadline) throw new Error(`tasks not ended after ${END_TIMEOUT_MS / 1000} s`);
        await sleep(100);
      }
    };
    const warm = await uploadDocuments(deps, actor, {
      knowledgeBaseId: kb.id,
      files: [{ fileName: "warm-up.md", bytes: Buffer.from("# Warm-up\n\nThe worker's first task, not timed.\n") }],
    });
    const warmIds = warm.items.flatMap((i) => ("taskId" in i ? [i.taskId] : []));
    const warmEnd = await ended(warmIds);
    if (warmEnd.some((r) => r.status !== "COMPLETED")) throw new Error(`the warm-up task ended ${warmEnd[0]?.status}`);
    log("worker warm; uploading");

    const [{ t0 }] = await db.execute<{ t0: string }>(sql`select clock_timestamp()::text as t0`);
    const taskIds: string[] = [];
    const docIds: string[] = [];
    for (let i = 0; i < docs.length; i += FILES_PER_REQUEST) {
      const u = await uploadDocuments(deps, actor, {
        knowledgeBaseId: kb.id,
        files: docs.slice(i, i + FILES_PER_REQUEST).map((d) => ({ fileName: d.fileName, bytes: d.bytes })),
      });
      for (const item of u.items) {
        if (!("taskId" in item) || item.duplicate) problems.push(`${item.fileName}: upload not taken as a new document (${JSON.stringify(item)})`);
        else {
          taskIds.push(item.taskId);
          docIds.push(item.documentId);
        }
      }
    }
    const statuses = await ended(taskIds);
    const [row] = await db.execute<{ seconds: string; chunks: number }>(sql`
      select extract(epoch from max(t.finished_at) - ${t0}::timestamptz)::text as seconds,
        (select coalesce(sum(d.chunk_count), 0)::int from kb_documents d where d.id in (${sql.join(
          docIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})) as chunks
      from tasks t where t.id in (${sql.join(
        taskIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    const stored = (await e2eStore.listChunks(kb.id, { documentIds: docIds, limit: 1_000_000 })).length;
    e2e = {
      ms: Number(row!.seconds) * 1000,
      chunks: row!.chunks,
      stored,
      tasks: taskIds.length,
      completed: statuses.filter((s) => s.status === "COMPLETED").length,
    };
    log(`end to end: ${e2e.completed}/${e2e.tasks} COMPLETED, ${e2e.chunks} chunks (${stored} in the store) in ${(e2e.ms / 1000).toFixed(1)} s`);
    if (e2e.completed !== docs.length) problems.push(`end to end: ${e2e.completed} of ${docs.length} tasks COMPLETED`);
    if (e2e.chunks !== totalChunks || stored !== totalChunks)
      problems.push(`chunk counts differ: stages ${totalChunks}, kb_documents ${e2e.chunks}, worker's store ${stored}`);
    const codes = await fleet.stop();
    if (codes.length !== workers || codes.some((c) => c !== 0)) problems.push(`workers exited with ${JSON.stringify(codes)} on SIGTERM`);
  } finally {
    await cleanup();
  }

  const stageMs = STAGES.reduce((a, s) => a + ms[s], 0);
  const baseRate = perSecond(totalChunks, baselineMs);
  const e2eRate = perSecond(e2e.chunks, e2e.ms);
  const header = ["measured", "chunks", "time", "chunks/s", "÷ store write only"];
  const rate = (chunks: number, t: number) => {
    const r = perSecond(chunks, t);
    return r.toFixed(r < 100 ? 1 : 0);
  };
  const line = (name: string, chunks: number, t: number) => [
    name,
    String(chunks),
    `${(t / 1000).toFixed(2)} s`,
    rate(chunks, t),
    ratio(perSecond(chunks, t), baseRate),
  ];
  const rows = [
    ...STAGES.map((s) => line(`stage: ${s}`, totalChunks, ms[s])),
    line("stages together (in-process vectorizeDocument work)", totalChunks, stageMs),
    line(`end to end: upload → ${workers} worker × ${concurrency} → all COMPLETED`, e2e.chunks, e2e.ms),
    line("baseline: store write only", totalChunks, baselineMs),
  ];
  const kindHeader = ["extraction of", "documents", "chunks", "time", "chunks/s"];
  const kindRows = [...byKind].map(([kind, k]) => [kind, String(k.docs), String(k.chunks), `${(k.ms / 1000).toFixed(2)} s`, rate(k.chunks, k.ms)]);
  const share = STAGES.map((s) => `${s} ${((100 * ms[s]) / stageMs).toFixed(0)} %`).join(", ");
  console.log(
    `\n${consoleTable(header, rows)}\n\n${consoleTable(kindHeader, kindRows)}\n\nshare of the stages' time: ${share}\nend to end ÷ store write only: ${ratio(e2eRate, baseRate)}\n`,
  );
  const valid = problems.length === 0;
  if (!valid) console.log(`NOT VALID:\n- ${problems.join("\n- ")}`);
  recordKnobbedRun(knobs, {
    script: SCRIPT,
    section: SECTION,
    extra: EXTRA,
    valid,
    log,
    indexRow:
      "| [KB vectorization](#kb-vectorization) | `npx tsx bench/kb-vectorize.ts` | Knowledge-base vectorization chunks/s of corpus PDF/DOCX/TXT/MD (en, zh), offline embedding: each stage of `vectorizeDocument` (extraction, chunking, embedding, store write), end to end upload → worker → COMPLETED, against the store write alone |",
    title: "KB vectorization",
    loadStart,
    started,
    lines: () => [
      `Store: ${description}. ${docs.length} documents: ${FILES.length} corpus files × ${copies} copies, each copy with its own last line (its own SHA-256) — ${counts.pdf} PDF (one of 117 pages), ${counts.docx} DOCX, ${counts.text} TXT/MD, English and Chinese — ${totalChunks} chunks (400 tokens, 60 overlap), embedding \`${space.model}\` (${space.dim} dimensions). Each phase writes into a schema of its own, so each starts with an empty embedding cache; copies share most chunk texts, so ${cached} of the ${embedded + cached} chunk texts (distinct within their document) came from the cache in the stages, as they would in the product.`,
      "",
      `**Stages**: in-process, one document after another, each stage timed alone (extraction \`extractKbDocument\`, chunking \`chunkDocument\`, embedding \`embedTextsCached\`, store write \`replaceDocumentChunks\`, one transaction a document); chunks/s = all chunks ÷ the stage's summed time. **End to end**: \`uploadDocuments\` (the upload route's service: checks, outbox write, submission; batch lane, > 10 files) with ${workers} real worker process (\`worker/index.ts\`, concurrency ${concurrency}) on the same store; time = the last task's \`finished_at\` − the database's clock before the first upload, after one untimed warm-up document. **Baseline store write only**: \`replaceDocumentChunks\` of the stages' chunks and vectors, same order, same run.`,
      "",
      markdownTable(header, rows),
      "",
      `The stages run one document at a time; the worker runs up to ${concurrency} tasks at once (the PDF reader is a child process per document), so tasks overlap on the two cores; end to end adds the upload, the queue and the task rows. Extraction by kind (the stages' run):`,
      "",
      markdownTable(kindHeader, kindRows),
      "",
      `Share of the stages' time: ${share}. End to end ÷ store write only: **${ratio(e2eRate, baseRate)}**.`,
    ],
  });
  return { failed: !valid };
}

await runBench(main);
