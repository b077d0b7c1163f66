"use client";
import { ShieldAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import { type Analysis, INTEGRITY_REASON_CODES } from "@/lib/resume/analysis-schema";
import { Card } from "../ui/card";

/**
 * The notice on a flagged analysis (`injectionSuspected`, docs/scoring.md "Integrity"): what the
 * server's checks found — each reason worded in the reader's language, with its excerpt as found
 * (plain text, the resume's language) — which dimensions the offline engine re-scored, and how
 * many lines were removed. Shown to the owner and to the recruiters who read the analysis.
 * An analysis that is not flagged but carries reasons (the model answered in the wrong language
 * and the offline engine stood in) gets the same list under a neutral title: nothing in the
 * resume was suspicious. Nothing when there is neither (or it was stored before the checks).
 */
export function IntegrityNotice({ analysis }: { analysis: Analysis }) {
  const t = useTranslations("integrity");
  const tr = useTranslations("report");
  const integrity = analysis.integrity;
  if (!integrity || (!analysis.injectionSuspected && integrity.reasons.length === 0)) return null;
  const flagged = analysis.injectionSuspected === true;
  const lang = analysis.language === "zh" ? "zh-CN" : "en";
  const dimension = (key: string) => tr(`dimension.${key as "experience"}`);
  return (
    <Card className="border-amber-300 bg-amber-50" role="alert" aria-labelledby="integrity-title" data-testid="integrity-notice">
      <div className="flex items-start gap-3">
        <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="min-w-0 space-y-2 text-sm text-amber-950">
          <h2 id="integrity-title" className="text-base font-semibold">
            {flagged ? t("title") : t("noteTitle")}
          </h2>
          <p>{flagged ? t("body") : t("noteBody")}</p>
          <ul className="list-disc space-y-1 pl-5">
            {integrity.reasons.map((r, i) => {
              const reason = (INTEGRITY_REASON_CODES as readonly string[]).includes(r.code) ? t(`reason.${r.code}`) : r.message;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: reasons are a fixed list, never reordered
                <li key={i} data-testid="integrity-reason" data-code={r.code} data-dimension={r.dimension}>
                  {r.dimension ? t("reasonDimension", { reason, dimension: dimension(r.dimension) }) : reason}
                  {r.excerpt ? (
                    <span lang={lang} className="mt-0.5 block break-words text-xs text-amber-800">
                      {t("found", { excerpt: r.excerpt })}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {integrity.replacedDimensions.length > 0 ? (
            <p data-testid="integrity-replaced">{t("replaced", { dimensions: integrity.replacedDimensions.map(dimension).join(", ") })}</p>
          ) : null}
          {integrity.removedLines > 0 ? <p data-testid="integrity-removed">{t("removed", { count: integrity.removedLines })}</p> : null}
        </div>
      </div>
    </Card>
  );
}

/** A small badge for a list row (a recruiter's ranking): the candidate's analysis is flagged. */
export function IntegrityFlag() {
  const t = useTranslations("integrity");
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-300"
      title={t("flagTitle")}
      data-testid="integrity-flag"
    >
      <ShieldAlert aria-hidden className="size-3.5" />
      {t("flag")}
    </span>
  );
}
