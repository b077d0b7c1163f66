import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { NewTask } from "@/lib/tasks/definitions";
import type { Db, Tx } from "../client";
import { files, kbDocuments, knowledgeBases, tasks } from "../schema";
import { insertTasks, type TaskRow } from "./tasks";

export type KnowledgeBaseRow = typeof knowledgeBases.$inferSelect;
export type KbDocumentRow = typeof kbDocuments.$inferSelect;

/** Who is reading: the person, and the organisation whose knowledge bases they may read (null: none). */
export type KnowledgeReader = { ownerId: string; organizationId: string | null };

/**
 * The visibility rule, in SQL (docs/knowledge.md): a personal knowledge base of the reader
 * (`organization_id is null and owner_id = reader`), or one of the reader's organisation.
 */
function visibleTo(r: KnowledgeReader): SQL {
  const personal = and(isNull(knowledgeBases.organizationId), eq(knowledgeBases.ownerId, r.ownerId))!;
  return r.organizationId ? or(personal, eq(knowledgeBases.organizationId, r.organizationId))! : personal;
}

/** Inserts a knowledge base (personal when `organizationId` is null) with its embedding space. */
export async function insertKnowledgeBase(
  db: Db,
  k: { ownerId: string; organizationId: string | null; name: string; embeddingModel: string; embeddingDim: number },
): Promise<KnowledgeBaseRow> {
  const [row] = await db.insert(knowledgeBases).values(k).returning();
  return row!;
}

/**
 * The knowledge bases `r` may read — personal ones first, then the organisation's, newest first
 * within each — with their document count and how many are ready (latest task COMPLETED). One query.
 */
export async function listVisibleKnowledgeBases(db: Db, r: KnowledgeReader) {
  return db
    .select({
      kb: knowledgeBases,
      documentCount: sql<number>`count(${kbDocuments.id})::int`,
      readyCount: sql<number>`count(${kbDocuments.id}) filter (where ${tasks.status} = 'COMPLETED')::int`,
    })
    .from(knowledgeBases)
    .leftJoin(kbDocuments, eq(kbDocuments.knowledgeBaseId, knowledgeBases.id))
    .leftJoin(tasks, eq(tasks.id, kbDocuments.taskId))
    .where(visibleTo(r))
    .groupBy(knowledgeBases.id)
    .orderBy(sql`${knowledgeBases.organizationId} is not null`, desc(knowledgeBases.createdAt), desc(knowledgeBases.id));
}

/** Knowledge base `id` if `r` may read it; undefined otherwise (another person's or organisation's, or none). */
export async function getVisibleKnowledgeBase(db: Db, r: KnowledgeReader & { id: string }): Promise<KnowledgeBaseRow | undefined> {
  const [row] = await db
    .select()
    .from(knowledgeBases)
    .where(and(eq(knowledgeBases.id, r.id), visibleTo(r)))
    .limit(1);
  return row;
}

/** Knowledge base `id`, whoever's (the worker, which acts for the task's owner). */
export async function getKnowledgeBaseById(db: Db | Tx, id: string): Promise<KnowledgeBaseRow | undefined> {
  const [row] = await db.select().from(knowledgeBases).where(eq(knowledgeBases.id, id)).limit(1);
  return row;
}

/** The documents of a knowledge base, oldest first, with their file size and latest task's status and error. */
export async function listKnowledgeBaseDocuments(db: Db, { knowledgeBaseId }: { knowledgeBaseId: string }) {
  return db
    .select({
      doc: kbDocuments,
      sizeBytes: files.sizeBytes,
      status: tasks.status,
      errorCode: tasks.errorCode,
      errorMessage: tasks.errorMessage,
    })
    .from(kbDocuments)
    .innerJoin(files, eq(files.id, kbDocuments.fileId))
    .leftJoin(tasks, eq(tasks.id, kbDocuments.taskId))
    .where(eq(kbDocuments.knowledgeBaseId, knowledgeBaseId))
    .orderBy(asc(kbDocuments.createdAt), asc(kbDocuments.id));
}

