/**
 * The knowledge-base domain's commands for ingestion: what the routes under app/api/knowledge/ and
 * the worker's `kb.vectorize` handler call (docs/knowledge.md). Creating, listing, reading and
 * deleting knowledge bases; accepting uploads (checks, the outbox write, submission); deleting and
 * re-vectorizing documents; and the `kb.vectorize` task's work (extract → chunk → embed → store).
 */
import { createHash, randomUUID } from "node:crypto";
import type Redis from "ioredis";
import type { Db, Tx } from "@/lib/db/client";
import {
  createKbDocuments,
  deleteKbDocument,
  deleteKnowledgeBaseRows,
  getKbDocument,
  getKbDocumentWithFile,
  getVisibleKnowledgeBase,
  insertKnowledgeBase,
  type KbUploadFile,
  type KnowledgeBaseRow,
  listKnowledgeBaseDocuments,
  listVisibleKnowledgeBases,
  newVectorizeTasks,
  saveVectorized,
} from "@/lib/db/queries/knowledge";
import { PanelistError } from "@/lib/errors";
import type { Logger } from "@/lib/log";
import { submitTask, submitTasks } from "@/lib/queue/producer";
import { TaskError } from "@/lib/queue/task-error";
import { sanitizeFileName } from "@/lib/resume/service";
import type { TaskAttempt } from "@/lib/tasks/attempt";
import { type Lane, newTask } from "@/lib/tasks/definitions";
import { isUuid } from "@/lib/tasks/ids";
import type { KnowledgeActor } from "./access";
import { embeddingSpace, embedTextsCached } from "./embedding";
import { chunkDocument } from "./ingest/chunk";
import { detectKbDocument, extractKbDocument } from "./ingest/extract";
import { KB_INTERACTIVE_MAX_FILES, MAX_KB_FILE_BYTES, MAX_KB_FILES } from "./ingest/limits";
import { getVectorStore } from "./vector-store";
import type { VectorStore } from "./vector-store/types";

type Deps = { db: Db; redis: Redis; log: Logger; store?: VectorStore };

/** A name is 1–120 characters (`POST /api/knowledge`). */
export const MAX_KB_NAME_CHARS = 120;

const store = (deps: { store?: VectorStore }) => deps.store ?? getVectorStore();
const reader = (a: KnowledgeActor) => ({ ownerId: a.userId, organizationId: a.readOrganizationId });

/** May `a` change `kb`: their own personal one, or one of the organisation they may write in. */
function canWrite(a: KnowledgeActor, kb: KnowledgeBaseRow): boolean {
  return kb.organizationId === null ? kb.ownerId === a.userId : kb.organizationId === a.writeOrganizationId;
}

/**
 * Knowledge base `id` if `a` may read it.
 * @throws {PanelistError} 404 `not_found:knowledge` otherwise (another person's or organisation's, a malformed or missing id).
 */
async function visible(db: Db, a: KnowledgeActor, id: string): Promise<KnowledgeBaseRow> {
  const kb = isUuid(id) ? await getVisibleKnowledgeBase(db, { ...reader(a), id }) : undefined;
  if (!kb) throw new PanelistError("not_found:knowledge", "No such knowledge base.");
  return kb;
}

/**
 * Knowledge base `id` if `a` may change it.
 * @throws {PanelistError} 404 `not_found:knowledge` when they may not read it; 403 `forbidden:knowledge`
 *   when they may read but not change it (a member of the organisation who is not its recruiter).
 */
async function writable(db: Db, a: KnowledgeActor, id: string): Promise<KnowledgeBaseRow> {
  const kb = await visible(db, a, id);
  if (!canWrite(a, kb)) throw new PanelistError("forbidden:knowledge", "Only the organisation's recruiters can change its knowledge base.");
  return kb;
}

/**
 * Creates a knowledge base: personal, or the active organisation's when `shared`. It records the
 * configured embedding space (`embeddingSpace()`), which its vectors keep until the model changes.
 * @throws {PanelistError} 403 `forbidden:knowledge` when `shared` and the person may not create one in an organisation.
 */
