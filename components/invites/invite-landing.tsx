"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { CalendarClock, MessagesSquare, ShieldCheck } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { toast } from "sonner";
import { DetailQueryState } from "../detail-query-state";
import { ApiError, retryTransient } from "../tasks/api";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { Spinner } from "../ui/spinner";
import { isUnauthorized } from "../use-sign-in-on-401";
import { acceptInvite, fetchInvite, inviteKeys } from "./api";

/**
 * The landing page of an invitation link: the job and the organisation, the interview it sets
 * up, what the organisation would see, a checkbox to share the report (unticked: sharing is the
 * candidate's choice), and Start, which accepts and opens the interview.
 */
export function InviteLanding({ token }: { token: string }) {
  const t = useTranslations("invites");
  const locale = useLocale();
  const ids = useId();
  const router = useRouter();
  const query = useQuery({ queryKey: inviteKeys.byToken(token), queryFn: ({ signal }) => fetchInvite(token, signal), retry: retryTransient });
  const [shareReport, setShareReport] = useState(false);
  const start = useMutation({
    mutationFn: () => acceptInvite(token, shareReport),
    onSuccess: (accepted) => router.push(`/interviews/${accepted.interviewId}`),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) return router.replace("/sign-in");
      toast.error(t("acceptFailed"), { description: err instanceof ApiError ? err.message : undefined });
    },
  });
  const invite = query.data;

  if (!invite || query.isPending || isUnauthorized(query.error)) {
    return (
      <DetailQueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        texts={{
          loading: t("loading"),
          notFoundTitle: t("notFoundTitle"),
          notFoundBody: t("notFoundBody"),
          backToList: t("backHome"),
          loadError: t("loadError"),
          retry: t("retry"),
        }}
        backHref="/interviews"
        testIdPrefix="invite"
      />
    );
  }
  const organization = invite.organizationName;
  return (
    <div className="mx-auto max-w-2xl space-y-6" data-testid="invite-page" data-invite-id={invite.id}>
      <Card>
        <h1 className="flex items-start gap-2 break-words text-xl font-semibold sm:text-2xl" data-testid="invite-heading">
          <MessagesSquare aria-hidden className="mt-1 size-6 shrink-0 text-indigo-600" />
          {t("heading", { organization })}
        </h1>
        <p className="mt-2 text-sm font-medium text-slate-800" data-testid="invite-job">
          {t("forJob", { job: invite.jobTitle })}
        </p>
        <p className="mt-1 text-sm text-slate-600" data-testid="invite-settings">
          {t("settings", { level: t(`levels.${invite.level}`), count: invite.questionCount, language: t(`languages.${invite.language}`) })}
        </p>
        <p className="mt-1 flex items-center gap-1 text-xs text-slate-500">
          <CalendarClock aria-hidden className="size-3.5" />
          {t("expires", { date: formatDateTime(invite.expiresAt, locale) })}
        </p>
      </Card>
      <Card aria-labelledby={`${ids}-what`}>
        <h2 id={`${ids}-what`} className="flex items-center gap-2 text-lg font-semibold">
          <ShieldCheck aria-hidden className="size-5 text-indigo-600" />
          {t("whatHappens")}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>{t("step1")}</li>
          <li>{t("step2")}</li>
          <li>{t("step3", { organization })}</li>
        </ol>
        {invite.interviewId ? (
          <div className="mt-5 space-y-3">
            <p className="text-sm text-slate-600" data-testid="invite-share-choice">
              {invite.shareReport ? t("sharing", { organization }) : t("notSharing")}
            </p>
            <Link href={`/interviews/${invite.interviewId}`} className={buttonClasses("primary")} data-testid="invite-continue">
              {t("continue")}
            </Link>
          </div>
        ) : (
          <div className="mt-5 space-y-4">
            <label className="flex items-start gap-3 text-sm text-slate-800" htmlFor={`${ids}-share`}>
              <input
                id={`${ids}-share`}
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-indigo-600"
                checked={shareReport}
                onChange={(e) => setShareReport(e.target.checked)}
                data-testid="invite-share"
              />
              <span>{t("shareLabel", { organization })}</span>
            </label>
            <Button className="w-full sm:w-auto" disabled={start.isPending || start.isSuccess} onClick={() => start.mutate()} data-testid="invite-start">
              {start.isPending || start.isSuccess ? <Spinner /> : null}
              {t("start")}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
