"use client";
import { CheckCircle2, ChevronDown, Lightbulb, Target } from "lucide-react";
import { useTranslations } from "next-intl";
import type { Analysis } from "@/lib/resume/analysis-schema";
import { EngineBadge } from "../tasks/engine-badge";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { barTone, scoreTone } from "../ui/score-tone";
import { IntegrityNotice } from "./integrity-notice";

const PRIORITIES = ["high", "medium", "low"] as const;
const PRIORITY_STYLE: Record<(typeof PRIORITIES)[number], string> = {
  high: "bg-rose-50 text-rose-700 ring-rose-200",
  medium: "bg-amber-50 text-amber-800 ring-amber-200",
  low: "bg-slate-100 text-slate-700 ring-slate-200",
};
const DIMENSIONS = ["experience", "skills", "content", "structure", "expression"] as const;

const fmtScore = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
/** Evidence lines are verbatim resume lines; their list bullets add nothing inside quotes. */
const stripBullet = (line: string) => line.replace(/^[\s•·▪●◦‣∙*–-]+/u, "").trim() || line;

/**
 * The finished analysis. The UI labels are in the viewer's language; the analysis text keeps
 * the resume's own language (`lang` is set on it for screen readers and fonts).
 */
export function Report({ analysis }: { analysis: Analysis }) {
  const t = useTranslations("report");
  const lang = analysis.language === "zh" ? "zh-CN" : "en";
  const overall = Math.round(analysis.overallScore);
  return (
    <div className="space-y-6" data-testid="report" data-language={analysis.language}>
      <Card className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <div className="flex shrink-0 flex-col items-center sm:w-44">
          <p className="text-sm font-medium text-slate-500">{t("overall")}</p>
          <p className="mt-1 flex items-baseline gap-1" role="img" aria-label={t("overallAria", { score: overall })}>
            <span className={cn("text-6xl font-bold tabular-nums", scoreTone(overall))} data-testid="overall-score">
              {overall}
            </span>
            <span className="text-xl text-slate-400">/100</span>
          </p>
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <EngineBadge engine={analysis.engine} />
          <p lang={lang} className="text-sm leading-relaxed text-slate-700" data-testid="report-summary">
            {analysis.summary}
          </p>
        </div>
      </Card>

      <IntegrityNotice analysis={analysis} />

      <Card aria-labelledby="dimensions-title">
        <h2 id="dimensions-title" className="text-lg font-semibold">
          {t("dimensions")}
        </h2>
        <ul className="mt-4 space-y-5">
          {analysis.dimensions.map((d) => {
            const pct = d.max > 0 ? Math.min(100, Math.max(0, (d.score / d.max) * 100)) : 0;
            const label = (DIMENSIONS as readonly string[]).includes(d.key) ? t(`dimension.${d.key}`) : d.key;
            return (
              <li key={d.key} data-testid="dimension-bar" data-dimension={d.key}>
                <div className="flex items-baseline justify-between gap-2">
                  <h3 className="text-sm font-medium text-slate-800">{label}</h3>
                  <span className="text-sm tabular-nums text-slate-600" data-testid="dimension-score">
                    <span className="font-semibold text-slate-900">{fmtScore(d.score)}</span> / {d.max}
                  </span>
                </div>
                {/* biome-ignore lint/a11y/useSemanticElements: a drawn bar in the score colour; a native <meter> cannot be styled alike across browsers */}
                <div
                  role="meter"
                  aria-label={label}
                  aria-valuemin={0}
                  aria-valuemax={d.max}
                  aria-valuenow={d.score}
                  className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-200"
                >
                  <div className={cn("h-full rounded-full", barTone(d.score, d.max))} style={{ width: `${pct}%` }} />
                </div>
                <p lang={lang} className="mt-2 text-sm text-slate-600">
                  {d.rationale}
                </p>
                {d.evidence.length > 0 ? (
                  <details className="group mt-1.5">
                    <summary className="inline-flex cursor-pointer items-center gap-1 rounded text-xs font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600">
                      <ChevronDown aria-hidden className="size-3.5 transition-transform group-open:rotate-180" />
                      {t("evidence", { count: d.evidence.length })}
                    </summary>
                    <ul lang={lang} className="mt-2 space-y-1 border-l-2 border-slate-200 pl-3" data-testid="dimension-evidence">
                      {d.evidence.map((line, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the model's order, never reordered; lines may repeat
                        <li key={i} className="text-xs text-slate-600">
                          <q>{stripBullet(line)}</q>
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
      </Card>

      {analysis.matchPercent != null ? (
        <Card aria-labelledby="jd-title" data-testid="jd-match">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="jd-title" className="flex items-center gap-2 text-lg font-semibold">
              <Target aria-hidden className="size-5 text-indigo-600" />
              {t("jdMatch")}
            </h2>
            <span className={cn("text-2xl font-bold tabular-nums", scoreTone(analysis.matchPercent))} data-testid="match-percent">
              {Math.round(analysis.matchPercent)}%
            </span>
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: a drawn bar in the score colour; a native <meter> cannot be styled alike across browsers */}
          <div
            role="meter"
            aria-label={t("jdMatch")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={analysis.matchPercent}
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div className={cn("h-full rounded-full", barTone(analysis.matchPercent, 100))} style={{ width: `${analysis.matchPercent}%` }} />
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <SkillChips title={t("matchedSkills")} skills={analysis.matchedSkills ?? []} tone="matched" empty={t("none")} />
            <SkillChips title={t("missingSkills")} skills={analysis.missingSkills ?? []} tone="missing" empty={t("none")} />
          </div>
        </Card>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-5 lg:items-start">
        <Card aria-labelledby="strengths-title" className="lg:col-span-2" data-testid="strengths">
          <h2 id="strengths-title" className="flex items-center gap-2 text-lg font-semibold">
            <CheckCircle2 aria-hidden className="size-5 text-emerald-600" />
            {t("strengths")}
          </h2>
          {analysis.strengths.length ? (
            <ul lang={lang} className="mt-3 space-y-2">
              {analysis.strengths.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the model's order, never reordered; items may repeat
                <li key={i} className="flex gap-2 text-sm text-slate-700">
                  <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-emerald-500" />
                  {s}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-500">{t("noStrengths")}</p>
          )}
        </Card>

        <Card aria-labelledby="suggestions-title" className="lg:col-span-3" data-testid="suggestions">
          <h2 id="suggestions-title" className="flex items-center gap-2 text-lg font-semibold">
            <Lightbulb aria-hidden className="size-5 text-amber-500" />
            {t("suggestions")}
          </h2>
          {analysis.suggestions.length === 0 ? <p className="mt-3 text-sm text-slate-500">{t("noSuggestions")}</p> : null}
          {PRIORITIES.map((p) => {
            const items = analysis.suggestions.filter((s) => s.priority === p);
            if (items.length === 0) return null;
            return (
              <section key={p} className="mt-4" data-testid={`suggestions-${p}`} aria-labelledby={`suggestions-${p}-title`}>
                <h3 id={`suggestions-${p}-title`} className="flex items-center gap-2 text-sm font-semibold text-slate-800">
                  <span className={cn("rounded-full px-2 py-0.5 text-xs ring-1 ring-inset", PRIORITY_STYLE[p])}>{t(`priority.${p}`)}</span>
                  <span className="text-xs font-normal text-slate-500">{t("count", { count: items.length })}</span>
                </h3>
                <ul lang={lang} className="mt-2 space-y-3">
                  {items.map((s, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the model's order, never reordered; items may repeat
                    <li key={i} className="rounded-lg border border-slate-200 p-3 text-sm">
                      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{s.category}</p>
                      <p className="mt-1 font-medium text-slate-800">{s.issue}</p>
                      <p className="mt-1 text-slate-600">{s.recommendation}</p>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </Card>
      </div>
    </div>
  );
}

function SkillChips({ title, skills, tone, empty }: { title: string; skills: string[]; tone: "matched" | "missing"; empty: string }) {
  return (
    <div data-testid={`${tone}-skills`}>
      <h3 className="text-sm font-medium text-slate-700">
        {title} <span className="font-normal text-slate-400">({skills.length})</span>
      </h3>
      {skills.length ? (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {skills.map((s) => (
            <li
              key={s}
              className={cn(
                "rounded-full px-2.5 py-0.5 text-xs ring-1 ring-inset",
                tone === "matched" ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-rose-50 text-rose-700 ring-rose-200",
              )}
            >
              {s}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-xs text-slate-500">{empty}</p>
      )}
    </div>
  );
}
