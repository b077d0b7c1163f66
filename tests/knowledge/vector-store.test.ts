/**
 * The vector store (lib/knowledge/vector-store) on the database the product would choose here:
 * pgvector in the file's database when the server has it, else the PGlite sidecar. Vectors are
 * seeded random unit vectors (lib/text/random, the same on every run), clustered around "topics" where a test needs neighbours.
 */
import "../helpers/env";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChunkInput, PgVectorStore, VectorSpace } from "@/lib/knowledge/vector-store";
import { getVectorStore } from "@/lib/knowledge/vector-store";
import { seededRandom } from "@/lib/text/random";
import { testVectorStore } from "../helpers/vector-store";

const normalise = (v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
/** A unit vector: `centre` plus Gaussian-ish noise of size `spread` (or a uniform random direction). */
function draw(random: () => number, dim: number, centre?: number[], spread = 0.3): number[] {
  const noise = Array.from({ length: dim }, () => random() + random() + random() - 1.5);
  return normalise(centre ? centre.map((c, i) => c + spread * noise[i]) : noise);
}
const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);
const chunk = (ordinal: number, embedding: number[], content = `chunk ${ordinal}`): ChunkInput => ({
  ordinal,
  heading: null,
  content,
  tokenCount: 3,
  page: null,
  embedding,
});
const space = (dim: number): VectorSpace => ({ knowledgeBaseId: randomUUID(), model: "test:random", dim });

let store: PgVectorStore;
beforeAll(async () => {
  store = await testVectorStore();
});