export async function createKnowledgeBase(db: Db, a: KnowledgeActor, k: { name: string; shared?: boolean }): Promise<KnowledgeBaseRow> {
  if (k.shared && !a.createOrganizationId) {
    throw new PanelistError("forbidden:knowledge", "Only an organisation's recruiters can create a shared knowledge base.");
  }
  const space = embeddingSpace();
  return insertKnowledgeBase(db, {
    ownerId: a.userId,
    organizationId: k.shared ? a.createOrganizationId : null,
    name: k.name.trim(),
    embeddingModel: space.model,
    embeddingDim: space.dim,
  });
}

/** The knowledge bases `a` may read (`GET /api/knowledge`): personal first, then the organisation's, newest first. */
export async function listKnowledgeBases(db: Db, a: KnowledgeActor) {
  const rows = await listVisibleKnowledgeBases(db, reader(a));
  return {
    items: rows.map((r) => ({
      id: r.kb.id,
      name: r.kb.name,
      shared: r.kb.organizationId !== null,
      documentCount: r.documentCount,
      readyCount: r.readyCount,
      embeddingModel: r.kb.embeddingModel,
      createdAt: r.kb.createdAt.toISOString(),
    })),
  };
}

/**
 * Knowledge base `id` with its documents and each one's status (its latest task's), for `GET /api/knowledge/{id}`.
 * @throws {PanelistError} 404 `not_found:knowledge`.
 */
