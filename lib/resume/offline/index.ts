import type { AnalysisDraft } from "@/lib/resume/analysis-schema";
import { skillLabel } from "@/lib/text/skills-dictionary";
import { gatherFacts } from "./facts";
import type { ImplausibleNumbers } from "./gaming";
import { messages } from "./messages";
import { type Resemblance, resemblance } from "./resemblance";
import { scoreContent } from "./score-content";
import { scoreExperience } from "./score-experience";
import { scoreExpression } from "./score-expression";
import { scoreSkills } from "./score-skills";
import { scoreStructure } from "./score-structure";
import type { DimensionResult, Lang } from "./types";
import { round1, suggestion } from "./util";

/**
 * The offline analysis engine: deterministic, explainable resume analysis with no language
 * model. Formulas, word lists and worked examples: `docs/scoring.md`.
 *
 * Pipeline: prepare the text (text.ts) → run every analyser once (facts.ts) → score the five
 * dimensions (score-*.ts) → scale by resume-likeness (resemblance.ts) → assemble the draft.
 * All text is written in `language`.
 */
interface OfflineInput {
  /** Extracted resume text (plain, Markdown, or JSON Resume). */
  text: string;
  /** Optional job description (plain, Markdown with YAML front matter, or JSON). */
  jobDescription?: string | null;
  /** The resume's language; the analysis is written in it. */
  language: Lang;
  /** Reference date for "Present" (defaults to now). Pass it for reproducible results. */
  now?: Date;
}

const PRIORITY = { high: 0, medium: 1, low: 2 } as const;
const MAX_SUGGESTIONS = 10;
const MAX_STRENGTHS = 5;

/** What the offline engine saw that the integrity checks report (lib/resume/integrity/). */
export interface OfflineSignals {
  /** Matched job skills shown only in a keyword dump (labels in the analysis language). */
  dumpOnlySkills: string[];
  /** Skills (named, not implied) shown only in a keyword dump, with a job description or without. */
  dumpOnlyCount: number;
  /** The first keyword-dump line, verbatim; null when there is none. */
  dumpExcerpt: string | null;
  /** Set when the density of quantified statements is implausible. */
  implausibleNumbers: ImplausibleNumbers | null;
}

/** The offline analysis as a draft (see {@link analyzeOfflineWithSignals}). */
export function analyzeOffline(input: OfflineInput): AnalysisDraft {
  return analyzeOfflineWithSignals(input).draft;
}

/**
 * The offline analysis and its score-gaming signals (gaming.ts): keyword dumps and implausible
 * numbers. Deterministic and CPU only; the engine runs it beside every model analysis.
 */
export function analyzeOfflineWithSignals(input: OfflineInput): { draft: AnalysisDraft; signals: OfflineSignals } {
  const facts = gatherFacts(input);
  const m = messages(input.language);
  const gate = resemblance(facts);
  const dims: DimensionResult[] = [scoreExperience, scoreSkills, scoreContent, scoreStructure, scoreExpression].map((fn) => fn(facts));

  if (gate.factor < 1) {
    for (const d of dims) {
      d.score = round1(d.score * gate.factor);
      d.rationale += m.gate({ factor: gate.factor });
    }
  }
  const overall = dims.reduce((s, d) => s + d.score, 0);
  const byShare = [...dims].sort((a, b) => b.score / b.max - a.score / a.max);

  const suggestions = dims.flatMap((d) => d.suggestions);
  if (gate.factor < 0.6) suggestions.unshift(suggestion("content", "high", m.sugNotResume()));
  suggestions.sort((a, b) => PRIORITY[a.priority] - PRIORITY[b.priority]);

  const strengths = gate.factor < 0.6 ? [] : dims.flatMap((d) => d.strengths).slice(0, MAX_STRENGTHS);
  const role = facts.role ? (input.language === "zh" ? facts.role.role.zh : facts.role.role.en) : null;

  const draft: AnalysisDraft = {
    dimensions: dims.map((d) => ({ key: d.key, score: d.score, max: d.max, rationale: d.rationale, evidence: d.evidence })),
    summary: m.summary({
      role,
      R: facts.roles.length,
      years: facts.roles.length > 0 ? facts.timeline.workedMonths / 12 : 0,
      overall,
      best: m.dimensionName(byShare[0].key),
      worst: m.dimensionName(byShare[byShare.length - 1].key),
      jd: facts.jd ? { matched: facts.jd.matched.length, total: facts.jd.skills.length } : null,
      notResume: gate.factor < 0.6,
    }),
    strengths,
    suggestions: suggestions.slice(0, MAX_SUGGESTIONS),
  };
  if (input.jobDescription?.trim()) {
    draft.matchedSkills = (facts.jd?.matched ?? []).map((n) => skillLabel(n, input.language));
    draft.missingSkills = (facts.jd?.missing ?? []).map((n) => skillLabel(n, input.language));
    const dumpOnly = (facts.jd?.matched ?? []).filter((n) => facts.dumpOnly.has(n)).map((n) => skillLabel(n, input.language));
    if (dumpOnly.length > 0) draft.dumpOnlySkills = dumpOnly;
  }
  const firstDump = Math.min(...facts.dumpLines);
  const signals: OfflineSignals = {
    dumpOnlySkills: draft.dumpOnlySkills ?? [],
    dumpOnlyCount: [...facts.dumpOnly].filter((n) => !facts.skills.get(n)?.implied).length,
    dumpExcerpt: facts.dumpLines.size > 0 ? (facts.doc.lines.find((l) => l.index === firstDump)?.raw ?? null) : null,
    implausibleNumbers: facts.implausibleNumbers,
  };
  return { draft, signals };
}

/**
 * How much a text looks like a resume (0–1) and the signals behind it — for callers that
 * want to refuse non-resumes before analysing them.
 */
export function resumeLikeness(text: string, language: Lang): Resemblance {
  return resemblance(gatherFacts({ text, language }));
}
