import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { skillLabel } from "@/lib/text/skills-dictionary";
import { corpusPath } from "@/tests/corpus-dir";
import { type AnalysisDraft, DIMENSION_MAX, finalizeAnalysis } from "../analysis-schema";
import { analyzeResume } from "../engine";
import { extractResumeText } from "../extract";
import { analyzeOfflineWithSignals } from "../offline";
import { gatherFacts } from "../offline/facts";
import { GAMING } from "../offline/gaming";
import { jdSkills } from "../offline/jd";
import { scoreExperience } from "../offline/score-experience";
import { guardModelDraft } from "./guard";
import { screenResumeInput } from "./screen";

/**
 * The two score-gaming shapes measured against the offline engine (docs/scoring.md, "Keyword
 * stuffing and invented bullets"), built here from a weak corpus resume (Jane Smith, one role,
 * two bullets) and corpus job descriptions: a `Keywords:` line of the job's terms, and 25
 * invented quantified bullets. Before these checks the first went from 14 % to 100 % match
 * (45.3 → 55.9 overall), the second from 43.6 to 68.9 overall, and neither was flagged.
 */
const NOW = new Date("2026-11-29T00:00:00Z");
const JAVA_JD = readFileSync(corpusPath("jobs/zh_backend_java-engineer_jd.md"), "utf8");
const PM_JD = readFileSync(corpusPath("jobs/en_product_technical-product-manager_login-gov.md"), "utf8");
let weak: string;
const saved = process.env.LLM_PROVIDER;

beforeAll(async () => {
  const r = await extractResumeText({ bytes: new Uint8Array(readFileSync(corpusPath("resumes-docx/en_mac-word_synthetic_jane-smith.docx"))), kind: "docx" });
  if (!r.ok) throw new Error(`the corpus resume did not extract: ${r.code}`);
  weak = r.text;
  process.env.LLM_PROVIDER = "offline";
});
afterEach(() => {
  process.env.LLM_PROVIDER = "offline";
});
afterAll(() => {
  if (saved === undefined) delete process.env.LLM_PROVIDER;
  else process.env.LLM_PROVIDER = saved;
});

const analyse = async (text: string, jobDescription: string) => (await analyzeResume({ text, jobDescription, language: "en", now: NOW })).analysis;
const keywordLine = (jd: string) =>
  `Keywords: ${jdSkills(jd)
    .map((s) => skillLabel(s.name, "en"))
    .join(", ")}`;

/** 25 invented bullets, each with a percentage, under the resume's one role. */
function inventedBullets(text: string): string {
  const verbs = ["Improved", "Increased", "Reduced", "Grew", "Cut", "Raised", "Boosted", "Accelerated"];
  const things = [
    "model accuracy",
    "pipeline throughput",
    "query latency",
    "user retention",
    "conversion rate",
    "forecast precision",
    "data quality",
    "dashboard adoption",
  ];
  const bullets = Array.from(
    { length: 25 },
    (_, i) => `- ${verbs[i % 8]} ${things[(i * 3) % 8]} by ${17 + ((i * 7) % 60)}% across ${2 + (i % 9)} product teams`,
  );
  const anchor = "- Developed NLP pipeline for sentiment analysis of customer feedback";
  expect(text).toContain(anchor);
  return text.replace(anchor, `${anchor}\n\n${bullets.join("\n\n")}`);
}

