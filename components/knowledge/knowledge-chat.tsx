"use client";
import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { CloudOff, Eraser, MessageSquareText, RotateCcw, Send } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { chatFetch, LlmUnavailableError } from "../interview/api";
import { ApiError } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { RetryCountdownNotice, RetryIn, useRetryCountdown } from "../ui/retry-countdown";
import { Spinner } from "../ui/spinner";
import type { KnowledgeUIMessage } from "./api";
import { ChatAnswer } from "./chat-answer";
import { type OpenPassage, PassageDialog } from "./passage-dialog";

/** The server's bound on a question, characters (`MAX_QUESTION_CHARS`, lib/knowledge/chat/service.ts). */
const QUESTION_MAX = 4_000;
/** How many of the newest messages a request carries (the route reads at most 100). */
const SENT_MESSAGES = 12;

/**
 * Ask the knowledge base: `useChat` over `POST /api/knowledge/{id}/chat` (an AI SDK UI message
 * stream). Each answer streams in with its `[n]` markers and `source-document` parts; a marker or
 * a source opens its passage. The conversation lives in the page only (a reload starts afresh).
 * A 429 counts down on the Ask button and gives the question back; a 503 `unavailable:llm` says
 * when to try again; other failures keep the question and offer "Ask again".
 *
 * @param readyCount documents that are ready: with none, there is nothing to ask yet.
 */
