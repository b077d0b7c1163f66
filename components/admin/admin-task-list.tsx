"use client";
import { ChevronRight } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { type PillTone, StatusPill } from "../tasks/status-badge";
import { Button } from "../ui/button";
import { formatDateTime } from "../ui/format";
import type { AdminTaskItem } from "./queues-api";

const STATUS_TONE: Record<AdminTaskItem["status"], PillTone> = {
  PENDING: "neutral",
  PROCESSING: "running",
  RETRYING: "waiting",
  COMPLETED: "done",
  FAILED: "failed",
  TERMINATED_BY_POLICY: "failed",
};

/** A task status in the console's words (`adminTasks.status.<STATUS>`: the operator's, not the candidate's). */
export function AdminStatusPill({ status }: { status: AdminTaskItem["status"] }) {
  const t = useTranslations("adminTasks.status");
  return (
    <StatusPill tone={STATUS_TONE[status]} status={status} testId="admin-task-status">
      {t(status)}
    </StatusPill>
  );
}

/**
 * The console's list of tasks: each row links to `/admin/tasks/<id>` and wraps on a phone
 * (status, type and lane first; owner, attempts, times and the error below). `lead` is put
 * before each row's link (the DLQ's selection box), `actions` after it.
 */
export function AdminTaskList(p: {
  items: AdminTaskItem[];
  testId: string;
  lead?: (t: AdminTaskItem) => ReactNode;
  actions?: (t: AdminTaskItem) => ReactNode;
}) {
  const t = useTranslations("adminTasks");
  const locale = useLocale();
  return (
    <ul className="divide-y divide-slate-100" data-testid={p.testId}>
      {p.items.map((task) => (
        <li
          key={task.id}
          className="flex flex-wrap items-start gap-x-3 gap-y-2 py-3 sm:flex-nowrap"
          data-testid="admin-task"
          data-task-id={task.id}
          data-status={task.status}
        >
          {p.lead?.(task)}
          <Link
            href={`/admin/tasks/${task.id}`}
            className="-mx-1 flex min-w-0 flex-1 items-start gap-2 rounded-lg px-1 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <div className="min-w-0 flex-1 space-y-1">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <AdminStatusPill status={task.status} />
                <span className="font-mono font-medium text-slate-900">{task.type}</span>
                <span className="text-slate-500">· {t(`lane.${task.lane}`)}</span>
                {task.discardedAt ? <span className="text-xs text-slate-500">· {t("discarded")}</span> : null}
              </p>
              <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-500">
                <span className="min-w-0 break-all">{task.ownerEmail ?? task.ownerId}</span>
                {task.organizationName ? <span>{task.organizationName}</span> : null}
                <span>{t("attempts", { attempts: task.attempts, max: task.maxAttempts })}</span>
                <time dateTime={task.createdAt}>{t("created", { time: formatDateTime(task.createdAt, locale) })}</time>
                {task.finishedAt ? <time dateTime={task.finishedAt}>{t("finished", { time: formatDateTime(task.finishedAt, locale) })}</time> : null}
              </p>
              {task.errorCode && task.status !== "COMPLETED" ? (
                // A pipeline error can carry a whole failed query: two lines here, all of it on the task's page.
                <p className="line-clamp-2 text-xs break-all text-rose-700">
                  <span className="font-mono">{task.errorCode}</span>
                  {task.errorMessage ? <span className="text-slate-600"> — {task.errorMessage}</span> : null}
                </p>
              ) : null}
            </div>
            <ChevronRight aria-hidden className="mt-1 size-4 shrink-0 text-slate-400" />
          </Link>
          {p.actions ? <div className="flex shrink-0 basis-full justify-end gap-1 sm:basis-auto">{p.actions(task)}</div> : null}
        </li>
      ))}
    </ul>
  );
}

/** The cursor of the page shown and the way back: a stack of `before` ids (null: the newest page). */
export function useCursorStack() {
  const [stack, setStack] = useState<(string | null)[]>([null]);
  return {
    before: stack[stack.length - 1]!,
    page: stack.length - 1,
    older: (cursor: string) => setStack((s) => [...s, cursor]),
    newer: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
    reset: () => setStack([null]),
  };
}

/** "Newer" / "Older" over a keyset-paged list (`page` 0 is the newest); hidden when there is one page only. */
export function Pager(p: { page: number; hasOlder: boolean; onNewer: () => void; onOlder: () => void }) {
  const t = useTranslations("adminTasks");
  if (p.page === 0 && !p.hasOlder) return null;
  return (
    <div className="mt-4 flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={p.page === 0} onClick={p.onNewer} data-testid="page-newer">
        {t("newer")}
      </Button>
      <span className="text-xs text-slate-500">{t("page", { page: p.page + 1 })}</span>
      <Button variant="secondary" disabled={!p.hasOlder} onClick={p.onOlder} data-testid="page-older">
        {t("older")}
      </Button>
    </div>
  );
}
