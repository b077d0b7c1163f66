"use client";
import { useTranslations } from "next-intl";
import { isEndState } from "../resume/api";
import { cn } from "../ui/cn";
import type { InterviewListItem, InterviewStatus } from "./api";

/** An interview's status as the list and the page show it (`evaluation_failed` is list-only). */
export type InterviewBadgeStatus = InterviewStatus | "evaluation_failed";

const STYLES: Record<InterviewBadgeStatus, string> = {
  planning: "bg-sky-50 text-sky-700 ring-sky-300",
  plan_failed: "bg-rose-50 text-rose-700 ring-rose-300",
  ready: "bg-indigo-50 text-indigo-700 ring-indigo-300",
  in_progress: "bg-amber-50 text-amber-800 ring-amber-300",
  ended: "bg-sky-50 text-sky-700 ring-sky-300",
  evaluated: "bg-emerald-50 text-emerald-700 ring-emerald-300",
  evaluation_failed: "bg-rose-50 text-rose-700 ring-rose-300",
};

/**
 * A list row's status from what `GET /api/interviews` tells: not ended → in progress
 * (resumable); ended → evaluating until the evaluate task ends, then evaluated or failed.
 */
export function listItemStatus(i: Pick<InterviewListItem, "endedAt" | "evaluateStatus" | "overallScore">): InterviewBadgeStatus {
  if (!i.endedAt) return "in_progress";
  if (i.overallScore != null) return "evaluated";
  if (i.evaluateStatus && isEndState(i.evaluateStatus) && i.evaluateStatus !== "COMPLETED") return "evaluation_failed";
  return "ended";
}

export function InterviewStatusBadge({ status, className }: { status: InterviewBadgeStatus; className?: string }) {
  const t = useTranslations("interview.status");
  return (
    <span
      data-testid="interview-status"
      data-status={status}
      className={cn(
        "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        STYLES[status],
        className,
      )}
    >
      {t(status)}
    </span>
  );
}
