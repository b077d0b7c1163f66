"use client";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { DetailQueryState } from "../detail-query-state";
import { isEndState, retryTransient } from "../tasks/api";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { formatDateTime } from "../ui/format";
import { AdminStatusPill } from "./admin-task-list";
import { DlqActions } from "./dlq-actions";
import { formatDuration, formatMicroUsd, formatNumber, formatTime } from "./format";
import { type AdminTaskDetail, adminKeys, fetchTask, POLL_MS } from "./queues-api";

type Entry = { at: string; key: string; tone: "neutral" | "good" | "bad" | "admin"; title: string; detail?: string | null };

/**
 * `/admin/tasks/<id>`: one task's story — created, each attempt's model calls (`llm_usage`),
 * each event (failed attempts, retries, budget waits, replays and discards by an admin, with
 * who), started and finished — in time order, with its facts, its usage rows and its payload.
 * Refreshed every {@link POLL_MS}.taskRunning while it runs. A FAILED task that is still in the
 * DLQ can be replayed or discarded here by an admin who may operate the console.
 */
export function TaskTimeline({ id, canOperate }: { id: string; canOperate: boolean }) {
  const t = useTranslations("adminTasks");
  const query = useQuery({
    queryKey: adminKeys.task(id),
    queryFn: ({ signal }) => fetchTask(id, signal),
    retry: retryTransient,
    refetchInterval: (q) => (q.state.data && isEndState(q.state.data.task.status) ? POLL_MS.taskEnded : POLL_MS.taskRunning),
  });
  if (!query.data) {
    return (
      <DetailQueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => query.refetch()}
        backHref="/admin/tasks"
        testIdPrefix="admin-task"
        texts={{
          loading: t("loading"),
          notFoundTitle: t("notFoundTitle"),
          notFoundBody: t("notFoundBody"),
          backToList: t("backToList"),
          loadError: t("loadError"),
          retry: t("retry"),
        }}
      />
    );
  }
  return <Detail data={query.data} canOperate={canOperate} />;
}

