import { and, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../client";
import { kbDocuments, knowledgeBases, tasks } from "../schema";

/**
 * The reads an interview drawn from a knowledge base needs (lib/knowledge/index.ts
 * `passagesForInterview`, `visibleKnowledgeBase`): whether the caller may see a knowledge base,
 * and its ready documents' names. Kept apart from lib/db/queries/knowledge.ts (the knowledge
 * domain's writes) so the two grow without stepping on each other.
 */

/**
 * The visibility rule of docs/knowledge.md, in SQL: a personal knowledge base of `ownerId`, or
 * one of the active organisation `organizationId` (null: the caller has none, so only personal ones).
 */
function visibleTo({ ownerId, organizationId }: { ownerId: string; organizationId: string | null }): SQL {
  const personal = and(isNull(knowledgeBases.organizationId), eq(knowledgeBases.ownerId, ownerId))!;
  return organizationId ? or(personal, eq(knowledgeBases.organizationId, organizationId))! : personal;
}

/** Knowledge base `id` if the caller may see it (see {@link visibleTo}), else undefined. `id` must be a UUID. */
export async function getVisibleKnowledgeBase(db: Db, q: { id: string; ownerId: string; organizationId: string | null }) {
  const [row] = await db
    .select({ id: knowledgeBases.id, name: knowledgeBases.name, organizationId: knowledgeBases.organizationId })
    .from(knowledgeBases)
    .where(and(eq(knowledgeBases.id, q.id), visibleTo(q)))
    .limit(1);
  return row;
}

/**
 * The documents of a knowledge base whose latest `kb.vectorize` task COMPLETED (a document's
 * status is its task's), newest first, at most `limit`.
 */
export async function listReadyDocuments(db: Db, { knowledgeBaseId, limit }: { knowledgeBaseId: string; limit: number }) {
  return db
    .select({ id: kbDocuments.id, fileName: kbDocuments.fileName, chunkCount: kbDocuments.chunkCount })
    .from(kbDocuments)
    .innerJoin(tasks, eq(tasks.id, kbDocuments.taskId))
    .where(and(eq(kbDocuments.knowledgeBaseId, knowledgeBaseId), eq(tasks.status, "COMPLETED"), sql`coalesce(${kbDocuments.chunkCount}, 1) > 0`))
    .orderBy(desc(kbDocuments.createdAt), kbDocuments.id)
    .limit(limit);
}
