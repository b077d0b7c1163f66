"use client";
import { Flag } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "../ui/button";
import { type Speech, SpeechControls } from "./speech";

/** The sticky bar over the conversation: "question k of n", the voice controls, End, and the progress bar. */
export function ChatToolbar({
  progress,
  closed,
  speech,
  endDisabled,
  onEnd,
}: {
  progress: { current: number; total: number; done: number; percent: number };
  closed: boolean;
  speech: Speech;
  endDisabled: boolean;
  onEnd: () => void;
}) {
  const t = useTranslations("interview.chat");
  const { current, total, done, percent } = progress;
  return (
    <div className="sticky top-[calc(5.5rem+1px)] z-[5] sm:top-14 -mx-4 border-b border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:bg-white/95">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-800" data-testid="interview-progress-label" data-current={current} data-total={total}>
          {closed ? t("progressDone", { total }) : current > 0 ? t("progress", { current, total }) : t("progressNotStarted", { total })}
        </p>
        <div className="flex items-center gap-1">
          <SpeechControls speech={speech} />
          {!closed ? (
            <Button variant="ghost" className="px-2.5 py-1.5 text-rose-700 hover:bg-rose-50" disabled={endDisabled} onClick={onEnd} data-testid="end-interview">
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
  );
}
