"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ChevronDown, FileText } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { DetailQueryState } from "../detail-query-state";
import { DownloadPdfLink } from "../reports/download-pdf-link";
import { isEndState, retryTransient } from "../tasks/api";
import { StatusBadge } from "../tasks/status-badge";
import { TaskFailure } from "../tasks/task-failure";
import { TaskProgress } from "../tasks/task-progress";
import { useRefreshUntilShown } from "../tasks/use-refresh-until-shown";
import { useTaskStatus } from "../tasks/use-task-status";
import { buttonClasses } from "../ui/button";
import { formatDateTime } from "../ui/format";
import { Skeleton } from "../ui/skeleton";
import { isUnauthorized } from "../use-sign-in-on-401";
import { fetchResume, resumeKeys } from "./api";
import { Report } from "./report";

/** One resume: header, then the live status, the failure panel or the report. */
export function ResumeDetailView({ id }: { id: string }) {
  const t = useTranslations("resume");
  const tf = useTranslations("failure");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const resume = useQuery({
    queryKey: resumeKeys.detail(id),
    queryFn: ({ signal }) => fetchResume(id, signal),
    retry: retryTransient,
  });
  const data = resume.data;
  const knownEnded = isEndState(data?.status);
  const { task, mode } = useTaskStatus(
    // A finished report needs no task; a failed one needs it for the reason.
    data && !(data.status === "COMPLETED" && data.analysis) ? (data.taskId ?? undefined) : undefined,
    { live: Boolean(data) && !knownEnded },
  );
  const status = task?.status ?? data?.status ?? null;

  // When the task ends, the resume row has changed (analysis, status): fetch it until it shows that.
  const stale = Boolean(task && data && isEndState(task.status) && !(data.status === task.status && (task.status !== "COMPLETED" || data.analysis)));
  useRefreshUntilShown(stale, () => {
    void queryClient.invalidateQueries({ queryKey: resumeKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: resumeKeys.all, exact: true });
  });

  if (!data || resume.isPending || isUnauthorized(resume.error)) {
    return (
      <DetailQueryState
        pending={resume.isPending}
        error={resume.error}
        onRetry={() => void resume.refetch()}
        texts={{
          loading: t("loading"),
          notFoundTitle: t("notFoundTitle"),
          notFoundBody: t("notFoundBody"),
          backToList: t("backToList"),
          loadError: t("loadError"),
          retry: t("retry"),
        }}
        backHref="/resumes"
        testIdPrefix="resume"
      />
    );
  }

  const current = status ?? "PENDING";
  return (
    <div className="space-y-6" data-testid="resume-page" data-resume-id={data.id}>
      <div>
        <Link
          href="/resumes"
          className="inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("backToList")}
        </Link>
        <div className="mt-3 flex items-start gap-3 sm:items-center">
          <FileText aria-hidden className="size-6 shrink-0 text-slate-400" />
          {/* long file names wrap on a phone instead of being cut off */}
          <h1
            className="min-w-0 flex-1 text-xl font-semibold [overflow-wrap:anywhere] sm:truncate sm:text-2xl"
            data-testid="resume-file-name"
            title={data.fileName}
          >
            {data.fileName}
          </h1>
          <StatusBadge status={current} />
        </div>
        <p className="mt-1 text-sm text-slate-500">{t("uploadedAt", { date: formatDateTime(data.createdAt, locale) })}</p>
        {current === "COMPLETED" && data.analysis ? (
          <div className="mt-3">
            <DownloadPdfLink href={`/api/resumes/${data.id}/report.pdf`} />
          </div>
        ) : null}
        {data.jobDescription ? (
          <details className="group mt-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
            <summary className="flex cursor-pointer items-center gap-1 rounded font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600">
              <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
              {t("jobDescription")}
            </summary>
            <p className="mt-2 max-h-60 overflow-auto whitespace-pre-wrap text-slate-600">{data.jobDescription}</p>
          </details>
        ) : null}
      </div>

      {current === "COMPLETED" ? (
        data.analysis ? (
          <Report analysis={data.analysis} />
        ) : (
          <div className="space-y-4" role="status" aria-busy="true" aria-label={t("loading")}>
            <Skeleton className="h-36 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        )
      ) : current === "FAILED" || current === "TERMINATED_BY_POLICY" ? (
        <TaskFailure
          status={current}
          task={task}
          subject="resume"
          action={
            <Link href="/resumes" className={buttonClasses("secondary")} data-testid="upload-another">
              {tf("uploadAnother")}
            </Link>
          }
        />
      ) : (
        <TaskProgress status={current} task={task} mode={mode} copy="progress" subject="resume" testId="task-status" steps />
      )}
    </div>
  );
}
