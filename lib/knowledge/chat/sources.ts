import type { Passage } from "../retrieval";

/**
 * A citation as the chat streams it: an AI SDK 6 `source-document` UI message chunk
 * (docs/knowledge.md, "Citations"). `sourceId` is the chunk's id, which
 * `GET /api/knowledge/{id}/chunks/{chunkId}` opens; the n-th source is what `[n]` in the text refers to.
 */
export type SourceDocumentPart = {
  type: "source-document";
  sourceId: string;
  mediaType: "text/plain";
  title: string;
  providerMetadata: {
    panelist: { knowledgeBaseId: string; documentId: string; chunkId: string; ordinal: number; page: number | null };
  };
};

/** What names a passage in its title: its document's file name. */
export type DocumentNames = ReadonlyMap<string, string>;

/**
 * The title a source shows: `<fileName> · <heading>`, else `<fileName> · p. <page>`, else
 * `<fileName> · #<ordinal + 1>` (the passage's position in its document).
 */
export function sourceTitle(p: Pick<Passage, "heading" | "page" | "ordinal">, fileName: string): string {
  const where = p.heading?.trim() ? p.heading.trim() : p.page !== null ? `p. ${p.page}` : `#${p.ordinal + 1}`;
  return `${fileName} · ${where}`;
}

/** The `source-document` part of a passage; `names` maps document ids to file names (a missing one shows "document"). */
export function toSourcePart(p: Passage, names: DocumentNames): SourceDocumentPart {
  return {
    type: "source-document",
    sourceId: p.id,
    mediaType: "text/plain",
    title: sourceTitle(p, names.get(p.documentId) ?? "document"),
    providerMetadata: {
      panelist: { knowledgeBaseId: p.knowledgeBaseId, documentId: p.documentId, chunkId: p.id, ordinal: p.ordinal, page: p.page },
    },
  };
}
