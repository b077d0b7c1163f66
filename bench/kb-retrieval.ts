/**
 * Benchmark: retrieval quality of the knowledge-base chat. Eleven documents — eight corpus files
 * (job descriptions and text resumes, read by path from /work/shared/corpus) and four synthetic
 * handbook and study-notes documents (bench/fixtures/kb/, English and Chinese) — are chunked
 * (lib/knowledge/ingest) and embedded with the offline embedding (`offline:hash-v1`) into one
 * knowledge base of a vector store schema of the run's own. Then 37 questions (20 English, 17
 * Chinese), each with the one document that holds its answer, are asked.
 *
 *   npx tsx bench/kb-retrieval.ts
 *
 * Reports, for hybrid retrieval (vector + full text, RRF) and for the baseline, vector-only
 * retrieval, in the same run on the same store: recall@5 (a chunk of the answer's document among
 * the first five passages), MRR of that document's first chunk, the rate at which the offline
 * answer carries a citation, and the rate at which it cites the right document. Six questions no
 * document answers measure the minimum similarity (`KB_MIN_SIMILARITY`): the best cosine of
 * answerable and unanswerable questions, and how many unanswerable ones end "not found".
 * Valid only if every question's document was stored with at least one chunk.
 *
 * Knobs: BENCH_WRITE_DOCS (1 always / 0 never; default: a default-settings run writes the section).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { extractiveAnswer } from "@/lib/knowledge/chat/extractive-answer";
import { hashingEmbedding, OFFLINE_EMBEDDING_DIM, OFFLINE_EMBEDDING_MODEL } from "@/lib/knowledge/embedding";
import { chunkDocument } from "@/lib/knowledge/ingest/chunk";
import { minSimilarity, type RetrievalMode, retrieve } from "@/lib/knowledge/retrieval";
import { questionLanguage } from "@/lib/knowledge/search-terms";
import { embeddingText } from "@/lib/knowledge/service";
import { openConfiguredVectorStore } from "@/lib/knowledge/vector-store/select";
import type { VectorSpace } from "@/lib/knowledge/vector-store/types";
import { CORPUS_DIR } from "@/tests/corpus-dir";
import { ensureVectorSidecar } from "@/tests/helpers/vector-sidecar";
import { machineLine, ROOT, recordRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { consoleTable, markdownTable } from "./lib/stats";

const SCRIPT = "bench/kb-retrieval.ts";
const SECTION = "knowledge-base-retrieval";
const knobs = new Knobs({});
const EXTRA = ["BENCH_WRITE_DOCS"];
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const FIXTURES = path.join(ROOT, "bench/fixtures/kb");
/** Floors tried for `KB_MIN_SIMILARITY`, around the default. */
const SWEEP = [0.1, 0.12, 0.14, 0.15, 0.16, 0.18, 0.2, 0.22, 0.25];

type QuestionSet = {
  documents: { key: string; fixture?: string; corpus?: string }[];
  questions: { q: string; doc: string }[];
  unanswerable: string[];
};

type ModeFigures = { recall5: number; mrr: number; cited: number; citedRight: number; notFoundAnswerable: number };

