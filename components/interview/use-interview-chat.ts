"use client";
import { useChat } from "@ai-sdk/react";
import { useQueryClient } from "@tanstack/react-query";
import { DefaultChatTransport } from "ai";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../tasks/api";
import { useRetryCountdown } from "../ui/retry-countdown";
import {
  chatFetch,
  fetchInterview,
  type InterviewDetail,
  type InterviewUIMessage,
  interviewKeys,
  LlmUnavailableError,
  messageText,
  type TurnKind,
} from "./api";
import { turnLabels } from "./chat-message";
import { RECOVER_POLL_MS, RECOVER_WINDOW_MS, readPending, writePending } from "./pending-reply";
import { useSpeech } from "./speech";

/** What a chat request asks for: the first question, the reply to an answer, or to a skip. */
type ChatAction = "start" | "answer" | "skip";

/**
 * Where the conversation stands, for the UI (and `data-turn` for tests):
 * `start` nothing asked yet; `waiting` request sent, no token yet; `streaming` the
 * interviewer is speaking; `candidate` the candidate's turn; `stalled` the candidate's last
 * message has no reply (a failed or lost request); `recovering` a reply may still be saving
 * after a reload; `closed` the interviewer said goodbye.
 */
export type ChatTurn = "start" | "waiting" | "streaming" | "candidate" | "stalled" | "recovering" | "closed";

/**
 * The interview conversation's state and actions, with `useChat`: the stored messages are its
 * initial messages, so a reload shows the conversation as it was and it goes on from there.
 * Each request carries the newest candidate message and an `action`; the interviewer's reply
 * streams in token by token. Failures resynchronise from the server (the database has the true
 * conversation) and say why in a toast; a 503 `unavailable:llm` instead sets a countdown
 * (`unavailableFor`, seconds) until the model may be back, and a 429 (the chat's request limit,
 * or a money budget) one until its `Retry-After` (`limitedFor`), giving the refused answer back
 * to the answer box. After a reload mid-request, the reply is awaited for up to 20 s instead of
 * asking again.
 */
export function useInterviewChat(interview: InterviewDetail) {
  const t = useTranslations("interview.chat");
  const router = useRouter();
  const queryClient = useQueryClient();
  const id = interview.id;

  const transport = useMemo(
    () =>
      new DefaultChatTransport<InterviewUIMessage>({
        api: `/api/interviews/${encodeURIComponent(id)}/chat`,
        fetch: chatFetch,
        // The server reads only the newest candidate message (the history is in the database).
        prepareSendMessagesRequest: ({ id: chatId, messages, body }) => {
          const action: ChatAction = body?.action ?? "answer";
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
  const setInputRef = useRef<(text: string) => void>(() => {});
  // The text of the answer last sent: a refused turn (429) gives it back to the answer box.
  const lastSentRef = useRef("");
  const limited = useRetryCountdown();
  // The model is paused (503 `unavailable:llm`): until when (epoch ms), shown in place of a toast.
  const [unavailableUntil, setUnavailableUntil] = useState<number | null>(null);
  const onError = useCallback(
    (err: Error) => {
      writePending(id, null);
      if (err instanceof LlmUnavailableError) {
        setUnavailableUntil(Date.now() + err.retryAfterS * 1000);
      } else if (limited.startFrom(err)) {
        // Refused before anything was stored: the answer goes back to the box, to send when the countdown ends.
        if (lastSentRef.current) setInputRef.current(lastSentRef.current);
      } else if (err instanceof ApiError) {
        if (err.status === 401) return router.replace("/sign-in");
        if (err.status === 404) {
          toast.error(t("errors.notFound"));
          void queryClient.invalidateQueries({ queryKey: interviewKeys.detail(id) });
          return;
        }
        if (err.status === 409) toast.error(t("errors.conflict"), { id: "interview-conflict", description: err.message });
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
    [id, queryClient, resync, router, t, limited.startFrom],
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
  setInputRef.current = setInput;
  const [recovering, setRecovering] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const speech = useSpeech(interview.language);

  const busy = status === "submitted" || status === "streaming";
  const last = messages.at(-1);
  const closed = messages.some((m) => m.role === "assistant" && m.metadata?.kind === "closing");
  const turn: ChatTurn = busy
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
    (action: ChatAction, text = "") => {
      if (limited.waiting) return;
      lastSentRef.current = action === "answer" ? text : "";
      setUnavailableUntil(null);
      writePending(id, Date.now());
      speech.cancel();
      if (action === "start") void sendMessage(undefined, { body: { action } });
      else void sendMessage({ text, metadata: { kind: action === "skip" ? "skip" : "answer" } }, { body: { action } });
    },
    [id, sendMessage, speech, limited.waiting],
  );

  /** Asks again for the reply to the candidate's last message (after a failed request). */
  const retry = useCallback(() => {
    if (limited.waiting) return;
    const lastUser = messages.findLast((m) => m.role === "user");
    setUnavailableUntil(null);
    writePending(id, Date.now());
    const kind: TurnKind | undefined = lastUser?.metadata?.kind;
    void sendMessage(undefined, { body: { action: lastUser ? (kind === "skip" ? "skip" : "answer") : "start" } });
  }, [id, messages, sendMessage, limited.waiting]);

  /** Sends the answer box (possibly empty: an empty answer scores 0) when it is the candidate's turn. */
  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (turn !== "candidate" || limited.waiting) return;
    send("answer", input.trim());
    setInput("");
    speech.stopListening();
  }

  function skip() {
    if (limited.waiting) return;
    send("skip");
    setInput("");
  }

  // The page header shows the interview's status: once the first question is asked it is under way.
  useEffect(() => {
    if (messages.length === 0 || interview.status !== "ready") return;
    queryClient.setQueryData<InterviewDetail>(interviewKeys.detail(id), (old) => (old ? { ...old, status: "in_progress" } : old));
  }, [messages.length, interview.status, id, queryClient]);

  // Back to the answer box when it is the candidate's turn again; read the question aloud if asked to.
  const prevTurn = useRef<ChatTurn>(turn);
  useEffect(() => {
    if (prevTurn.current !== turn && (turn === "candidate" || turn === "closed") && last?.role === "assistant") {
      if (turn === "candidate" && (!document.activeElement || document.activeElement === document.body)) {
        textareaRef.current?.focus({ preventScroll: true });
      }
      if (prevTurn.current === "streaming") speech.speak(messageText(last));
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
  /** Questions behind the candidate: all once closed; the one being asked or answered does not count. */
  const done = closed ? total : Math.max(0, current - (turn === "candidate" || turn === "streaming" || turn === "waiting" ? 1 : 0));
  const percent = total > 0 ? Math.round((closed ? 1 : current / total) * 100) : 0;

  return {
    messages,
    /** `useChat`'s status (`data-status` for tests). */
    status,
    busy,
    turn,
    closed,
    labels,
    progress: { current, total, done, percent },
    /** Set while the model is paused (503): seconds until it may be back, 0 once that has passed. */
    unavailable: unavailableUntil != null ? { seconds: unavailableFor } : null,
    /** Seconds until a turn refused by a request limit (429) may be sent again; 0: none. */
    limitedFor: limited.seconds,
    send,
    retry,
    submit,
    skip,
    input,
    setInput,
    textareaRef,
    speech,
  };
}
