"use client";
import { useChat } from "@ai-sdk/react";
import { useQueryClient } from "@tanstack/react-query";
import { DefaultChatTransport } from "ai";
import { CheckCircle2, CloudOff, Flag, Play, RotateCcw, Send, SkipForward } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { toast } from "sonner";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { Spinner } from "../ui/spinner";
import { ApiError } from "../tasks/api";
import {
  chatFetch,
  fetchInterview,
  interviewKeys,
  LlmUnavailableError,
  type InterviewDetail,
  type InterviewUIMessage,
  type TurnKind,
} from "./api";
import { ChatMessage, turnLabels } from "./chat-message";
import { ConfirmDialog } from "./confirm-dialog";
import { DictateButton, SpeechControls, useSpeech } from "./speech";

type Action = "start" | "answer" | "skip";

/**
 * Where the conversation stands, for the UI (and `data-turn` for tests):
 * `start` nothing asked yet; `waiting` request sent, no token yet; `streaming` the
 * interviewer is speaking; `candidate` the candidate's turn; `stalled` the candidate's last
 * message has no reply (a failed or lost request); `recovering` a reply may still be saving
 * after a reload; `closed` the interviewer said goodbye.
 */
type Turn = "start" | "waiting" | "streaming" | "candidate" | "stalled" | "recovering" | "closed";

/** A request in flight when the page was left: its reply may still land in the database. */
const PENDING_KEY = (id: string) => `panelist:interview:${id}:pending`;
/** How long after a request we wait for its reply to show up in the database, ms. */
const RECOVER_WINDOW_MS = 20_000;
const RECOVER_POLL_MS = 1_000;

