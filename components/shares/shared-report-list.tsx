"use client";
import { useQuery } from "@tanstack/react-query";
import { ChevronRight, Inbox, Share2 } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { retryTransient } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { formatDateTime } from "../ui/format";
import { scoreTone } from "../ui/score-tone";
import { Skeleton } from "../ui/skeleton";
import { useSignInOn401 } from "../use-sign-in-on-401";
import { fetchSharedReports, shareKeys } from "./api";

/** The organisation's shared interview reports, newest first: candidate, role, job, score. */
export function SharedReportList() {
  const t = useTranslations("shares");
  const locale = useLocale();
  const query = useQuery({ queryKey: shareKeys.sharedReports, queryFn: ({ signal }) => fetchSharedReports(signal), retry: retryTransient });
  useSignInOn401(query.error);

  return (
    <div className="space-y-6" data-testid="shared-reports-page">
      <div>
        <h1 className="flex items-center gap-2 text-xl font-semibold sm:text-2xl">
          <Share2 aria-hidden className="size-6 text-indigo-600" />
          {t("listPageTitle")}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{t("listIntro")}</p>
      </div>
      <Card>
        {query.isPending ? (
          <div className="space-y-3" role="status" aria-busy="true" aria-label={t("listLoading")} data-testid="shared-reports-loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <div role="alert" className="rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-700" data-testid="shared-reports-error">
            <p>{t("listLoadError")}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : query.data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-10 text-center" data-testid="shared-reports-empty">
            <Inbox aria-hidden className="size-8 text-slate-400" />
            <p className="font-medium text-slate-700">{t("listEmptyTitle")}</p>
            <p className="max-w-md text-sm text-slate-500">{t("listEmptyBody")}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="shared-report-items">
            {query.data.items.map((r) => (
              <li key={r.shareId}>
                <Link
                  href={`/shared-reports/${r.shareId}`}
                  data-testid="shared-report-item"
                  data-share-id={r.shareId}
                  className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <div className="min-w-0 flex-1">
                    <p className="break-words text-sm font-medium text-slate-900">
                      {r.candidateName} <span className="font-normal text-slate-500">· {r.role}</span>
                    </p>
                    <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-500">
                      {r.jobTitle ? <span>{t("forJob", { job: r.jobTitle })}</span> : null}
                      <time dateTime={r.sharedAt}>{t("sharedAt", { date: formatDateTime(r.sharedAt, locale) })}</time>
                    </p>
                  </div>
                  {r.overallScore != null ? (
                    <span className={cn("shrink-0 text-lg font-semibold tabular-nums", scoreTone(r.overallScore))} data-testid="shared-report-score">
                      {Math.round(r.overallScore)}
                      <span className="text-xs font-normal text-slate-400">/100</span>
                    </span>
                  ) : (
                    <span className="shrink-0 text-xs text-slate-400">{t("noScore")}</span>
                  )}
                  <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-400" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
