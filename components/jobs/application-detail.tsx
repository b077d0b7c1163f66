"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, MessagesSquare } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { APPLICATION_STAGE_VALUES, type ApplicationStageValue } from "@/lib/jobs/contracts";
import type { ApplicationBody } from "@/lib/jobs/ranking-contracts";
import { DetailQueryState } from "../detail-query-state";
import { DownloadPdfLink } from "../reports/download-pdf-link";
import { Report } from "../resume/report";
import { retryTransient } from "../tasks/api";
import { StatusBadge } from "../tasks/status-badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { Skeleton } from "../ui/skeleton";
import { isUnauthorized } from "../use-sign-in-on-401";
import { fetchApplication, fetchJobResume, fetchSharedReports, jobKeys, resumePdfHref, updateApplication } from "./api";

/**
 * One candidate of a job, opened (not blind): the resume's analysis read-only, the stage, notes,
 * the history and the interview reports the candidate shared with the organisation.
 */
export function ApplicationDetail({ jobId, id }: { jobId: string; id: string }) {
  const t = useTranslations("ranking.application");
  const application = useQuery({ queryKey: jobKeys.application(id), queryFn: ({ signal }) => fetchApplication(id, signal), retry: retryTransient });
  const a = application.data;
  if (!a || isUnauthorized(application.error)) {
    return (
      <DetailQueryState
        pending={application.isPending}
        error={application.error}
        onRetry={() => void application.refetch()}
        texts={{
          loading: t("loading"),
          notFoundTitle: t("notFoundTitle"),
          notFoundBody: t("notFoundBody"),
          backToList: t("backToJob"),
          loadError: t("loadError"),
          retry: t("retry"),
        }}
        backHref={`/jobs/${jobId}`}
        testIdPrefix="application"
      />
    );
  }
  return (
    <div className="space-y-6" data-testid="application-page" data-application-id={a.id}>
      <div>
        <Link
          href={`/jobs/${jobId}`}
          className="inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("backToJob")}
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 flex-1 text-2xl font-bold tracking-tight [overflow-wrap:anywhere]" data-testid="application-name">
            {a.candidateLabel}
          </h1>
          <DownloadPdfLink href={resumePdfHref(a.resumeId)} />
        </div>
        <p className="mt-1 text-sm text-slate-500">
          {a.fileName} · {t(`source.${a.source}`)}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0">
          <ResumeAnalysis jobId={jobId} resumeId={a.resumeId} />
        </div>
        <div className="min-w-0 space-y-6">
          <StageAndNotes application={a} />
          <SharedReports ids={a.sharedInterviewIds} />
          <History application={a} />
        </div>
      </div>
    </div>
  );
}

function ResumeAnalysis({ jobId, resumeId }: { jobId: string; resumeId: string }) {
  const t = useTranslations("ranking.application");
  const resume = useQuery({
    queryKey: jobKeys.resume(jobId, resumeId),
    queryFn: ({ signal }) => fetchJobResume(jobId, resumeId, signal),
    retry: retryTransient,
  });
  if (resume.isPending) return <Skeleton className="h-64 w-full" />;
  if (resume.isError) return <p className="text-sm text-rose-700">{t("resumeError")}</p>;
  if (!resume.data.analysis) {
    return (
      <Card className="flex items-center gap-2">
        <StatusBadge status={resume.data.status} />
        <span className="text-sm text-slate-600">{t("noAnalysis")}</span>
      </Card>
    );
  }
  return <Report analysis={resume.data.analysis} />;
}

