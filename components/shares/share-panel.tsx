"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Share2 } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { ApiError, retryTransient } from "../tasks/api";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";
import { createShare, fetchShares, type Share, shareKeys, withdrawShare } from "./api";

/**
 * Under an interview's report: share it with the organisation of a job the candidate applied to
 * (or of the invitation the interview came from), see where it is shared, withdraw a share.
 */
export function SharePanel({ interviewId }: { interviewId: string }) {
  const t = useTranslations("shares");
  const locale = useLocale();
  const ids = useId();
  const queryClient = useQueryClient();
  const key = shareKeys.ofInterview(interviewId);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchShares(interviewId, signal), retry: retryTransient });
  const [choice, setChoice] = useState("");

  const active = (query.data?.items ?? []).filter((s) => !s.withdrawnAt);
  // One active share per organisation: the organisations already shared with are not offered again.
  const sharedOrgs = new Set(active.map((s) => s.organizationId));
  const targets = (query.data?.targets ?? []).filter((tg) => !sharedOrgs.has(tg.organizationId));
  const jobId = targets.some((tg) => tg.jobId === choice) ? choice : (targets[0]?.jobId ?? "");

  const share = useMutation({
    mutationFn: () => createShare(interviewId, jobId),
    onSuccess: async (s) => {
      toast.success(t("shared", { organization: s.organizationName }));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => toast.error(t("shareFailed"), { description: err instanceof ApiError ? err.message : undefined }),
  });
  const withdraw = useMutation({
    mutationFn: (s: Share) => withdrawShare(interviewId, s.id),
    onSuccess: async (s) => {
      toast.success(t("withdrawn", { organization: s.organizationName }));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => toast.error(t("withdrawFailed"), { description: err instanceof ApiError ? err.message : undefined }),
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (jobId) share.mutate();
  }

  return (
    <Card aria-labelledby={`${ids}-title`} data-testid="share-panel">
      <h2 id={`${ids}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <Share2 aria-hidden className="size-5 text-indigo-600" />
        {t("panelTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("panelIntro")}</p>
      {query.isPending ? (
        <div className="mt-4 space-y-2" role="status" aria-busy="true" aria-label={t("loading")} data-testid="share-panel-loading">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="mt-4 rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-700" data-testid="share-panel-error">
          <p>{t("loadError")}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : (
        <>
          {targets.length > 0 ? (
            <form className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={onSubmit} data-testid="share-form">
              <div className="min-w-0 flex-1">
                <label htmlFor={`${ids}-target`} className="block text-sm font-medium text-slate-700">
                  {t("target")}
                </label>
                <select
                  id={`${ids}-target`}
                  value={jobId}
                  onChange={(e) => setChoice(e.target.value)}
                  className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-indigo-600 sm:text-sm"
                  data-testid="share-target"
                >
                  {targets.map((tg) => (
                    <option key={tg.jobId} value={tg.jobId}>
                      {t("targetOption", { organization: tg.organizationName, job: tg.jobTitle })}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" disabled={share.isPending} data-testid="share-submit">
                {share.isPending ? <Spinner /> : null}
                {t("share")}
              </Button>
            </form>
          ) : active.length === 0 ? (
            <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-600" data-testid="share-no-targets">
              <p>{t("noTargets")}</p>
              <Link href="/openings" className={buttonClasses("secondary")}>
                {t("browseOpenings")}
              </Link>
            </div>
          ) : null}
          <h3 className="mt-5 text-sm font-medium text-slate-700">{t("listTitle")}</h3>
          {query.data.items.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500" data-testid="share-list-empty">
              {t("none")}
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100" data-testid="share-list">
              {query.data.items.map((s) => (
                <li
                  key={s.id}
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm"
                  data-testid="share-item"
                  data-share-id={s.id}
                  data-withdrawn={s.withdrawnAt ? "true" : "false"}
                >
                  <div className="min-w-0">
                    <p className={s.withdrawnAt ? "break-words text-slate-400 line-through" : "break-words font-medium text-slate-900"}>
                      {s.organizationName}
                      {s.jobTitle ? <span className="font-normal text-slate-500"> · {s.jobTitle}</span> : null}
                    </p>
                    <p className="text-xs text-slate-500">
                      {s.withdrawnAt
                        ? t("withdrawnOn", { date: formatDateTime(s.withdrawnAt, locale) })
                        : t("active", { date: formatDateTime(s.createdAt, locale) })}
                    </p>
                  </div>
                  {s.withdrawnAt ? null : (
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5"
                      disabled={withdraw.isPending}
                      onClick={() => withdraw.mutate(s)}
                      data-testid="share-withdraw"
                    >
                      {withdraw.isPending && withdraw.variables?.id === s.id ? <Spinner /> : null}
                      {t("withdraw")}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