/** Document `id` of knowledge base `knowledgeBaseId`, or undefined. */
export async function getKbDocument(db: Db, { knowledgeBaseId, id }: { knowledgeBaseId: string; id: string }): Promise<KbDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(kbDocuments)
    .where(and(eq(kbDocuments.id, id), eq(kbDocuments.knowledgeBaseId, knowledgeBaseId)))
    .limit(1);
  return row;
}

/** Document `id` with its knowledge base and its file's bytes (the worker), or undefined. */
export async function getKbDocumentWithFile(db: Db, { id }: { id: string }) {
  const [row] = await db
    .select({ doc: kbDocuments, kb: knowledgeBases, bytes: files.bytes })
    .from(kbDocuments)
    .innerJoin(knowledgeBases, eq(knowledgeBases.id, kbDocuments.knowledgeBaseId))
    .innerJoin(files, eq(files.id, kbDocuments.fileId))
    .where(eq(kbDocuments.id, id))
    .limit(1);
  return row;
}

/** A checked file of an upload (lib/knowledge `checkDocumentFile`). */
export type KbUploadFile = {
  fileName: string;
  mediaType: string;
  /** The files table's kind (Markdown is stored as `text`). */
  fileKind: "pdf" | "docx" | "text";
  kind: KbDocumentRow["kind"];
  bytes: Buffer;
  sha256: string;
};

/** What became of one accepted file: its document and task; `duplicate` when the same bytes were already in the knowledge base. */
export type KbUploadOutcome = { fileName: string; documentId: string; taskId: string; duplicate: boolean };

/**
 * An upload's one short transaction (the outbox write): for each file a `files` row, a
 * `kb_documents` row and its PENDING `kb.vectorize` task, in multi-row INSERTs. A file whose
 * SHA-256 is already a document of this knowledge base (or an earlier file of the same request)
 * is that document (`duplicate`) — unless its latest task FAILED (retries exhausted), then the
 * document gets a new task. Advisory locks on every `(knowledge base, sha256)`, taken in key
 * order, serialise concurrent identical uploads (the unique index would otherwise refuse one).
 * @param u.vectorizeTask the task row to insert for a document id.
 * @returns each file's outcome in input order, and the new tasks to submit after the commit.
 */
