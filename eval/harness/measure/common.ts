import type { Analysis } from "@/lib/resume";
import { DIMENSION_KEYS, type DimensionKey } from "@/lib/resume/analysis-schema";
import type { EvalCase, EvalCaseKind } from "../cases";
import type { LoadedCase } from "../load";

/** A loaded case of one kind, its `case` narrowed to that kind's shape. */
export type CaseOf<K extends EvalCaseKind> = Omit<LoadedCase, "case"> & { case: Extract<EvalCase, { kind: K }> };

/** Told before each case is measured, with its id. */
export type Progress = (caseId: string) => void;

export { DIMENSION_KEYS, type DimensionKey };

/** An analysis' scores: the overall (0–100) and each dimension's points. */
export type Scores = { overall: number } & Record<DimensionKey, number>;

/** The scores of an analysis, for the tables. */
export function scoresOf(a: Analysis): Scores {
  const out = { overall: a.overallScore } as Scores;
  for (const k of DIMENSION_KEYS) out[k] = a.dimensions.find((d) => d.key === k)?.score ?? 0;
  return out;
}

/** Rounds for display and the JSON result (figures are compared unrounded). */
export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
