"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { RetryCountdownNotice } from "../ui/retry-countdown";
import type { InterviewDetail } from "./api";
import { ChatClosedCard, ChatReadyCard, ChatStalledBanner, ChatUnavailableBanner } from "./chat-banners";
import { ChatComposer } from "./chat-composer";
import { ChatMessageList } from "./chat-message-list";
import { ChatToolbar } from "./chat-toolbar";
import { ConfirmDialog } from "./confirm-dialog";
import { useInterviewChat } from "./use-interview-chat";

/**
 * The interview conversation (state and actions in {@link useInterviewChat}): the progress bar
 * with End, the messages (or Start before the first question), a banner when a reply failed
 * or the model is paused, a countdown when a request limit refused the turn, and the answer box
 * — or, after the closing, "get my report".
 */
export function InterviewChat({ interview, ending, onEnd }: { interview: InterviewDetail; ending: boolean; onEnd: () => void }) {
  const t = useTranslations("interview.chat");
  const chat = useInterviewChat(interview);
  const { messages, turn, progress } = chat;
  const lang = interview.language === "zh" ? "zh-CN" : "en";
  const [confirmEnd, setConfirmEnd] = useState(false);
  const bottomRef = useRef<HTMLDivElement>(null);

  // Keep the newest turn in view while the interviewer speaks, unless the reader scrolled up.
  const last = messages.at(-1);
  const lastText = last ? last.parts.map((p) => (p.type === "text" ? p.text.length : 0)).reduce((a, b) => a + b, 0) : 0;
  const lastCount = useRef(messages.length);
  // biome-ignore lint/correctness/useExhaustiveDependencies: lastText is the trigger, not an input: the effect re-runs as the streamed answer grows
  useEffect(() => {
    if (!bottomRef.current) return;
    const added = messages.length !== lastCount.current;
    lastCount.current = messages.length;
    const nearBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 240;
    // Scroll the document (not scrollIntoView: on phones that can pan the visual viewport
    // away from the sticky header).
    if (added || nearBottom) window.scrollTo({ top: document.documentElement.scrollHeight, behavior: added ? "smooth" : "auto" });
  }, [messages.length, lastText]);

  return (
    <div className="space-y-4" data-testid="interview-chat" data-turn={turn} data-status={chat.status}>
      <ChatToolbar progress={progress} closed={chat.closed} speech={chat.speech} endDisabled={ending || turn === "start"} onEnd={() => setConfirmEnd(true)} />

      {turn === "start" ? (
        <ChatReadyCard total={progress.total} onStart={() => chat.send("start")} retrySeconds={chat.limitedFor} />
      ) : (
        <ChatMessageList messages={messages} labels={chat.labels} turn={turn} busy={chat.busy} lang={lang} />
      )}

      {chat.unavailable && (turn === "stalled" || turn === "start") ? (
        <ChatUnavailableBanner seconds={chat.unavailable.seconds} answerKept={turn === "stalled"} onRetry={chat.retry} />
      ) : turn === "stalled" ? (
        <ChatStalledBanner onRetry={chat.retry} retrySeconds={chat.limitedFor} />
      ) : null}
      <RetryCountdownNotice seconds={chat.limitedFor} testId="chat-rate-limited" />

      {turn === "closed" ? (
        <ChatClosedCard ending={ending} onEnd={onEnd} />
      ) : turn !== "start" ? (
        <ChatComposer
          input={chat.input}
          onInput={chat.setInput}
          enabled={turn === "candidate" && !ending}
          candidateTurn={turn === "candidate"}
          busy={chat.busy}
          lang={lang}
          speech={chat.speech}
          textareaRef={chat.textareaRef}
          onSubmit={chat.submit}
          onSkip={chat.skip}
          retrySeconds={chat.limitedFor}
        />
      ) : null}
      <div ref={bottomRef} aria-hidden />

      <ConfirmDialog
        open={confirmEnd}
        title={t("endConfirmTitle")}
        body={t("endConfirmBody", { answered: progress.done, total: progress.total })}
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
