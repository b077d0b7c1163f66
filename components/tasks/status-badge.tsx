"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { cn } from "../ui/cn";
import type { TaskStatus } from "./api";

/** The colours of a status pill, by what the status means to the reader. */
export const PILL_TONES = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-300",
  running: "bg-sky-50 text-sky-700 ring-sky-300",
  ready: "bg-indigo-50 text-indigo-700 ring-indigo-300",
  waiting: "bg-amber-50 text-amber-800 ring-amber-300",
  done: "bg-emerald-50 text-emerald-700 ring-emerald-300",
  failed: "bg-rose-50 text-rose-700 ring-rose-300",
} as const;
export type PillTone = keyof typeof PILL_TONES;

/** A status as a small pill; `data-status` carries the machine value for tests. */
export function StatusPill(p: { tone: PillTone; status: string; testId: string; className?: string; children: ReactNode }) {
  return (
    <span
      data-testid={p.testId}
      data-status={p.status}
      className={cn(
        "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        PILL_TONES[p.tone],
        p.className,
      )}
    >
      {p.children}
    </span>
  );
}

const TASK_TONES: Record<TaskStatus, PillTone> = {
  PENDING: "neutral",
  PROCESSING: "running",
  RETRYING: "waiting",
  COMPLETED: "done",
  FAILED: "failed",
  TERMINATED_BY_POLICY: "failed",
};

/** A task's status (`status.<STATUS>` in the messages); a task not known yet reads as PENDING. */
export function StatusBadge({ status, className }: { status: TaskStatus | null; className?: string }) {
  const t = useTranslations("status");
  const shown = status ?? "PENDING";
  return (
    <StatusPill tone={TASK_TONES[shown]} status={shown} testId="status-badge" className={className}>
      {t(shown)}
    </StatusPill>
  );
}
