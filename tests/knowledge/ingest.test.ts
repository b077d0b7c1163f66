import "../helpers/env";
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as revectorizeRoute } from "@/app/api/knowledge/[id]/documents/[docId]/revectorize/route";
import { DELETE as deleteDocRoute } from "@/app/api/knowledge/[id]/documents/[docId]/route";
import { POST as uploadRoute } from "@/app/api/knowledge/[id]/documents/route";
import { DELETE as deleteKbRoute, GET as getKbRoute } from "@/app/api/knowledge/[id]/route";
import { POST as createKbRoute, GET as listKbRoute } from "@/app/api/knowledge/route";
import { closeDb, getDb } from "@/lib/db/client";
import { files, kbDocuments, llmUsage, tasks } from "@/lib/db/schema";
import { embeddingSpace } from "@/lib/knowledge";
import { createLogger } from "@/lib/log";
import { createRedis } from "@/lib/queue/redis";
import { type FakeLlm, startFakeLlm } from "@/scripts/fake-llm/server";
import { kbVectorizeHandler } from "@/worker/handlers/kb-vectorize";
import { corpusPath } from "../corpus-dir";
import { candidate, recruiter, type TestActor } from "../helpers/actors";
import { clearModelState } from "../helpers/fake-llm";
import { clearPrefix } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";
import { testVectorStore } from "../helpers/vector-store";
import { startTestWorker } from "../helpers/worker";

/**
 * The ingestion chain end to end (docs/knowledge.md): the routes → the outbox write → the stream →
 * the real consumer running `kb.vectorize` → extraction, chunking, embedding → chunks in the vector
 * store; duplicates, deletes, visibility, the upload caps, and a changed embedding model.
 */
const db = getDb();
const redis = createRedis("test");
const log = createLogger("test");
const deps = { db, redis, log };
const store = await testVectorStore();
const MODEL_ENV = ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_PROVIDER", "LLM_EMBEDDING_MODEL", "LLM_EMBEDDING_DIM"] as const;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let llm: FakeLlm;
let alice: TestActor;
let bob: TestActor;
let orgA: TestActor;
let orgB: TestActor;

const HANDBOOK = [
  "# Employee handbook",
  "## Annual leave",
  "Every employee accrues 25 days of paid annual leave per year. Leave requests go to your manager two weeks ahead.",
  "## Kitchen",
  "The office kitchen is cleaned every Friday afternoon. Please label the food you keep in the fridge.",
].join("\n");

function offline() {
  for (const k of MODEL_ENV) delete process.env[k];
  process.env.LLM_PROVIDER = "offline";
}

beforeAll(async () => {
  offline();
  [alice, bob, orgA, orgB] = await Promise.all([candidate(), candidate(), recruiter(db), recruiter(db)]);
  llm = await startFakeLlm();
  worker = await startTestWorker(deps, [kbVectorizeHandler(db)]);
});

afterEach(async () => {
  await clearModelState(redis);
  llm.reset();
  offline();
});

afterAll(async () => {
  await worker.stop();
  await llm.close();
  await clearPrefix(redis);
  await redis.quit();
  await closeDb();
});

const json = (path: string, cookie: string, method: string, body?: unknown) =>
  new Request(`${BASE}${path}`, {
    method,
    headers: { cookie, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });

async function createKb(a: TestActor, body: { name: string; shared?: boolean }): Promise<string> {
  const res = await createKbRoute(json("/api/knowledge", a.cookie, "POST", body), params({}));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

type Item = { fileName: string; documentId?: string; taskId?: string; duplicate?: true; error?: { code: string; message: string } };

async function upload(a: TestActor, kbId: string, list: { name: string; bytes: Uint8Array | string }[]) {
  const form = new FormData();
  for (const f of list) form.append("files", new File([typeof f.bytes === "string" ? f.bytes : Buffer.from(f.bytes)], f.name));
  const res = await uploadRoute(
    new Request(`${BASE}/api/knowledge/${kbId}/documents`, { method: "POST", body: form, headers: { cookie: a.cookie } }),
    params({ id: kbId }),
  );
  return { status: res.status, body: (await res.json()) as { batchId: string; items: Item[]; code?: string } };
}

async function detail(a: TestActor, kbId: string) {
  const res = await getKbRoute(get(`/api/knowledge/${kbId}`, a.cookie), params({ id: kbId }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { documents: Record<string, unknown>[]; embeddingModel: string } };
}

const taskCount = async (documentId: string) =>
  (
    await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.type, "kb.vectorize"), eq(tasks.payload, { documentId })))
  ).length;

