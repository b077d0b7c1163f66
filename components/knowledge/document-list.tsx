"use client";
import { FileStack } from "lucide-react";
import { useTranslations } from "next-intl";
import { isEndState } from "../tasks/api";
import type { KnowledgeDocument } from "./api";
import { DocumentRow } from "./document-row";

/**
 * How many rows follow their task over Server-Sent Events at once. A browser opens at most six
 * HTTP/1.1 connections per origin and each stream holds one for as long as it runs; three leave
 * room for the page's own requests and the chat's stream. The other unfinished rows take their
 * status from the page's 3-s refresh (use-knowledge.ts) and get a stream as earlier ones finish.
 */
export const MAX_LIVE_ROWS = 3;

/** The documents of a knowledge base, newest first as the server sends them; the first unfinished ones stream their status. */
export function DocumentList({ knowledgeBaseId, documents, canWrite }: { knowledgeBaseId: string; documents: KnowledgeDocument[]; canWrite: boolean }) {
  const t = useTranslations("knowledge.documents");
  if (documents.length === 0) {
    return (
      <div
        className="mt-4 flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center"
        data-testid="document-list-empty"
      >
        <FileStack aria-hidden className="size-8 text-slate-400" />
        <p className="font-medium text-slate-700">{t("emptyTitle")}</p>
        <p className="max-w-sm text-sm text-slate-500">{canWrite ? t("emptyBody") : t("emptyBodyReader")}</p>
      </div>
    );
  }
  const liveIds = new Set(
    documents
      .filter((d) => !isEndState(d.status ?? "PENDING") && d.taskId)
      .slice(0, MAX_LIVE_ROWS)
      .map((d) => d.id),
  );
  return (
    <ul className="mt-2 divide-y divide-slate-100" data-testid="document-list">
      {documents.map((d) => (
        <DocumentRow key={d.id} knowledgeBaseId={knowledgeBaseId} doc={d} live={liveIds.has(d.id)} canWrite={canWrite} />
      ))}
    </ul>
  );
}
