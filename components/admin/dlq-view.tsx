"use client";
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Inbox, RotateCcw, Skull } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "../interview/confirm-dialog";
import { ApiError, isEndState, retryTransient } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { useSignInOn401 } from "../use-sign-in-on-401";
import { AdminStatusPill, AdminTaskList, Pager, useCursorStack } from "./admin-task-list";
import { DlqActions } from "./dlq-actions";
import { formatNumber } from "./format";
import { adminKeys, fetchDlq, fetchTask, POLL_MS, replayTasks } from "./queues-api";

/**
 * `/admin/dlq`: the FAILED tasks nobody discarded, newest first, as the database holds them
 * (the Redis DLQ streams are copies). Each can be opened, replayed or discarded, a selection
 * or the whole DLQ replayed; tasks replayed from this page stay listed under "Replayed" with
 * their live status until they end. Refreshed every {@link POLL_MS}.dlq. `canOperate`: the
 * viewer may replay and discard (`console:operate`); otherwise the list is read-only.
 */
export function DlqView({ canOperate }: { canOperate: boolean }) {
  const t = useTranslations("adminDlq");
  const locale = useLocale();
  const client = useQueryClient();
  const cursor = useCursorStack();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [replayed, setReplayed] = useState<string[]>([]);
  const [confirmAll, setConfirmAll] = useState(false);
  const query = useQuery({
    queryKey: adminKeys.dlq(cursor.before),
    queryFn: ({ signal }) => fetchDlq(cursor.before, signal),
    retry: retryTransient,
    refetchInterval: POLL_MS.dlq,
    placeholderData: keepPreviousData,
  });
  useSignInOn401(query.error);
  const onReplayed = (ids: string[]) => setReplayed((r) => [...ids.filter((id) => !r.includes(id)), ...r]);
  const replayAll = useMutation({
    mutationFn: () => replayTasks({ all: true }),
    onSuccess: (r) => {
      onReplayed(r.replayed);
      toast.success(t(r.more ? "replayedMore" : "replayed", { count: r.replayed.length }));
      setSelected(new Set());
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : t("actionFailed")),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });

  const items = query.data?.items ?? [];
  const visibleSelected = items.filter((i) => selected.has(i.id)).map((i) => i.id);
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const total = query.data
    ? query.data.total >= query.data.totalCap
      ? t("totalCapped", { count: formatNumber(query.data.totalCap, locale) })
      : t("total", { count: query.data.total })
    : null;

  return (
    <div className="space-y-6" data-testid="admin-dlq">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
            <Skull aria-hidden className="size-6 text-rose-600" />
            {t("title")}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
        </div>
        {total ? (
          <p className="text-sm font-medium text-slate-700" data-testid="dlq-total">
            {total}
          </p>
        ) : null}
      </div>

      {replayed.length ? <ReplayedPanel ids={replayed} onClear={() => setReplayed([])} /> : null}

      <Card aria-label={t("listLabel")}>
        {canOperate && items.length ? (
          <div className="mb-3 flex flex-wrap items-center gap-2 border-b border-slate-100 pb-3">
            <label className="mr-auto flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4"
                checked={visibleSelected.length === items.length}
                onChange={(e) => setSelected(e.target.checked ? new Set(items.map((i) => i.id)) : new Set())}
                data-testid="dlq-select-all"
              />
              {t("selectPage")}
            </label>
            {visibleSelected.length ? (
              <DlqActions taskIds={visibleSelected} variant="selection" onReplayed={onReplayed} onDone={() => setSelected(new Set())} />
            ) : null}
            <Button variant="secondary" disabled={replayAll.isPending} onClick={() => setConfirmAll(true)} data-testid="dlq-replay-all">
              <RotateCcw aria-hidden className="size-4" />
              {t("replayAll")}
            </Button>
          </div>
        ) : null}
        {query.isPending ? (
          <div className="space-y-3" role="status" aria-busy="true" aria-label={t("loading")}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : query.isError && !query.data ? (
          <div role="alert" className="text-center">
            <p className="text-sm text-rose-700">{t("loadError")}</p>
            <Button variant="secondary" className="mt-3" onClick={() => query.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="flex flex-col items-center gap-2 py-8 text-center text-sm text-slate-500" data-testid="dlq-empty">
            <Inbox aria-hidden className="size-8 text-slate-400" />
            {t("empty")}
          </p>
        ) : (
          <>
            <AdminTaskList
              items={items}
              testId="dlq-items"
              lead={
                canOperate
                  ? (task) => (
                      <input
                        type="checkbox"
                        className="mt-1 size-4 shrink-0"
                        aria-label={t("select", { id: task.id })}
                        checked={selected.has(task.id)}
                        onChange={() => toggle(task.id)}
                      />
                    )
                  : undefined
              }
              actions={canOperate ? (task) => <DlqActions taskIds={[task.id]} variant="row" onReplayed={onReplayed} /> : undefined}
            />
            <Pager
              page={cursor.page}
              hasOlder={query.data.nextCursor !== null}
              onNewer={cursor.newer}
              onOlder={() => query.data?.nextCursor && cursor.older(query.data.nextCursor)}
            />
          </>
        )}
      </Card>
      <ConfirmDialog
        open={confirmAll}
        title={t("replayAllTitle")}
        body={t("replayAllBody", { total: total ?? "" })}
        confirmLabel={t("replayAll")}
        cancelLabel={t("cancel")}
        onConfirm={() => {
          setConfirmAll(false);
          replayAll.mutate();
        }}
        onClose={() => setConfirmAll(false)}
        testId="dlq-replay-all-dialog"
      />
    </div>
  );
}

/** The tasks replayed from this page, each with its live status (polled until it ends). */
function ReplayedPanel({ ids, onClear }: { ids: string[]; onClear: () => void }) {
  const t = useTranslations("adminDlq");
  const shown = ids.slice(0, 20);
  const results = useQueries({
    queries: shown.map((id) => ({
      queryKey: adminKeys.task(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchTask(id, signal),
      retry: retryTransient,
      refetchInterval: (q: { state: { data?: { task: { status: string } } } }) =>
        q.state.data && isEndState(q.state.data.task.status) ? false : POLL_MS.taskRunning,
    })),
  });
  const done = results.filter((r) => r.data?.task.status === "COMPLETED").length;
  return (
    <Card aria-labelledby="replayed-heading" data-testid="dlq-replayed">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="replayed-heading" className="flex items-center gap-2 font-semibold text-slate-900">
          <CheckCircle2 aria-hidden className="size-4 text-emerald-600" />
          {t("replayedTitle", { done, count: ids.length })}
        </h2>
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={onClear}>
          {t("clear")}
        </Button>
      </div>
      <ul className="mt-3 divide-y divide-slate-100">
        {shown.map((id, i) => {
          const task = results[i]?.data?.task;
          return (
            <li key={id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="dlq-replayed-task" data-task-id={id}>
              <Link href={`/admin/tasks/${id}`} className="min-w-0 truncate font-mono text-xs text-indigo-700 hover:underline">
                {task ? `${task.type} · ${id}` : id}
              </Link>
              {task ? <AdminStatusPill status={task.status} /> : <Skeleton className="h-5 w-20" />}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
