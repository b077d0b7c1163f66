import { describe, expect, it } from "vitest";
import { fairnessAuditBodySchema } from "../ranking-contracts";
import { type AuditedResume, auditFindings } from "./audit";

const resume = (id: string, baseFit: number, variantFits: number[]): AuditedResume => ({
  resumeId: id,
  candidateLabel: `Candidate ${id}`,
  nameSwapped: true,
  baseFit,
  variants: variantFits.map((fit, i) => ({ label: `v${i}`, fit })),
});

describe("auditFindings", () => {
  it("reports no change and no flag when every variant scores as the original", () => {
    const r = auditFindings("offline", [resume("A", 80, [80, 80]), resume("B", 60, [60, 60])]);
    expect(r).toMatchObject({ engine: "offline", sampleSize: 2, variantCount: 2, maxFitDelta: 0, maxRankDelta: 0, flagged: false });
    expect(r.items.map((i) => i.baseRank)).toEqual([1, 2]);
    expect(fairnessAuditBodySchema.shape.result.parse(r)).toEqual(r);
  });

  it("flags a fit change over 2 points even when no rank moves", () => {
    const r = auditFindings("m", [resume("A", 90, [87.5]), resume("B", 50, [50])]);
    expect(r).toMatchObject({ maxFitDelta: 2.5, maxRankDelta: 0, flagged: true });
  });

  it("does not flag a change of exactly 2 points, but flags any rank move however small the fit change", () => {
    expect(auditFindings("m", [resume("A", 80, [78]), resume("B", 70, [70])]).flagged).toBe(false);
    const r = auditFindings("m", [resume("A", 70.5, [70.5]), resume("B", 70.4, [70.6])]);
    expect(r.items[1].variants[0]).toMatchObject({ rank: 1, fitDelta: 0.2 });
    expect(r).toMatchObject({ maxRankDelta: 1, flagged: true });
  });

  it("keeps the sample's order between equal fits, so an unchanged fit keeps its rank", () => {
    const r = auditFindings("m", [resume("A", 70, [70]), resume("B", 70, [70])]);
    expect(r.items.map((i) => [i.baseRank, i.variants[0].rank])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });
});
