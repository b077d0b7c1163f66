"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ChevronDown, FileQuestion, FileText } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { ApiError, fetchResume, isEndState, resumeKeys, retryTransient } from "./api";
import { Report } from "./report";
import { formatDateTime } from "./resume-list";
import { StatusBadge } from "./status-badge";
import { TaskFailure } from "./task-failure";
import { TaskProgress } from "./task-progress";
import { useTaskStatus } from "./use-task-status";

/** One resume: header, then the live status, the failure panel or the report. */
export function ResumeDetailView({ id }: { id: string }) {
  const t = useTranslations("resume");
  const locale = useLocale();
  const router = useRouter();
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
    data && !(data.status === "COMPLETED" && data.analysis) ? data.taskId : undefined,
    { live: Boolean(data) && !knownEnded },
  );
  const status = task?.status ?? data?.status;

  // When the task ends, the resume row has changed (analysis, status): fetch it again, once.
  const refetchedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!task || !data || !isEndState(task.status)) return;
    if (data.status === task.status && (task.status !== "COMPLETED" || data.analysis)) return;
    if (refetchedFor.current === task.status) return;
    refetchedFor.current = task.status;
    void queryClient.invalidateQueries({ queryKey: resumeKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: resumeKeys.all, exact: true });
  }, [task, data, id, queryClient]);

  const error = resume.error;
  const unauthorized = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (unauthorized) router.replace("/sign-in");
  }, [unauthorized, router]);

  if (resume.isPending || unauthorized) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label={t("loading")} data-testid="resume-loading">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }

  if (!data) {
    const notFound = error instanceof ApiError && [400, 404, 422].includes(error.status);
    return notFound ? (
      <Card className="flex flex-col items-center gap-3 py-12 text-center" data-testid="resume-not-found">
        <FileQuestion aria-hidden className="size-10 text-slate-400" />
        <h1 className="text-xl font-semibold">{t("notFoundTitle")}</h1>
        <p className="max-w-md text-sm text-slate-600">{t("notFoundBody")}</p>
        <Link href="/resumes" className={buttonClasses("secondary", "mt-2")}>
          {t("backToList")}
        </Link>
      </Card>
    ) : (
      <Card role="alert" className="text-center" data-testid="resume-error">
        <p className="text-sm text-rose-700">{t("loadError")}</p>
        <Button variant="secondary" className="mt-3" onClick={() => resume.refetch()}>
          {t("retry")}
        </Button>
      </Card>
    );
  }

  const current = status ?? data.status;
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
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <FileText aria-hidden className="size-6 shrink-0 text-slate-400" />
          <h1 className="min-w-0 flex-1 truncate text-xl font-semibold sm:text-2xl" data-testid="resume-file-name" title={data.fileName}>
            {data.fileName}
          </h1>
          <StatusBadge status={current} />
        </div>
        <p className="mt-1 text-sm text-slate-500">
          {t("uploadedAt", { date: formatDateTime(data.createdAt, locale) })}
        </p>
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
          <div className="space-y-4" aria-busy="true" aria-label={t("loading")}>
            <Skeleton className="h-36 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        )
      ) : current === "FAILED" || current === "TERMINATED_BY_POLICY" ? (
        <TaskFailure status={current} task={task} />
      ) : (
        <TaskProgress status={current} task={task} mode={mode} />
      )}
    </div>
  );
}
