/**
 * Knowledge bases and ready documents for the chat tests, written the way the vectorize task
 * leaves them: a `files` row, a COMPLETED `kb.vectorize` task, a `kb_documents` row with
 * `vectorized_at`, and its chunks (lib/knowledge/ingest `chunkDocument`) embedded as the vectorize
 * task embeds them (`embeddingText`: heading path, then content) with the knowledge base's model into the file's vector store schema.
 */
import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { files, kbDocuments, knowledgeBases, tasks } from "@/lib/db/schema";
import { embedTexts, OFFLINE_EMBEDDING_DIM, OFFLINE_EMBEDDING_MODEL } from "@/lib/knowledge/embedding";
import { chunkDocument } from "@/lib/knowledge/ingest/chunk";
import { embeddingText } from "@/lib/knowledge/service";
import type { VectorStore } from "@/lib/knowledge/vector-store/types";

export type SeededKb = { id: string; ownerId: string; organizationId: string | null };

/** A knowledge base under the offline embedding, personal unless `organizationId` is given. */
export async function seedKnowledgeBase(db: Db, a: { ownerId: string; organizationId?: string | null; name?: string }): Promise<SeededKb> {
  const [kb] = await db
    .insert(knowledgeBases)
    .values({
      ownerId: a.ownerId,
      organizationId: a.organizationId ?? null,
      name: a.name ?? "Notes",
      embeddingModel: OFFLINE_EMBEDDING_MODEL,
      embeddingDim: OFFLINE_EMBEDDING_DIM,
    })
    .returning();
  return { id: kb.id, ownerId: kb.ownerId, organizationId: kb.organizationId };
}

/** A ready document of `kb` holding `text`; returns its id and chunk count. */
export async function seedReadyDocument(
  db: Db,
  store: VectorStore,
  kb: SeededKb,
  a: { fileName: string; text: string },
): Promise<{ id: string; chunks: number }> {
  const bytes = Buffer.from(a.text, "utf8");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const [file] = await db
    .insert(files)
    .values({ ownerId: kb.ownerId, fileName: a.fileName, mediaType: "text/markdown", kind: "text", sizeBytes: bytes.length, sha256, bytes })
    .returning();
  const [task] = await db
    .insert(tasks)
    .values({ type: "kb.vectorize", lane: "interactive", status: "COMPLETED", ownerId: kb.ownerId, payload: {} })
    .returning();
  const chunks = chunkDocument({ text: a.text, pages: null });
  const [doc] = await db
    .insert(kbDocuments)
    .values({
      knowledgeBaseId: kb.id,
      fileId: file.id,
      uploadedBy: kb.ownerId,
      fileName: a.fileName,
      kind: "markdown",
      sha256,
      taskId: task.id,
      chunkCount: chunks.length,
      embeddingModel: OFFLINE_EMBEDDING_MODEL,
      vectorizedAt: new Date(),
    })
    .returning();
  await db
    .update(tasks)
    .set({ payload: { documentId: doc.id } })
    .where(eq(tasks.id, task.id));
  const space = { knowledgeBaseId: kb.id, model: OFFLINE_EMBEDDING_MODEL, dim: OFFLINE_EMBEDDING_DIM };
  await store.ensureSpace(space.dim);
  const vectors = await embedTexts({ model: space.model, dim: space.dim, texts: chunks.map(embeddingText), purpose: "document" });
  await store.replaceDocumentChunks(
    space,
    doc.id,
    chunks.map((c, i) => ({ ...c, embedding: vectors[i] })),
  );
  return { id: doc.id, chunks: chunks.length };
}

/** Marks a document re-vectorized now (its fingerprint changes), as a finished revectorize task does. */
export async function touchDocument(db: Db, documentId: string): Promise<void> {
  await db
    .update(kbDocuments)
    .set({ vectorizedAt: new Date(Date.now() + 1_000) })
    .where(eq(kbDocuments.id, documentId));
}

/** Sends nothing; a fresh random id for request bodies. */
export const messageId = () => randomUUID();

/** What a UI message stream said: its chunks, the sources, the text and the start metadata. */
export type ReadAnswer = {
  status: number;
  chunks: { type: string; [k: string]: unknown }[];
  sources: { sourceId: string; title: string; providerMetadata: { panelist: { documentId: string; knowledgeBaseId: string; chunkId: string } } }[];
  text: string;
  metadata: { engine?: string; cached?: boolean; standaloneQuery?: string; notFound?: boolean } | undefined;
};

/** Reads an SSE UI message stream response to its end. */
export async function readAnswer(res: Response): Promise<ReadAnswer> {
  const raw = await res.text();
  if (res.status !== 200) return { status: res.status, chunks: [], sources: [], text: raw, metadata: undefined };
  const chunks = raw
    .split("\n")
    .filter((l) => l.startsWith("data: ") && l !== "data: [DONE]")
    .map((l) => JSON.parse(l.slice(6)) as { type: string; [k: string]: unknown });
  return {
    status: res.status,
    chunks,
    sources: chunks.filter((c) => c.type === "source-document") as unknown as ReadAnswer["sources"],
    text: chunks
      .filter((c) => c.type === "text-delta")
      .map((c) => c.delta as string)
      .join(""),
    metadata: chunks.find((c) => c.type === "start")?.messageMetadata as ReadAnswer["metadata"],
  };
}
