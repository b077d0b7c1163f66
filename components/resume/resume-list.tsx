"use client";
import { ChevronRight, FileText, Inbox } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { EngineBadge } from "../tasks/engine-badge";
import { StatusBadge } from "../tasks/status-badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { formatDateTime } from "../ui/format";
import { scoreTone } from "../ui/score-tone";
import { Skeleton } from "../ui/skeleton";
import { useSignInOn401 } from "../use-sign-in-on-401";
import { useResumes } from "./use-resumes";

/** "My resumes": newest first, with status, and the score once the analysis is done. */
export function ResumeList() {
  const t = useTranslations("resumes");
  const locale = useLocale();
  const query = useResumes();
  useSignInOn401(query.error);

  return (
    <Card aria-labelledby="my-resumes-title" data-testid="resume-list">
      <h2 id="my-resumes-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      {query.isPending ? (
        <div className="mt-4 space-y-3" role="status" aria-busy="true" aria-label={t("loading")} data-testid="resume-list-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <div role="alert" className="mt-4 rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-700" data-testid="resume-list-error">
          <p>{t("loadError")}</p>
          <Button variant="secondary" className="mt-3" onClick={() => query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : query.data.items.length === 0 ? (
        <div
          className="mt-4 flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center"
          data-testid="resume-list-empty"
        >
          <Inbox aria-hidden className="size-8 text-slate-400" />
          <p className="font-medium text-slate-700">{t("emptyTitle")}</p>
          <p className="text-sm text-slate-500">{t("emptyBody")}</p>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" data-testid="resume-items">
          {query.data.items.map((r) => (
            <li key={r.id}>
              <Link
                href={`/resumes/${r.id}`}
                data-testid="resume-item"
                data-resume-id={r.id}
                className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <FileText aria-hidden className="size-5 shrink-0 text-slate-400" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{r.fileName}</p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                    <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, locale)}</time>
                    {r.engine ? <EngineBadge engine={r.engine} compact /> : null}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  {r.status === "COMPLETED" && r.overallScore != null ? (
                    <span className={cn("text-lg font-semibold tabular-nums", scoreTone(r.overallScore))} data-testid="resume-item-score">
                      {Math.round(r.overallScore)}
                      <span className="text-xs font-normal text-slate-400">/100</span>
                    </span>
                  ) : null}
                  <StatusBadge status={r.status} />
                  <ChevronRight aria-hidden className="size-4 text-slate-400" />
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
