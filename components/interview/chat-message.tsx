"use client";
import { Bot, FileText, SkipForward, UserRound } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { cn } from "../ui/cn";
import { type InterviewUIMessage, messageSources, messageText } from "./api";

/**
 * What each interviewer message is, in order: "Question k" for the k-th main question,
 * "Follow-up" and "Closing" otherwise.
 */
export function turnLabels(messages: InterviewUIMessage[]): Map<string, { kind: string; number: number | null }> {
  const labels = new Map<string, { kind: string; number: number | null }>();
  let asked = 0;
  for (const m of messages) {
    if (m.role !== "assistant") continue;
    const kind = m.metadata?.kind ?? "question";
    if (kind === "question") asked++;
    labels.set(m.id, { kind, number: kind === "question" ? asked : null });
  }
  return labels;
}

/**
 * One turn of the conversation: the interviewer on the left, the candidate on the right.
 * An empty answer and a skip are shown as such (they count 0 in the report).
 */
export function ChatMessage({
  message,
  label,
  streaming = false,
  lang,
  actions,
}: {
  message: InterviewUIMessage;
  label?: { kind: string; number: number | null };
  streaming?: boolean;
  lang: string;
  actions?: ReactNode;
}) {
  const t = useTranslations("interview.chat");
  const text = messageText(message);
  const interviewer = message.role === "assistant";
  const sources = interviewer ? messageSources(message) : [];
  const kind = message.metadata?.kind ?? (interviewer ? "question" : "answer");

  if (interviewer) {
    return (
      <li
        className="flex items-start gap-2 sm:gap-3"
        data-testid="chat-message"
        data-role="interviewer"
        data-kind={kind}
        data-question-id={message.metadata?.questionId ?? ""}
        data-message-id={message.id}
        data-streaming={streaming || undefined}
      >
        <span aria-hidden className="mt-1 flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
          <Bot className="size-4" />
        </span>
        <div className="min-w-0 max-w-[85%] sm:max-w-[75%]">
          <p className="mb-1 text-xs font-medium text-slate-500">
            <span className="sr-only">{t("interviewer")}: </span>
            {label?.kind === "follow_up"
              ? t("followUp")
              : label?.kind === "closing"
                ? t("closing")
                : label?.number
                  ? t("questionNumber", { number: label.number })
                  : t("interviewer")}
          </p>
          <div
            lang={lang}
            className="whitespace-pre-wrap break-words rounded-2xl rounded-tl-sm border border-slate-200 bg-white px-4 py-2.5 text-sm leading-relaxed text-slate-800 shadow-sm"
            data-testid="message-text"
          >
            {text}
            {streaming ? <span aria-hidden className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse rounded-sm bg-indigo-500" /> : null}
          </div>
          {sources.map((s) => (
            <a
              key={s.chunkId}
              href={s.href}
              target="_blank"
              rel="noopener"
              aria-label={t("sourceLabel", { title: s.title })}
              className="mt-1 inline-flex max-w-full items-center gap-1 text-xs text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              data-testid="message-source"
              data-chunk-id={s.chunkId}
            >
              <FileText aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{t("source", { title: s.title })}</span>
            </a>
          ))}
          {actions}
        </div>
      </li>
    );
  }

  const skipped = kind === "skip";
  const empty = !skipped && !text.trim();
  return (
    <li
      className="flex flex-row-reverse items-start gap-2 sm:gap-3"
      data-testid="chat-message"
      data-role="candidate"
      data-kind={kind}
      data-message-id={message.id}
    >
      <span aria-hidden className="mt-1 flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-700">
        <UserRound className="size-4" />
      </span>
      <div className="flex min-w-0 max-w-[85%] flex-col items-end sm:max-w-[75%]">
        <p className="mb-1 text-xs font-medium text-slate-500">{t("you")}</p>
        {skipped ? (
          <p
            className="inline-flex items-center gap-1.5 rounded-2xl rounded-tr-sm border border-dashed border-slate-300 bg-slate-50 px-4 py-2.5 text-sm italic text-slate-500"
            data-testid="message-text"
          >
            <SkipForward aria-hidden className="size-4" />
            {t("skipped")}
          </p>
        ) : (
          <div
            lang={lang}
            className={cn(
              "whitespace-pre-wrap break-words rounded-2xl rounded-tr-sm px-4 py-2.5 text-sm leading-relaxed",
              empty ? "border border-dashed border-slate-300 bg-slate-50 italic text-slate-500" : "bg-indigo-600 text-white",
            )}
            data-testid="message-text"
            data-empty={empty || undefined}
          >
            {empty ? t("emptyAnswer") : text}
          </div>
        )}
      </div>
    </li>
  );
}
