import { describe, expect, it } from "vitest";
import { type Analysis, resumeProfile } from "@/lib/resume";
import { estimateLevel, fitOf, type RankingJob, scoreResume } from "./ranking";
import { DEFAULT_WEIGHTS } from "./ranking-contracts";

const NOW = new Date("2026-12-01T00:00:00Z");
const profileOf = (text: string) => resumeProfile({ text, language: "en", now: NOW });

const BACKEND = `Jane Doe
Senior Backend Engineer
Experience
Senior Backend Engineer, Acme Corp, Jan 2017 – Present
- Moved the billing service to Go and PostgreSQL, cutting p99 latency by 40%
- Built a Kafka pipeline processing 2M events a day
Backend Engineer, Initech, Mar 2014 – Dec 2016
- Wrote the payments API in Python
Skills
Go, PostgreSQL, Kafka, Python`;

const JUNIOR = `Sam Poe
Junior Developer
Experience
Junior Developer, Small Shop, Jun 2025 – Present
- Fixed bugs in the JavaScript front end
Skills
JavaScript, HTML`;

/** An analysis as the worker stores it, with the overall score and one evidence line per dimension. */
function analysis(overallScore: number, engine = "offline"): Analysis {
  const keys = ["experience", "skills", "content", "structure", "expression"] as const;
  return {
    overallScore,
    dimensions: keys.map((key) => ({ key, score: 0, max: 20, rationale: "", evidence: [`${key} evidence line`] })),
    summary: "",
    strengths: [],
    suggestions: [],
    matchedSkills: null,
    missingSkills: null,
    matchPercent: null,
    engine,
    language: "en",
  };
}

const JOB: RankingJob = { requiredSkills: ["Go", "PostgreSQL", "Kubernetes"], preferredSkills: ["Kafka"], seniority: "senior", weights: null };

describe("scoreResume", () => {
  it("scores required skills as the share the resume names, quoting the lines that name them", () => {
    const s = scoreResume({ job: JOB, analysis: analysis(70), profile: profileOf(BACKEND) });
    const required = s.criteria.find((c) => c.key === "required_skills")!;
    expect(required.score).toBeCloseTo((2 / 3) * 100, 0);
    expect(required.source).toBe("offline");
    expect(required.evidence).toContain("- Moved the billing service to Go and PostgreSQL, cutting p99 latency by 40%");
    expect(s.matchedSkills).toEqual(["Go", "PostgreSQL", "Kafka"]);
    expect(s.missingSkills).toEqual(["Kubernetes"]);
    expect(s.matchPercent).toBe(75);
  });

  it("takes resume quality from the analysis, with its engine as the source and its dimensions' evidence", () => {
    const s = scoreResume({ job: JOB, analysis: analysis(64.5, "gpt-4o-mini"), profile: profileOf(BACKEND) });
    const quality = s.criteria.find((c) => c.key === "resume_quality")!;
    expect(quality).toMatchObject({ score: 64.5, source: "gpt-4o-mini", weight: DEFAULT_WEIGHTS.resume_quality });
    expect(quality.evidence).toEqual([
      "experience evidence line",
      "skills evidence line",
      "content evidence line",
      "structure evidence line",
      "expression evidence line",
    ]);
  });

  it("computes fit as Σ weight·score / Σ weight of the criteria it returns", () => {
    const s = scoreResume({ job: JOB, analysis: analysis(70), profile: profileOf(BACKEND) });
    const expected = s.criteria.reduce((a, c) => a + c.weight * c.score, 0) / s.criteria.reduce((a, c) => a + c.weight, 0);
    expect(s.fit).toBe(Math.round(expected * 10) / 10);
    expect(s.criteria.map((c) => c.key)).toEqual(["required_skills", "preferred_skills", "experience_depth", "seniority_match", "resume_quality"]);
  });

  it("takes the job's weights over the defaults", () => {
    const s = scoreResume({ job: { ...JOB, weights: { required_skills: 5 } }, analysis: analysis(70), profile: profileOf(BACKEND) });
    expect(s.criteria.map((c) => c.weight)).toEqual([
      5,
      DEFAULT_WEIGHTS.preferred_skills,
      DEFAULT_WEIGHTS.experience_depth,
      DEFAULT_WEIGHTS.seniority_match,
      DEFAULT_WEIGHTS.resume_quality,
    ]);
  });

  it("leaves seniority and an empty skill list out of the fit (weight 0) when the job names none", () => {
    const s = scoreResume({ job: { ...JOB, preferredSkills: [], seniority: null }, analysis: analysis(70), profile: profileOf(BACKEND) });
    expect(s.criteria.find((c) => c.key === "seniority_match")!.weight).toBe(0);
    expect(s.criteria.find((c) => c.key === "preferred_skills")!.weight).toBe(0);
  });

  it("ranks the senior backend resume above the junior one by default, and the order flips when only quality counts", () => {
    const senior = { job: JOB, analysis: analysis(40), profile: profileOf(BACKEND) };
    const junior = { job: JOB, analysis: analysis(90), profile: profileOf(JUNIOR) };
    expect(scoreResume(senior).fit).toBeGreaterThan(scoreResume(junior).fit);
    const qualityOnly: RankingJob = {
      ...JOB,
      weights: { required_skills: 0, preferred_skills: 0, experience_depth: 0, seniority_match: 0, resume_quality: 100 },
    };
    expect(scoreResume({ ...senior, job: qualityOnly }).fit).toBeLessThan(scoreResume({ ...junior, job: qualityOnly }).fit);
  });

  it("matches a skill the dictionary does not know by its name as a whole word", () => {
    const s = scoreResume({ job: { ...JOB, requiredSkills: ["Initech"] }, analysis: analysis(50), profile: profileOf(BACKEND) });
    expect(s.matchedSkills).toEqual(["Initech", "Kafka"]);
  });
});

describe("estimateLevel", () => {
  it("reads the level from the title's words, else from the years", () => {
    expect(estimateLevel(profileOf(BACKEND)).level).toBe("senior");
    expect(estimateLevel(profileOf(JUNIOR)).level).toBe("junior");
    expect(estimateLevel(profileOf("Ann Lee\nExperience\nDeveloper, Acme, Jan 2013 – Dec 2024\n- Wrote services")).level).toBe("lead");
  });
});

describe("fitOf", () => {
  it("is the weighted mean, and 0 when every weight is 0", () => {
    expect(fitOf([{ weight: 0, score: 80 }])).toBe(0);
    expect(
      fitOf([
        { weight: 1, score: 80 },
        { weight: 3, score: 40 },
      ]),
    ).toBe(50);
  });
});
