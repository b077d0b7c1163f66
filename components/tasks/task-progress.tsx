"use client";
import { Check, Radio, RefreshCw } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { Spinner } from "../ui/spinner";
import type { Task, TaskStatus } from "./api";
import { type TaskSubject, useTaskErrorText } from "./task-failure";
import type { LiveMode } from "./use-task-status";

/** Where each running state sits on the bar (the work has no real percentage). */
const TASK_PROGRESS_PERCENT: Record<TaskStatus, number> = {
  PENDING: 15,
  RETRYING: 40,
  PROCESSING: 65,
  COMPLETED: 100,
  FAILED: 100,
  TERMINATED_BY_POLICY: 100,
};

/** The messages of each kind of running task: headline, detail, bar label and retry line. */
type ProgressCopy = "progress" | "interview.planProgress" | "interview.evaluateProgress";

const STEPS = ["queued", "analysing", "done"] as const;

function stepIndex(status: TaskStatus): number {
  if (status === "PENDING") return 0;
  if (status === "PROCESSING" || status === "RETRYING") return 1;
  return 2;
}

/**
 * A task while it runs: what is happening, a bar, retries (with the last attempt's reason) and
 * how updates arrive. `steps` adds the queued → analysing → report steps under the bar.
 */
export function TaskProgress({
  status,
  task,
  mode,
  copy,
  subject,
  testId,
  steps = false,
}: {
  status: TaskStatus;
  task?: Task;
  mode: LiveMode;
  copy: ProgressCopy;
  subject: TaskSubject;
  testId: string;
  steps?: boolean;
}) {
  const t = useTranslations();
  const tp = useTranslations("progress");
  const locale = useLocale();
  const state = status === "RETRYING" ? "RETRYING" : status === "PROCESSING" ? "PROCESSING" : "PENDING";
  const current = stepIndex(status);
  const lastError = useTaskErrorText(task?.error, subject);
  return (
    <Card data-testid={testId} data-status={status} aria-live="polite" aria-busy="true">
      <div className="flex items-center gap-2">
        <Spinner className="text-indigo-600" />
        <h2 className="font-semibold">{t(`${copy}.headline.${state}`)}</h2>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {/* A budget wait spent no attempt: its reason and next try say it all. */}
        {state === "RETRYING" && task && task.error?.code !== "budget_exhausted"
          ? t(`${copy}.retrying`, { attempt: task.attempts, max: task.maxAttempts })
          : t(`${copy}.detail.${state === "PROCESSING" ? "PROCESSING" : "PENDING"}`)}
      </p>
      {state === "RETRYING" && task?.error ? (
        <p className="mt-1 text-sm text-amber-800" data-testid="task-retry-reason" data-code={task.error.code}>
          {tp("lastError", { reason: lastError.reason })}
        </p>
      ) : null}
      {state === "RETRYING" && task?.retryAt ? (
        <p className="mt-1 text-sm text-amber-800" data-testid="task-retry-at" data-at={task.retryAt}>
          {tp("nextTry", { time: new Date(task.retryAt).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" }) })}
        </p>
      ) : null}
      <div
        role="progressbar"
        aria-label={t(`${copy}.label`)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={TASK_PROGRESS_PERCENT[status]}
        aria-valuetext={steps ? tp(`steps.${STEPS[current]}`) : undefined}
        className="mt-4 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn("h-full animate-pulse rounded-full transition-[width] duration-700", state === "RETRYING" ? "bg-amber-500" : "bg-indigo-600")}
          style={{ width: `${TASK_PROGRESS_PERCENT[status]}%` }}
        />
      </div>
      {steps ? (
        <ol className="mt-3 grid grid-cols-3 gap-2 text-xs">
          {STEPS.map((s, i) => (
            <li
              key={s}
              className={cn("flex items-center gap-1", i <= current ? "font-medium text-slate-800" : "text-slate-400")}
              aria-current={i === current ? "step" : undefined}
            >
              {i < current ? <Check aria-hidden className="size-3.5 text-emerald-600" /> : <span aria-hidden>{i + 1}.</span>}
              {tp(`steps.${s}`)}
            </li>
          ))}
        </ol>
      ) : null}
      <p className="mt-4 flex items-center gap-1.5 text-xs text-slate-500" data-testid="live-mode" data-mode={mode}>
        {mode === "polling" ? <RefreshCw aria-hidden className="size-3.5" /> : <Radio aria-hidden className="size-3.5" />}
        {tp(`mode.${mode}`)}
      </p>
    </Card>
  );
}
