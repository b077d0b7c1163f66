"use client";
import { Check, Radio, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { Spinner } from "../ui/spinner";
import type { Task, TaskStatus } from "./api";
import type { LiveMode } from "./use-task-status";

/** Where each running state sits on the bar (the work has no real percentage). */
export const TASK_PROGRESS_PERCENT: Record<TaskStatus, number> = {
  PENDING: 15,
  RETRYING: 40,
  PROCESSING: 65,
  COMPLETED: 100,
  FAILED: 100,
  TERMINATED_BY_POLICY: 100,
};

const STEPS = ["queued", "analysing", "done"] as const;

function stepIndex(status: TaskStatus): number {
  if (status === "PENDING") return 0;
  if (status === "PROCESSING" || status === "RETRYING") return 1;
  return 2;
}

/** The task while it runs: state, a progress bar, the steps, retries, and how updates arrive. */
export function TaskProgress({ status, task, mode }: { status: TaskStatus; task?: Task; mode: LiveMode }) {
  const t = useTranslations("progress");
  const current = stepIndex(status);
  return (
    <Card data-testid="task-status" data-status={status} aria-live="polite" aria-busy="true">
      <div className="flex items-center gap-2">
        <Spinner className="text-indigo-600" />
        <h2 className="font-semibold">
          {t(`headline.${status === "RETRYING" ? "RETRYING" : status === "PROCESSING" ? "PROCESSING" : "PENDING"}`)}
        </h2>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {status === "RETRYING" && task
          ? t("retrying", { attempt: task.attempts, max: task.maxAttempts })
          : t(`detail.${status === "PROCESSING" ? "PROCESSING" : "PENDING"}`)}
      </p>
      <div
        role="progressbar"
        aria-label={t("label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={TASK_PROGRESS_PERCENT[status]}
        aria-valuetext={t(`steps.${STEPS[current]}`)}
        className="mt-4 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-700",
            status === "RETRYING" ? "bg-amber-500" : "bg-indigo-600",
            "animate-pulse",
          )}
          style={{ width: `${TASK_PROGRESS_PERCENT[status]}%` }}
        />
      </div>
      <ol className="mt-3 grid grid-cols-3 gap-2 text-xs">
        {STEPS.map((s, i) => (
          <li
            key={s}
            className={cn("flex items-center gap-1", i <= current ? "font-medium text-slate-800" : "text-slate-400")}
            aria-current={i === current ? "step" : undefined}
          >
            {i < current ? <Check aria-hidden className="size-3.5 text-emerald-600" /> : <span aria-hidden>{i + 1}.</span>}
            {t(`steps.${s}`)}
          </li>
        ))}
      </ol>
      <p className="mt-4 flex items-center gap-1.5 text-xs text-slate-500" data-testid="live-mode" data-mode={mode}>
        {mode === "polling" ? <RefreshCw aria-hidden className="size-3.5" /> : <Radio aria-hidden className="size-3.5" />}
        {t(`mode.${mode}`)}
      </p>
    </Card>
  );
}
