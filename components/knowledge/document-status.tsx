"use client";
import { useTranslations } from "next-intl";
import type { TaskStatus } from "../tasks/api";
import { type PillTone, StatusPill } from "../tasks/status-badge";

const TONES: Record<TaskStatus, PillTone> = {
  PENDING: "neutral",
  PROCESSING: "running",
  RETRYING: "waiting",
  COMPLETED: "done",
  FAILED: "failed",
  TERMINATED_BY_POLICY: "failed",
};

/**
 * A document's status, which is its latest `kb.vectorize` task's, in a document's words
 * (`knowledge.documents.status.<STATUS>`: queued, indexing, ready…); `data-status` is the task status.
 */
export function DocumentStatus({ status }: { status: TaskStatus }) {
  const t = useTranslations("knowledge.documents.status");
  return (
    <StatusPill tone={TONES[status]} status={status} testId="document-status">
      {t(status)}
    </StatusPill>
  );
}