describe("vector store", () => {
  it("is the store getVectorStore() returns in this file, and says which back end serves", async () => {
    expect(await getVectorStore()).toBe(store);
    expect(["pgvector", "pglite"]).toContain(store.kind);
    expect(store.description).toContain(store.schema);
  });

  it("replaces a document's chunks in one go, deletes them, and deletes a whole knowledge base with its cached answers", async () => {
    const random = seededRandom(1);
    const s = space(8);
    const [docA, docB] = [randomUUID(), randomUUID()];
    await store.replaceDocumentChunks(
      s,
      docA,
      [0, 1, 2].map((i) => chunk(i, draw(random, 8), `old ${i}`)),
    );
    await store.replaceDocumentChunks(s, docB, [chunk(0, draw(random, 8), "other document")]);
    await store.replaceDocumentChunks(
      s,
      docA,
      [0, 1].map((i) => chunk(i, draw(random, 8), `new ${i}`)),
    );
    const listed = await store.listChunks(s.knowledgeBaseId, { documentIds: [docA], limit: 10 });
    expect(listed.map((c) => c.content)).toEqual(["new 0", "new 1"]);
    expect(await store.getChunk(s.knowledgeBaseId, listed[0].id)).toMatchObject({ content: "new 0", documentId: docA, ordinal: 0 });
    expect(await store.getChunk(randomUUID(), listed[0].id)).toBeNull(); // another knowledge base's chunk
    expect(await store.getChunk(s.knowledgeBaseId, "not-a-uuid")).toBeNull();

    await store.deleteDocumentChunks(s.knowledgeBaseId, docA);
    await store.deleteDocumentChunks(s.knowledgeBaseId, docA); // idempotent
    expect((await store.listChunks(s.knowledgeBaseId, { limit: 10 })).map((c) => c.content)).toEqual(["other document"]);

    const q = draw(random, 8);
    await store.putCachedAnswer(s, { question: "q", embedding: q, answer: "a", citations: [], documentsFingerprint: "f", costMicroUsd: 10 });
    await store.deleteKnowledgeBase(s.knowledgeBaseId);
    expect(await store.listChunks(s.knowledgeBaseId, { limit: 10 })).toEqual([]);
    expect(await store.findCachedAnswer(s, q, 0.5)).toBeNull();
  });

  it("a small knowledge base inside a much larger one still gets its full top-k: the filter runs inside the vector query", async () => {
    const random = seededRandom(2);
    const dim = 32;
    const topic = draw(random, dim);
    const big = space(dim);
    const small = space(dim);
    const medium = space(dim);
    // 2,000 chunks of the big knowledge base sit right on the topic; the others' lie further out.
    const bigChunks = Array.from({ length: 2000 }, (_, i) => chunk(i, draw(random, dim, topic, 0.2)));
    const smallEmbeddings = Array.from({ length: 40 }, () => draw(random, dim, topic, 1.2));
    const mediumEmbeddings = Array.from({ length: 400 }, () => draw(random, dim, topic, 1.2));
    // Loaded as a bulk load (the index dropped, built once after), which the HNSW plans below then use.
    await store.withoutIndex(dim, async () => {
      for (let i = 0; i < bigChunks.length; i += 500) await store.replaceDocumentChunks(big, randomUUID(), bigChunks.slice(i, i + 500));
      await store.replaceDocumentChunks(
        small,
        randomUUID(),
        smallEmbeddings.map((e, i) => chunk(i, e)),
      );
      await store.replaceDocumentChunks(
        medium,
        randomUUID(),
        mediumEmbeddings.map((e, i) => chunk(i, e)),
      );
      expect(await store.explainSearch(medium, topic, 10)).not.toContain(`chunks_hnsw_${dim}`);
    });
    await store.analyze();

    // A global top-10 then filtered (the bug this guards against) would keep none of the others' chunks.
    const bigTop = await store.searchVector(big, topic, { k: 10 });
    const worstBig = Math.min(...bigTop.map((h) => h.score));
    expect([...smallEmbeddings, ...mediumEmbeddings].filter((e) => cosine(e, topic) >= worstBig)).toEqual([]);
    const exactTop = (embeddings: number[][]) =>
      embeddings
        .map((e, i) => ({ i, score: cosine(e, topic) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 10)
        .map((x) => x.i);

    // The small one: the planner takes its 40 rows by the knowledge-base B-tree and sorts them (exact).
    const before = { ...store.searchCounts };
    const hits = await store.searchVector(small, topic, { k: 10 });
    expect(hits).toHaveLength(10);
    expect(new Set(hits.map((h) => h.knowledgeBaseId))).toEqual(new Set([small.knowledgeBaseId]));
    expect(hits.map((h) => h.ordinal)).toEqual(exactTop(smallEmbeddings));
    expect(hits[0].score).toBeCloseTo(cosine(smallEmbeddings[hits[0].ordinal], topic), 5);
    expect(await store.explainSearch(small, topic, 10)).toContain(`knowledge_base_id = '${small.knowledgeBaseId}'`);

    // The medium one (400 of 2,440): the HNSW index scan itself, the knowledge base in its filter;
    // the iterative scan walks past the big one's nearer vectors until 10 rows pass, no exact fallback.
    const plan = await store.explainSearch(medium, topic, 10);
    expect(plan).toMatch(new RegExp(`Index Scan using chunks_hnsw_${dim} on chunks[\\s\\S]*Filter: \\(+knowledge_base_id = '${medium.knowledgeBaseId}'`));
    const mediumHits = await store.searchVector(medium, topic, { k: 10 });
    expect(mediumHits).toHaveLength(10);
    expect(new Set(mediumHits.map((h) => h.knowledgeBaseId))).toEqual(new Set([medium.knowledgeBaseId]));
    expect(store.searchCounts.fallback).toBe(before.fallback);
    const expected = new Set(exactTop(mediumEmbeddings));
    expect(mediumHits.filter((h) => expected.has(h.ordinal)).length).toBeGreaterThanOrEqual(8); // approximate, recall@10
  });

  it("keeps the dimension per knowledge base: two spaces side by side, an index each, and a wrong-length query refused", async () => {
    const random = seededRandom(3);
    const a = space(8);
    const b = space(12);
    await store.replaceDocumentChunks(a, randomUUID(), [chunk(0, draw(random, 8), "eight")]);
    await store.replaceDocumentChunks(b, randomUUID(), [chunk(0, draw(random, 12), "twelve")]);
    expect((await store.searchVector(a, draw(random, 8), { k: 5 })).map((h) => h.content)).toEqual(["eight"]);
    expect((await store.searchVector(b, draw(random, 12), { k: 5 })).map((h) => h.content)).toEqual(["twelve"]);
    await expect(store.searchVector(a, draw(random, 12), { k: 5 })).rejects.toThrow(RangeError);
    await expect(store.replaceDocumentChunks(b, randomUUID(), [chunk(0, draw(random, 8))])).rejects.toThrow(RangeError);
    // Same knowledge base id, other model: its vectors are not mixed in.
    expect(await store.searchVector({ ...a, model: "other:model" }, draw(random, 8), { k: 5 })).toEqual([]);
  });

  it("HNSW and exact search agree on a small set, documentIds restrict both", async () => {
    const random = seededRandom(4);
    const dim = 16;
    const s = space(dim);
    const docs = [randomUUID(), randomUUID()];
    const topics = [draw(random, dim), draw(random, dim), draw(random, dim)];
    for (const [d, doc] of docs.entries()) {
      await store.replaceDocumentChunks(
        s,
        doc,
        Array.from({ length: 100 }, (_, i) => chunk(i, draw(random, dim, topics[(i + d) % 3], 0.4))),
      );
    }
    for (const q of [...topics, draw(random, dim)]) {
      const exact = await store.searchVector(s, q, { k: 5, exact: true });
      const hnsw = await store.searchVector(s, q, { k: 5 });
      expect(hnsw.map((h) => h.id)).toEqual(exact.map((h) => h.id));
      const onlyFirst = await store.searchVector(s, q, { k: 5, documentIds: [docs[0]] });
      expect(onlyFirst).toHaveLength(5);
      expect(new Set(onlyFirst.map((h) => h.documentId))).toEqual(new Set([docs[0]]));
      expect(onlyFirst.map((h) => h.id)).toEqual((await store.searchVector(s, q, { k: 5, documentIds: [docs[0]], exact: true })).map((h) => h.id));
    }
  });

  it("full-text search finds a Chinese word inside an unspaced sentence, and an English one, within the knowledge base", async () => {
    const random = seededRandom(5);
    const s = space(8);
    const doc = randomUUID();
    await store.replaceDocumentChunks(s, doc, [
      { ...chunk(0, draw(random, 8), "员工每年享有十五天带薪年假，入职满一年后生效。"), heading: "福利 › 假期" },
      chunk(1, draw(random, 8), "差旅报销需要在出差结束后三十天内提交发票。"),
      chunk(2, draw(random, 8), "The onboarding checklist covers laptops and badges."),
    ]);
    const other = space(8);
    await store.replaceDocumentChunks(other, randomUUID(), [chunk(0, draw(random, 8), "年假政策：另一个知识库。")]);

    const leave = await store.searchText(s, "年假有几天？", { k: 5 });
    expect(leave.map((h) => h.ordinal)).toEqual([0]);
    expect(leave[0].score).toBeGreaterThan(0);
    expect((await store.searchText(s, "报销", { k: 5 })).map((h) => h.ordinal)).toEqual([1]);
    expect((await store.searchText(s, "Onboarding", { k: 5 })).map((h) => h.ordinal)).toEqual([2]);
    expect((await store.searchText(s, "假期", { k: 5 })).map((h) => h.ordinal)).toEqual([0]); // the heading counts
    expect(await store.searchText(s, "？！ & | ()", { k: 5 })).toEqual([]); // no word, no query
  });

  it("embedding cache: returns what was stored for (model, sha256), nothing for another model, first write wins", async () => {
    const random = seededRandom(6);
    const [h1, h2, h3] = ["a", "b", "c"].map((c) => c.repeat(64));
    const e1 = draw(random, 8);
    const e2 = draw(random, 8);
    await store.putCachedEmbeddings("m1", [
      { sha256: h1, embedding: e1 },
      { sha256: h2, embedding: e2 },
    ]);
    await store.putCachedEmbeddings("m1", [{ sha256: h1, embedding: e2 }]);
    const got = await store.getCachedEmbeddings("m1", [h1, h2, h3]);
    expect([...got.keys()].sort()).toEqual([h1, h2]);
    // float4 storage: equal to 6 decimals
    expect(got.get(h1)?.map((x) => x.toFixed(6))).toEqual(e1.map((x) => x.toFixed(6)));
    expect(got.get(h2)?.map((x) => x.toFixed(6))).toEqual(e2.map((x) => x.toFixed(6)));
    expect((await store.getCachedEmbeddings("m2", [h1])).size).toBe(0);
    await expect(store.putCachedEmbeddings("m1", [{ sha256: "not-hex", embedding: e1 }])).rejects.toThrow(RangeError);
  });

  it("answer cache: a question at or above the threshold hits (counted), below it, in another knowledge base or over changed documents misses", async () => {
    const random = seededRandom(7);
    const dim = 16;
    const s = space(dim);
    const asked = draw(random, dim);
    await store.putCachedAnswer(s, {
      question: "How many days of leave?",
      embedding: asked,
      answer: "Fifteen [1]",
      citations: [{ sourceId: "x" }],
      documentsFingerprint: "fp1",
      costMicroUsd: 1234,
    });
    const near = draw(random, dim, asked, 0.05);
    const similarity = cosine(near, asked);
    expect(similarity).toBeGreaterThan(0.96);
    expect(similarity).toBeLessThan(0.9999);

    const hit = await store.findCachedAnswer(s, near, 0.95, { documentsFingerprint: "fp1" });
    expect(hit).toMatchObject({ answer: "Fifteen [1]", citations: [{ sourceId: "x" }], documentsFingerprint: "fp1", costMicroUsd: 1234 });
    expect(hit?.similarity).toBeCloseTo(similarity, 5);
    expect(await store.findCachedAnswer(s, near, similarity + 0.0001)).toBeNull();
    expect(await store.findCachedAnswer(s, near, 0.95, { documentsFingerprint: "fp2" })).toBeNull();
    expect(await store.findCachedAnswer({ ...s, knowledgeBaseId: randomUUID() }, near, 0.5)).toBeNull();
    expect(await store.findCachedAnswer(s, draw(random, dim), 0.95)).toBeNull(); // an unrelated question
    expect(await store.answerCacheStats(s.knowledgeBaseId)).toEqual({ answers: 1, hits: 1, savedMicroUsd: 1234 });
  });
});
