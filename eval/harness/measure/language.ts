import type { Analysis } from "@/lib/resume";
import { max, mean, proseLanguage, share } from "../metrics";
import { analyseFile, type Extractor, readJob } from "../pipeline";
import type { CaseOf, Progress } from "./common";

export type LanguageCaseResult = {
  id: string;
  overall: { zh: number; en: number };
  /** |overall(zh) − overall(en)|, points. */
  gap: number;
  /** What is wrong, one entry each (`zh: summary is en`); empty when the case passes. */
  problems: string[];
  pass: boolean;
};

export type LanguageSummary = {
  cases: LanguageCaseResult[];
  /** Share (0–1) of cases passing: both analyses in their resume's language and the gap ≤ {@link MAX_LANGUAGE_GAP}. */
  passShare: number;
  meanGap: number;
  maxGap: number;
};

/** Largest allowed |overall(zh) − overall(en)| for the same resume in both languages, points. */
export const MAX_LANGUAGE_GAP = 5;

/**
 * What in an analysis is not in `want`: its `language` field, and each block of its prose — the
 * summary, the dimension rationales together, the suggestions (issue and recommendation)
 * together — judged by {@link proseLanguage}. Evidence is quoted from the resume and not judged.
 */
export function languageProblems(a: Analysis, want: "en" | "zh"): string[] {
  const blocks = {
    summary: a.summary,
    rationales: a.dimensions.map((d) => d.rationale).join("\n"),
    suggestions: a.suggestions.map((s) => `${s.issue}\n${s.recommendation}`).join("\n"),
  };
  const problems = a.language === want ? [] : [`${want}: language is ${a.language}`];
  for (const [name, text] of Object.entries(blocks)) {
    const got = proseLanguage(text);
    // No suggestions at all is not prose in the wrong language.
    if (got !== want && !(got === "none" && name === "suggestions")) problems.push(`${want}: ${name} is ${got}`);
  }
  return problems;
}

/**
 * The same resume in Chinese and in English, each analysed (against its own language's job
 * when the case has jobs): each analysis must be written in its resume's language, and the
 * overall scores must be within {@link MAX_LANGUAGE_GAP}.
 * @throws as `analyseFile` throws.
 */
export async function measureLanguage(cases: CaseOf<"language">[], extract: Extractor, progress: Progress): Promise<LanguageSummary> {
  const out: LanguageCaseResult[] = [];
  for (const c of cases) {
    progress(c.case.id);
    const { jobs } = c.case;
    const zh = await analyseFile(c.file(c.case.zh), await readJob(jobs ? c.file(jobs.zh) : undefined), extract);
    const en = await analyseFile(c.file(c.case.en), await readJob(jobs ? c.file(jobs.en) : undefined), extract);
    const gap = Math.abs(zh.overallScore - en.overallScore);
    const problems = [...languageProblems(zh, "zh"), ...languageProblems(en, "en")];
    if (gap > MAX_LANGUAGE_GAP) problems.push(`gap ${gap.toFixed(1)} > ${MAX_LANGUAGE_GAP}`);
    out.push({ id: c.case.id, overall: { zh: zh.overallScore, en: en.overallScore }, gap, problems, pass: problems.length === 0 });
  }
  return { cases: out, passShare: share(out.map((c) => c.pass)), meanGap: mean(out.map((c) => c.gap)), maxGap: max(out.map((c) => c.gap)) };
}