function StageAndNotes({ application }: { application: ApplicationBody }) {
  const t = useTranslations("ranking");
  const queryClient = useQueryClient();
  const noteId = useId();
  const [note, setNote] = useState("");
  const save = useMutation({
    mutationFn: (patch: { stage?: ApplicationStageValue; note?: string }) => updateApplication(application.id, patch),
    onSuccess: (next) => {
      queryClient.setQueryData(jobKeys.application(application.id), next);
      void queryClient.invalidateQueries({ queryKey: jobKeys.ranking(application.jobId) });
    },
    onError: () => toast.error(t("application.saveError")),
  });
  function addNote(e: FormEvent) {
    e.preventDefault();
    if (!note.trim()) return;
    save.mutate({ note: note.trim() }, { onSuccess: () => setNote("") });
  }
  return (
    <Card aria-labelledby="stage-title">
      <h2 id="stage-title" className="font-semibold">
        {t("application.stage")}
      </h2>
      <select
        value={application.stage}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ stage: e.target.value as ApplicationStageValue })}
        aria-label={t("application.stage")}
        className="mt-2 w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
        data-testid="application-stage"
      >
        {APPLICATION_STAGE_VALUES.map((s) => (
          <option key={s} value={s}>
            {t(`stage.${s}`)}
          </option>
        ))}
      </select>
      {application.notes ? (
        <p className="mt-3 whitespace-pre-wrap text-sm text-slate-700" data-testid="application-notes">
          {application.notes}
        </p>
      ) : null}
      <form onSubmit={addNote} className="mt-3 space-y-2">
        <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
          {t("application.addNote")}
        </label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
          data-testid="application-note-input"
        />
        <Button type="submit" variant="secondary" disabled={save.isPending || !note.trim()} data-testid="application-note-save">
          {t("application.saveNote")}
        </Button>
      </form>
    </Card>
  );
}

/** The application names the interviews; the report pages are by share, so the organisation's shares give the links. */
function SharedReports({ ids }: { ids: string[] }) {
  const t = useTranslations("ranking.application");
  const shares = useQuery({
    queryKey: jobKeys.sharedReports,
    queryFn: ({ signal }) => fetchSharedReports(signal),
    retry: retryTransient,
    enabled: ids.length > 0,
  });
  const mine = (shares.data?.items ?? []).filter((s) => ids.includes(s.interviewId));
  return (
    <Card aria-labelledby="shared-title">
      <h2 id="shared-title" className="font-semibold">
        {t("sharedReports")}
      </h2>
      {ids.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t("noSharedReports")}</p>
      ) : shares.isPending ? (
        <Skeleton className="mt-2 h-6 w-40" />
      ) : (
        <ul className="mt-2 space-y-1">
          {mine.map((share) => (
            <li key={share.shareId}>
              <Link
                href={`/shared-reports/${share.shareId}`}
                className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline"
                data-testid="shared-report-link"
              >
                <MessagesSquare aria-hidden className="size-4" />
                {t("sharedReport", { role: share.role, score: share.overallScore === null ? "–" : Math.round(share.overallScore) })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function History({ application }: { application: ApplicationBody }) {
  const t = useTranslations("ranking");
  const locale = useLocale();
  const stage = (s: string | null) => (s && (APPLICATION_STAGE_VALUES as readonly string[]).includes(s) ? t(`stage.${s as ApplicationStageValue}`) : (s ?? ""));
  return (
    <Card aria-labelledby="history-title">
      <h2 id="history-title" className="font-semibold">
        {t("application.history")}
      </h2>
      <ol className="mt-2 space-y-2 text-sm" data-testid="application-history">
        {application.events.map((e) => (
          <li key={`${e.createdAt}-${e.kind}-${e.toStage ?? e.note ?? ""}`} data-testid="history-event" data-kind={e.kind}>
            <p className="text-slate-800">
              {e.kind === "created"
                ? t("application.eventCreated")
                : e.kind === "stage"
                  ? t("application.eventStage", { from: stage(e.fromStage), to: stage(e.toStage) })
                  : t("application.eventNote")}
            </p>
            {e.kind === "note" && e.note ? <p className="whitespace-pre-wrap text-slate-600">{e.note}</p> : null}
            <p className="text-xs text-slate-500">{[e.actorName, formatDateTime(e.createdAt, locale)].filter(Boolean).join(" · ")}</p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
