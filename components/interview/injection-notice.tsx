"use client";
import { ShieldAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import type { Report } from "@/lib/interview/schemas";

/**
 * The report's prompt-injection flag (docs/interview-scoring.md, "Answers are data"): text
 * addressed to the AI was found in the answers or in the model's output, and what it might
 * have gained was replaced by the offline figures. Lists each reason with its question number;
 * a removed line is shown as the candidate wrote it (React escapes it). Nothing when not flagged.
 */
export function InjectionNotice({ report }: { report: Report }) {
  const t = useTranslations("interview.report.injection");
  if (!report.injectionSuspected) return null;
  const number = new Map(report.questions.map((q, i) => [q.questionId, i + 1]));
  const lang = report.language === "zh" ? "zh-CN" : "en";
  return (
    <div
      role="status"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      data-testid="interview-injection-notice"
    >
      <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-600" />
      <div className="min-w-0 space-y-2">
        <p className="font-semibold">{t("title")}</p>
        <p>{t("body")}</p>
        <ul className="list-disc space-y-1 pl-5">
          {(report.injectionReasons ?? []).map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in stored order; two reasons may be identical
            <li key={i} data-kind={r.kind}>
              {r.questionId !== null && number.has(r.questionId)
                ? `${t("question", { number: number.get(r.questionId)! })}: `
                : r.questionId === null
                  ? `${t("summary")}: `
                  : ""}
              {t(`reasons.${r.kind}`)}
              {r.kind === "screened" && r.detail ? (
                <q lang={lang} className="ml-1 break-words italic">
                  {r.detail}
                </q>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
