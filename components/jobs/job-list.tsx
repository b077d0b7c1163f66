"use client";
import { useQuery } from "@tanstack/react-query";
import { Briefcase, Building2, Plus } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { retryTransient } from "../tasks/api";
import { StatusPill } from "../tasks/status-badge";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { Skeleton } from "../ui/skeleton";
import { useSignInOn401 } from "../use-sign-in-on-401";
import { fetchJobs, jobKeys } from "./api";

/** The organisation's jobs, newest first, with their applications per stage; an empty state leads to "New job". */
export function JobList() {
  const t = useTranslations("jobs");
  const tStage = useTranslations("ranking.stage");
  const locale = useLocale();
  const jobs = useQuery({ queryKey: jobKeys.all, queryFn: ({ signal }) => fetchJobs(signal), retry: retryTransient });
  useSignInOn401(jobs.error);

  return (
    <div className="space-y-6" data-testid="jobs-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
        <div className="flex flex-wrap gap-2">
          <Link href="/workspace" className={buttonClasses("secondary")} data-testid="jobs-workspace-link">
            <Building2 aria-hidden className="size-4" />
            {t("organization")}
          </Link>
          <Link href="/jobs/new" className={buttonClasses("primary")} data-testid="new-job">
            <Plus aria-hidden className="size-4" />
            {t("newJob")}
          </Link>
        </div>
      </div>
      {jobs.isPending ? (
        <div className="space-y-3" role="status" aria-busy="true" aria-label={t("loading")}>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : jobs.isError ? (
        <Card role="alert" className="text-center" data-testid="jobs-error">
          <p className="text-sm text-rose-700">{t("loadError")}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void jobs.refetch()}>
            {t("retry")}
          </Button>
        </Card>
      ) : jobs.data.items.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-12 text-center" data-testid="jobs-empty">
          <Briefcase aria-hidden className="size-10 text-slate-400" />
          <p className="font-medium text-slate-800">{t("emptyTitle")}</p>
          <p className="max-w-md text-sm text-slate-600">{t("emptyBody")}</p>
        </Card>
      ) : (
        <ul className="space-y-3" data-testid="job-list">
          {jobs.data.items.map((job) => {
            const total = Object.values(job.stageCounts).reduce((a, b) => a + b, 0);
            return (
              <li key={job.id}>
                <Link
                  href={`/jobs/${job.id}`}
                  data-testid="job-row"
                  data-job-id={job.id}
                  className="block rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 flex-1 font-semibold text-slate-900 [overflow-wrap:anywhere]">{job.title}</span>
                    <StatusPill tone={job.status === "open" ? "done" : "neutral"} status={job.status} testId="job-status">
                      {t(`status.${job.status}`)}
                    </StatusPill>
                  </div>
                  <p className="mt-1 text-sm text-slate-600">
                    {[job.location, job.seniority ? t(`seniority.${job.seniority}`) : null, formatDateTime(job.createdAt, locale)].filter(Boolean).join(" · ")}
                  </p>
                  <p className="mt-1 text-xs text-slate-500">
                    {t("candidates", { count: total })}
                    {Object.entries(job.stageCounts)
                      .filter(([, n]) => n > 0)
                      .map(([stage, n]) => ` · ${tStage(stage as "new")} ${n}`)
                      .join("")}
                  </p>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