describe("kb.vectorize through the pipeline", () => {
  it("upload → the task completes in the real consumer → the chunks are in the store under their headings", async () => {
    const kbId = await createKb(alice, { name: "Handbook" });
    const { status, body } = await upload(alice, kbId, [{ name: "handbook.md", bytes: HANDBOOK }]);
    expect(status).toBe(202);
    const [item] = body.items;
    expect(item).toMatchObject({ fileName: "handbook.md", documentId: expect.any(String), taskId: expect.any(String) });
    const ended = await worker.ended(item!.taskId!);
    expect(ended.status).toBe("COMPLETED");

    const chunks = await store.listChunks(kbId, { documentIds: [item!.documentId!], limit: 100 });
    expect(chunks.map((c) => c.heading)).toEqual(["Employee handbook › Annual leave", "Employee handbook › Kitchen"]);
    // Retrieval inside this knowledge base finds the leave passage first for the question.
    const { embedTexts } = await import("@/lib/knowledge");
    const [q] = await embedTexts({ ...embeddingSpace(), texts: ["what is the leave policy"], purpose: "query" });
    const hits = await store.searchVector({ knowledgeBaseId: kbId, ...embeddingSpace() }, q!, { k: 2, exact: true });
    expect(hits[0]!.heading).toBe("Employee handbook › Annual leave");

    const d = await detail(alice, kbId);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ name: "Handbook", shared: false, canWrite: true, embeddingModel: "offline:hash-v1", embeddingDim: 384 });
    expect(d.body.documents).toEqual([
      expect.objectContaining({
        id: item!.documentId,
        fileName: "handbook.md",
        kind: "markdown",
        status: "COMPLETED",
        chunkCount: 2,
        pageCount: null,
        error: null,
      }),
    ]);
    const list = await listKbRoute(get("/api/knowledge", alice.cookie), params({}));
    expect(((await list.json()) as { items: unknown[] }).items).toContainEqual(expect.objectContaining({ id: kbId, documentCount: 1, readyCount: 1 }));
  });

  it("the same bytes again are the same document, with no new task (never embedded twice)", async () => {
    const kbId = await createKb(alice, { name: "Dupes" });
    const first = (await upload(alice, kbId, [{ name: "a.md", bytes: HANDBOOK }])).body.items[0]!;
    await worker.ended(first.taskId!);
    const again = await upload(alice, kbId, [
      { name: "copy.md", bytes: HANDBOOK },
      { name: "copy-2.md", bytes: HANDBOOK },
    ]);
    expect(again.status).toBe(202);
    expect(again.body.items).toEqual([
      { fileName: "copy.md", documentId: first.documentId, taskId: first.taskId, duplicate: true },
      { fileName: "copy-2.md", documentId: first.documentId, taskId: first.taskId, duplicate: true },
    ]);
    expect(await taskCount(first.documentId!)).toBe(1);
    expect((await db.select().from(kbDocuments).where(eq(kbDocuments.knowledgeBaseId, kbId))).length).toBe(1);
  });

  it("deleting a document removes its row, its file and its chunks; deleting the knowledge base removes the rest", async () => {
    const kbId = await createKb(alice, { name: "Delete me" });
    const items = (
      await upload(alice, kbId, [
        { name: "one.md", bytes: HANDBOOK },
        { name: "two.txt", bytes: "Travel expenses are reimbursed within 30 days. Keep every receipt." },
      ])
    ).body.items;
    for (const i of items) expect((await worker.ended(i.taskId!)).status).toBe("COMPLETED");
    const [one, two] = items as [Item, Item];
    const fileId = (await db.select().from(kbDocuments).where(eq(kbDocuments.id, one.documentId!)))[0]!.fileId;

    const res = await deleteDocRoute(
      json(`/api/knowledge/${kbId}/documents/${one.documentId}`, alice.cookie, "DELETE"),
      params({ id: kbId, docId: one.documentId! }),
    );
    expect(res.status).toBe(204);
    expect(await store.listChunks(kbId, { documentIds: [one.documentId!], limit: 10 })).toEqual([]);
    expect(await store.listChunks(kbId, { documentIds: [two.documentId!], limit: 10 })).not.toEqual([]);
    expect(await db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
    const again = await deleteDocRoute(
      json(`/api/knowledge/${kbId}/documents/${one.documentId}`, alice.cookie, "DELETE"),
      params({ id: kbId, docId: one.documentId! }),
    );
    expect(again.status).toBe(404);
    expect(((await again.json()) as { code: string }).code).toBe("not_found:document");

    const gone = await deleteKbRoute(json(`/api/knowledge/${kbId}`, alice.cookie, "DELETE"), params({ id: kbId }));
    expect(gone.status).toBe(204);
    expect(await store.listChunks(kbId, { limit: 10 })).toEqual([]);
    expect((await detail(alice, kbId)).status).toBe(404);
  });

  it("a file that cannot be read ends TERMINATED_BY_POLICY with a readable error", async () => {
    const kbId = await createKb(alice, { name: "Bad files" });
    const item = (await upload(alice, kbId, [{ name: "locked.pdf", bytes: readFileSync(corpusPath("edge-pdf/encrypted-user-password-abc.pdf")) }])).body
      .items[0]!;
    const ended = await worker.ended(item.taskId!);
    expect(ended).toMatchObject({ status: "TERMINATED_BY_POLICY", errorCode: "encrypted" });
    const doc = (await detail(alice, kbId)).body.documents[0]!;
    expect(doc).toMatchObject({ status: "TERMINATED_BY_POLICY", error: { code: "encrypted", message: expect.stringMatching(/password/) } });
  });
});

