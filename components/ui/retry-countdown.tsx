"use client";
import { Clock } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { retryAfterOf } from "./retry-after";

/** A request limit's countdown: `seconds` left (0 when none runs), and how to start or stop one. */
export type RetryCountdown = {
  /** Whole seconds until the request may be sent again; 0 when it may be sent now. */
  seconds: number;
  /** True while counting down: the submit button stays disabled. */
  waiting: boolean;
  /** Starts (or restarts) a countdown of `seconds`. */
  start: (seconds: number) => void;
  /** Starts the countdown a failed request asks for (a 429, components/ui/retry-after.ts `retryAfterOf`); false, and nothing started, for any other failure. */
  startFrom: (err: unknown) => boolean;
  clear: () => void;
};

/**
 * A countdown to when a refused request (429 with `Retry-After`) may be sent again, ticking once
 * a second while it runs and ending by itself at zero — so the surface that met the limit shows
 * "Try again in 42 s" on its disabled button instead of an error, and re-enables it when the
 * wait is over. Counts to a deadline (epoch ms), so a throttled tab catches up at its next tick.
 */
export function useRetryCountdown(): RetryCountdown {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until == null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  const seconds = until == null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  const start = useCallback((s: number) => {
    const t = Date.now();
    setNow(t);
    setUntil(t + Math.max(1, Math.ceil(s)) * 1000);
  }, []);
  const startFrom = useCallback(
    (err: unknown) => {
      const s = retryAfterOf(err);
      if (s === null) return false;
      start(s);
      return true;
    },
    [start],
  );
  const clear = useCallback(() => setUntil(null), []);
  return { seconds, waiting: seconds > 0, start, startFrom, clear };
}

/** From this many seconds on, a wait is told in minutes (an account's sign-in lock-out lasts up to an hour). */
const LONG_WAIT_S = 120;
const minutesUp = (seconds: number) => Math.ceil(seconds / 60);

/** "Try again in 42 s" (or "in 55 min"): the label of a submit button while a countdown runs. */
export function RetryIn({ seconds }: { seconds: number }) {
  const t = useTranslations("retry");
  return (
    <span className="tabular-nums" data-testid="retry-in" data-seconds={seconds}>
      {seconds >= LONG_WAIT_S ? t("labelMinutes", { minutes: minutesUp(seconds) }) : t("label", { seconds })}
    </span>
  );
}

/**
 * Why the button waits: "Too many requests in a short time — you can try again in 42 s." Shown
 * where the surface shows its errors, announced once (the ticks are not read out). `children`
 * adds the surface's own words (e.g. that an answer is kept).
 */
export function RetryCountdownNotice({ seconds, testId = "retry-countdown", children }: { seconds: number; testId?: string; children?: React.ReactNode }) {
  const t = useTranslations("retry");
  if (seconds <= 0) return null;
  return (
    <div
      role="status"
      data-testid={testId}
      data-retry-after={seconds}
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span aria-live="off">
        {seconds >= LONG_WAIT_S ? t("noticeMinutes", { minutes: minutesUp(seconds) }) : t("notice", { seconds })}
        {children ? <> {children}</> : null}
      </span>
    </div>
  );
}
