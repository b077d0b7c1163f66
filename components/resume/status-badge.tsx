"use client";
import { useTranslations } from "next-intl";
import { cn } from "../ui/cn";
import type { TaskStatus } from "./api";

const STYLES: Record<TaskStatus, string> = {
  PENDING: "bg-slate-100 text-slate-700 ring-slate-300",
  PROCESSING: "bg-sky-50 text-sky-700 ring-sky-300",
  RETRYING: "bg-amber-50 text-amber-800 ring-amber-300",
  COMPLETED: "bg-emerald-50 text-emerald-700 ring-emerald-300",
  FAILED: "bg-rose-50 text-rose-700 ring-rose-300",
  TERMINATED_BY_POLICY: "bg-rose-50 text-rose-700 ring-rose-300",
};

export function StatusBadge({ status, className }: { status: TaskStatus; className?: string }) {
  const t = useTranslations("status");
  return (
    <span
      data-testid="status-badge"
      data-status={status}
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap",
        STYLES[status] ?? STYLES.PENDING,
        className,
      )}
    >
      {t(status)}
    </span>
  );
}

/** Text colour for a 0–100 score: green from 75, amber from 50, red below. */
export function scoreTone(score: number, max = 100): string {
  const ratio = max > 0 ? score / max : 0;
  if (ratio >= 0.75) return "text-emerald-600";
  if (ratio >= 0.5) return "text-amber-600";
  return "text-rose-600";
}

/** Bar colour, same thresholds as {@link scoreTone}. */
export function barTone(score: number, max: number): string {
  const ratio = max > 0 ? score / max : 0;
  if (ratio >= 0.75) return "bg-emerald-500";
  if (ratio >= 0.5) return "bg-amber-500";
  return "bg-rose-500";
}
