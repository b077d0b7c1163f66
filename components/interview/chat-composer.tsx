"use client";
import { Send, SkipForward } from "lucide-react";
import { useTranslations } from "next-intl";
import { type FormEvent, type KeyboardEvent, type RefObject, useId } from "react";
import { Button } from "../ui/button";
import { RetryIn } from "../ui/retry-countdown";
import { Spinner } from "../ui/spinner";
import { DictateButton, type Speech } from "./speech";

/**
 * The answer box, sticky at the bottom: Enter sends (Shift+Enter for a new line; an empty box
 * needs the Send button, so Enter alone never sends an empty answer), dictation, Skip and Send.
 * Everything is disabled unless `enabled` (the candidate's turn, not ending); while a request
 * limit's countdown runs (`retrySeconds` > 0) the box stays editable and Skip and Send wait,
 * Send saying "Try again in N s".
 */
export function ChatComposer({
  input,
  onInput,
  enabled,
  candidateTurn,
  busy,
  lang,
  speech,
  textareaRef,
  onSubmit,
  onSkip,
  retrySeconds = 0,
}: {
  input: string;
  onInput: (value: string) => void;
  enabled: boolean;
  /** The candidate's turn (the placeholder says to wait otherwise). */
  candidateTurn: boolean;
  busy: boolean;
  lang: string;
  speech: Speech;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  onSubmit: (e?: FormEvent) => void;
  onSkip: () => void;
  /** Seconds until a refused turn may be sent again (429); 0: none. */
  retrySeconds?: number;
}) {
  const t = useTranslations("interview.chat");
  const ids = useId();
  const canSend = enabled && retrySeconds <= 0;

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    // Enter on an empty box does nothing; an empty answer needs the Send button.
    if (input.trim() && canSend) onSubmit();
  }

  return (
    <form
      onSubmit={onSubmit}
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
        disabled={!enabled}
        onChange={(e) => onInput(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={candidateTurn ? t("answerPlaceholder") : t("answerWait")}
        aria-describedby={`${ids}-hint`}
        data-testid="chat-input"
        className="block max-h-60 min-h-20 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-indigo-600 disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm"
      />
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <p id={`${ids}-hint`} className="mr-auto hidden text-xs text-slate-500 sm:block">
          {t("hint")}
        </p>
        <DictateButton speech={speech} disabled={!enabled} />
        <Button variant="secondary" disabled={!canSend} onClick={onSkip} data-testid="chat-skip" className="flex-1 sm:flex-none">
          <SkipForward aria-hidden className="size-4" />
          {t("skip")}
        </Button>
        <Button type="submit" disabled={!canSend} title={input.trim() ? undefined : t("emptyHint")} data-testid="chat-send" className="flex-1 sm:flex-none">
          {busy ? <Spinner /> : <Send aria-hidden className="size-4" />}
          {retrySeconds > 0 ? <RetryIn seconds={retrySeconds} /> : input.trim() ? t("send") : t("sendEmpty")}
        </Button>
      </div>
    </form>
  );
}
