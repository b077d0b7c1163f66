"use client";
import { useTranslations } from "next-intl";
import { Spinner } from "../ui/spinner";
import type { InterviewUIMessage } from "./api";
import { ChatMessage, type turnLabels } from "./chat-message";
import type { ChatTurn } from "./use-interview-chat";

/** The conversation so far, the streaming turn last, and "the interviewer is thinking" while a reply is awaited. */
export function ChatMessageList({
  messages,
  labels,
  turn,
  busy,
  lang,
}: {
  messages: InterviewUIMessage[];
  labels: ReturnType<typeof turnLabels>;
  turn: ChatTurn;
  busy: boolean;
  lang: string;
}) {
  const t = useTranslations("interview.chat");
  return (
    <ol className="space-y-5" aria-label={t("conversation")} data-testid="chat-messages" aria-live="polite" aria-busy={busy}>
      {messages.map((m, i) => (
        <ChatMessage key={m.id} message={m} lang={lang} label={labels.get(m.id)} streaming={turn === "streaming" && i === messages.length - 1} />
      ))}
      {turn === "waiting" || turn === "recovering" ? (
        <li className="flex items-center gap-2 pl-10 text-sm text-slate-500" data-testid="interviewer-typing">
          <Spinner className="text-indigo-600" />
          {t("thinking")}
        </li>
      ) : null}
    </ol>
  );
}