describe("visibility", () => {
  it("another person's and another organisation's knowledge base is 404, whatever the method", async () => {
    const personal = await createKb(alice, { name: "Mine" });
    const shared = await createKb(orgA, { name: "Org handbook", shared: true });
    for (const [who, kbId] of [
      [bob, personal],
      [orgA, personal],
      [orgB, shared],
      [alice, shared],
    ] as const) {
      expect((await detail(who, kbId)).status).toBe(404);
      const up = await upload(who, kbId, [{ name: "x.txt", bytes: "Some text for the knowledge base." }]);
      expect([up.status, up.body.code]).toEqual([404, "not_found:knowledge"]);
      const del = await deleteKbRoute(json(`/api/knowledge/${kbId}`, who.cookie, "DELETE"), params({ id: kbId }));
      expect(del.status).toBe(404);
    }
    expect((await detail(orgA, shared)).body).toMatchObject({ shared: true, canWrite: true });
    expect((await detail(alice, "not-a-uuid")).status).toBe(404);
    // A person without an organisation cannot make a shared one.
    const res = await createKbRoute(json("/api/knowledge", alice.cookie, "POST", { name: "X", shared: true }), params({}));
    expect(res.status).toBe(403);
  });
});

describe("upload caps", () => {
  it("51 files are refused as a whole (413) and nothing is written", async () => {
    const kbId = await createKb(alice, { name: "Caps" });
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `n${i}.txt`, bytes: `Note number ${i} about leave.` }));
    const { status, body } = await upload(alice, kbId, many);
    expect([status, body.code]).toEqual([413, "payload_too_large:upload"]);
    expect(await db.select().from(kbDocuments).where(eq(kbDocuments.knowledgeBaseId, kbId))).toEqual([]);
  });

  it("a non-document is refused on its own; all refused is 422 with the same body", async () => {
    const kbId = await createKb(alice, { name: "Mixed" });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const mixed = await upload(alice, kbId, [
      { name: "photo.png", bytes: png },
      { name: "notes.txt", bytes: "Interview question bank: describe a conflict you resolved." },
    ]);
    expect(mixed.status).toBe(202);
    expect(mixed.body.items[0]).toEqual({ fileName: "photo.png", error: { code: "unsupported_media_type:upload", message: expect.stringMatching(/Images/) } });
    expect(mixed.body.items[1]).toMatchObject({ fileName: "notes.txt", documentId: expect.any(String) });
    await worker.ended(mixed.body.items[1]!.taskId!);

    const refused = await upload(alice, kbId, [
      { name: "photo.png", bytes: png },
      { name: "empty.txt", bytes: "" },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.items.map((i) => i.error?.code)).toEqual(["unsupported_media_type:upload", "unprocessable:upload"]);
  });

  it("more than 10 files in one request go to the batch lane", async () => {
    const kbId = await createKb(alice, { name: "Bulk" });
    const { body } = await upload(
      alice,
      kbId,
      Array.from({ length: 11 }, (_, i) => ({ name: `q${i}.txt`, bytes: `Question ${i}: explain the leave policy to a new hire.` })),
    );
    const lanes = await db.select({ lane: tasks.lane }).from(tasks).where(eq(tasks.id, body.items[0]!.taskId!));
    expect(lanes).toEqual([{ lane: "batch" }]);
    for (const i of body.items) expect((await worker.ended(i.taskId!)).status).toBe("COMPLETED");
  });
});

