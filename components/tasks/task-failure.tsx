"use client";
import { AlertTriangle, Ban, ChevronDown } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { isTaskErrorCode, TASK_ERROR_BLAME, type TaskErrorBlame, type TaskErrorCode } from "@/lib/tasks/error-codes";
import type { Task } from "./api";

/** What the task worked on, for messages that name it (`{subject, select, …}`). */
export type TaskSubject = "resume" | "interview";

/**
 * A task error in the reader's words: `reason` (what happened, never blaming the candidate's
 * file for a model's limit) and `next` (what to do), from `failure.codes.<code>` in the
 * messages; a code this version does not know gets the generic `failure.unknown` texts.
 * `blame` is null for an unknown code.
 */
export function useTaskErrorText(error: Task["error"] | undefined, subject: TaskSubject) {
  const t = useTranslations("failure");
  const code: TaskErrorCode | null = isTaskErrorCode(error?.code) ? error.code : null;
  return {
    code,
    blame: code ? TASK_ERROR_BLAME[code] : null,
    reason: code ? t(`codes.${code}.reason`, { subject }) : t("unknown.reason", { subject }),
    next: code ? t(`codes.${code}.next`, { subject }) : t("unknown.next", { subject }),
  };
}

/**
 * Why a task ended without a result: a title, the reason and the next step for its error code
 * (every code the worker writes has one, lib/tasks/error-codes.ts), the attempts when it FAILED
 * after retries, and the raw error text only under a collapsed "Details".
 *
 * @param title the domain's heading; by default the resume's, by whose limit it was (`failure.title.<blame>`).
 * @param action what the reader can do next (a link or button), under the text.
 * @param testId the section's `data-testid`; the reason is `<testId>-reason`, the details `<testId>-details`.
 */
export function TaskFailure({
  status,
  task,
  subject,
  title,
  note,
  action,
  testId = "task-failure",
}: {
  status: "FAILED" | "TERMINATED_BY_POLICY";
  task?: Task;
  subject: TaskSubject;
  title?: string;
  /** A sentence of the domain's own after the next step ("your answers are saved"). */
  note?: string;
  action?: ReactNode;
  testId?: string;
}) {
  const t = useTranslations("failure");
  const error = task?.error ?? null;
  const text = useTaskErrorText(error, subject);
  const blame: TaskErrorBlame = text.blame ?? "service";
  const Icon = status === "TERMINATED_BY_POLICY" ? Ban : AlertTriangle;
  return (
    <section
      role="alert"
      data-testid={testId}
      data-status={status}
      data-code={error?.code ?? ""}
      data-blame={text.blame ?? "unknown"}
      className="rounded-2xl border border-rose-200 bg-rose-50 p-5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden className="mt-0.5 size-6 shrink-0 text-rose-600" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-rose-900">{title ?? t(`title.${blame}`)}</h2>
          <p className="mt-1 text-sm text-rose-800" data-testid={`${testId}-reason`}>
            {text.reason}
          </p>
          <p className="mt-2 text-sm text-rose-700" data-testid={`${testId}-next`}>
            {text.next}
            {note ? ` ${note}` : null}
          </p>
          {task && status === "FAILED" ? (
            <p className="mt-1 text-xs text-rose-600">{t("attempts", { attempts: task.attempts, max: task.maxAttempts })}</p>
          ) : null}
          {error ? (
            <details className="group mt-3 text-xs text-rose-700" data-testid={`${testId}-details`}>
              <summary className="inline-flex cursor-pointer items-center gap-1 rounded font-medium focus-visible:outline-2 focus-visible:outline-rose-600">
                <ChevronDown aria-hidden className="size-3.5 transition-transform group-open:rotate-180" />
                {t("details")}
              </summary>
              {/* The writer's own text (an SDK's or provider's included): English, for support. */}
              <p className="mt-1 break-words font-mono" lang="en">
                {error.code}
                {error.message ? `: ${error.message}` : null}
              </p>
            </details>
          ) : null}
          {action ? <div className="mt-4">{action}</div> : null}
        </div>
      </div>
    </section>
  );
}
