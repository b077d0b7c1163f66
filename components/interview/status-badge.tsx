"use client";
import { useTranslations } from "next-intl";
import { isEndState } from "../tasks/api";
import { type PillTone, StatusPill } from "../tasks/status-badge";
import type { InterviewListItem, InterviewStatus } from "./api";

/** An interview's status as the list and the page show it (`evaluation_failed` is list-only). */
type InterviewBadgeStatus = InterviewStatus | "evaluation_failed";

const TONES: Record<InterviewBadgeStatus, PillTone> = {
  planning: "running",
  plan_failed: "failed",
  ready: "ready",
  in_progress: "waiting",
  ended: "running",
  evaluated: "done",
  evaluation_failed: "failed",
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
    <StatusPill tone={TONES[status]} status={status} testId="interview-status" className={className}>
      {t(status)}
    </StatusPill>
  );
}