describe("a changed embedding model", () => {
  it("switches the knowledge base to the new model and re-vectorizes every document through the guard (usage rows kb.embed)", async () => {
    const kbId = await createKb(orgA, { name: "Model change", shared: true });
    const items = (
      await upload(orgA, kbId, [
        { name: "a.md", bytes: HANDBOOK },
        { name: "b.txt", bytes: "Remote work is allowed two days a week. Core hours are ten to four." },
      ])
    ).body.items;
    for (const i of items) await worker.ended(i.taskId!);

    // The deployment now configures a model with embeddings (the fake server's /v1/embeddings).
    delete process.env.LLM_PROVIDER;
    process.env.LLM_BASE_URL = llm.url;
    process.env.LLM_API_KEY = "test";
    process.env.LLM_EMBEDDING_MODEL = "text-embedding-3-small";
    process.env.LLM_EMBEDDING_DIM = "64";
    const space = embeddingSpace();
    expect(space).toEqual({ model: "openai-compatible:text-embedding-3-small", dim: 64 });

    const res = await revectorizeRoute(
      json(`/api/knowledge/${kbId}/documents/${items[0]!.documentId}/revectorize`, orgA.cookie, "POST"),
      params({ id: kbId, docId: items[0]!.documentId! }),
    );
    expect(res.status).toBe(202);
    const { taskId } = (await res.json()) as { taskId: string };
    const d = await detail(orgA, kbId);
    expect(d.body).toMatchObject({ embeddingModel: space.model, embeddingDim: 64 });
    // Every document got a new task on the batch lane; the revectorized one's is among them.
    const newTaskIds = d.body.documents.map((doc) => doc.taskId as string);
    expect(newTaskIds).toContain(taskId);
    for (const [i, id] of newTaskIds.entries()) {
      expect(id).not.toBe(items[i]!.taskId);
      expect((await worker.ended(id)).status).toBe("COMPLETED");
      expect((await db.select({ lane: tasks.lane }).from(tasks).where(eq(tasks.id, id)))[0]!.lane).toBe("batch");
    }
    const after = await detail(orgA, kbId);
    for (const doc of after.body.documents) expect(doc).toMatchObject({ status: "COMPLETED" });
    const rows = await db.select().from(kbDocuments).where(eq(kbDocuments.knowledgeBaseId, kbId));
    expect(rows.map((r) => r.embeddingModel)).toEqual([space.model, space.model]);

    // The vectors are the model's: 64 numbers, searchable in the new space.
    const chunks = await store.listChunks(kbId, { limit: 10 });
    expect(chunks.length).toBe(3);
    const embeddings = llm.requests().filter((r) => r.path === "/v1/embeddings");
    expect(embeddings.length).toBeGreaterThan(0);
    expect(embeddings.every((r) => (r.body as { dimensions?: number }).dimensions === 64)).toBe(true);
    // One usage row per upstream request, feature kb.embed, for the organisation.
    const usage = await db.select().from(llmUsage).where(eq(llmUsage.feature, "kb.embed"));
    const forThese = usage.filter((u) => newTaskIds.includes(u.taskId ?? ""));
    expect(forThese.length).toBe(embeddings.length);
    expect(forThese.every((u) => u.organizationId === orgA.organizationId && u.outcome === "ok" && u.inputTokens > 0)).toBe(true);

    // Uploading more keeps the new space; nothing is switched again.
    const more = (await upload(orgA, kbId, [{ name: "c.txt", bytes: "Parking permits are issued by facilities." }])).body.items[0]!;
    expect((await worker.ended(more.taskId!)).status).toBe("COMPLETED");
    expect((await detail(orgA, kbId)).body.documents.filter((doc) => doc.taskId !== more.taskId).map((doc) => doc.taskId)).toEqual(newTaskIds);
  });

  it("the embedding cache: identical chunk text under the same model is embedded once", async () => {
    delete process.env.LLM_PROVIDER;
    process.env.LLM_BASE_URL = llm.url;
    process.env.LLM_API_KEY = "test";
    process.env.LLM_EMBEDDING_DIM = "64";
    const kbId = await createKb(alice, { name: "Cache" });
    const text = "Expense claims above 500 euros need a director's approval.";
    const a = (await upload(alice, kbId, [{ name: "a.txt", bytes: text }])).body.items[0]!;
    expect((await worker.ended(a.taskId!)).status).toBe("COMPLETED");
    const before = llm.requests().filter((r) => r.path === "/v1/embeddings").length;
    expect(before).toBe(1);
    // Different bytes (a trailing newline), the same text once normalised: a new document, no new embedding request.
    const b = (await upload(alice, kbId, [{ name: "b.txt", bytes: `${text}\n` }])).body.items[0]!;
    expect(b.documentId).not.toBe(a.documentId);
    expect((await worker.ended(b.taskId!)).status).toBe("COMPLETED");
    expect(llm.requests().filter((r) => r.path === "/v1/embeddings").length).toBe(before);
    expect((await store.listChunks(kbId, { documentIds: [b.documentId!], limit: 5 })).length).toBe(1);
  });
});
