"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Link2, Send } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { LEVELS, type Level, QUESTION_COUNT } from "@/lib/interview/schemas";
import { ApiError, retryTransient } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";
import { useSignInOn401 } from "../use-sign-in-on-401";
import { createInvite, fetchInvites, type InviteBody, inviteKeys, type NewInvite } from "./api";

const COUNTS = Array.from({ length: QUESTION_COUNT.max - QUESTION_COUNT.min + 1 }, (_, i) => QUESTION_COUNT.min + i);

const fieldClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-indigo-600 sm:text-sm";

/**
 * A recruiter's invitation to a mock interview for one job: optional e-mail and settings (unset
 * ones come from the job), then the link — shown once, with a copy button — and the job's
 * earlier invitations with their state.
 */
export function InviteCreateForm({ jobId, jobTitle }: { jobId: string; jobTitle: string }) {
  const t = useTranslations("invites");
  const ids = useId();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [level, setLevel] = useState<"" | Level>("");
  const [questionCount, setQuestionCount] = useState(6);
  const [language, setLanguage] = useState<"" | "en" | "zh">("");
  const [made, setMade] = useState<InviteBody | null>(null);

  const create = useMutation({
    mutationFn: (body: NewInvite) => createInvite(jobId, body),
    onSuccess: async (invite) => {
      setMade(invite);
      await queryClient.invalidateQueries({ queryKey: inviteKeys.ofJob(jobId) });
    },
    onError: (err) => toast.error(t("createFailed"), { description: err instanceof ApiError ? err.message : undefined }),
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    create.mutate({
      questionCount,
      ...(email.trim() ? { email: email.trim() } : {}),
      ...(level ? { level } : {}),
      ...(language ? { language } : {}),
    });
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyFailed"));
    }
  }

  return (
    <div className="space-y-6" data-testid="invite-create-page">
      <Card aria-labelledby={`${ids}-title`}>
        <h1 id={`${ids}-title`} className="flex items-center gap-2 text-xl font-semibold sm:text-2xl">
          <Send aria-hidden className="size-6 text-indigo-600" />
          {t("createTitle")}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{t("createIntro", { job: jobTitle })}</p>
        <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} data-testid="invite-create-form">
          <div className="sm:col-span-2">
            <label htmlFor={`${ids}-email`} className="block text-sm font-medium text-slate-700">
              {t("email")}
            </label>
            <input
              id={`${ids}-email`}
              type="email"
              autoComplete="off"
              maxLength={320}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className={fieldClass}
              data-testid="invite-email"
            />
          </div>
          <div>
            <label htmlFor={`${ids}-level`} className="block text-sm font-medium text-slate-700">
              {t("level")}
            </label>
            <select
              id={`${ids}-level`}
              value={level}
              onChange={(e) => setLevel(e.target.value as typeof level)}
              className={fieldClass}
              data-testid="invite-level"
            >
              <option value="">{t("levelFromJob")}</option>
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {t(`levels.${l}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-count`} className="block text-sm font-medium text-slate-700">
              {t("questionCount")}
            </label>
            <select
              id={`${ids}-count`}
              value={questionCount}
              onChange={(e) => setQuestionCount(Number(e.target.value))}
              className={fieldClass}
              data-testid="invite-count"
            >
              {COUNTS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-language`} className="block text-sm font-medium text-slate-700">
              {t("language")}
            </label>
            <select
              id={`${ids}-language`}
              value={language}
              onChange={(e) => setLanguage(e.target.value as typeof language)}
              className={fieldClass}
              data-testid="invite-language"
            >
              <option value="">{t("languageFromJob")}</option>
              <option value="en">{t("languages.en")}</option>
              <option value="zh">{t("languages.zh")}</option>
            </select>
          </div>
          <div className="flex items-end">
            <Button type="submit" className="w-full sm:w-auto" disabled={create.isPending} data-testid="invite-create">
              {create.isPending ? <Spinner /> : <Link2 aria-hidden className="size-4" />}
              {t("create")}
            </Button>
          </div>
        </form>
        {made?.url ? (
          <div className="mt-5 rounded-xl border border-emerald-200 bg-emerald-50 p-4" data-testid="invite-created">
            <p className="text-sm text-emerald-800">{t("created")}</p>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
              <input
                readOnly
                value={made.url}
                aria-label={t("copy")}
                onFocus={(e) => e.currentTarget.select()}
                className="min-w-0 flex-1 rounded-lg border border-emerald-300 bg-white px-3 py-2 font-mono text-xs text-slate-800"
                data-testid="invite-url"
              />
              <Button variant="secondary" onClick={() => void copy(made.url!)} data-testid="invite-copy">
                <Copy aria-hidden className="size-4" />
                {t("copy")}
              </Button>
            </div>
          </div>
        ) : null}
      </Card>
      <InviteList jobId={jobId} />
    </div>
  );
}

function InviteList({ jobId }: { jobId: string }) {
  const t = useTranslations("invites");
  const locale = useLocale();
  const query = useQuery({ queryKey: inviteKeys.ofJob(jobId), queryFn: ({ signal }) => fetchInvites(jobId, signal), retry: retryTransient });
  useSignInOn401(query.error);
  const now = Date.now();
  return (
    <Card aria-labelledby="invite-list-title" data-testid="invite-list">
      <h2 id="invite-list-title" className="text-lg font-semibold">
        {t("listTitle")}
      </h2>
      {query.isPending ? (
        <div className="mt-3 space-y-2" role="status" aria-busy="true" aria-label={t("listLoading")} data-testid="invite-list-loading">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="mt-3 rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-700" data-testid="invite-list-error">
          <p>{t("listLoadError")}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : query.data.items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500" data-testid="invite-list-empty">
          {t("listEmpty")}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {query.data.items.map((i) => {
            const state = i.interviewId ? "accepted" : new Date(i.expiresAt).getTime() <= now ? "expired" : "waiting";
            return (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm" data-testid="invite-item" data-state={state}>
                <div className="min-w-0">
                  <p className="break-words font-medium text-slate-900">{i.email ?? "—"}</p>
                  <p className="text-xs text-slate-500">
                    {t("settings", { level: t(`levels.${i.level}`), count: i.questionCount, language: t(`languages.${i.language}`) })} ·{" "}
                    <time dateTime={i.createdAt}>{formatDateTime(i.createdAt, locale)}</time>
                  </p>
                </div>
                <span className="text-xs font-medium text-slate-600">
                  {state === "accepted"
                    ? `${t("statusAccepted")} · ${i.shareReport ? t("agreedToShare") : t("declinedToShare")}`
                    : state === "expired"
                      ? t("statusExpired")
                      : t("statusWaiting")}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
