import { knowledgeSourceOf, type Plan } from "../schemas";

/**
 * The citation of a question drawn from a knowledge base, as a `source-document` part of the
 * interviewer's UI message — the shape the knowledge-base chat streams (docs/knowledge.md,
 * "Citations"): `sourceId` the chunk id, `title` "<fileName> · <heading or page>",
 * `providerMetadata.panelist` what opens the passage (`GET /api/knowledge/{knowledgeBaseId}/chunks/{chunkId}`).
 */
export type QuestionCitation = {
  type: "source-document";
  sourceId: string;
  mediaType: "text/plain";
  title: string;
  filename: string;
  providerMetadata: { panelist: { knowledgeBaseId: string; documentId: string; chunkId: string; page: number | null } };
};

/** The citation of planned question `questionId`, or null when it has none (a bank, resume or model question, a closing). */
export function questionCitation(plan: Plan, questionId: string | null | undefined): QuestionCitation | null {
  if (!questionId) return null;
  const q = plan.questions.find((x) => x.id === questionId);
  const source = q ? knowledgeSourceOf(q) : null;
  if (!source) return null;
  const where = source.heading?.trim() || (source.page ? `p. ${source.page}` : null);
  return {
    type: "source-document",
    sourceId: source.chunkId,
    mediaType: "text/plain",
    title: where ? `${source.fileName} · ${where}` : source.fileName,
    filename: source.fileName,
    providerMetadata: {
      panelist: { knowledgeBaseId: source.knowledgeBaseId, documentId: source.documentId, chunkId: source.chunkId, page: source.page },
    },
  };
}
