import path from "node:path";
import { describe, expect, it } from "vitest";
import type { EvalCaseKind } from "@/eval/harness/cases";
import { formatValue } from "@/eval/harness/goals";
import { caseMisses } from "@/eval/harness/report";
import { runEval } from "@/eval/harness/run-set";

/**
 * A slice of `npm run eval` on the REAL labelled set (eval/), so a regression in ordering,
 * monotonicity, language, extraction or grading fails CI: every held-out case of those kinds,
 * and stability with 2 runs, judged against the offline goals (docs/quality.md, "Goals"). A kind
 * without held-out cases fails: an empty set passes nothing.
 */
const EVAL_ROOT = path.resolve(import.meta.dirname, "..", "..", "eval");
const SLICE: EvalCaseKind[] = ["stability", "discrimination", "monotonicity", "language", "extraction", "interview"];

describe("the labelled set's held-out half, offline", () => {
  it("has cases of every kind and meets every goal", async () => {
    const report = await runEval({ root: EVAL_ROOT, splits: ["held-out"], kinds: SLICE, runs: 2 });
    expect(report.engine, "the slice judges the offline engine: unset LLM_BASE_URL/LLM_API_KEY").toBe("offline");
    const split = report.splits[0];
    if (!split) throw new Error("the held-out split was not measured");
    // Every goal missed at once (a kind without cases is one), with the cases that miss as the message.
    const missed = split.rows.filter((r) => r.holds === false).map((r) => `${r.kind}: ${r.figure} = ${formatValue(r)} (goal ${r.goal})`);
    expect(missed, `cases that miss:\n${caseMisses(split).join("\n")}`).toEqual([]);
    expect(split.results.stability?.maxSigma).toBe(0);
    expect(split.results.discrimination?.orderedShare).toBeGreaterThanOrEqual(0.9);
    expect(split.results.monotonicity?.violations).toBe(0);
    expect(split.results.extraction?.share).toBeGreaterThanOrEqual(0.98);
    expect(split.results.interview?.fullyOrderedShare).toBe(1);
  });
});
