"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, ArrowLeft, MessagesSquare, RotateCcw } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { toast } from "sonner";
import { isEndState, type TaskStatus } from "../resume/api";
import { formatDateTime } from "../resume/resume-list";
import { useTaskStatus } from "../resume/use-task-status";
import { Button } from "../ui/button";
import { MetaList } from "../ui/meta-list";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";
import {
  ApiError,
  createInterview,
  endInterview,
  fetchInterview,
  interviewKeys,
  retryTransient,
  settingsOf,
  type InterviewDetail,
} from "./api";
import { ChatMessage, turnLabels } from "./chat-message";
import { InterviewChat } from "./interview-chat";
import { InterviewReport, TranscriptDisclosure } from "./interview-report";
import { InterviewTaskProgress } from "./interview-task-progress";
import { InterviewStatusBadge } from "./status-badge";
import { DetailQueryState } from "../detail-query-state";

/** How often the interview is fetched again while its followed task has ended but it does not show that yet, ms. */
const STALE_REFETCH_MS = 2_000;

/**
 * One interview, whatever its state: the plan being made (live), a plan failure with "start
 * over", the conversation, the evaluation being made (live), then the report.
 */
export function InterviewDetailView({ id }: { id: string }) {
  const t = useTranslations("interview.detail");
  const tf = useTranslations("interview.form");
  const locale = useLocale();
  const router = useRouter();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: interviewKeys.detail(id),
    queryFn: ({ signal }) => fetchInterview(id, signal),
    retry: retryTransient,
    // The chat owns the conversation once it runs; a focus refetch adds nothing.
    refetchOnWindowFocus: false,
  });
  const data = query.data;

  // The task this state waits for: the plan while planning, the evaluation once ended.
  const waitingFor = data?.status === "planning" ? data.planTask : data?.status === "ended" ? data.evaluateTask : null;
  const failedPlan = data?.status === "plan_failed" ? data.planTask : null;
  const followed = waitingFor ?? failedPlan;
  const { task, mode } = useTaskStatus(followed?.id, { live: Boolean(waitingFor) && !isEndState(waitingFor?.status) });
  const taskStatus: TaskStatus | undefined = task?.status ?? followed?.status;

  // When the followed task ends the interview has changed (plan or report): fetch it again,
  // and keep asking every 2 s until the interview shows the change (an evaluation that failed
  // leaves it `ended` for good).
  const stale = Boolean(waitingFor) && isEndState(taskStatus) && !(data?.status === "ended" && taskStatus !== "COMPLETED");
  useEffect(() => {
    if (!stale) return;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: interviewKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: interviewKeys.all, exact: true });
    };
    refresh();
    const timer = setInterval(refresh, STALE_REFETCH_MS);
    return () => clearInterval(timer);
  }, [stale, id, queryClient]);

  const end = useMutation({
    mutationFn: () => endInterview(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: interviewKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: interviewKeys.all, exact: true });
      window.scrollTo({ top: 0 });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) return router.replace("/sign-in");
      toast.error(t("endFailed"), { description: err instanceof ApiError ? err.message : undefined });
    },
  });

  const startOver = useMutation({
    mutationFn: (from: InterviewDetail) => createInterview(settingsOf(from)),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: interviewKeys.all, exact: true });
      router.push(`/interviews/${created.id}`);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) return router.replace("/sign-in");
      toast.error(err instanceof ApiError && err.code === "not_found:resume" ? tf("errors.resumeGone") : t("startOverFailed"));
    },
  });

  const errorStatus = query.error instanceof ApiError ? query.error.status : undefined;
  if (!data || query.isPending || errorStatus === 401) {
    return (
      <DetailQueryState
        pending={query.isPending}
        errorStatus={errorStatus}
        onRetry={() => void query.refetch()}
        texts={{ loading: t("loading"), notFoundTitle: t("notFoundTitle"), notFoundBody: t("notFoundBody"), backToList: t("backToList"), loadError: t("loadError"), retry: t("retry") }}
        backHref="/interviews"
        testIdPrefix="interview"
      />
    );
  }

  const lang = data.language === "zh" ? "zh-CN" : "en";
  const chatting = data.status === "ready" || data.status === "in_progress";
  const transcript =
    data.messages.length > 0 ? (
      <TranscriptDisclosure count={data.messages.length}>
        <ol className="space-y-5">
          {data.messages.map((m) => (
            <ChatMessage key={m.id} message={m} lang={lang} label={turnLabels(data.messages).get(m.id)} />
          ))}
        </ol>
      </TranscriptDisclosure>
    ) : null;

  return (
    <div className="space-y-6" data-testid="interview-page" data-interview-id={data.id} data-status={data.status}>
      <div>
        <Link
          href="/interviews"
          className="inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("backToList")}
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          {/* a phone gives the title its own line (wrapping, not cut to "Front…"); wider screens keep one row */}
          <div className="flex min-w-0 grow basis-full items-center gap-3 sm:basis-0">
            <MessagesSquare aria-hidden className="size-6 shrink-0 text-slate-400" />
            <h1 className="min-w-0 break-words text-xl font-semibold sm:truncate sm:text-2xl" data-testid="interview-role-title" title={data.role}>
              {data.role}
            </h1>
          </div>
          <div className="flex items-center gap-3">
            <InterviewStatusBadge status={data.status} />
            {data.status !== "planning" ? (
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                disabled={startOver.isPending}
                onClick={() => startOver.mutate(data)}
                data-testid="start-over"
              >
                {startOver.isPending ? <Spinner /> : <RotateCcw aria-hidden className="size-4" />}
                {t("startOver")}
              </Button>
            ) : null}
          </div>
        </div>
        <MetaList className="mt-1 text-sm text-slate-500" testId="interview-meta">
          <span>{tf(`levels.${data.level}`)}</span>
          <span>{tf("questions", { count: data.questionCount })}</span>
          <span lang={lang}>{data.language === "zh" ? "中文" : "English"}</span>
          <time dateTime={data.createdAt}>{formatDateTime(data.createdAt, locale)}</time>
          {data.resumeId ? (
            <Link href={`/resumes/${data.resumeId}`} className="text-indigo-600 hover:underline">
              {t("fromResume")}
            </Link>
          ) : null}
        </MetaList>
      </div>

      {data.status === "planning" ? (
        <InterviewTaskProgress phase="plan" status={taskStatus ?? "PENDING"} task={task} mode={mode} />
      ) : data.status === "plan_failed" ? (
        <section role="alert" data-testid="plan-failed" className="rounded-2xl border border-rose-200 bg-rose-50 p-5 sm:p-6">
          <div className="flex items-start gap-3">
            <AlertTriangle aria-hidden className="mt-0.5 size-6 shrink-0 text-rose-600" />
            <div className="min-w-0">
              <h2 className="font-semibold text-rose-900">{t("planFailedTitle")}</h2>
              <p className="mt-1 text-sm text-rose-800" data-testid="plan-failed-reason">
                {task?.error?.code === "llm_failed" || data.planTask?.error?.code === "llm_failed"
                  ? t("planFailedLlm")
                  : t("planFailedBody")}
              </p>
              <Button className="mt-4" disabled={startOver.isPending} onClick={() => startOver.mutate(data)} data-testid="plan-failed-start-over">
                {startOver.isPending ? <Spinner /> : <RotateCcw aria-hidden className="size-4" />}
                {t("startOver")}
              </Button>
            </div>
          </div>
        </section>
      ) : chatting ? (
        <InterviewChat key={data.id} interview={data} ending={end.isPending} onEnd={() => end.mutate()} />
      ) : data.status === "ended" ? (
        <>
          {taskStatus === "FAILED" || taskStatus === "TERMINATED_BY_POLICY" ? (
            <section role="alert" data-testid="evaluate-failed" className="rounded-2xl border border-rose-200 bg-rose-50 p-5 sm:p-6">
              <div className="flex items-start gap-3">
                <AlertTriangle aria-hidden className="mt-0.5 size-6 shrink-0 text-rose-600" />
                <div>
                  <h2 className="font-semibold text-rose-900">{t("evaluateFailedTitle")}</h2>
                  <p className="mt-1 text-sm text-rose-800">{t("evaluateFailedBody")}</p>
                </div>
              </div>
            </section>
          ) : (
            <InterviewTaskProgress phase="evaluate" status={taskStatus ?? "PENDING"} task={task} mode={mode} />
          )}
          {transcript}
        </>
      ) : data.report ? (
        <>
          <InterviewReport report={data.report} />
          {transcript}
        </>
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </div>
  );
}