export async function createKbDocuments(
  db: Db,
  u: { knowledgeBaseId: string; uploaderId: string; ownerId: string; files: KbUploadFile[]; vectorizeTask: (documentId: string) => NewTask },
): Promise<{ outcomes: KbUploadOutcome[]; newTasks: TaskRow[] }> {
  if (u.files.length === 0) return { outcomes: [], newTasks: [] };
  return db.transaction(async (tx) => {
    const keys = [...new Set(u.files.map((f) => f.sha256))].sort();
    const lockKeys = sql.join(
      keys.map((k) => sql`${`kb:${u.knowledgeBaseId}:${k}`}`),
      sql`, `,
    );
    await tx.execute(
      sql`select count(pg_advisory_xact_lock(hashtextextended(k, 0))) from (select k from unnest(array[${lockKeys}]::text[]) as k order by k) as sorted`,
    );
    const earlierRows = await tx
      .select({ id: kbDocuments.id, sha256: kbDocuments.sha256, taskId: kbDocuments.taskId, status: tasks.status })
      .from(kbDocuments)
      .leftJoin(tasks, eq(tasks.id, kbDocuments.taskId))
      .where(and(eq(kbDocuments.knowledgeBaseId, u.knowledgeBaseId), inArray(kbDocuments.sha256, keys)));
    const earlier = new Map(earlierRows.map((r) => [r.sha256, r]));

    const newFiles: (typeof files.$inferInsert)[] = [];
    const newDocs: (typeof kbDocuments.$inferInsert)[] = [];
    const vectorized: string[] = [];
    type Pending = { fileName: string; documentId: string; taskId: string | null; duplicate: boolean };
    const pending: Pending[] = [];
    const thisRequest = new Map<string, Pending>();
    for (const f of u.files) {
      const seen = thisRequest.get(f.sha256);
      if (seen) {
        pending.push({ ...seen, fileName: f.fileName, duplicate: true });
        continue;
      }
      const before = earlier.get(f.sha256);
      let item: Pending;
      if (before?.taskId && before.status !== "FAILED") {
        item = { fileName: f.fileName, documentId: before.id, taskId: before.taskId, duplicate: true };
      } else if (before) {
        vectorized.push(before.id);
        item = { fileName: f.fileName, documentId: before.id, taskId: null, duplicate: false };
      } else {
        const fileId = randomUUID();
        const documentId = randomUUID();
        newFiles.push({
          id: fileId,
          ownerId: u.ownerId,
          fileName: f.fileName,
          mediaType: f.mediaType,
          kind: f.fileKind,
          sizeBytes: f.bytes.length,
          sha256: f.sha256,
          bytes: f.bytes,
        });
        newDocs.push({
          id: documentId,
          knowledgeBaseId: u.knowledgeBaseId,
          fileId,
          uploadedBy: u.uploaderId,
          fileName: f.fileName,
          kind: f.kind,
          sha256: f.sha256,
        });
        vectorized.push(documentId);
        item = { fileName: f.fileName, documentId, taskId: null, duplicate: false };
      }
      thisRequest.set(f.sha256, item);
      pending.push(item);
    }
    if (newFiles.length) await tx.insert(files).values(newFiles);
    if (newDocs.length) await tx.insert(kbDocuments).values(newDocs);
    const newTasks = await attachTasks(tx, vectorized, u.vectorizeTask);
    const taskOf = new Map(vectorized.map((id, i) => [id, newTasks[i]!.id]));
    const outcomes = pending.map((p) => ({
      fileName: p.fileName,
      documentId: p.documentId,
      taskId: p.taskId ?? taskOf.get(p.documentId)!,
      duplicate: p.duplicate,
    }));
    return { outcomes, newTasks };
  });
}

/** Inserts one task per document (multi-row) and points each document's `task_id` at it (one UPDATE). */
async function attachTasks(tx: Tx, documentIds: string[], vectorizeTask: (documentId: string) => NewTask): Promise<TaskRow[]> {
  if (documentIds.length === 0) return [];
  const newTasks = await insertTasks(tx, documentIds.map(vectorizeTask));
  const values = sql.join(
    documentIds.map((id, i) => sql`(${id}::uuid, ${newTasks[i]!.id}::uuid)`),
    sql`, `,
  );
  await tx.execute(sql`update ${kbDocuments} set task_id = v.task_id from (values ${values}) as v(id, task_id) where ${kbDocuments.id} = v.id`);
  return newTasks;
}

/**
 * New `kb.vectorize` tasks for documents of a knowledge base, in one transaction: `documentIds`,
 * or every document when null. With `switchTo`, the knowledge base's embedding space is switched
 * in the same transaction — only if it still is `from` (two requests noticing the same model
 * change switch it once; the second gets no tasks).
 * @returns the new tasks (to submit after the commit), and the documents they are for, in order.
 */
