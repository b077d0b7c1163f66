"use client";
import { Radio, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import type { Task, TaskStatus } from "../resume/api";
import { TASK_PROGRESS_PERCENT } from "../resume/task-progress";
import type { LiveMode } from "../resume/use-task-status";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { Spinner } from "../ui/spinner";

/**
 * The plan task (`phase="plan"`) or the evaluate task (`phase="evaluate"`) while it runs:
 * what is happening, a bar, retries, and how updates arrive.
 */
export function InterviewTaskProgress({
  phase,
  status,
  task,
  mode,
}: {
  phase: "plan" | "evaluate";
  status: TaskStatus;
  task?: Task;
  mode: LiveMode;
}) {
  const t = useTranslations(`interview.${phase}Progress`);
  const tm = useTranslations("progress.mode");
  const state = status === "RETRYING" ? "RETRYING" : status === "PROCESSING" ? "PROCESSING" : "PENDING";
  return (
    <Card data-testid={`${phase}-progress`} data-status={status} aria-live="polite" aria-busy="true">
      <div className="flex items-center gap-2">
        <Spinner className="text-indigo-600" />
        <h2 className="font-semibold">{t(`headline.${state}`)}</h2>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {state === "RETRYING" && task ? t("retrying", { attempt: task.attempts, max: task.maxAttempts }) : t(`detail.${state === "PROCESSING" ? "PROCESSING" : "PENDING"}`)}
      </p>
      <div
        role="progressbar"
        aria-label={t("label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={TASK_PROGRESS_PERCENT[status]}
        className="mt-4 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn("h-full animate-pulse rounded-full transition-[width] duration-700", state === "RETRYING" ? "bg-amber-500" : "bg-indigo-600")}
          style={{ width: `${TASK_PROGRESS_PERCENT[status]}%` }}
        />
      </div>
      <p className="mt-4 flex items-center gap-1.5 text-xs text-slate-500" data-testid="live-mode" data-mode={mode}>
        {mode === "polling" ? <RefreshCw aria-hidden className="size-3.5" /> : <Radio aria-hidden className="size-3.5" />}
        {tm(mode)}
      </p>
    </Card>
  );
}
