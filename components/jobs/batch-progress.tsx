"use client";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { BatchItem } from "@/lib/jobs/contracts";
import { DetailQueryState } from "../detail-query-state";
import { retryTransient } from "../tasks/api";
import { StatusBadge, StatusPill } from "../tasks/status-badge";
import { useTaskErrorText } from "../tasks/task-failure";
import { buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { isUnauthorized } from "../use-sign-in-on-401";
import { fetchBatch, jobKeys } from "./api";

/** How often the batch is fetched again while any file still waits, ms. */
const BATCH_POLL_MS = 2_000;

/**
 * `/batches/{id}`: done / failed / waiting as one bar and per file, polled every 2 s until
 * nothing waits. The state is the server's, so a reload shows the same progress.
 */
export function BatchProgress({ id }: { id: string }) {
  const t = useTranslations("batches");
  const locale = useLocale();
  const batch = useQuery({
    queryKey: jobKeys.batch(id),
    queryFn: ({ signal }) => fetchBatch(id, signal),
    retry: retryTransient,
    refetchInterval: (q) => (q.state.data && q.state.data.counts.waiting === 0 ? false : BATCH_POLL_MS),
  });
  if (!batch.data || isUnauthorized(batch.error)) {
    return (
      <DetailQueryState
        pending={batch.isPending}
        error={batch.error}
        onRetry={() => void batch.refetch()}
        texts={{
          loading: t("loading"),
          notFoundTitle: t("notFoundTitle"),
          notFoundBody: t("notFoundBody"),
          backToList: t("backToJobs"),
          loadError: t("loadError"),
          retry: t("retry"),
        }}
        backHref="/jobs"
        testIdPrefix="batch"
      />
    );
  }
  const b = batch.data;
  const { done, failed, waiting } = b.counts;
  const all = Math.max(1, done + failed + waiting);
  const finished = waiting === 0;
  return (
    <div className="space-y-6" data-testid="batch-page" data-finished={finished ? "true" : "false"} data-job-id={b.jobId}>
      <div>
        <Link
          href={`/jobs/${b.jobId}`}
          className="inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {b.jobTitle}
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight">{t("title", { count: b.fileCount })}</h1>
        <p className="text-sm text-slate-500">{formatDateTime(b.createdAt, locale)}</p>
      </div>
      <Card aria-labelledby="batch-progress">
        <h2 id="batch-progress" className="sr-only">
          {t("progress")}
        </h2>
        <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm" data-testid="batch-counts">
          <span data-testid="batch-done" data-count={done}>
            <span className="mr-1 inline-block size-2.5 rounded-full bg-emerald-500" aria-hidden />
            {t("done", { count: done })}
          </span>
          <span data-testid="batch-failed" data-count={failed}>
            <span className="mr-1 inline-block size-2.5 rounded-full bg-rose-500" aria-hidden />
            {t("failed", { count: failed })}
          </span>
          <span data-testid="batch-waiting" data-count={waiting}>
            <span className="mr-1 inline-block size-2.5 rounded-full bg-slate-300" aria-hidden />
            {t("waiting", { count: waiting })}
          </span>
        </div>
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={all}
          aria-valuenow={done + failed}
          aria-label={t("progress")}
          className="mt-3 flex h-3 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="bg-emerald-500 transition-all" style={{ width: `${(done / all) * 100}%` }} />
          <div className="bg-rose-500 transition-all" style={{ width: `${(failed / all) * 100}%` }} />
        </div>
        <p className="mt-3 text-sm text-slate-600" role="status" data-testid="batch-state">
          {finished ? t("finished") : t("running")}
        </p>
        {b.duplicates > 0 ? (
          <p className="mt-1 text-sm text-slate-500" data-testid="batch-duplicates">
            {t("duplicates", { count: b.duplicates })}
          </p>
        ) : null}
        {finished ? (
          <Link href={`/jobs/${b.jobId}`} className={buttonClasses("primary", "mt-3")} data-testid="batch-see-ranking">
            {t("seeRanking")}
          </Link>
        ) : null}
      </Card>
      <Card aria-labelledby="batch-files">
        <h2 id="batch-files" className="font-semibold">
          {t("files")}
        </h2>
        <ul className="mt-3 divide-y divide-slate-100">
          {b.items.map((item, i) => (
            <FileRow key={`${item.fileName}-${item.resumeId ?? i}`} item={item} />
          ))}
        </ul>
      </Card>
    </div>
  );
}

function FileRow({ item }: { item: BatchItem }) {
  const t = useTranslations("batches");
  // A task's error code has words of its own; a refusal at the door carries the server's message.
  const known = useTaskErrorText(item.error ?? undefined, "resume");
  const reason = item.error ? (known.code ? known.reason : item.error.message) : null;
  return (
    <li
      className="flex flex-wrap items-start gap-2 py-2"
      data-testid="batch-item"
      data-file={item.fileName}
      data-status={item.status}
      data-resume-id={item.resumeId ?? undefined}
    >
      <span className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">{item.fileName}</span>
      {item.status === "REFUSED" ? (
        <StatusPill tone="failed" status="REFUSED" testId="status-badge">
          {t("refused")}
        </StatusPill>
      ) : (
        <StatusBadge status={item.status} />
      )}
      {reason ? (
        <p className="basis-full text-xs text-rose-700" data-testid="batch-item-reason" data-code={item.error?.code}>
          {reason}
        </p>
      ) : null}
    </li>
  );
}
