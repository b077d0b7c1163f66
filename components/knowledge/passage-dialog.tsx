"use client";
import { useQuery } from "@tanstack/react-query";
import { FileText, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef } from "react";
import { ApiError, retryTransient } from "../tasks/api";
import { Skeleton } from "../ui/skeleton";
import { fetchChunk, knowledgeKeys } from "./api";

/** Which citation is open: its number in the answer, its chunk and the title the stream gave it. */
export type OpenPassage = { n: number; chunkId: string; title: string };

/**
 * The passage a citation points at, fetched from `GET /api/knowledge/{id}/chunks/{chunkId}`:
 * file name, heading and page, and the passage's text. A native `<dialog>` (focus trap, Escape,
 * backdrop), full-width at the bottom on a phone; closed when `passage` is null. A passage that
 * is gone (its document deleted or re-indexed since the answer) says so.
 */
export function PassageDialog({ knowledgeBaseId, passage, onClose }: { knowledgeBaseId: string; passage: OpenPassage | null; onClose: () => void }) {
  const t = useTranslations("knowledge.passage");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const chunk = useQuery({
    queryKey: knowledgeKeys.chunk(knowledgeBaseId, passage?.chunkId ?? ""),
    queryFn: ({ signal }) => fetchChunk(knowledgeBaseId, passage!.chunkId, signal),
    enabled: Boolean(passage),
    retry: retryTransient,
    // A chunk never changes: re-indexing makes new ones.
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (passage && !dialog.open) dialog.showModal();
    if (!passage && dialog.open) dialog.close();
  }, [passage]);

  const gone = chunk.error instanceof ApiError && chunk.error.status === 404;
  const data = chunk.data;
  const location = data ? [data.heading, data.page != null ? t("page", { page: data.page }) : null].filter(Boolean).join(" · ") : "";

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click handler only closes on a backdrop click; keyboard users close with Escape, which <dialog> handles itself
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      data-testid="passage-dialog"
      data-chunk-id={passage?.chunkId}
      data-document-id={data?.documentId}
      className="mx-auto mb-0 mt-auto max-h-[85vh] w-full max-w-2xl rounded-t-2xl border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/40 sm:m-auto sm:w-[calc(100%-2rem)] sm:rounded-2xl"
    >
      {passage ? (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-start gap-3 border-b border-slate-100 px-5 py-4">
            <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700">
              {passage.n}
            </span>
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="flex items-start gap-1.5 font-semibold text-slate-900 [overflow-wrap:anywhere]" data-testid="passage-file-name">
                <FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
                {data?.fileName ?? passage.title}
              </h2>
              {location ? (
                <p className="mt-0.5 text-xs text-slate-500" data-testid="passage-location">
                  {location}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label={t("close")}
              data-testid="passage-close"
              className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4">
            {chunk.isPending ? (
              <div className="space-y-2" role="status" aria-busy="true" aria-label={t("loading")}>
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-11/12" />
                <Skeleton className="h-4 w-4/5" />
              </div>
            ) : chunk.isError ? (
              <p role="alert" className="text-sm text-rose-700" data-testid="passage-error">
                {gone ? t("gone") : t("loadError")}
              </p>
            ) : (
              <blockquote
                className="whitespace-pre-wrap break-words border-l-4 border-indigo-200 pl-4 text-sm leading-relaxed text-slate-800"
                data-testid="passage-content"
              >
                {data?.content}
              </blockquote>
            )}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
