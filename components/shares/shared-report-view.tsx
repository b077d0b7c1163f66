"use client";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Eye } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { reportSchema } from "@/lib/interview/schemas";
import { DetailQueryState } from "../detail-query-state";
import { InterviewReport } from "../interview/interview-report";
import { retryTransient } from "../tasks/api";
import { Card } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { MetaList } from "../ui/meta-list";
import { isUnauthorized } from "../use-sign-in-on-401";
import { fetchSharedReport, shareKeys } from "./api";

/**
 * A report a candidate shared with the organisation, read-only: who, for which job, when, then
 * the same report the candidate sees. A withdrawn share is the not-found state.
 */
export function SharedReportView({ shareId }: { shareId: string }) {
  const t = useTranslations("shares");
  const tf = useTranslations("interview.form");
  const locale = useLocale();
  const query = useQuery({ queryKey: shareKeys.sharedReport(shareId), queryFn: ({ signal }) => fetchSharedReport(shareId, signal), retry: retryTransient });
  const data = query.data;

  if (!data || query.isPending || isUnauthorized(query.error)) {
    return (
      <DetailQueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        texts={{
          loading: t("reportLoading"),
          notFoundTitle: t("notFoundTitle"),
          notFoundBody: t("notFoundBody"),
          backToList: t("backToList"),
          loadError: t("listLoadError"),
          retry: t("retry"),
        }}
        backHref="/shared-reports"
        testIdPrefix="shared-report"
      />
    );
  }
  const report = reportSchema.safeParse(data.report);
  return (
    <div className="space-y-6" data-testid="shared-report-page" data-share-id={data.shareId}>
      <div>
        <Link
          href="/shared-reports"
          className="inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("backToList")}
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 break-words text-xl font-semibold sm:text-2xl" data-testid="shared-report-role">
            {data.role}
          </h1>
          <span
            className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700"
            data-testid="shared-report-read-only"
          >
            <Eye aria-hidden className="size-3.5" />
            {t("readOnly")}
          </span>
        </div>
        <MetaList className="mt-1 text-sm text-slate-500" testId="shared-report-meta">
          <span data-testid="shared-report-candidate">{t("candidate", { name: data.candidateName })}</span>
          {data.jobTitle ? <span>{t("forJob", { job: data.jobTitle })}</span> : null}
          <span>{tf(`levels.${data.level}`)}</span>
          <span>{tf("questions", { count: data.questionCount })}</span>
          <time dateTime={data.sharedAt}>{t("sharedAt", { date: formatDateTime(data.sharedAt, locale) })}</time>
        </MetaList>
      </div>
      {report.success ? (
        <InterviewReport report={report.data} />
      ) : (
        <Card className="text-sm text-slate-600" data-testid="shared-report-pending">
          {t("noReport")}
        </Card>
      )}
    </div>
  );
}
