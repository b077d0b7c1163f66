import type { EvalCaseKind } from "./cases";
import type { DiscriminationSummary } from "./measure/discrimination";
import type { ExtractionSummary } from "./measure/extraction";
import type { InterviewSummary } from "./measure/interview";
import { type LanguageSummary, MAX_LANGUAGE_GAP } from "./measure/language";
import type { MonotonicitySummary } from "./measure/monotonicity";
import type { StabilitySummary } from "./measure/stability";

/** What one split measured, kind by kind (a kind not run is absent). */
export type SplitResults = {
  stability?: StabilitySummary;
  discrimination?: DiscriminationSummary;
  monotonicity?: MonotonicitySummary;
  language?: LanguageSummary;
  extraction?: ExtractionSummary;
  interview?: InterviewSummary;
};

/** One figure of a split's table: its value, and its goal when it has one. */
export type FigureRow = {
  kind: EvalCaseKind;
  figure: string;
  /** The figure as measured (a share 0–1, points or a count; see `unit`). */
  value: number;
  unit: "share" | "points" | "count";
  /** The goal in words (`≥ 90 %`), null for a figure reported without one. */
  goal: string | null;
  /** Whether the goal holds; null without a goal. A kind without cases never holds. */
  holds: boolean | null;
};

/**
 * The goal figures (docs/quality.md, "Goals"). Offline: the analysis is deterministic, so the
 * spread must be exactly 0, and the set's ordering, monotonicity, extraction and grading goals
 * are met in full or nearly. With a model the two figures a model moves are relaxed — σ ≤ 2
 * points, discrimination ≥ 95 % — and every goal is reported, not enforced.
 */
const GOALS = {
  offline: { maxSigma: 0, discrimination: 0.9 },
  model: { maxSigma: 2, discrimination: 0.95 },
} as const;
/** Share of visible words that must reach the analysis (offline and with a model: extraction is not the model's). */
export const EXTRACTION_GOAL = 0.98;

/** A goal's share in words: `90 %`. */
const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
/** A measured share as the tables print it, one decimal: `98.8 %`. */
export const percent = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)} %`;

/**
 * The rows of one split's table. A kind that was asked for but has no cases in the split gets
 * one row, `cases` = 0, which never holds: an empty kind must not pass by having nothing to fail.
 */
export function figureRows(results: SplitResults, asked: readonly EvalCaseKind[], mode: "offline" | "model"): FigureRow[] {
  const g = GOALS[mode];
  const rows: FigureRow[] = [];
  const row = (kind: EvalCaseKind, figure: string, value: number, unit: FigureRow["unit"], goal: string | null, holds: boolean | null) =>
    rows.push({ kind, figure, value, unit, goal, holds: goal === null ? null : holds });
  /** Whether `kind` was asked for and has cases; asked for without any, it gets its one failing row. */
  const measured = (kind: EvalCaseKind, summary: { cases: unknown[] } | undefined) => {
    if (!asked.includes(kind)) return false;
    if (summary && summary.cases.length > 0) return true;
    row(kind, "cases", 0, "count", "≥ 1 case", false);
    return false;
  };

  const s = results.stability;
  if (measured("stability", s) && s) {
    row(
      "stability",
      `largest σ of the overall and the dimensions (${s.runs} runs)`,
      s.maxSigma,
      "points",
      g.maxSigma === 0 ? "= 0" : `≤ ${g.maxSigma}`,
      s.maxSigma <= g.maxSigma,
    );
    row("stability", "mean σ of the overall", s.meanSigmaOverall, "points", null, null);
  }
  const d = results.discrimination;
  if (measured("discrimination", d) && d) {
    row("discrimination", "fit above misfit on skills and match %", d.orderedShare, "share", `≥ ${pct(g.discrimination)}`, d.orderedShare >= g.discrimination);
    row("discrimination", "mean gap, skills points", d.meanSkillsGap, "points", null, null);
    row("discrimination", "mean gap, match % points", d.meanMatchGap, "points", null, null);
  }
  const m = results.monotonicity;
  if (measured("monotonicity", m) && m) {
    row("monotonicity", "violations (figures moved the forbidden way)", m.violations, "count", "= 0", m.violations === 0);
    row("monotonicity", "cases with a violation", m.casesViolating, "count", null, null);
    row("monotonicity", "edits that changed nothing", m.unchanged, "count", "= 0", m.unchanged === 0);
  }
  const l = results.language;
  if (measured("language", l) && l) {
    row("language", `in the resume's language, gap ≤ ${MAX_LANGUAGE_GAP}`, l.passShare, "share", "= 100 %", l.passShare === 1);
    row("language", "mean gap, overall(zh) − overall(en) in absolute points", l.meanGap, "points", null, null);
    row("language", "largest gap, overall(zh) − overall(en) in absolute points", l.maxGap, "points", null, null);
  }
  const e = results.extraction;
  if (measured("extraction", e) && e) {
    row("extraction", "visible words reaching the analysis (word-weighted)", e.share, "share", `≥ ${pct(EXTRACTION_GOAL)}`, e.share >= EXTRACTION_GOAL);
    row("extraction", "lowest case", e.minShare, "share", null, null);
  }
  const i = results.interview;
  if (measured("interview", i) && i) {
    row("interview", "cases graded empty < wrong < partial < complete", i.fullyOrderedShare, "share", "= 100 %", i.fullyOrderedShare === 1);
    row("interview", "adjacent levels in order", i.adjacentShare, "share", null, null);
    row("interview", '"don\'t know" graded 0', i.dontKnowZeroShare, "share", "= 100 %", i.dontKnowZeroShare === 1);
    row("interview", "graded the same twice", i.repeatableShare, "share", "= 100 %", i.repeatableShare === 1);
  }
  return rows;
}

/** A figure as the tables print it: shares in percent, points with two decimals. */
export function formatValue(r: Pick<FigureRow, "value" | "unit">): string {
  if (r.unit === "share") return percent(r.value);
  if (r.unit === "points") return (Math.round(r.value * 100) / 100).toFixed(2);
  return String(r.value);
}