function Detail({ data, canOperate }: { data: AdminTaskDetail; canOperate: boolean }) {
  const t = useTranslations("adminTasks");
  const locale = useLocale();
  const { task } = data;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, locale) : "—");
  const entries = timeline(data, t, locale);
  const inDlq = task.status === "FAILED" && !task.discardedAt;
  return (
    <div className="space-y-6" data-testid="admin-task-detail" data-status={task.status}>
      <Link href="/admin/tasks" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden className="size-4" />
        {t("backToList")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-2 text-xl font-bold text-slate-900">
            <span className="font-mono">{task.type}</span>
            <AdminStatusPill status={task.status} />
          </h1>
          <p className="mt-1 font-mono text-xs break-all text-slate-500">{task.id}</p>
        </div>
        {inDlq && canOperate ? (
          <div className="flex flex-wrap gap-2">
            <DlqActions taskIds={[task.id]} variant="detail" />
          </div>
        ) : null}
      </div>

      <Card aria-labelledby="facts-heading">
        <h2 id="facts-heading" className="font-semibold text-slate-900">
          {t("factsTitle")}
        </h2>
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Fact label={t("fact.owner")} value={task.ownerEmail ?? task.ownerId} />
          <Fact label={t("fact.organization")} value={task.organizationName ?? "—"} />
          <Fact label={t("fact.lane")} value={t(`lane.${task.lane}`)} />
          <Fact label={t("fact.attempts")} value={t("attempts", { attempts: task.attempts, max: task.maxAttempts })} />
          <Fact label={t("fact.created")} value={when(task.createdAt)} />
          <Fact label={t("fact.started")} value={when(task.startedAt)} />
          <Fact label={t("fact.finished")} value={when(task.finishedAt)} />
          <Fact label={t("fact.availableAt")} value={when(task.availableAt)} />
          <Fact label={t("fact.lease")} value={when(task.leaseExpiresAt)} />
          <Fact label={t("fact.message")} value={task.messageId ?? "—"} mono />
          {task.discardedAt ? <Fact label={t("fact.discarded")} value={when(task.discardedAt)} /> : null}
          {task.errorCode ? <Fact label={t("fact.error")} value={task.errorCode} mono /> : null}
        </dl>
        {task.errorMessage ? <LongText text={task.errorMessage} label={t("fact.errorMessage")} /> : null}
      </Card>

      <Card aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className="font-semibold text-slate-900">
          {t("timelineTitle")}
        </h2>
        <ol className="mt-4 space-y-4 border-l border-slate-200 pl-4" data-testid="task-timeline">
          {entries.map((e) => (
            <li key={e.key} className="relative" data-testid="timeline-entry" data-kind={e.key.split(":")[0]}>
              <span
                aria-hidden
                className={cn(
                  "absolute top-1.5 -left-[21px] size-2.5 rounded-full ring-2 ring-white",
                  e.tone === "good" ? "bg-emerald-500" : e.tone === "bad" ? "bg-rose-500" : e.tone === "admin" ? "bg-indigo-500" : "bg-slate-400",
                )}
              />
              <p className="text-sm font-medium text-slate-900">{e.title}</p>
              <p className="text-xs text-slate-500">
                <time dateTime={e.at}>{formatDateTime(e.at, locale)}</time> · {formatTime(e.at, locale)}
              </p>
              {e.detail ? <p className="mt-0.5 line-clamp-3 text-xs break-all text-slate-600">{e.detail}</p> : null}
            </li>
          ))}
        </ol>
      </Card>

      <Card aria-labelledby="usage-heading">
        <h2 id="usage-heading" className="font-semibold text-slate-900">
          {t("usageTitle", { count: data.usage.length })}
        </h2>
        {data.usage.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{t("noUsage")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" data-testid="task-usage">
            {data.usage.map((u) => (
              <li key={u.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm">
                <span className="min-w-0">
                  <span className="font-mono break-all text-slate-900">
                    {u.provider}/{u.model}
                  </span>
                  <span className="text-slate-500"> · {t("usageAttempt", { attempt: u.attempt ?? "—" })}</span>
                  {u.cacheHit ? <span className="text-slate-500"> · {t("cacheHit")}</span> : null}
                </span>
                <span className="flex flex-wrap gap-x-3 text-xs text-slate-600 tabular-nums">
                  <span className={u.outcome === "ok" ? "text-emerald-700" : "text-rose-700"}>{u.outcome}</span>
                  <span>{t("tokens", { input: formatNumber(u.inputTokens, locale), output: formatNumber(u.outputTokens, locale) })}</span>
                  <span>{formatMicroUsd(u.costMicroUsd, locale)}</span>
                  <span>{formatDuration(u.latencyMs, locale)}</span>
                  {u.ttftMs != null ? <span>{t("ttft", { time: formatDuration(u.ttftMs, locale) })}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <details className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
        <summary className="cursor-pointer font-medium text-slate-700">{t("payload")}</summary>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs text-slate-800">{JSON.stringify(task.payload, null, 2)}</pre>
      </details>
    </div>
  );
}

/** Text that may run long (an error's raw message): its start, all of it behind "show all". */
function LongText({ text, label }: { text: string; label: string }) {
  const t = useTranslations("adminTasks");
  const SHORT = 240;
  return (
    <div className="mt-3 text-sm">
      <p className="text-xs text-slate-500">{label}</p>
      {text.length <= SHORT ? (
        <p className="font-mono text-xs break-all text-slate-800">{text}</p>
      ) : (
        <details>
          <summary className="cursor-pointer font-mono text-xs break-all text-slate-800">
            {text.slice(0, SHORT)}… <span className="font-sans text-indigo-700">{t("showAll")}</span>
          </summary>
          <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-slate-50 p-3 text-xs whitespace-pre-wrap break-all text-slate-800">{text}</pre>
        </details>
      )}
    </div>
  );
}

function Fact(p: { label: string; value: string; mono?: boolean; wide?: boolean }) {
  return (
    <div className={cn("min-w-0", p.wide && "sm:col-span-2")}>
      <dt className="text-xs text-slate-500">{p.label}</dt>
      <dd className={cn("break-words text-slate-900", p.mono && "font-mono text-xs break-all")}>{p.value}</dd>
    </div>
  );
}

type T = ReturnType<typeof useTranslations<"adminTasks">>;

/** The task's story in time order: its row's times, its events and its model calls. */
function timeline(d: AdminTaskDetail, t: T, locale: string): Entry[] {
  const out: Entry[] = [{ at: d.task.createdAt, key: "created", tone: "neutral", title: t("event.created") }];
  for (const e of d.events) {
    const who = e.actorEmail ? t("event.by", { who: e.actorEmail }) : null;
    const known = ["attempt_failed", "retry_scheduled", "dead_lettered", "budget_wait", "replayed", "discarded"].includes(e.kind);
    out.push({
      at: e.createdAt,
      key: `event:${e.id}`,
      tone: e.kind === "replayed" || e.kind === "discarded" ? "admin" : "bad",
      title: known ? t(`event.${e.kind as "replayed"}`, { attempt: e.attempt ?? "—" }) : e.kind,
      detail: [who, e.errorCode ? `${e.errorCode}${e.message ? ` — ${e.message}` : ""}` : null].filter(Boolean).join(" · ") || null,
    });
  }
  for (const u of d.usage) {
    out.push({
      at: u.createdAt,
      key: `usage:${u.id}`,
      tone: u.outcome === "ok" ? "good" : "bad",
      title: t("event.call", { attempt: u.attempt ?? "—", model: u.model, outcome: u.outcome }),
      detail: formatDuration(u.latencyMs, locale),
    });
  }
  if (d.task.startedAt) out.push({ at: d.task.startedAt, key: "started", tone: "neutral", title: t("event.started") });
  if (d.task.finishedAt) {
    out.push({
      at: d.task.finishedAt,
      key: "finished",
      tone: d.task.status === "COMPLETED" ? "good" : "bad",
      title: t("event.finished", { status: t(`status.${d.task.status}`) }),
    });
  }
  // Stable: equal times keep the order above (created before its first event).
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.at.localeCompare(b.e.at) || a.i - b.i)
    .map(({ e }) => e);
}
