import { and, asc, eq, isNotNull, isNull, or } from "drizzle-orm";
import type { Db } from "../client";
import { kbDocuments, knowledgeBases, tasks } from "../schema";

export type KnowledgeBaseRow = typeof knowledgeBases.$inferSelect;

/**
 * The knowledge base `id` if the actor may see it: a personal one they own
 * (`organization_id is null and owner_id = ownerId`), or one of their active organisation
 * (`organization_id = organizationId`); undefined otherwise (the caller's 404), decided in SQL.
 * @param organizationId the actor's active organisation, or null.
 */
export async function getVisibleKnowledgeBaseRow(
  db: Db,
  a: { id: string; ownerId: string; organizationId: string | null },
): Promise<KnowledgeBaseRow | undefined> {
  const personal = and(isNull(knowledgeBases.organizationId), eq(knowledgeBases.ownerId, a.ownerId));
  const visible = a.organizationId ? or(personal, eq(knowledgeBases.organizationId, a.organizationId)) : personal;
  const [row] = await db
    .select()
    .from(knowledgeBases)
    .where(and(eq(knowledgeBases.id, a.id), visible))
    .limit(1);
  return row;
}

/** A document whose chunks answer questions: its latest `kb.vectorize` task COMPLETED. */
export type ReadyDocumentRow = { id: string; fileName: string; vectorizedAt: Date };

/**
 * The ready documents of a knowledge base (latest vectorize task `COMPLETED`, `vectorized_at`
 * set), oldest first. A document being re-vectorized is not ready until its new task completes.
 */
export async function listReadyDocuments(db: Db, { knowledgeBaseId }: { knowledgeBaseId: string }): Promise<ReadyDocumentRow[]> {
  const rows = await db
    .select({ id: kbDocuments.id, fileName: kbDocuments.fileName, vectorizedAt: kbDocuments.vectorizedAt })
    .from(kbDocuments)
    .innerJoin(tasks, eq(tasks.id, kbDocuments.taskId))
    .where(and(eq(kbDocuments.knowledgeBaseId, knowledgeBaseId), eq(tasks.status, "COMPLETED"), isNotNull(kbDocuments.vectorizedAt)))
    .orderBy(asc(kbDocuments.createdAt), asc(kbDocuments.id));
  return rows.map((r) => ({ ...r, vectorizedAt: r.vectorizedAt! }));
}

/** The file name of a document of a knowledge base, or undefined (the chunk route's title). */
export async function getDocumentFileName(db: Db, a: { knowledgeBaseId: string; documentId: string }): Promise<string | undefined> {
  const [row] = await db
    .select({ fileName: kbDocuments.fileName })
    .from(kbDocuments)
    .where(and(eq(kbDocuments.knowledgeBaseId, a.knowledgeBaseId), eq(kbDocuments.id, a.documentId)))
    .limit(1);
  return row?.fileName;
}
