import { describe, expect, it } from "vitest";
import { figureRows, formatValue } from "@/eval/harness/goals";
import type { DiscriminationSummary } from "@/eval/harness/measure/discrimination";
import type { StabilitySummary } from "@/eval/harness/measure/stability";

const stability = (maxSigma: number): StabilitySummary => ({
  cases: [{ id: "s", overall: [1, 1], sigma: { overall: maxSigma, experience: 0, skills: 0, content: 0, structure: 0, expression: 0 }, maxSigma }],
  runs: 5,
  maxSigma,
  meanSigmaOverall: maxSigma,
});
const discrimination = (orderedShare: number): DiscriminationSummary => ({ cases: [], orderedShare, meanSkillsGap: 1, meanMatchGap: 1 });
const goalRow = (rows: ReturnType<typeof figureRows>, kind: string) => rows.find((r) => r.kind === kind && r.goal !== null);

describe("figureRows", () => {
  it("offline, any spread at all misses; with a model up to 2 points holds", () => {
    expect(goalRow(figureRows({ stability: stability(0) }, ["stability"], "offline"), "stability")?.holds).toBe(true);
    expect(goalRow(figureRows({ stability: stability(0.05) }, ["stability"], "offline"), "stability")?.holds).toBe(false);
    expect(goalRow(figureRows({ stability: stability(2) }, ["stability"], "model"), "stability")?.holds).toBe(true);
    expect(goalRow(figureRows({ stability: stability(2.1) }, ["stability"], "model"), "stability")?.holds).toBe(false);
  });

  it("discrimination holds at 90 % offline and needs 95 % with a model", () => {
    const d = {
      ...discrimination(0.9),
      cases: [{ id: "d", fit: { skills: 2, matchPercent: 2 }, misfit: { skills: 1, matchPercent: 1 }, ordered: true, skillsGap: 1, matchGap: 1 }],
    };
    expect(goalRow(figureRows({ discrimination: d }, ["discrimination"], "offline"), "discrimination")?.holds).toBe(true);
    expect(goalRow(figureRows({ discrimination: d }, ["discrimination"], "model"), "discrimination")?.holds).toBe(false);
  });

  it("a kind asked for with no cases is one row that never holds", () => {
    const rows = figureRows({ discrimination: discrimination(0) }, ["discrimination"], "offline");
    expect(rows).toEqual([{ kind: "discrimination", figure: "cases", value: 0, unit: "count", goal: "≥ 1 case", holds: false }]);
  });

  it("a kind not asked for has no rows", () => {
    expect(figureRows({ stability: stability(0) }, ["interview"], "offline").map((r) => r.kind)).toEqual(["interview"]);
  });
});

describe("formatValue", () => {
  it("prints shares in percent, points with two decimals, counts as they are", () => {
    expect(formatValue({ value: 0.9876, unit: "share" })).toBe("98.8 %");
    expect(formatValue({ value: 1.005, unit: "points" })).toBe("1.00");
    expect(formatValue({ value: 3, unit: "count" })).toBe("3");
  });
});
