"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, MessagesSquare, RotateCcw } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "sonner";
import { DetailQueryState } from "../detail-query-state";
import { DownloadPdfLink } from "../reports/download-pdf-link";
import { SharePanel } from "../shares/share-panel";
import { ApiError, isEndState, retryTransient, type TaskStatus } from "../tasks/api";
import { TaskFailure } from "../tasks/task-failure";
import { TaskProgress } from "../tasks/task-progress";
import { useRefreshUntilShown } from "../tasks/use-refresh-until-shown";
import { useTaskStatus } from "../tasks/use-task-status";
import { Button } from "../ui/button";
import { formatDateTime } from "../ui/format";
import { MetaList } from "../ui/meta-list";
import { RetryIn } from "../ui/retry-countdown";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";
import { isUnauthorized } from "../use-sign-in-on-401";
import { endInterview, fetchInterview, interviewKeys, settingsOf } from "./api";
import { ChatMessage, turnLabels } from "./chat-message";
import { InterviewChat } from "./interview-chat";
import { InterviewReport, TranscriptDisclosure } from "./interview-report";
import { InterviewStatusBadge } from "./status-badge";
import { useCreateInterview } from "./use-create-interview";

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

  // When the followed task ends the interview has changed (plan or report): fetch it until it
  // shows the change (an evaluation that failed leaves it `ended` for good).
  const stale = Boolean(waitingFor) && isEndState(taskStatus) && !(data?.status === "ended" && taskStatus !== "COMPLETED");
  useRefreshUntilShown(stale, () => {
    void queryClient.invalidateQueries({ queryKey: interviewKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: interviewKeys.all, exact: true });
  });

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

  const startOver = useCreateInterview({
    onError: (reason) => toast.error(reason === "resumeGone" ? tf("errors.resumeGone") : t("startOverFailed")),
  });

  if (!data || query.isPending || isUnauthorized(query.error)) {
    return (
      <DetailQueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        texts={{
          loading: t("loading"),
          notFoundTitle: t("notFoundTitle"),
          notFoundBody: t("notFoundBody"),
          backToList: t("backToList"),
          loadError: t("loadError"),
          retry: t("retry"),
        }}
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
          <div className="flex flex-wrap items-center gap-3">
            <InterviewStatusBadge status={data.status} />
            {data.report ? <DownloadPdfLink href={`/api/interviews/${data.id}/report.pdf`} /> : null}
            {data.status !== "planning" ? (
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                disabled={startOver.isPending || startOver.countdown.waiting}
                onClick={() => startOver.mutate(settingsOf(data))}
                data-testid="start-over"
              >
                {startOver.isPending ? <Spinner /> : <RotateCcw aria-hidden className="size-4" />}
                {startOver.countdown.waiting ? <RetryIn seconds={startOver.countdown.seconds} /> : t("startOver")}
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
        <TaskProgress status={taskStatus ?? "PENDING"} task={task} mode={mode} copy="interview.planProgress" subject="interview" testId="plan-progress" />
      ) : data.status === "plan_failed" ? (
        <TaskFailure
          status={taskStatus === "TERMINATED_BY_POLICY" ? "TERMINATED_BY_POLICY" : "FAILED"}
          task={task ?? data.planTask ?? undefined}
          subject="interview"
          title={t("planFailedTitle")}
          testId="plan-failed"
          action={
            <Button
              disabled={startOver.isPending || startOver.countdown.waiting}
              onClick={() => startOver.mutate(settingsOf(data))}
              data-testid="plan-failed-start-over"
            >
              {startOver.isPending ? <Spinner /> : <RotateCcw aria-hidden className="size-4" />}
              {startOver.countdown.waiting ? <RetryIn seconds={startOver.countdown.seconds} /> : t("startOver")}
            </Button>
          }
        />
      ) : chatting ? (
        <InterviewChat key={data.id} interview={data} ending={end.isPending} onEnd={() => end.mutate()} />
      ) : data.status === "ended" ? (
        <>
          {taskStatus === "FAILED" || taskStatus === "TERMINATED_BY_POLICY" ? (
            <TaskFailure
              status={taskStatus}
              task={task ?? data.evaluateTask ?? undefined}
              subject="interview"
              title={t("evaluateFailedTitle")}
              note={t("evaluateFailedSaved")}
              testId="evaluate-failed"
            />
          ) : (
            <TaskProgress
              status={taskStatus ?? "PENDING"}
              task={task}
              mode={mode}
              copy="interview.evaluateProgress"
              subject="interview"
              testId="evaluate-progress"
            />
          )}
          {transcript}
        </>
      ) : data.report ? (
        <>
          <InterviewReport report={data.report} />
          <SharePanel interviewId={data.id} />
          {transcript}
        </>
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </div>
  );
}