export async function newVectorizeTasks(
  db: Db,
  q: {
    knowledgeBaseId: string;
    documentIds: string[] | null;
    vectorizeTask: (documentId: string) => NewTask;
    switchTo?: { from: { model: string; dim: number }; to: { model: string; dim: number } };
  },
): Promise<{ documentIds: string[]; tasks: TaskRow[] }> {
  return db.transaction(async (tx) => {
    if (q.switchTo) {
      const switched = await tx
        .update(knowledgeBases)
        .set({ embeddingModel: q.switchTo.to.model, embeddingDim: q.switchTo.to.dim, updatedAt: new Date() })
        .where(
          and(
            eq(knowledgeBases.id, q.knowledgeBaseId),
            eq(knowledgeBases.embeddingModel, q.switchTo.from.model),
            eq(knowledgeBases.embeddingDim, q.switchTo.from.dim),
          ),
        )
        .returning({ id: knowledgeBases.id });
      if (switched.length === 0) return { documentIds: [], tasks: [] };
    }
    const docs = await tx
      .select({ id: kbDocuments.id })
      .from(kbDocuments)
      .where(and(eq(kbDocuments.knowledgeBaseId, q.knowledgeBaseId), q.documentIds ? inArray(kbDocuments.id, q.documentIds) : undefined))
      .orderBy(asc(kbDocuments.createdAt), asc(kbDocuments.id))
      // Serialise with a concurrent upload or delete of the same documents.
      .for("update");
    const ids = docs.map((d) => d.id);
    return { documentIds: ids, tasks: await attachTasks(tx, ids, q.vectorizeTask) };
  });
}

/**
 * Deletes document `id` of knowledge base `knowledgeBaseId`: its file (the document row goes with
 * it, `on delete cascade`). Its task rows stay (history).
 * @returns whether it existed.
 */
export async function deleteKbDocument(db: Db, { knowledgeBaseId, id }: { knowledgeBaseId: string; id: string }): Promise<boolean> {
  const deleted = await db.execute(
    sql`delete from ${files} where ${files.id} = (select file_id from ${kbDocuments} where ${kbDocuments.id} = ${id} and ${kbDocuments.knowledgeBaseId} = ${knowledgeBaseId}) returning ${files.id}`,
  );
  return deleted.length > 0;
}

/** Deletes knowledge base `id` with its documents and their files, in one transaction. @returns whether it existed. */
export async function deleteKnowledgeBaseRows(db: Db, { id }: { id: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${files} where ${files.id} in (select file_id from ${kbDocuments} where ${kbDocuments.knowledgeBaseId} = ${id})`);
    const gone = await tx.delete(knowledgeBases).where(eq(knowledgeBases.id, id)).returning({ id: knowledgeBases.id });
    return gone.length > 0;
  });
}

/**
 * Records a finished vectorization on the document, inside the task's completing (fenced)
 * transaction — only while `taskId` is still the document's latest task (a revectorize or a model
 * switch since then owns the document's state).
 */
export async function saveVectorized(
  tx: Tx,
  v: { documentId: string; taskId: string; chunkCount: number; pageCount: number | null; embeddingModel: string },
): Promise<void> {
  await tx
    .update(kbDocuments)
    .set({ chunkCount: v.chunkCount, pageCount: v.pageCount, embeddingModel: v.embeddingModel, vectorizedAt: new Date() })
    .where(and(eq(kbDocuments.id, v.documentId), eq(kbDocuments.taskId, v.taskId)));
}

/** A document whose chunks answer questions (the chat): its latest `kb.vectorize` task COMPLETED. */
export type ReadyDocumentRow = { id: string; fileName: string; vectorizedAt: Date };

/**
 * The ready documents of a knowledge base (latest vectorize task `COMPLETED`, `vectorized_at`
 * set), oldest first — what the chat retrieves from and fingerprints for its semantic cache. A
 * document being re-vectorized is not ready until its new task completes.
 */
export async function listReadyDocuments(db: Db, { knowledgeBaseId }: { knowledgeBaseId: string }): Promise<ReadyDocumentRow[]> {
  const rows = await db
    .select({ id: kbDocuments.id, fileName: kbDocuments.fileName, vectorizedAt: kbDocuments.vectorizedAt })
    .from(kbDocuments)
    .innerJoin(tasks, eq(tasks.id, kbDocuments.taskId))
    .where(and(eq(kbDocuments.knowledgeBaseId, knowledgeBaseId), eq(tasks.status, "COMPLETED"), sql`${kbDocuments.vectorizedAt} is not null`))
    .orderBy(asc(kbDocuments.createdAt), asc(kbDocuments.id));
  return rows.map((r) => ({ ...r, vectorizedAt: r.vectorizedAt! }));
}
