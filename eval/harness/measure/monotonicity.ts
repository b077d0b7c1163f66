import { applyEdit } from "../edits";
import { analyse, type Extractor, extractedResume, readJob } from "../pipeline";
import { type CaseOf, DIMENSION_KEYS, type Progress, type Scores, scoresOf } from "./common";

export type MonotonicityCaseResult = {
  id: string;
  direction: "not_higher" | "not_lower";
  /** The edit op, or `file` for an edited file. */
  change: string;
  /** False when the edit left the text as it was: the case then proves nothing and is reported. */
  changed: boolean;
  base: Scores;
  edited: Scores;
  /** Each figure that moved the forbidden way, as `skills 12 → 13.5`. */
  violations: string[];
};

export type MonotonicitySummary = {
  cases: MonotonicityCaseResult[];
  /** Figures (overall and listed dimensions) that moved the forbidden way, over all cases: the goal's figure. */
  violations: number;
  casesViolating: number;
  /** Cases whose edit changed nothing (a case the set must fix). */
  unchanged: number;
};

/**
 * The base resume and its edited form (an edited file, or `edit` applied to the base's
 * extracted text, analysed with the base's language and hidden lines) analysed against the
 * case's job; the overall and the listed dimensions (all five when none are listed) must not
 * move in the forbidden direction. A tie is not a violation.
 * @throws as the analysis throws.
 */
export async function measureMonotonicity(cases: CaseOf<"monotonicity">[], extract: Extractor, progress: Progress): Promise<MonotonicitySummary> {
  const out: MonotonicityCaseResult[] = [];
  for (const c of cases) {
    progress(c.case.id);
    const job = await readJob(c.case.job ? c.file(c.case.job) : undefined);
    const base = await extractedResume(c.file(c.case.base), extract);
    const baseAnalysis = await analyse(base, job);
    let editedAnalysis: Awaited<ReturnType<typeof analyse>>;
    let changed: boolean;
    if (c.case.edit) {
      const edit = applyEdit(c.case.edit, base.text);
      changed = edit.changed;
      editedAnalysis = await analyse(base, job, edit.text);
    } else {
      const edited = await extractedResume(c.file(c.case.edited as string), extract);
      changed = edited.text !== base.text;
      editedAnalysis = await analyse(edited, job);
    }
    const before = scoresOf(baseAnalysis);
    const after = scoresOf(editedAnalysis);
    const figures = ["overall", ...(c.case.dimensions ?? DIMENSION_KEYS)] as const;
    const wrong = (b: number, a: number) => (c.case.direction === "not_higher" ? a > b : a < b);
    const violations = figures.filter((f) => wrong(before[f], after[f])).map((f) => `${f} ${before[f]} → ${after[f]}`);
    out.push({ id: c.case.id, direction: c.case.direction, change: c.case.edit ?? "file", changed, base: before, edited: after, violations });
  }
  return {
    cases: out,
    violations: out.reduce((n, c) => n + c.violations.length, 0),
    casesViolating: out.filter((c) => c.violations.length > 0).length,
    unchanged: out.filter((c) => !c.changed).length,
  };
}