function readPending(id: string): number | null {
  try {
    const v = Number(sessionStorage.getItem(PENDING_KEY(id)));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}
function writePending(id: string, at: number | null) {
  try {
    if (at == null) sessionStorage.removeItem(PENDING_KEY(id));
    else sessionStorage.setItem(PENDING_KEY(id), String(at));
  } catch {
    // storage unavailable (private mode): recovery after reload just does not happen
  }
}

/**
 * The interview conversation with `useChat`: the stored messages are its initial messages,
 * so a reload shows the conversation as it was and it goes on from there. Each request
 * carries the newest candidate message and an `action`; the interviewer's reply streams in
 * token by token. Answers go with Enter (Shift+Enter for a new line); Skip and End are
 * always at hand; 409s resynchronise from the server and say why in a toast.
 */
export function InterviewChat({
  interview,
  ending,
  onEnd,
}: {
  interview: InterviewDetail;
  ending: boolean;
  onEnd: () => void;
}) {
  const t = useTranslations("interview.chat");
  const router = useRouter();
  const queryClient = useQueryClient();
  const ids = useId();
  const id = interview.id;
  const lang = interview.language === "zh" ? "zh-CN" : "en";

  const transport = useMemo(
    () =>
      new DefaultChatTransport<InterviewUIMessage>({
        api: `/api/interviews/${encodeURIComponent(id)}/chat`,
        fetch: chatFetch,
        // The server reads only the newest candidate message (the history is in the database).
        prepareSendMessagesRequest: ({ id: chatId, messages, body }) => {
          const action: Action = body?.action ?? "answer";
          const newest = action === "start" ? undefined : messages.findLast((m) => m.role === "user");
          return {
            body: {
              id: chatId,
              action,
              messages: newest ? [{ id: newest.id, role: newest.role, parts: newest.parts, metadata: newest.metadata }] : [],
            },
          };
        },
      }),
    [id],
  );

  const resync = useCallback(async () => {
    try {
      const fresh = await fetchInterview(id);
      queryClient.setQueryData(interviewKeys.detail(id), fresh);
      return fresh;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) void queryClient.invalidateQueries({ queryKey: interviewKeys.detail(id) });
      return null;
    }
  }, [id, queryClient]);

  const setMessagesRef = useRef<(m: InterviewUIMessage[]) => void>(() => {});
  // The model is paused (503 `unavailable:llm`): until when (epoch ms), shown in place of a toast.
  const [unavailableUntil, setUnavailableUntil] = useState<number | null>(null);
  const onError = useCallback(
    (err: Error) => {
      writePending(id, null);
      if (err instanceof LlmUnavailableError) {
        setUnavailableUntil(Date.now() + err.retryAfterS * 1000);
      } else if (err instanceof ApiError) {
        if (err.status === 401) return router.replace("/sign-in");
        if (err.status === 404) {
          toast.error(t("errors.notFound"));
          void queryClient.invalidateQueries({ queryKey: interviewKeys.detail(id) });
          return;
        }
        if (err.status === 409) toast.error(t("errors.conflict"), { id: "interview-conflict", description: err.message });
        else if (err.status === 429) toast.error(t("errors.rateLimit"), { id: "interview-error" });
        else if (err.status === 0) toast.error(t("errors.network"), { id: "interview-error" });
        else toast.error(t("errors.generic"), { id: "interview-error", description: err.message });
      } else {
        toast.error(t("errors.generic"), { id: "interview-error" });
      }
      // Whatever went wrong, the database has the true conversation: show that.
      void resync().then((fresh) => {
        if (!fresh) return;
        if (fresh.status === "ready" || fresh.status === "in_progress") setMessagesRef.current(fresh.messages);
      });
    },
    [id, queryClient, resync, router, t],
  );

  const { messages, sendMessage, status, setMessages } = useChat<InterviewUIMessage>({
    id,
    messages: interview.messages,
    transport,
    onError,
    onFinish: ({ isError }) => {
      if (!isError) writePending(id, null);
    },
  });
  setMessagesRef.current = setMessages;

  const [input, setInput] = useState("");
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [recovering, setRecovering] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const bottomRef = useRef<HTMLDivElement>(null);
  const speech = useSpeech(interview.language);

  const busy = status === "submitted" || status === "streaming";
  const last = messages.at(-1);
  const closed = messages.some((m) => m.role === "assistant" && m.metadata?.kind === "closing");
  const turn: Turn = busy
    ? status === "streaming" && last?.role === "assistant"
      ? "streaming"
      : "waiting"
    : recovering
      ? "recovering"
      : closed
        ? "closed"
        : !last
          ? "start"
          : last.role === "user"
            ? "stalled"
            : "candidate";

  // After a reload mid-request, the reply may still be on its way to the database: poll for
  // it for a while instead of asking again (which would ask the interviewer twice).
  const initialMessages = useRef(interview.messages);
  useEffect(() => {
    const pendingAt = readPending(id);
    const lastOnLoad = initialMessages.current.at(-1);
    const awaiting = !lastOnLoad || lastOnLoad.role === "user";
    if (!awaiting || pendingAt == null || Date.now() - pendingAt > RECOVER_WINDOW_MS) {
      writePending(id, null);
      return;
    }
    setRecovering(true);
    let stopped = false;
    void (async () => {
      while (!stopped && Date.now() - pendingAt < RECOVER_WINDOW_MS) {
        await new Promise((r) => setTimeout(r, RECOVER_POLL_MS));
        if (stopped) return;
        const fresh = await resync();
        if (stopped) return;
        if (fresh && fresh.messages.at(-1)?.role === "assistant") {
          setMessagesRef.current(fresh.messages);
          break;
        }
      }
      writePending(id, null);
      setRecovering(false);
    })();
    return () => {
      stopped = true;
    };
  }, [id, resync]);

  // A one-second tick for the "try again in N seconds" countdown, only while it shows.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (unavailableUntil == null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= unavailableUntil) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [unavailableUntil]);
  const unavailableFor = unavailableUntil == null ? 0 : Math.max(0, Math.ceil((unavailableUntil - now) / 1000));

  const send = useCallback(
    (action: Action, text = "") => {
      setUnavailableUntil(null);
      writePending(id, Date.now());
      speech.cancel();
      if (action === "start") void sendMessage(undefined, { body: { action } });
      else void sendMessage({ text, metadata: { kind: action === "skip" ? "skip" : "answer" } }, { body: { action } });
    },
    [id, sendMessage, speech],
  );

  /** Asks again for the reply to the candidate's last message (after a failed request). */
  const retry = useCallback(() => {
    const lastUser = messages.findLast((m) => m.role === "user");
    setUnavailableUntil(null);
    writePending(id, Date.now());
    const kind: TurnKind | undefined = lastUser?.metadata?.kind;
    void sendMessage(undefined, { body: { action: lastUser ? (kind === "skip" ? "skip" : "answer") : "start" } });
  }, [id, messages, sendMessage]);

  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (turn !== "candidate") return;
    send("answer", input.trim());
    setInput("");
    speech.stopListening();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    // Enter on an empty box does nothing; an empty answer needs the Send button.
    if (input.trim()) submit();
  }

  // Keep the newest turn in view while the interviewer speaks, unless the reader scrolled up.
  const lastText = last ? last.parts.map((p) => (p.type === "text" ? p.text.length : 0)).reduce((a, b) => a + b, 0) : 0;
  const lastCount = useRef(messages.length);
  useEffect(() => {
    if (!bottomRef.current) return;
    const added = messages.length !== lastCount.current;
    lastCount.current = messages.length;
    const nearBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 240;
    // Scroll the document (not scrollIntoView: on phones that can pan the visual viewport
    // away from the sticky header).
    if (added || nearBottom) window.scrollTo({ top: document.documentElement.scrollHeight, behavior: added ? "smooth" : "auto" });
  }, [messages.length, lastText]);

  // The page header shows the interview's status: once the first question is asked it is under way.
  useEffect(() => {
    if (messages.length === 0 || interview.status !== "ready") return;
    queryClient.setQueryData<InterviewDetail>(interviewKeys.detail(id), (old) => (old ? { ...old, status: "in_progress" } : old));
  }, [messages.length, interview.status, id, queryClient]);

  // Back to the answer box when it is the candidate's turn again; read the question aloud if asked to.
  const prevTurn = useRef<Turn>(turn);
  useEffect(() => {
    if (prevTurn.current !== turn && (turn === "candidate" || turn === "closed") && last?.role === "assistant") {
      if (turn === "candidate" && (!document.activeElement || document.activeElement === document.body)) {
        textareaRef.current?.focus({ preventScroll: true });
      }
      if (prevTurn.current === "streaming") speech.speak(last.parts.map((p) => (p.type === "text" ? p.text : "")).join(""));
    }
    prevTurn.current = turn;
  }, [turn, last, speech]);

  // Dictation appends to the answer box.
  useEffect(() => {
    speech.onTranscript((text) => setInput((v) => (v && !v.endsWith(" ") ? `${v} ${text}` : v + text)));
  }, [speech]);

  const labels = useMemo(() => turnLabels(messages), [messages]);
  const latestAssistant = messages.findLast((m) => m.role === "assistant");
  const asked = [...labels.values()].filter((l) => l.kind === "question").length;
  const total = latestAssistant?.metadata?.progress?.total ?? interview.plan?.questions.length ?? interview.questionCount;
  const current = Math.min(total, latestAssistant?.metadata?.progress?.current ?? asked);
  const done = closed ? total : Math.max(0, current - (turn === "candidate" || turn === "streaming" || turn === "waiting" ? 1 : 0));
  const percent = total > 0 ? Math.round((closed ? 1 : current / total) * 100) : 0;

  return (
    <div className="space-y-4" data-testid="interview-chat" data-turn={turn} data-status={status}>
      <div className="sticky top-[calc(5.5rem+1px)] z-[5] sm:top-14 -mx-4 border-b border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:bg-white/95">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-medium text-slate-800" data-testid="interview-progress-label" data-current={current} data-total={total}>
            {closed ? t("progressDone", { total }) : current > 0 ? t("progress", { current, total }) : t("progressNotStarted", { total })}
          </p>
          <div className="flex items-center gap-1">
            <SpeechControls speech={speech} />
            {!closed ? (
              <Button
                variant="ghost"
                className="px-2.5 py-1.5 text-rose-700 hover:bg-rose-50"
                disabled={ending || turn === "start"}
                onClick={() => setConfirmEnd(true)}
                data-testid="end-interview"
              >
                <Flag aria-hidden className="size-4" />
                {t("end")}
              </Button>
            ) : null}
          </div>
        </div>
        <div
          role="progressbar"
          aria-label={t("progressLabel")}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={closed ? total : current}
          aria-valuetext={closed ? t("progressDone", { total }) : t("progress", { current, total })}
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200"
          data-testid="interview-progress"
          data-answered={done}
        >
          <div className="h-full rounded-full bg-indigo-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </div>
      </div>

      {turn === "start" ? (
        <Card className="flex flex-col items-center gap-3 py-10 text-center" data-testid="interview-ready">
          <CheckCircle2 aria-hidden className="size-10 text-emerald-600" />
          <h2 className="text-lg font-semibold">{t("readyTitle", { total })}</h2>
          <p className="max-w-md text-sm text-slate-600">{t("readyBody")}</p>
          <Button onClick={() => send("start")} className="mt-2" data-testid="start-interview">
            <Play aria-hidden className="size-4" />
            {t("start")}
          </Button>
        </Card>
      ) : (
        <ol className="space-y-5" aria-label={t("conversation")} data-testid="chat-messages" aria-live="polite" aria-busy={busy}>
          {messages.map((m, i) => (
            <ChatMessage
              key={m.id}
              message={m}
              lang={lang}
              label={labels.get(m.id)}
              streaming={turn === "streaming" && i === messages.length - 1}
            />
          ))}
          {turn === "waiting" || turn === "recovering" ? (
            <li className="flex items-center gap-2 pl-10 text-sm text-slate-500" data-testid="interviewer-typing">
              <Spinner className="text-indigo-600" />
              {t("thinking")}
            </li>
          ) : null}
        </ol>
      )}

      {unavailableUntil != null && (turn === "stalled" || turn === "start") ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center"
          data-testid="chat-unavailable"
          data-retry-after={unavailableFor}
        >
          <CloudOff aria-hidden className="hidden size-5 shrink-0 sm:block" />
          {/* Announced once when it appears; the countdown's ticks are not read out. */}
          <p className="flex-1" aria-live="off">
            {unavailableFor > 0 ? t("unavailable", { seconds: unavailableFor }) : t("unavailableNow")}
            {turn === "stalled" ? ` ${t("unavailableKept")}` : null}
          </p>
          <Button variant="secondary" onClick={retry} className="w-full sm:w-auto" data-testid="chat-retry">
            <RotateCcw aria-hidden className="size-4" />
            {t("retry")}
          </Button>
        </div>
      ) : turn === "stalled" ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="chat-stalled">
          <span className="flex-1">{t("stalled")}</span>
          <Button variant="secondary" onClick={retry} data-testid="chat-retry">
            <RotateCcw aria-hidden className="size-4" />
            {t("retry")}
          </Button>
        </div>
      ) : null}

      {turn === "closed" ? (
        <Card className="flex flex-col items-center gap-3 text-center" data-testid="interview-closed">
          <CheckCircle2 aria-hidden className="size-8 text-emerald-600" />
          <p className="text-sm text-slate-700">{t("closedBody")}</p>
          <Button onClick={onEnd} disabled={ending} data-testid="get-report">
            {ending ? <Spinner /> : <Flag aria-hidden className="size-4" />}
            {t("getReport")}
          </Button>
        </Card>
      ) : turn !== "start" ? (
        <form
          onSubmit={submit}
          className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-slate-50/95 px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:bg-white sm:pb-3"
          data-testid="chat-composer"
        >
          <label htmlFor={`${ids}-answer`} className="sr-only">
            {t("answerLabel")}
          </label>
          <textarea
            ref={textareaRef}
            id={`${ids}-answer`}
            rows={3}
            lang={lang}
            value={input}
            disabled={turn !== "candidate" || ending}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={turn === "candidate" ? t("answerPlaceholder") : t("answerWait")}
            aria-describedby={`${ids}-hint`}
            data-testid="chat-input"
            className="block max-h-60 min-h-20 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-indigo-600 disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm"
          />
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <p id={`${ids}-hint`} className="mr-auto hidden text-xs text-slate-500 sm:block">
              {t("hint")}
            </p>
            <DictateButton speech={speech} disabled={turn !== "candidate" || ending} />
            <Button
              variant="secondary"
              disabled={turn !== "candidate" || ending}
              onClick={() => {
                send("skip");
                setInput("");
              }}
              data-testid="chat-skip"
              className="flex-1 sm:flex-none"
            >
              <SkipForward aria-hidden className="size-4" />
              {t("skip")}
            </Button>
            <Button
              type="submit"
              disabled={turn !== "candidate" || ending}
              title={input.trim() ? undefined : t("emptyHint")}
              data-testid="chat-send"
              className="flex-1 sm:flex-none"
            >
              {busy ? <Spinner /> : <Send aria-hidden className="size-4" />}
              {input.trim() ? t("send") : t("sendEmpty")}
            </Button>
          </div>
        </form>
      ) : null}
      <div ref={bottomRef} aria-hidden />

      <ConfirmDialog
        open={confirmEnd}
        title={t("endConfirmTitle")}
        body={t("endConfirmBody", { answered: done, total })}
        confirmLabel={t("endConfirm")}
        cancelLabel={t("endCancel")}
        onConfirm={() => {
          setConfirmEnd(false);
          onEnd();
        }}
        onClose={() => setConfirmEnd(false)}
        testId="end-dialog"
      />
    </div>
  );
}
