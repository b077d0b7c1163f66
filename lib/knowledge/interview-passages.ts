import type { Db } from "@/lib/db/client";
import { getVisibleKnowledgeBase, listReadyDocuments } from "@/lib/db/queries/knowledge";
import { getVectorStore, type VectorStore } from "./vector-store";

/**
 * What the interview domain reads of a knowledge base (through lib/knowledge/index.ts, rule
 * no-domain-internals): whether the caller may draw questions from it, and its passages — the
 * chunks of its ready documents, with the documents' file names — to turn into questions.
 */

/** One passage a question may be drawn from. `heading` is the chunk's heading path ("Benefits › Leave"), `page` 1-based or null. */
export interface InterviewPassage {
  knowledgeBaseId: string;
  documentId: string;
  chunkId: string;
  fileName: string;
  ordinal: number;
  heading: string | null;
  page: number | null;
  content: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Knowledge base `id` if the caller may see it — a personal one of `ownerId`, or one of the active
 * organisation `organizationId` (docs/knowledge.md, "Visibility") — with how many of its documents
 * are ready (capped at 1: enough to say whether questions can be drawn from it).
 * @returns undefined for a malformed id, a missing one or one the caller may not see (all the same 404).
 */
export async function visibleKnowledgeBase(db: Db, q: { id: string; ownerId: string; organizationId: string | null }) {
  if (!UUID.test(q.id)) return undefined;
  const kb = await getVisibleKnowledgeBase(db, q);
  if (!kb) return undefined;
  const ready = await listReadyDocuments(db, { knowledgeBaseId: kb.id, limit: 1 });
  return { id: kb.id, name: kb.name, shared: kb.organizationId !== null, hasReadyDocuments: ready.length > 0 };
}

/** At most this many ready documents are read for one interview (the newest): a plan has at most 15 questions. */
const MAX_DOCUMENTS = 40;

/**
 * The passages of a knowledge base's ready documents (latest `kb.vectorize` task COMPLETED), at
 * most `limit` in all: up to ⌈limit / documents⌉ (at least 4) of each of the newest
 * {@link MAX_DOCUMENTS} documents, in document order then by ordinal, so that every document is
 * represented however long the first one is. One `listChunks` per document, each filtered by the
 * knowledge base inside the store's query.
 * @param deps.store the vector store; default the process's own (`getVectorStore()`, which a test
 *   points at its schema).
 * @returns [] when the knowledge base has no ready document (or no longer exists).
 */
export async function passagesForInterview(
  deps: { db: Db; store?: Pick<VectorStore, "listChunks"> },
  { knowledgeBaseId, limit }: { knowledgeBaseId: string; limit: number },
): Promise<InterviewPassage[]> {
  const documents = await listReadyDocuments(deps.db, { knowledgeBaseId, order: "newest", limit: MAX_DOCUMENTS });
  if (documents.length === 0 || limit <= 0) return [];
  const store = deps.store ?? (await getVectorStore());
  const perDocument = Math.max(4, Math.ceil(limit / documents.length));
  const out: InterviewPassage[] = [];
  for (const doc of documents) {
    if (out.length >= limit) break;
    const chunks = await store.listChunks(knowledgeBaseId, { documentIds: [doc.id], limit: Math.min(perDocument, limit - out.length) });
    for (const c of chunks) {
      // The store filters by knowledge base and document already; this guards the contract.
      if (c.knowledgeBaseId !== knowledgeBaseId || c.documentId !== doc.id) continue;
      out.push({
        knowledgeBaseId,
        documentId: doc.id,
        chunkId: c.id,
        fileName: doc.fileName,
        ordinal: c.ordinal,
        heading: c.heading,
        page: c.page,
        content: c.content,
      });
    }
  }
  return out;
}