export async function getKnowledgeBase(db: Db, a: KnowledgeActor, id: string) {
  const kb = await visible(db, a, id);
  const docs = await listKnowledgeBaseDocuments(db, { knowledgeBaseId: kb.id });
  return {
    id: kb.id,
    name: kb.name,
    shared: kb.organizationId !== null,
    embeddingModel: kb.embeddingModel,
    embeddingDim: kb.embeddingDim,
    createdAt: kb.createdAt.toISOString(),
    canWrite: canWrite(a, kb),
    documents: docs.map((d) => ({
      id: d.doc.id,
      fileName: d.doc.fileName,
      kind: d.doc.kind,
      sizeBytes: d.sizeBytes,
      taskId: d.doc.taskId,
      status: d.status ?? "PENDING",
      error: d.errorCode ? { code: d.errorCode, message: d.errorMessage ?? "" } : null,
      chunkCount: d.doc.chunkCount,
      pageCount: d.doc.pageCount,
      createdAt: d.doc.createdAt.toISOString(),
      vectorizedAt: d.doc.vectorizedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Deletes knowledge base `id`: its rows (documents, files) in one transaction, then its chunks and
 * cached answers in the vector store. A crash between the two leaves chunks whose knowledge base
 * no longer exists — never readable (every query is scoped to a visible knowledge base).
 * @throws {PanelistError} 404 `not_found:knowledge`; 403 `forbidden:knowledge`.
 */
export async function deleteKnowledgeBase(deps: Omit<Deps, "redis" | "log">, a: KnowledgeActor, id: string): Promise<void> {
  const kb = await writable(deps.db, a, id);
  await deleteKnowledgeBaseRows(deps.db, { id: kb.id });
  await (await store(deps)).deleteKnowledgeBase(kb.id);
}

/** One file's answer in an upload's body. */
export type UploadItem =
  | { fileName: string; documentId: string; taskId: string; duplicate?: true }
  | { fileName: string; error: { code: string; message: string } };

/** SHA-256 hex of bytes. */
function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Checks one uploaded document from its bytes. Pure: writes nothing.
 * @throws {PanelistError} 422 `unprocessable:upload` empty; 413 `payload_too_large:upload` over
 *   {@link MAX_KB_FILE_BYTES}; 415 `unsupported_media_type:upload` not PDF, DOCX, text or Markdown.
 */
export async function checkDocumentFile(f: { fileName: string; bytes: Buffer }): Promise<KbUploadFile> {
  if (f.bytes.length === 0) throw new PanelistError("unprocessable:upload", "The file is empty.");
  if (f.bytes.length > MAX_KB_FILE_BYTES) throw new PanelistError("payload_too_large:upload", "The file is larger than 50 MB.");
  const fileName = sanitizeFileName(f.fileName, "document");
  const detected = await detectKbDocument(f.bytes, fileName);
  if ("error" in detected) throw new PanelistError("unsupported_media_type:upload", detected.error);
  return { fileName, mediaType: detected.mediaType, fileKind: detected.fileKind, kind: detected.kind, bytes: f.bytes, sha256: sha256Hex(f.bytes) };
}

/**
 * When the configured embedding space (`embeddingSpace()`) is not the knowledge base's recorded
 * one, switches the knowledge base to it and gives every document a new `kb.vectorize` task on
 * the batch lane, in one transaction (only the first of two concurrent callers switches), then
 * submits them: a changed model re-vectorizes the whole knowledge base, and its vectors never mix
 * two spaces. Searches use the new space at once; a document is found again when its task is done.
 * @returns the knowledge base as it now is.
 */
async function ensureCurrentSpace(deps: Deps, kb: KnowledgeBaseRow): Promise<KnowledgeBaseRow> {
  const space = embeddingSpace();
  if (kb.embeddingModel === space.model && kb.embeddingDim === space.dim) return kb;
  const { tasks } = await newVectorizeTasks(deps.db, {
    knowledgeBaseId: kb.id,
    documentIds: null,
    vectorizeTask: (documentId) => vectorizeTask(kb, kb.ownerId, documentId, "batch"),
    switchTo: { from: { model: kb.embeddingModel, dim: kb.embeddingDim }, to: space },
  });
  if (tasks.length) await submitTasks(deps, tasks);
  deps.log.info({ knowledgeBaseId: kb.id, from: kb.embeddingModel, to: space.model, documents: tasks.length }, "knowledge base switched embedding model");
  return { ...kb, embeddingModel: space.model, embeddingDim: space.dim };
}

/** The `kb.vectorize` task of a document: owned by who caused it, for the knowledge base's organisation (if any). */
function vectorizeTask(kb: KnowledgeBaseRow, ownerId: string, documentId: string, lane: Lane) {
  return newTask("kb.vectorize", { ownerId, organizationId: kb.organizationId, payload: { documentId }, lane });
}

/**
 * Accepts an upload of 1–{@link MAX_KB_FILES} documents into a knowledge base `a` may change: each
 * file checked from its bytes ({@link checkDocumentFile}: a refused one is its own item with
 * `{code, message}`), then in one transaction a file, a document and a `kb.vectorize` task for
 * each new one (`createKbDocuments`); the same bytes already in this knowledge base are that
 * document (`duplicate: true`), never embedded again. Tasks are submitted after the commit, on the
 * batch lane when the request has more than {@link KB_INTERACTIVE_MAX_FILES} files. When the
 * configured embedding model changed, the knowledge base switches first ({@link ensureCurrentSpace}).
 * @returns `batchId` (this request's id: the items' tasks are followed one by one), one item per
 *   file in the order received, and how many were accepted (0 → the route answers 422).
 * @throws {PanelistError} 404 `not_found:knowledge`; 403 `forbidden:knowledge`; 413
 *   `payload_too_large:upload` over {@link MAX_KB_FILES} files.
 */
export async function uploadDocuments(
  deps: Deps,
  a: KnowledgeActor,
  u: { knowledgeBaseId: string; files: { fileName: string; bytes: Buffer }[] },
): Promise<{ batchId: string; items: UploadItem[]; accepted: number }> {
  let kb = await writable(deps.db, a, u.knowledgeBaseId);
  if (u.files.length > MAX_KB_FILES) throw new PanelistError("payload_too_large:upload", `Send at most ${MAX_KB_FILES} files at once.`);
  const slots: ({ file: KbUploadFile } | { refused: Extract<UploadItem, { error: unknown }> })[] = [];
  for (const f of u.files) {
    try {
      slots.push({ file: await checkDocumentFile(f) });
    } catch (err) {
      if (!(err instanceof PanelistError)) throw err;
      slots.push({ refused: { fileName: sanitizeFileName(f.fileName, "document"), error: { code: err.code, message: err.message } } });
    }
  }
  const accepted = slots.flatMap((s) => ("file" in s ? [s.file] : []));
  if (accepted.length) kb = await ensureCurrentSpace(deps, kb);
  const lane: Lane = u.files.length > KB_INTERACTIVE_MAX_FILES ? "batch" : "interactive";
  const { outcomes, newTasks } = await createKbDocuments(deps.db, {
    knowledgeBaseId: kb.id,
    uploaderId: a.userId,
    ownerId: a.userId,
    files: accepted,
    vectorizeTask: (documentId) => vectorizeTask(kb, a.userId, documentId, lane),
  });
  if (newTasks.length === 1) await submitTask(deps, newTasks[0]!);
  else if (newTasks.length) await submitTasks(deps, newTasks);
  let next = 0;
  const items = slots.map((s): UploadItem => {
    if ("refused" in s) return s.refused;
    const o = outcomes[next++]!;
    return { fileName: o.fileName, documentId: o.documentId, taskId: o.taskId, ...(o.duplicate ? { duplicate: true as const } : {}) };
  });
  return { batchId: randomUUID(), items, accepted: accepted.length };
}

/**
 * Deletes a document of a knowledge base `a` may change: its row and file, then its chunks in the
 * vector store (a running task's late write is fenced: its document is gone).
 * @throws {PanelistError} 404 `not_found:knowledge` / `not_found:document`; 403 `forbidden:knowledge`.
 */
export async function deleteDocument(deps: Omit<Deps, "redis" | "log">, a: KnowledgeActor, d: { knowledgeBaseId: string; documentId: string }): Promise<void> {
  const kb = await writable(deps.db, a, d.knowledgeBaseId);
  const gone = isUuid(d.documentId) && (await deleteKbDocument(deps.db, { knowledgeBaseId: kb.id, id: d.documentId }));
  if (!gone) throw new PanelistError("not_found:document", "No such document in this knowledge base.");
  await (await store(deps)).deleteDocumentChunks(kb.id, d.documentId);
}

/**
 * Gives a document a new `kb.vectorize` task (interactive lane) and submits it; with a changed
 * embedding model the whole knowledge base is switched and re-vectorized instead, and the
 * document's new task is the one of that switch.
 * @returns the document and its new task id.
 * @throws {PanelistError} 404 `not_found:knowledge` / `not_found:document`; 403 `forbidden:knowledge`.
 */
export async function revectorizeDocument(
  deps: Deps,
  a: KnowledgeActor,
  d: { knowledgeBaseId: string; documentId: string },
): Promise<{ documentId: string; taskId: string }> {
  const before = await writable(deps.db, a, d.knowledgeBaseId);
  const doc = isUuid(d.documentId) ? await getKbDocument(deps.db, { knowledgeBaseId: before.id, id: d.documentId }) : undefined;
  if (!doc) throw new PanelistError("not_found:document", "No such document in this knowledge base.");
  const kb = await ensureCurrentSpace(deps, before);
  if (kb.embeddingModel !== before.embeddingModel || kb.embeddingDim !== before.embeddingDim) {
    const now = await getKbDocument(deps.db, { knowledgeBaseId: kb.id, id: doc.id });
    if (now?.taskId && now.taskId !== doc.taskId) return { documentId: doc.id, taskId: now.taskId };
  }
  const { tasks } = await newVectorizeTasks(deps.db, {
    knowledgeBaseId: kb.id,
    documentIds: [doc.id],
    vectorizeTask: (documentId) => vectorizeTask(kb, a.userId, documentId, "interactive"),
  });
  const task = tasks[0];
  if (!task) throw new PanelistError("not_found:document", "No such document in this knowledge base.");
  await submitTask(deps, task);
  return { documentId: doc.id, taskId: task.id };
}

/** The text a chunk is embedded as: its heading path, then its content (the heading is part of what a passage is about). */
export function embeddingText(c: { heading: string | null; content: string }): string {
  return c.heading ? `${c.heading}\n${c.content}` : c.content;
}

/**
 * The `kb.vectorize` task's work, outside any transaction: read the document's file → extract its
 * text under the knowledge base's caps (a refusal ends the task TERMINATED_BY_POLICY with its code
 * and sentence) → chunk → embed the chunks in the knowledge base's space (the embedding cache
 * skips texts already embedded under the model; usage rows feature `kb.embed`) → replace the
 * document's chunks in the vector store. When the configured model is no longer the knowledge
 * base's, the knowledge base is switched first and this attempt ends without work (the switch gave
 * the document a new task).
 * @returns the write that records chunk count, pages, model and time on the document, for the
 *   task's completing transaction (fenced by the attempt; a no-op unless this task is still the
 *   document's latest).
 * @throws {TaskError} policy `not_found` (the document is gone — also when deleted while this attempt
 *   ran, whose chunks are then removed — or not the task's organisation's),
 *   the extraction's refusal code; the embedding's `LlmError`.
 */
export async function vectorizeDocument(deps: Deps, t: TaskAttempt & { documentId: string }): Promise<(tx: Tx) => Promise<void>> {
  const row = await getKbDocumentWithFile(deps.db, { id: t.documentId });
  if (!row || row.kb.organizationId !== t.organizationId) throw TaskError.policy("not_found", "The document no longer exists.");
  const noop = async () => {};
  if (row.doc.taskId !== t.taskId) return noop;
  const kb = await ensureCurrentSpace(deps, row.kb);
  if (kb.embeddingModel !== row.kb.embeddingModel || kb.embeddingDim !== row.kb.embeddingDim) return noop;

  const extracted = await extractKbDocument({ bytes: new Uint8Array(row.bytes), kind: row.doc.kind });
  if (!extracted.ok) throw TaskError.policy(extracted.code, extracted.message);
  const chunks = chunkDocument({ text: extracted.text, pages: extracted.pages });
  if (chunks.length === 0) throw TaskError.policy("too_short", "This file has no readable text.");

  const vs = await store(deps);
  const { vectors } = await embedTextsCached(vs, {
    model: kb.embeddingModel,
    dim: kb.embeddingDim,
    texts: chunks.map(embeddingText),
    purpose: "document",
    priority: t.lane,
    signal: t.signal,
    usage: { db: deps.db, userId: t.ownerId, organizationId: t.organizationId, feature: "kb.embed", taskId: t.taskId, attempt: t.attempt },
  });
  await vs.ensureSpace(kb.embeddingDim);
  await vs.replaceDocumentChunks(
    { knowledgeBaseId: kb.id, model: kb.embeddingModel, dim: kb.embeddingDim },
    row.doc.id,
    chunks.map((c, i) => ({ ordinal: c.ordinal, heading: c.heading, content: c.content, tokenCount: c.tokenCount, page: c.page, embedding: vectors[i]! })),
  );
  // A delete (of the document or its knowledge base) that ran while this attempt extracted and
  // embedded removed the chunks before these were written. The delete commits its rows before it
  // clears the store, so looking again after the write sees it, and the orphans go.
  if (!(await getKbDocument(deps.db, { knowledgeBaseId: kb.id, id: row.doc.id }))) {
    await vs.deleteDocumentChunks(kb.id, row.doc.id);
    throw TaskError.policy("not_found", "The document no longer exists.");
  }
  return (tx) =>
    saveVectorized(tx, {
      documentId: row.doc.id,
      taskId: t.taskId,
      chunkCount: chunks.length,
      pageCount: extracted.pageCount,
      embeddingModel: kb.embeddingModel,
    });
}
