"use client";
import { AlertTriangle, Ban } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClasses } from "../ui/button";
import type { Task } from "./api";

const KNOWN_CODES = [
  "no_text_layer",
  "encrypted",
  "corrupt",
  "unreadable",
  "not_a_resume",
  "too_short",
  "unsupported_language",
  "llm_failed",
  "internal",
] as const;
type KnownCode = (typeof KNOWN_CODES)[number];

/**
 * Why a task ended without a report. TERMINATED_BY_POLICY = the file itself cannot be
 * analysed (retrying will not help); FAILED = we tried several times and gave up.
 */
export function TaskFailure({ status, task }: { status: "FAILED" | "TERMINATED_BY_POLICY"; task?: Task }) {
  const t = useTranslations("failure");
  const code = task?.error?.code;
  const reason =
    code && (KNOWN_CODES as readonly string[]).includes(code)
      ? t(`reasons.${code as KnownCode}`)
      : task?.error?.message || t("reasons.unknown");
  const refused = status === "TERMINATED_BY_POLICY";
  const Icon = refused ? Ban : AlertTriangle;
  return (
    <section
      role="alert"
      data-testid="task-failure"
      data-status={status}
      data-code={code ?? ""}
      className="rounded-2xl border border-rose-200 bg-rose-50 p-5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden className="mt-0.5 size-6 shrink-0 text-rose-600" />
        <div className="min-w-0">
          <h2 className="font-semibold text-rose-900">{refused ? t("refusedTitle") : t("failedTitle")}</h2>
          <p className="mt-1 text-sm text-rose-800" data-testid="task-failure-reason">
            {reason}
          </p>
          <p className="mt-2 text-sm text-rose-700">{refused ? t("refusedHint") : t("failedHint")}</p>
          {task && status === "FAILED" ? (
            <p className="mt-1 text-xs text-rose-600">{t("attempts", { attempts: task.attempts, max: task.maxAttempts })}</p>
          ) : null}
          <Link href="/resumes" className={buttonClasses("secondary", "mt-4")} data-testid="upload-another">
            {t("uploadAnother")}
          </Link>
        </div>
      </div>
    </section>
  );
}
