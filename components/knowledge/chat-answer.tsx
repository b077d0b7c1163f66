"use client";
import type { SourceDocumentUIPart } from "ai";
import { Bot, FileText, UserRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { messageText } from "../interview/api";
import { citationOf, type KnowledgeUIMessage, messageSources } from "./api";
import { splitCitations } from "./citations";
import type { OpenPassage } from "./passage-dialog";

/** The passage a source opens: its chunk id is the source's id (`providerMetadata.panelist.chunkId` as well). */
function passageOf(n: number, source: SourceDocumentUIPart): OpenPassage {
  return { n, chunkId: citationOf(source).chunkId ?? source.sourceId, title: source.title };
}

/**
 * One message of the knowledge-base chat. A question on the right; an answer on the left, its
 * `[n]` markers as buttons that open the n-th source's passage, and under it the numbered list of
 * its sources (the `source-document` parts, in the order the markers count them).
 */
export function ChatAnswer({
  message,
  streaming,
  lang,
  onOpen,
}: {
  message: KnowledgeUIMessage;
  streaming: boolean;
  lang: string;
  onOpen: (p: OpenPassage) => void;
}) {
  const t = useTranslations("knowledge.chat");
  const text = messageText(message);
  if (message.role === "user") {
    return (
      <li className="flex items-start justify-end gap-2 sm:gap-3" data-testid="kb-chat-message" data-role="user">
        <div
          lang={lang}
          className="min-w-0 max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-tr-sm bg-indigo-600 px-4 py-2.5 text-sm text-white sm:max-w-[75%]"
          data-testid="kb-message-text"
        >
          <span className="sr-only">{t("you")}: </span>
          {text}
        </div>
        <span aria-hidden className="mt-1 hidden size-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-600 sm:flex">
          <UserRound className="size-4" />
        </span>
      </li>
    );
  }
  const sources = messageSources(message);
  const segments = splitCitations(text, sources.length);
  return (
    <li
      className="flex items-start gap-2 sm:gap-3"
      data-testid="kb-chat-message"
      data-role="assistant"
      data-streaming={streaming || undefined}
      data-engine={message.metadata?.engine}
      data-cached={message.metadata?.cached || undefined}
      data-not-found={message.metadata?.notFound || undefined}
    >
      <span aria-hidden className="mt-1 hidden size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700 sm:flex">
        <Bot className="size-4" />
      </span>
      <div className="min-w-0 flex-1 sm:max-w-[85%]">
        <div
          lang={lang}
          className="whitespace-pre-wrap break-words rounded-2xl rounded-tl-sm border border-slate-200 bg-white px-4 py-2.5 text-sm leading-relaxed text-slate-800 shadow-sm"
          data-testid="kb-message-text"
        >
          <span className="sr-only">{t("assistant")}: </span>
          {segments.map((s, i) =>
            s.kind === "text" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments of one text in order, recomputed as it streams
              <span key={i}>{s.text}</span>
            ) : (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: as above; the same number may be cited twice
                key={i}
                type="button"
                onClick={() => onOpen(passageOf(s.n, sources[s.n - 1]!))}
                aria-label={t("citation", { n: s.n, title: sources[s.n - 1]!.title })}
                data-testid="kb-citation"
                data-n={s.n}
                className="mx-0.5 inline-flex h-5 min-w-5 -translate-y-0.5 items-center justify-center rounded-md bg-indigo-50 px-1 align-middle text-[11px] font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {s.n}
              </button>
            ),
          )}
          {streaming ? <span aria-hidden className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse rounded-sm bg-indigo-500" /> : null}
        </div>
        {message.metadata?.cached ? (
          <p className="mt-1 text-xs text-slate-500" data-testid="kb-answer-cached">
            {t("cached")}
          </p>
        ) : null}
        {sources.length > 0 ? (
          <div className="mt-2">
            <p className="text-xs font-medium text-slate-500">{t("sources")}</p>
            <ol className="mt-1 space-y-1" data-testid="kb-sources">
              {sources.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the position is the citation number the markers use; sources only ever append
                <li key={i}>
                  <button
                    type="button"
                    onClick={() => onOpen(passageOf(i + 1, s))}
                    data-testid="kb-source"
                    data-n={i + 1}
                    data-document-id={citationOf(s).documentId}
                    className="flex w-full items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-2.5 py-1.5 text-left text-xs text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <span className="inline-flex size-5 shrink-0 items-center justify-center rounded-md bg-indigo-100 font-semibold text-indigo-700">
                      {i + 1}
                    </span>
                    <FileText aria-hidden className="mt-0.5 size-3.5 shrink-0 text-slate-400" />
                    <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{s.title}</span>
                  </button>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </div>
    </li>
  );
}