export function KnowledgeChat({ knowledgeBaseId, readyCount }: { knowledgeBaseId: string; readyCount: number }) {
  const t = useTranslations("knowledge.chat");
  const locale = useLocale();
  const router = useRouter();
  const ids = useId();
  const [input, setInput] = useState("");
  const [passage, setPassage] = useState<OpenPassage | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [failed, setFailed] = useState(false);
  const limited = useRetryCountdown();
  const lastSent = useRef("");
  const listEnd = useRef<HTMLDivElement>(null);

  const transport = useMemo(
    () =>
      new DefaultChatTransport<KnowledgeUIMessage>({
        api: `/api/knowledge/${encodeURIComponent(knowledgeBaseId)}/chat`,
        fetch: chatFetch,
        // The server reads the questions (a follow-up is rewritten with the earlier ones): the
        // newest messages' text is enough, and keeps a long conversation under its body cap.
        prepareSendMessagesRequest: ({ id: chatId, messages }) => ({
          body: {
            id: chatId,
            messages: messages.slice(-SENT_MESSAGES).map((m) => ({ id: m.id, role: m.role, parts: m.parts.filter((p) => p.type === "text") })),
          },
        }),
      }),
    [knowledgeBaseId],
  );

  const onError = useCallback(
    (err: Error) => {
      if (err instanceof LlmUnavailableError) {
        setUnavailable(true);
        limited.start(err.retryAfterS);
        setInput((v) => v || lastSent.current);
        return;
      }
      if (limited.startFrom(err)) {
        setInput((v) => v || lastSent.current);
        return;
      }
      if (err instanceof ApiError && err.status === 401) return router.replace("/sign-in");
      setFailed(true);
      if (err instanceof ApiError && err.status === 404) toast.error(t("errors.notFound"), { id: "kb-chat-error" });
      else if (err instanceof ApiError && err.status === 0) toast.error(t("errors.network"), { id: "kb-chat-error" });
      else toast.error(t("errors.generic"), { id: "kb-chat-error", description: err instanceof ApiError ? err.message : undefined });
    },
    [limited.start, limited.startFrom, router, t],
  );

  const { messages, sendMessage, regenerate, status, setMessages } = useChat<KnowledgeUIMessage>({
    id: `knowledge-${knowledgeBaseId}`,
    transport,
    onError,
  });
  const busy = status === "submitted" || status === "streaming";
  const enabled = readyCount > 0 && !busy && !limited.waiting;
  const last = messages.at(-1);
  // The newest question has no answer (refused or failed): a new question replaces it.
  const stalled = !busy && last?.role === "user";

  useEffect(() => {
    if (messages.length > 0) listEnd.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [messages.length]);

  function ask(e?: FormEvent) {
    e?.preventDefault();
    const question = input.trim();
    if (!question || !enabled) return;
    lastSent.current = question;
    setFailed(false);
    setUnavailable(false);
    // After a refused turn the unanswered question is replaced, not asked twice.
    if (stalled) setMessages(messages.slice(0, -1));
    void sendMessage({ text: question.slice(0, QUESTION_MAX) });
    setInput("");
  }

  function askAgain() {
    if (limited.waiting) return;
    setFailed(false);
    setUnavailable(false);
    void regenerate();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    ask();
  }

  return (
    <Card aria-labelledby={`${ids}-title`} data-testid="kb-chat" data-status={status} className="flex flex-col">
      <div className="flex items-center gap-2">
        <MessageSquareText aria-hidden className="size-5 text-indigo-600" />
        <h2 id={`${ids}-title`} className="flex-1 text-lg font-semibold">
          {t("title")}
        </h2>
        {messages.length > 0 ? (
          <Button variant="ghost" onClick={() => setMessages([])} disabled={busy} className="px-2 py-1 text-xs" data-testid="kb-chat-clear">
            <Eraser aria-hidden className="size-4" />
            {t("clear")}
          </Button>
        ) : null}
      </div>
      {messages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="kb-chat-empty">
          {readyCount > 0 ? t("emptyReady") : t("emptyWaiting")}
        </p>
      ) : (
        <ol className="mt-4 space-y-4" aria-live="polite" data-testid="kb-chat-messages">
          {messages.map((m) => (
            <ChatAnswer key={m.id} message={m} streaming={status === "streaming" && m === last && m.role === "assistant"} lang={locale} onOpen={setPassage} />
          ))}
          {status === "submitted" ? (
            <li className="flex items-center gap-2 text-sm text-slate-500" data-testid="kb-chat-waiting">
              <Spinner className="text-indigo-600" />
              {t("searching")}
            </li>
          ) : null}
        </ol>
      )}
      <div ref={listEnd} />

      {unavailable ? (
        <div
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="kb-chat-unavailable"
        >
          <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p aria-live="off">{limited.seconds > 0 ? t("unavailable", { seconds: limited.seconds }) : t("unavailableNow")}</p>
        </div>
      ) : null}
      {failed && stalled ? (
        <div
          role="alert"
          className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="kb-chat-stalled"
        >
          <span className="flex-1">{t("stalled")}</span>
          <Button variant="secondary" onClick={askAgain} disabled={limited.waiting} data-testid="kb-chat-retry">
            <RotateCcw aria-hidden className="size-4" />
            {t("retry")}
          </Button>
        </div>
      ) : null}
      {unavailable ? null : <RetryCountdownNotice seconds={limited.seconds} testId="kb-chat-limited" />}

      <form onSubmit={ask} className="mt-4" data-testid="kb-chat-composer">
        <label htmlFor={`${ids}-question`} className="sr-only">
          {t("questionLabel")}
        </label>
        <textarea
          id={`${ids}-question`}
          rows={2}
          lang={locale}
          value={input}
          maxLength={QUESTION_MAX}
          disabled={readyCount === 0}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={readyCount > 0 ? t("placeholder") : t("placeholderWaiting")}
          data-testid="kb-chat-input"
          className="block max-h-48 min-h-16 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-indigo-600 disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm"
        />
        <div className="mt-2 flex items-center gap-2">
          <p className="mr-auto hidden text-xs text-slate-500 sm:block">{t("hint")}</p>
          <Button type="submit" disabled={!enabled || !input.trim()} data-testid="kb-chat-send" className="w-full sm:w-auto">
            {busy ? <Spinner /> : <Send aria-hidden className="size-4" />}
            {limited.waiting ? <RetryIn seconds={limited.seconds} /> : t("send")}
          </Button>
        </div>
      </form>
      <PassageDialog knowledgeBaseId={knowledgeBaseId} passage={passage} onClose={() => setPassage(null)} />
    </Card>
  );
}
