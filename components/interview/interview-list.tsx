"use client";
import { useQuery } from "@tanstack/react-query";
import { ChevronRight, Inbox, MessagesSquare } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { retryTransient } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { formatDateTime } from "../ui/format";
import { MetaList } from "../ui/meta-list";
import { scoreTone } from "../ui/score-tone";
import { Skeleton } from "../ui/skeleton";
import { useSignInOn401 } from "../use-sign-in-on-401";
import { fetchInterviews, interviewKeys } from "./api";
import { ScoreTrendChart } from "./score-trend-chart";
import { InterviewStatusBadge, listItemStatus } from "./status-badge";

/** How often the list refreshes while an evaluation is running. */
const LIST_POLL_MS = 3_000;

/** Past interviews, newest first, with status and score, and the scores over time. */
export function InterviewList() {
  const t = useTranslations("interview.list");
  const tf = useTranslations("interview.form");
  const locale = useLocale();
  const query = useQuery({
    queryKey: interviewKeys.all,
    queryFn: ({ signal }) => fetchInterviews(signal),
    retry: retryTransient,
    refetchInterval: (q) => (q.state.data?.items.some((i) => listItemStatus(i) === "ended") ? LIST_POLL_MS : false),
  });
  useSignInOn401(query.error);

  const evaluated = (query.data?.items ?? []).filter((i) => i.overallScore != null);

  return (
    <Card aria-labelledby="my-interviews-title" data-testid="interview-list">
      <h2 id="my-interviews-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      {query.isPending ? (
        <div className="mt-4 space-y-3" role="status" aria-busy="true" aria-label={t("loading")}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <div role="alert" className="mt-4 rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-700">
          <p>{t("loadError")}</p>
          <Button variant="secondary" className="mt-3" onClick={() => query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : query.data.items.length === 0 ? (
        <div
          className="mt-4 flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center"
          data-testid="interview-list-empty"
        >
          <Inbox aria-hidden className="size-8 text-slate-400" />
          <p className="font-medium text-slate-700">{t("emptyTitle")}</p>
          <p className="text-sm text-slate-500">{t("emptyBody")}</p>
        </div>
      ) : (
        <>
          {evaluated.length >= 2 ? (
            <section className="mt-4" aria-labelledby="score-trend-title" data-testid="score-trend">
              <h3 id="score-trend-title" className="text-sm font-medium text-slate-700">
                {t("trend")}
              </h3>
              <ScoreTrendChart items={evaluated} />
            </section>
          ) : null}
          <ul className="mt-4 divide-y divide-slate-100" data-testid="interview-items">
            {query.data.items.map((i) => (
              <li key={i.id}>
                <Link
                  href={`/interviews/${i.id}`}
                  data-testid="interview-item"
                  data-interview-id={i.id}
                  className="-mx-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-lg px-2 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:flex-nowrap"
                >
                  <MessagesSquare aria-hidden className="size-5 shrink-0 text-slate-400" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{i.role}</p>
                    <MetaList className="mt-0.5 text-xs text-slate-500" testId="interview-item-meta">
                      <time dateTime={i.createdAt}>{formatDateTime(i.createdAt, locale)}</time>
                      <span>{tf(`levels.${i.level}`)}</span>
                      <span>{tf("questions", { count: i.questionCount })}</span>
                      <span lang={i.language === "zh" ? "zh-CN" : "en"}>{i.language === "zh" ? "中文" : "English"}</span>
                    </MetaList>
                  </div>
                  {/* on a phone, score and status go under the title so the role and its facts get the full width */}
                  <div className="order-last flex shrink-0 basis-full items-center gap-3 pl-8 sm:order-none sm:basis-auto sm:pl-0">
                    {i.overallScore != null ? (
                      <span className={cn("text-lg font-semibold tabular-nums", scoreTone(i.overallScore))} data-testid="interview-item-score">
                        {Math.round(i.overallScore)}
                        <span className="text-xs font-normal text-slate-400">/100</span>
                      </span>
                    ) : null}
                    <InterviewStatusBadge status={listItemStatus(i)} />
                  </div>
                  <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-400" />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
