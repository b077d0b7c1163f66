import { orderedShare, share } from "../metrics";
import { gradeAnswer } from "../pipeline";
import type { CaseOf, Progress } from "./common";

/** The answer levels, lowest first: each must grade strictly above the one before. */
export const LEVELS = ["empty", "wrong", "partial", "complete"] as const;
type Answer = (typeof LEVELS)[number] | "dontKnow";

export type InterviewCaseResult = {
  id: string;
  /** Question score (0–100) of each answer, first grading. */
  grades: Record<Answer, number>;
  /** Adjacent level pairs graded in order (of 3). */
  adjacentOrdered: number;
  fullyOrdered: boolean;
  dontKnowZero: boolean;
  /** Every answer graded the same the second time. */
  repeatable: boolean;
};

export type InterviewSummary = {
  cases: InterviewCaseResult[];
  /** Share (0–1) of cases with empty < wrong < partial < complete: the goal's figure. */
  fullyOrderedShare: number;
  /** Share (0–1) of adjacent pairs (3 per case) in order. */
  adjacentShare: number;
  dontKnowZeroShare: number;
  repeatableShare: number;
};

/** (higher level's grade, lower level's grade) for each adjacent pair of {@link LEVELS}. */
function adjacentPairs(grades: Record<Answer, number>): [number, number][] {
  return LEVELS.slice(1).map((l, i) => [grades[l], grades[LEVELS[i] as Answer]]);
}

/**
 * Each answer of each case graded twice as `interview.evaluate` would grade it (a one-question
 * plan built from the case's question).
 * @throws as the evaluation throws.
 */
export async function measureInterview(cases: CaseOf<"interview">[], progress: Progress): Promise<InterviewSummary> {
  const out: InterviewCaseResult[] = [];
  for (const c of cases) {
    progress(c.case.id);
    const { question, language, role, answers } = c.case;
    const grade = (a: Answer) => gradeAnswer({ question, language, role, answer: answers[a] });
    const names: Answer[] = [...LEVELS, "dontKnow"];
    const grades = {} as Record<Answer, number>;
    let repeatable = true;
    for (const a of names) {
      grades[a] = await grade(a);
      if ((await grade(a)) !== grades[a]) repeatable = false;
    }
    const pairs = adjacentPairs(grades);
    const adjacentOrdered = pairs.filter(([hi, lo]) => hi > lo).length;
    out.push({ id: c.case.id, grades, adjacentOrdered, fullyOrdered: adjacentOrdered === pairs.length, dontKnowZero: grades.dontKnow === 0, repeatable });
  }
  return {
    cases: out,
    fullyOrderedShare: share(out.map((c) => c.fullyOrdered)),
    adjacentShare: orderedShare(out.flatMap((c) => adjacentPairs(c.grades))),
    dontKnowZeroShare: share(out.map((c) => c.dontKnowZero)),
    repeatableShare: share(out.map((c) => c.repeatable)),
  };
}