async function main() {
  const loadStart = os.loadavg()[0];
  const started = performance.now();
  const set = JSON.parse(readFileSync(path.join(FIXTURES, "questions.json"), "utf8")) as QuestionSet;
  // pgvector in the server of DATABASE_URL when it has the extension, else a PGlite sidecar of this run's own.
  const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const sidecar = await ensureVectorSidecar(serverUrl);
  const store = await openConfiguredVectorStore({
    ...process.env,
    DATABASE_URL: serverUrl,
    VECTOR_DATABASE_URL: sidecar.url ?? undefined,
    PANELIST_VECTOR_SCHEMA: `kb_bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`,
  });
  log(`vector store: ${store.description}`);
  const space: VectorSpace = { knowledgeBaseId: randomUUID(), model: OFFLINE_EMBEDDING_MODEL, dim: OFFLINE_EMBEDDING_DIM };
  const docIdOf = new Map<string, string>();
  let valid = true;
  try {
    await store.ensureSpace(space.dim);
    let chunkTotal = 0;
    for (const d of set.documents) {
      const text = readFileSync(d.corpus ? path.join(CORPUS_DIR, d.corpus) : path.join(FIXTURES, d.fixture!), "utf8");
      const chunks = chunkDocument({ text, pages: null });
      if (chunks.length === 0) valid = false;
      const id = randomUUID();
      docIdOf.set(d.key, id);
      await store.replaceDocumentChunks(
        space,
        id,
        chunks.map((c) => ({ ...c, embedding: hashingEmbedding(embeddingText(c), space.dim) })),
      );
      chunkTotal += chunks.length;
    }
    log(`${set.documents.length} documents, ${chunkTotal} chunks stored`);
    const documentIds = [...docIdOf.values()];

    const run = async (mode: RetrievalMode): Promise<ModeFigures> => {
      let hits = 0;
      let rr = 0;
      let cited = 0;
      let citedRight = 0;
      let notFound = 0;
      for (const { q, doc } of set.questions) {
        const want = docIdOf.get(doc);
        const r = await retrieve(store, space, { query: q, queryEmbedding: hashingEmbedding(q, space.dim), documentIds, mode });
        const rank = r.passages.findIndex((p) => p.documentId === want);
        if (rank >= 0) {
          hits++;
          rr += 1 / (rank + 1);
        }
        const answer = r.relevant ? extractiveAnswer(q, r.passages, questionLanguage(q)) : { text: "", cited: [] };
        if (answer.cited.length === 0) notFound++;
        if (answer.cited.length > 0) cited++;
        if (answer.cited.some((p) => p.documentId === want)) citedRight++;
      }
      const n = set.questions.length;
      return { recall5: hits / n, mrr: rr / n, cited: cited / n, citedRight: citedRight / n, notFoundAnswerable: notFound };
    };

    const hybrid = await run("hybrid");
    const vector = await run("vector");

    // The minimum similarity: the best cosine of each question, answerable or not.
    const best = async (q: string) => (await store.searchVector(space, hashingEmbedding(q, space.dim), { k: 1, documentIds }))[0]?.score ?? 0;
    const answerableBest = await Promise.all(set.questions.map((x) => best(x.q)));
    const unanswerableBest = await Promise.all(set.unanswerable.map(best));
    let unanswerableNotFound = 0;
    for (const q of set.unanswerable) {
      const r = await retrieve(store, space, { query: q, queryEmbedding: hashingEmbedding(q, space.dim), documentIds });
      const a = r.relevant ? extractiveAnswer(q, r.passages, questionLanguage(q)) : { cited: [] };
      if (a.cited.length === 0) unanswerableNotFound++;
    }
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    const floor = minSimilarity();
    // The sweep that chose the default: per candidate floor, hybrid recall@5, answerable questions
    // answered "not found", and unanswerable ones that got an answer anyway.
    const sweep: string[][] = [];
    for (const candidate of SWEEP) {
      let recalled = 0;
      let missed = 0;
      for (const { q, doc } of set.questions) {
        const r = await retrieve(store, space, { query: q, queryEmbedding: hashingEmbedding(q, space.dim), documentIds, minSimilarity: candidate });
        if (r.passages.some((p) => p.documentId === docIdOf.get(doc))) recalled++;
        if (!r.relevant || extractiveAnswer(q, r.passages, questionLanguage(q)).cited.length === 0) missed++;
      }
      let answered = 0;
      for (const q of set.unanswerable) {
        const r = await retrieve(store, space, { query: q, queryEmbedding: hashingEmbedding(q, space.dim), documentIds, minSimilarity: candidate });
        if (r.relevant && extractiveAnswer(q, r.passages, questionLanguage(q)).cited.length > 0) answered++;
      }
      sweep.push([
        candidate.toFixed(2) + (candidate === floor ? " (default)" : ""),
        pct(recalled / set.questions.length),
        `${missed} of ${set.questions.length}`,
        `${answered} of ${set.unanswerable.length}`,
      ]);
    }
    const sweepHeader = ["KB_MIN_SIMILARITY", "hybrid recall@5", "answerable → not found", "unanswerable → answered"];
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const fmt = (x: number) => x.toFixed(3);
    const a = sorted(answerableBest);
    const u = sorted(unanswerableBest);

    const header = ["retrieval", "recall@5", "MRR", "answer has a citation", "cites the answer's document", "answerable → not found"];
    const rows = [
      [
        "hybrid (vector + full text, RRF k = 60)",
        pct(hybrid.recall5),
        hybrid.mrr.toFixed(3),
        pct(hybrid.cited),
        pct(hybrid.citedRight),
        String(hybrid.notFoundAnswerable),
      ],
      ["baseline: vector only", pct(vector.recall5), vector.mrr.toFixed(3), pct(vector.cited), pct(vector.citedRight), String(vector.notFoundAnswerable)],
    ];
    const simHeader = ["best cosine of the question", "min", "median", "max"];
    const simRows = [
      [`answerable (${a.length})`, fmt(a[0]), fmt(a[Math.floor(a.length / 2)]), fmt(a.at(-1)!)],
      [`unanswerable (${u.length})`, fmt(u[0]), fmt(u[Math.floor(u.length / 2)]), fmt(u.at(-1)!)],
    ];
    console.log(`\n${consoleTable(header, rows)}\n\n${consoleTable(simHeader, simRows)}\n\n${consoleTable(sweepHeader, sweep)}\n`);
    console.log(`KB_MIN_SIMILARITY = ${floor}: ${unanswerableNotFound} of ${set.unanswerable.length} unanswerable questions end "not found"`);
    if (!valid) {
      console.log("NOT VALID: a document gave no chunk");
      process.exitCode = 1;
    }
    const command = knobs.commandLine(SCRIPT, EXTRA);
    recordRun({
      defaultSettings: knobs.isDefault(EXTRA) && !process.env.KB_MIN_SIMILARITY,
      valid,
      log,
      section: SECTION,
      script: SCRIPT,
      indexRow:
        "| [Knowledge-base retrieval](#knowledge-base-retrieval) | `npx tsx bench/kb-retrieval.ts` | recall@5, MRR and answer-has-citation rate of hybrid retrieval (vector + full text, RRF) vs vector-only, 37 en/zh questions over 11 documents, offline embedding; the minimum similarity's margins |",
      body: () =>
        [
          "## Knowledge-base retrieval",
          "",
          `Latest run: ${machineLine({ loadStart, seconds: (performance.now() - started) / 1000, command })}`,
          "",
          `${set.documents.length} documents (8 corpus files — job descriptions and text resumes, en and zh — and 4 synthetic handbook and study-notes documents in \`bench/fixtures/kb/\`), chunked by \`chunkDocument\` and embedded with the offline embedding (\`${OFFLINE_EMBEDDING_MODEL}\`, ${OFFLINE_EMBEDDING_DIM} dimensions) into one knowledge base of the ${store.kind} store. ${set.questions.length} questions (${set.questions.filter((x) => questionLanguage(x.q) === "zh").length} Chinese), each with the document that holds its answer (\`bench/fixtures/kb/questions.json\`). Recall@5: a chunk of that document among the first five passages; MRR: 1 / rank of its first chunk; the answer is the offline extractive one (\`lib/knowledge/chat/extractive-answer.ts\`). The baseline is the vector side alone, same store, same run; both apply the minimum similarity, so a row counts what the chat would answer.`,
          "",
          markdownTable(header, rows),
          "",
          `The minimum similarity (\`KB_MIN_SIMILARITY\`, default ${floor}): the best chunk's cosine per question. ${unanswerableNotFound} of ${set.unanswerable.length} questions no document answers end "not found".`,
          "",
          markdownTable(simHeader, simRows),
          "",
          "The sweep the default was chosen from (the same questions; an answer counts when the offline answer cites a passage):",
          "",
          markdownTable(sweepHeader, sweep),
        ].join("\n"),
    });
  } finally {
    await store.dropSchema();
    await store.close();
    await sidecar.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
