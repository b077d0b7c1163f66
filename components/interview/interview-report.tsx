"use client";
import { CheckCircle2, ChevronDown, Lightbulb, SkipForward, XCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, Tooltip } from "recharts";
import { type Report, type ReportQuestion, SUB_SCORE_KEYS, SUB_SCORE_WEIGHTS } from "@/lib/interview/schemas";
import { EngineBadge } from "../tasks/engine-badge";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { barTone, scoreTone } from "../ui/score-tone";
import { InjectionNotice } from "./injection-notice";

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * The evaluation: overall score and assessment, the prompt-injection notice when the report is
 * flagged (injection-notice.tsx), the category radar, strengths and
 * improvements, then each question with the candidate's answer beside the reference answer,
 * its score and four sub-scores, the feedback and the key points missed. UI labels are in the
 * viewer's language; the report's own text keeps the interview's language.
 */
export function InterviewReport({ report }: { report: Report }) {
  const t = useTranslations("interview.report");
  const tc = useTranslations("interview.categories");
  const lang = report.language === "zh" ? "zh-CN" : "en";
  const overall = Math.round(report.overallScore);
  const radar = report.categories.map((c) => ({ category: tc(c.category), average: c.average }));

  return (
    <div className="space-y-6" data-testid="interview-report" data-language={report.language}>
      <Card className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <div className="flex shrink-0 flex-col items-center sm:w-44">
          <p className="text-sm font-medium text-slate-500">{t("overall")}</p>
          <p className="mt-1 flex items-baseline gap-1" role="img" aria-label={t("overallAria", { score: overall })}>
            <span className={cn("text-6xl font-bold tabular-nums", scoreTone(overall))} data-testid="interview-overall-score" data-score={report.overallScore}>
              {overall}
            </span>
            <span className="text-xl text-slate-400">/100</span>
          </p>
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <EngineBadge engine={report.engine} of="evaluation" />
          <p lang={lang} className="text-sm leading-relaxed text-slate-700" data-testid="interview-assessment">
            {report.assessment}
          </p>
        </div>
      </Card>

      <InjectionNotice report={report} />

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card aria-labelledby="categories-title" data-testid="interview-categories">
          <h2 id="categories-title" className="text-lg font-semibold">
            {t("categories")}
          </h2>
          {radar.length >= 3 ? (
            <div
              role="img"
              aria-label={t("radarAria", { scores: radar.map((r) => `${r.category} ${fmt(r.average)}`).join(", ") })}
              data-testid="category-radar"
            >
              <RadarChart responsive data={radar} outerRadius="72%" style={{ width: "100%", height: 260 }}>
                <PolarGrid stroke="#e2e8f0" />
                <PolarAngleAxis dataKey="category" tick={{ fontSize: 11, fill: "#475569" }} />
                <PolarRadiusAxis domain={[0, 100]} tickCount={5} tick={false} axisLine={false} />
                <Radar dataKey="average" name={t("average")} stroke="#4f46e5" fill="#6366f1" fillOpacity={0.3} isAnimationActive={false} />
                <Tooltip formatter={(v) => [`${fmt(Number(v))}/100`, t("average")]} contentStyle={{ borderRadius: 8, fontSize: 12 }} />
              </RadarChart>
            </div>
          ) : null}
          <ul className="mt-3 space-y-3">
            {report.categories.map((c) => (
              <li key={c.category} data-testid="category-average" data-category={c.category} data-average={c.average}>
                <div className="flex items-baseline justify-between gap-2 text-sm">
                  <span className="font-medium text-slate-800">{tc(c.category)}</span>
                  <span className="tabular-nums text-slate-600">
                    <span className="font-semibold text-slate-900">{fmt(c.average)}</span> / 100
                  </span>
                </div>
                <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                  <div className={cn("h-full rounded-full", barTone(c.average, 100))} style={{ width: `${c.average}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </Card>

        <div className="space-y-6">
          <Card aria-labelledby="istrengths-title" data-testid="interview-strengths">
            <h2 id="istrengths-title" className="flex items-center gap-2 text-lg font-semibold">
              <CheckCircle2 aria-hidden className="size-5 text-emerald-600" />
              {t("strengths")}
            </h2>
            <BulletList items={report.strengths} lang={lang} tone="bg-emerald-500" empty={t("noStrengths")} />
          </Card>
          <Card aria-labelledby="improvements-title" data-testid="interview-improvements">
            <h2 id="improvements-title" className="flex items-center gap-2 text-lg font-semibold">
              <Lightbulb aria-hidden className="size-5 text-amber-500" />
              {t("improvements")}
            </h2>
            <BulletList items={report.improvements} lang={lang} tone="bg-amber-500" empty={t("noImprovements")} />
          </Card>
        </div>
      </div>

      <section aria-labelledby="questions-title" className="space-y-4">
        <h2 id="questions-title" className="text-lg font-semibold">
          {t("questions")}
        </h2>
        <ol className="space-y-4">
          {report.questions.map((q, i) => (
            <QuestionResult key={q.questionId} q={q} index={i} lang={lang} />
          ))}
        </ol>
      </section>
    </div>
  );
}

function BulletList({ items, lang, tone, empty }: { items: string[]; lang: string; tone: string; empty: string }) {
  if (items.length === 0) return <p className="mt-3 text-sm text-slate-500">{empty}</p>;
  return (
    <ul lang={lang} className="mt-3 space-y-2">
      {items.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the model's order, never reordered; items may repeat
        <li key={i} className="flex gap-2 text-sm text-slate-700">
          <span aria-hidden className={cn("mt-2 size-1.5 shrink-0 rounded-full", tone)} />
          {s}
        </li>
      ))}
    </ul>
  );
}

function QuestionResult({ q, index, lang }: { q: ReportQuestion; index: number; lang: string }) {
  const t = useTranslations("interview.report");
  const tc = useTranslations("interview.categories");
  const answered = !q.skipped && q.answer.trim().length > 0;
  return (
    <li>
      <Card
        className="space-y-4"
        data-testid="report-question"
        data-question-id={q.questionId}
        data-score={q.score}
        data-skipped={q.skipped || undefined}
        data-answered={answered || undefined}
        aria-labelledby={`q-${index}-title`}
      >
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 text-xs font-medium text-slate-500">
              <span>{t("questionNumber", { number: index + 1 })}</span>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{tc(q.category)}</span>
              {q.skipped ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-slate-600">
                  <SkipForward aria-hidden className="size-3" />
                  {t("skipped")}
                </span>
              ) : null}
            </p>
            <h3 id={`q-${index}-title`} lang={lang} className="mt-1 font-medium text-slate-900" data-testid="report-question-text">
              {q.question}
            </h3>
          </div>
          <p className="shrink-0 text-right" role="img" aria-label={t("scoreAria", { score: fmt(q.score) })}>
            <span className={cn("text-3xl font-bold tabular-nums", scoreTone(q.score))} data-testid="question-score">
              {fmt(q.score)}
            </span>
            <span className="text-sm text-slate-400">/100</span>
          </p>
        </div>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4" data-testid="sub-scores">
          {SUB_SCORE_KEYS.map((k) => (
            <div key={k} data-testid="sub-score" data-key={k} data-score={q.subScores[k]}>
              <dt className="flex items-baseline justify-between text-xs text-slate-500">
                <span>{t(`subScores.${k}`)}</span>
                <span className="text-[10px] text-slate-400">×{SUB_SCORE_WEIGHTS[k] * 100}%</span>
              </dt>
              <dd className="mt-0.5 flex items-center gap-2">
                <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                  <span className={cn("block h-full rounded-full", barTone(q.subScores[k], 100))} style={{ width: `${q.subScores[k]}%` }} />
                </span>
                <span className="w-8 text-right text-xs font-semibold tabular-nums text-slate-800">{fmt(q.subScores[k])}</span>
              </dd>
            </div>
          ))}
        </dl>

        <div className="grid gap-3 md:grid-cols-2">
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-3">
            <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t("yourAnswer")}</h4>
            {answered ? (
              <p lang={lang} className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800" data-testid="report-answer">
                {q.answer}
              </p>
            ) : (
              <p className="mt-1 text-sm italic text-slate-500" data-testid="report-answer" data-empty="true">
                {q.skipped ? t("skippedAnswer") : t("noAnswer")}
              </p>
            )}
          </div>
          <div className="rounded-xl border border-emerald-200 bg-emerald-50/60 p-3">
            <h4 className="text-xs font-semibold uppercase tracking-wide text-emerald-700">{t("referenceAnswer")}</h4>
            <p lang={lang} className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800" data-testid="report-reference">
              {q.referenceAnswer}
            </p>
          </div>
        </div>

        <p lang={lang} className="text-sm text-slate-700" data-testid="report-feedback">
          {q.feedback}
        </p>

        {q.keyPointsMissed.length > 0 || q.keyPointsCovered.length > 0 ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <KeyPoints title={t("missed")} points={q.keyPointsMissed} tone="missed" lang={lang} />
            <KeyPoints title={t("covered")} points={q.keyPointsCovered} tone="covered" lang={lang} />
          </div>
        ) : null}
      </Card>
    </li>
  );
}

function KeyPoints({ title, points, tone, lang }: { title: string; points: string[]; tone: "missed" | "covered"; lang: string }) {
  const t = useTranslations("interview.report");
  const Icon = tone === "missed" ? XCircle : CheckCircle2;
  return (
    <div data-testid={`key-points-${tone}`}>
      <h4 className="flex items-center gap-1.5 text-xs font-semibold text-slate-600">
        <Icon aria-hidden className={cn("size-3.5", tone === "missed" ? "text-rose-500" : "text-emerald-600")} />
        {title} <span className="font-normal text-slate-400">({points.length})</span>
      </h4>
      {points.length ? (
        <ul lang={lang} className="mt-1.5 flex flex-wrap gap-1.5">
          {points.map((p) => (
            <li
              key={p}
              className={cn(
                "rounded-full px-2.5 py-0.5 text-xs ring-1 ring-inset",
                tone === "missed" ? "bg-rose-50 text-rose-700 ring-rose-200" : "bg-emerald-50 text-emerald-800 ring-emerald-200",
              )}
            >
              {p}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1.5 text-xs text-slate-500">{t("none")}</p>
      )}
    </div>
  );
}

/** The transcript, read-only, folded under the report or the evaluation progress. */
export function TranscriptDisclosure({ children, count }: { children: ReactNode; count: number }) {
  const t = useTranslations("interview.report");
  return (
    <details className="group rounded-2xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="transcript">
      <summary className="flex cursor-pointer items-center gap-1.5 rounded font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600">
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
        {t("transcript", { count })}
      </summary>
      <div className="mt-4">{children}</div>
    </details>
  );
}