describe("keyword stuffing", () => {
  it("a Keywords: line of the job's terms gains no points, its skills count half in the match, and it is flagged", async () => {
    const clean = await analyse(weak, JAVA_JD);
    const stuffed = await analyse(`${weak}\n${keywordLine(JAVA_JD)}`, JAVA_JD);
    expect(stuffed.overallScore).toBeLessThanOrEqual(clean.overallScore);
    expect(stuffed.dimensions.find((d) => d.key === "skills")!.score).toBeLessThanOrEqual(clean.dimensions.find((d) => d.key === "skills")!.score);
    // Every job skill is now "matched", but the dump-only ones count half.
    expect(stuffed.missingSkills).toEqual([]);
    const dumpOnly = stuffed.integrity!.reasons.find((r) => r.code === "keyword_stuffing");
    expect(dumpOnly).toMatchObject({ dimension: "skills" });
    expect(dumpOnly!.excerpt).toMatch(/^Keywords: /);
    const matched = stuffed.matchedSkills!.length;
    const fromDump = analyzeOfflineWithSignals({ text: `${weak}\n${keywordLine(JAVA_JD)}`, jobDescription: JAVA_JD, language: "en", now: NOW }).signals
      .dumpOnlySkills.length;
    expect(fromDump).toBeGreaterThan(0);
    expect(stuffed.matchPercent).toBe(Math.round(((matched - fromDump + fromDump / 2) / matched) * 100));
    expect(stuffed.matchPercent).toBeLessThan(100);
    expect(stuffed.injectionSuspected).toBe(true);
    expect(clean.injectionSuspected).toBe(false);
  });

  it("a long Skills: list of the job's terms used nowhere in the experience is a dump too; a genuine skills line is not", async () => {
    const terms = jdSkills(JAVA_JD).map((s) => skillLabel(s.name, "en"));
    expect(terms.length).toBeGreaterThanOrEqual(GAMING.listItems);
    const stuffed = await analyse(`${weak}\nSkills: ${terms.join(", ")}`, JAVA_JD);
    expect(stuffed.integrity!.reasons.map((r) => r.code)).toContain("keyword_stuffing");
    const clean = await analyse(weak, JAVA_JD);
    expect(clean.integrity!.reasons).toEqual([]);
  });

  it("a model's matched skills that only the dump shows count half, and its inflated skills score is the offline engine's", () => {
    const text = `${weak}\n${keywordLine(JAVA_JD)}`;
    const screened = screenResumeInput({ text, jobDescription: JAVA_JD });
    const offline = analyzeOfflineWithSignals({ text: screened.text, jobDescription: screened.jobDescription, language: "en", now: NOW });
    const draft: AnalysisDraft = {
      ...offline.draft,
      dimensions: offline.draft.dimensions.map((d) => (d.key === "skills" ? { ...d, score: 19, rationale: "Covers every required skill." } : d)),
    };
    const out = guardModelDraft({ draft, screened, offline, language: "en" });
    expect(out.integrity.replacedDimensions).toEqual(["skills"]);
    expect(out.draft.dumpOnlySkills).toEqual(offline.signals.dumpOnlySkills);
    const a = finalizeAnalysis(out.draft, { engine: "m", language: "en", hasJobDescription: true });
    expect(a.matchPercent).toBeLessThan(100);
  });
});

describe("invented quantified bullets", () => {
  it("25 invented bullets with a % each: flagged implausible_numbers, their quantified-impact credit halved", async () => {
    const text = inventedBullets(weak);
    const clean = await analyse(weak, PM_JD);
    const invented = await analyse(text, PM_JD);
    expect(invented.injectionSuspected).toBe(true);
    expect(invented.integrity!.reasons).toContainEqual(expect.objectContaining({ code: "implausible_numbers", dimension: "experience" }));
    expect(clean.integrity!.reasons).toEqual([]);
    // The damping, measured against the same facts scored without it.
    const facts = gatherFacts({ text, jobDescription: PM_JD, language: "en", now: NOW });
    expect(facts.implausibleNumbers).not.toBeNull();
    const undamped = scoreExperience({ ...facts, implausibleNumbers: null }).score;
    const damped = invented.dimensions.find((d) => d.key === "experience")!.score;
    expect(damped).toBeLessThan(undamped);
    expect(undamped - damped).toBeGreaterThanOrEqual(3);
  });

  it("a model that believes them is held to the offline engine's experience score", async () => {
    const text = inventedBullets(weak);
    const screened = screenResumeInput({ text, jobDescription: PM_JD });
    const offline = analyzeOfflineWithSignals({ text: screened.text, jobDescription: screened.jobDescription, language: "en", now: NOW });
    const draft: AnalysisDraft = {
      ...offline.draft,
      dimensions: offline.draft.dimensions.map((d) =>
        d.key === "experience" ? { ...d, score: DIMENSION_MAX.experience, rationale: "Outstanding quantified impact." } : d,
      ),
    };
    const out = guardModelDraft({ draft, screened, offline, language: "en" });
    expect(out.integrity.replacedDimensions).toEqual(["experience"]);
    expect(out.draft.dimensions[0]!.score).toBe(offline.draft.dimensions[0]!.score);
  });

  it("no corpus resume has an implausible density of numbers", async () => {
    for (const file of [
      "resumes-txt-md/en_plain_sample_resume.txt",
      "resumes-pdf/en_scanned-with-ocr-layer_devops.pdf",
      "resumes-pdf/en_typst_rendercv_classic.pdf",
      "resumes-pdf/en_react-pdf_openresume.pdf",
    ]) {
      const r = await extractResumeText({ bytes: new Uint8Array(readFileSync(corpusPath(file))), kind: file.endsWith(".pdf") ? "pdf" : "text" });
      if (!r.ok) throw new Error(file);
      expect(gatherFacts({ text: r.text, language: r.language, now: NOW }).implausibleNumbers).toBeNull();
    }
  });
});
