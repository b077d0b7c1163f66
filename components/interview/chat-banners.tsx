"use client";
import { CheckCircle2, CloudOff, Flag, Play, RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { RetryIn } from "../ui/retry-countdown";
import { Spinner } from "../ui/spinner";

/** Before the first question: how it works, and Start (waiting out a request limit's countdown, `retrySeconds`). */
export function ChatReadyCard({ total, onStart, retrySeconds = 0 }: { total: number; onStart: () => void; retrySeconds?: number }) {
  const t = useTranslations("interview.chat");
  return (
    <Card className="flex flex-col items-center gap-3 py-10 text-center" data-testid="interview-ready">
      <CheckCircle2 aria-hidden className="size-10 text-emerald-600" />
      <h2 className="text-lg font-semibold">{t("readyTitle", { total })}</h2>
      <p className="max-w-md text-sm text-slate-600">{t("readyBody")}</p>
      <Button onClick={onStart} className="mt-2" disabled={retrySeconds > 0} data-testid="start-interview">
        <Play aria-hidden className="size-4" />
        {retrySeconds > 0 ? <RetryIn seconds={retrySeconds} /> : t("start")}
      </Button>
    </Card>
  );
}

/**
 * The model is paused (503 `unavailable:llm`): a countdown to when it may be back and "Ask
 * again"; `answerKept` adds that the candidate's answer is saved.
 */
export function ChatUnavailableBanner({ seconds, answerKept, onRetry }: { seconds: number; answerKept: boolean; onRetry: () => void }) {
  const t = useTranslations("interview.chat");
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center"
      data-testid="chat-unavailable"
      data-retry-after={seconds}
    >
      <CloudOff aria-hidden className="hidden size-5 shrink-0 sm:block" />
      {/* Announced once when it appears; the countdown's ticks are not read out. */}
      <p className="flex-1" aria-live="off">
        {seconds > 0 ? t("unavailable", { seconds }) : t("unavailableNow")}
        {answerKept ? ` ${t("unavailableKept")}` : null}
      </p>
      <Button variant="secondary" onClick={onRetry} className="w-full sm:w-auto" data-testid="chat-retry">
        <RotateCcw aria-hidden className="size-4" />
        {t("retry")}
      </Button>
    </div>
  );
}

/** The candidate's last message has no reply (a failed or lost request): "Ask again" (after a request limit's countdown, `retrySeconds`). */
export function ChatStalledBanner({ onRetry, retrySeconds = 0 }: { onRetry: () => void; retrySeconds?: number }) {
  const t = useTranslations("interview.chat");
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="chat-stalled"
    >
      <span className="flex-1">{t("stalled")}</span>
      <Button variant="secondary" onClick={onRetry} disabled={retrySeconds > 0} data-testid="chat-retry">
        <RotateCcw aria-hidden className="size-4" />
        {retrySeconds > 0 ? <RetryIn seconds={retrySeconds} /> : t("retry")}
      </Button>
    </div>
  );
}

/** The interviewer said goodbye: one click to the report. */
export function ChatClosedCard({ ending, onEnd }: { ending: boolean; onEnd: () => void }) {
  const t = useTranslations("interview.chat");
  return (
    <Card className="flex flex-col items-center gap-3 text-center" data-testid="interview-closed">
      <CheckCircle2 aria-hidden className="size-8 text-emerald-600" />
      <p className="text-sm text-slate-700">{t("closedBody")}</p>
      <Button onClick={onEnd} disabled={ending} data-testid="get-report">
        {ending ? <Spinner /> : <Flag aria-hidden className="size-4" />}
        {t("getReport")}
      </Button>
    </Card>
  );
}
