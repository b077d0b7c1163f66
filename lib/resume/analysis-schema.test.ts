import { describe, expect, it } from "vitest";
import { type AnalysisDraft, analysisSchema, DIMENSION_MAX, finalizeAnalysis } from "./analysis-schema";

const draft = (scores: Partial<Record<keyof typeof DIMENSION_MAX, number>>, extra: Partial<AnalysisDraft> = {}): AnalysisDraft => ({
  dimensions: (Object.keys(DIMENSION_MAX) as (keyof typeof DIMENSION_MAX)[]).reverse().map((key) => ({
    key,
    score: scores[key] ?? 5,
    max: 999,
    rationale: `about ${key}`,
    evidence: ["a line", "  "],
  })),
  summary: "s",
  strengths: [],
  suggestions: [],
  ...extra,
});

describe("finalizeAnalysis", () => {
  it("recomputes overall as the sum of the parts, ignoring any total or max the model claimed", () => {
    const a = finalizeAnalysis(draft({ experience: 30, skills: 12.34, content: 10, structure: 9, expression: 7 }), {
      engine: "m",
      language: "en",
      hasJobDescription: false,
    });
    expect(a.overallScore).toBeCloseTo(30 + 12.3 + 10 + 9 + 7, 5);
    expect(a.dimensions.map((d) => [d.key, d.max])).toEqual(Object.entries(DIMENSION_MAX));
  });

  it("clamps each score into [0, its fixed maximum]", () => {
    const a = finalizeAnalysis(draft({ experience: 400, skills: -3 }), { engine: "m", language: "en", hasJobDescription: false });
    expect(a.dimensions.find((d) => d.key === "experience")!.score).toBe(40);
    expect(a.dimensions.find((d) => d.key === "skills")!.score).toBe(0);
    expect(a.overallScore).toBeLessThanOrEqual(100);
  });

  it("drops blank evidence lines", () => {
    const a = finalizeAnalysis(draft({}), { engine: "m", language: "en", hasJobDescription: false });
    expect(a.dimensions[0].evidence).toEqual(["a line"]);
  });

  it("computes matchPercent from matched and missing skills only when a JD was given; a skill cannot be both", () => {
    const withJd = finalizeAnalysis(draft({}, { matchedSkills: ["Go", "SQL", "go"], missingSkills: ["Kafka", "sql"] }), {
      engine: "m",
      language: "en",
      hasJobDescription: true,
    });
    expect(withJd.matchedSkills).toEqual(["Go", "SQL"]);
    expect(withJd.missingSkills).toEqual(["Kafka"]);
    expect(withJd.matchPercent).toBe(67);
    const without = finalizeAnalysis(draft({}, { matchedSkills: ["Go"] }), { engine: "m", language: "en", hasJobDescription: false });
    expect(without.matchPercent).toBeNull();
    expect(without.matchedSkills).toBeNull();
  });

  it("rejects a draft that repeats or misses a dimension", () => {
    const d = draft({});
    d.dimensions[1] = { ...d.dimensions[0] };
    expect(() => finalizeAnalysis(d, { engine: "m", language: "en", hasJobDescription: false })).toThrow(/twice/);
  });
});

describe("integrity fields", () => {
  it("a matched skill shown only in a keyword dump counts half in matchPercent", () => {
    const a = finalizeAnalysis(draft({}, { matchedSkills: ["Go", "Java", "Kafka"], missingSkills: ["Rust"], dumpOnlySkills: ["java", "Kafka"] }), {
      engine: "offline",
      language: "en",
      hasJobDescription: true,
    });
    expect(a.matchPercent).toBe(Math.round(((1 + 0.5 + 0.5) / 4) * 100));
  });

  it("finalize stores the integrity it is given, and a clean one by default", () => {
    const plain = finalizeAnalysis(draft({}), { engine: "m", language: "en", hasJobDescription: false });
    expect(plain).toMatchObject({ injectionSuspected: false, integrity: { reasons: [], replacedDimensions: [], removedLines: 0 } });
    const integrity = {
      reasons: [{ code: "hidden_text" as const, message: "m" }],
      replacedDimensions: [],
      replacedFields: [],
      removedLines: 1,
      droppedEvidence: 0,
    };
    expect(finalizeAnalysis(draft({}), { engine: "m", language: "en", hasJobDescription: false, integrity, injectionSuspected: true })).toMatchObject({
      injectionSuspected: true,
      integrity,
    });
  });

  it("an analysis stored before the checks (no injectionSuspected, no integrity) still parses", () => {
    const { injectionSuspected: _i, integrity: _g, ...old } = finalizeAnalysis(draft({}), { engine: "m", language: "en", hasJobDescription: false });
    expect(analysisSchema.parse(old).injectionSuspected).toBeUndefined();
  });
});
