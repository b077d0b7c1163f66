"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Briefcase, CheckCircle2, Inbox } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { retryTransient } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { MetaList } from "../ui/meta-list";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";
import { useSignInOn401 } from "../use-sign-in-on-401";
import { fetchOpenings, type Opening, openingKeys } from "./api";
import { ApplyForm } from "./apply-form";

/**
 * The open jobs of every organisation, newest first, a page at a time; "My applications" above
 * them lists the ones the candidate applied to. Each job applies with a resume picker.
 */
export function OpeningsView() {
  const t = useTranslations("openings");
  const query = useInfiniteQuery({
    queryKey: openingKeys.all,
    queryFn: ({ pageParam, signal }) => fetchOpenings(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: retryTransient,
  });
  useSignInOn401(query.error);
  const openings = query.data?.pages.flatMap((p) => p.items) ?? [];
  const applied = openings.filter((o) => o.myApplication);

  return (
    <div className="space-y-6" data-testid="openings-page">
      <div>
        <h1 className="flex items-center gap-2 text-xl font-semibold sm:text-2xl">
          <Briefcase aria-hidden className="size-6 text-indigo-600" />
          {t("title")}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      {query.isPending ? (
        <div className="space-y-3" role="status" aria-busy="true" aria-label={t("loading")} data-testid="openings-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      ) : query.isError && openings.length === 0 ? (
        <Card role="alert" className="text-center" data-testid="openings-error">
          <p className="text-sm text-rose-700">{t("loadError")}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </Card>
      ) : openings.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-10 text-center" data-testid="openings-empty">
          <Inbox aria-hidden className="size-8 text-slate-400" />
          <p className="font-medium text-slate-700">{t("emptyTitle")}</p>
          <p className="text-sm text-slate-500">{t("emptyBody")}</p>
        </Card>
      ) : (
        <>
          <MyApplications applied={applied} />
          <ul className="space-y-4" data-testid="opening-items">
            {openings.map((o) => (
              <li key={o.id}>
                <OpeningCard opening={o} />
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="openings-load-more">
                {query.isFetchingNextPage ? <Spinner /> : null}
                {t("loadMore")}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function MyApplications({ applied }: { applied: Opening[] }) {
  const t = useTranslations("openings");
  const locale = useLocale();
  return (
    <Card aria-labelledby="my-applications-title" data-testid="my-applications">
      <h2 id="my-applications-title" className="text-lg font-semibold">
        {t("myApplications")}
      </h2>
      {applied.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500" data-testid="my-applications-empty">
          {t("myApplicationsEmpty")}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {applied.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm" data-testid="my-application" data-job-id={o.id}>
              <span className="min-w-0 break-words font-medium text-slate-900">
                {o.title} <span className="font-normal text-slate-500">· {o.organizationName}</span>
              </span>
              <time className="text-xs text-slate-500" dateTime={o.myApplication!.createdAt}>
                {t("appliedOn", { date: formatDateTime(o.myApplication!.createdAt, locale) })}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function OpeningCard({ opening: o }: { opening: Opening }) {
  const t = useTranslations("openings");
  const locale = useLocale();
  return (
    <Card data-testid="opening" data-job-id={o.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold" data-testid="opening-title">
            {o.title}
          </h2>
          <MetaList className="mt-1 text-sm text-slate-500">
            <span data-testid="opening-organization">{o.organizationName}</span>
            {o.location ? <span>{o.location}</span> : null}
            {o.seniority ? <span>{t(`seniority.${o.seniority as "junior" | "mid" | "senior" | "lead"}`)}</span> : null}
            <time dateTime={o.createdAt}>{formatDateTime(o.createdAt, locale)}</time>
          </MetaList>
        </div>
        {o.myApplication ? (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-700"
            data-testid="opening-applied"
          >
            <CheckCircle2 aria-hidden className="size-3.5" />
            {t("appliedOn", { date: formatDateTime(o.myApplication.createdAt, locale) })}
          </span>
        ) : null}
      </div>
      <SkillList label={t("requiredSkills")} skills={o.requiredSkills} />
      <SkillList label={t("preferredSkills")} skills={o.preferredSkills} />
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-indigo-600 hover:underline">{t("description")}</summary>
        <p className="mt-2 whitespace-pre-line break-words text-slate-700">{o.description}</p>
      </details>
      {o.myApplication ? null : <ApplyForm opening={o} />}
    </Card>
  );
}

function SkillList({ label, skills }: { label: string; skills: string[] }) {
  if (skills.length === 0) return null;
  return (
    <div className="mt-3">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <ul className="mt-1 flex flex-wrap gap-1.5">
        {skills.map((s) => (
          <li key={s} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
            {s}
          </li>
        ))}
      </ul>
    </div>
  );
}
