import type { Analysis, ResumeProfile } from "@/lib/resume";
import type { Criterion, CriterionKey } from "./ranking-contracts";
import { jobWeights } from "./view";

/**
 * The ranking's criteria (docs/recruiting.md, "Ranking"): how well one analysed resume fits a
 * job, as named scores 0–100 with the resume lines each rests on. Pure: the same job, analysis
 * and profile give the same criteria.
 */

export type Seniority = "junior" | "mid" | "senior" | "lead";
const LEVELS: readonly Seniority[] = ["junior", "mid", "senior", "lead"];

/** What of a job the criteria read. */
export interface RankingJob {
  requiredSkills: readonly string[];
  preferredSkills: readonly string[];
  seniority: Seniority | null;
  /** A recruiter's weights per criterion key; null or a missing key = the default (`jobWeights`). */
  weights: Record<string, number> | null;
}

/** One resume scored against a job. */
export interface ScoredResume {
  criteria: Criterion[];
  /** 0–100, one decimal: Σ weight·score / Σ weight over the criteria. */
  fit: number;
  /** The job's skills (required, then preferred) the resume shows, and those it does not. */
  matchedSkills: string[];
  missingSkills: string[];
  /** Share of the job's skills the resume shows, 0–100; null when the job lists none. */
  matchPercent: number | null;
}

/** Lines quoted per criterion at most. */
const MAX_EVIDENCE = 6;
/** Years of experience that give full marks on experience depth, by the job's seniority (none named: `mid`'s). */
const FULL_YEARS: Record<Seniority, number> = { junior: 2, mid: 5, senior: 8, lead: 10 };
/** Roles that give full marks on the roles part of experience depth. */
const FULL_ROLES = 3;
/** Seniority match by the distance between the estimated and the wanted level: 0, 1, 2, 3 steps. */
const LEVEL_DISTANCE_SCORE = [100, 60, 25, 0] as const;
/** Title words that say a level, strongest first (English and Chinese). */
const TITLE_LEVELS: readonly [Seniority, RegExp][] = [
  ["lead", /\b(?:lead|principal|staff|head of|director|manager|architect|vp|chief)\b|负责人|总监|主管|经理|架构师/i],
  ["senior", /\b(?:senior|sr\.?)\b|高级|资深/i],
  ["junior", /\b(?:junior|jr\.?|intern|trainee|graduate|entry[- ]level)\b|初级|实习|助理/i],
];
/** Years at which the estimate from years alone reaches each level above junior. */
const LEVEL_YEARS: readonly [Seniority, number][] = [
  ["lead", 10],
  ["senior", 5],
  ["mid", 2],
];

const round1 = (n: number) => Math.round(n * 10) / 10;
const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * The line indices of a profile naming skill `name`: the dictionary's hits (named or implied,
 * `lib/text/skills.ts`) for a dictionary skill; otherwise the name itself as a whole word,
 * case-insensitively (a skill a recruiter typed that the dictionary does not know).
 */
export function skillLines(profile: ResumeProfile, name: string): number[] {
  const key = name.trim().toLowerCase();
  const hit = profile.skills.find((s) => s.name.toLowerCase() === key);
  if (hit) return hit.lines;
  if (!key) return [];
  const re = new RegExp(`(?<![\\p{L}\\p{N}+#])${escapeRegExp(key)}(?![\\p{L}\\p{N}+#])`, "iu");
  return profile.matchLines.flatMap((l, i) => (re.test(l) ? [i] : []));
}

/** Lines at the given indices, each once, in resume order, at most {@link MAX_EVIDENCE}. */
function quote(profile: ResumeProfile, indices: Iterable<number>): string[] {
  return [...new Set(indices)]
    .sort((a, b) => a - b)
    .slice(0, MAX_EVIDENCE)
    .map((i) => profile.lines[i])
    .filter((l): l is string => Boolean(l));
}

function skillCriterion(key: CriterionKey, skills: readonly string[], profile: ResumeProfile, weight: number) {
  const found = skills.map((s) => ({ skill: s, lines: skillLines(profile, s) }));
  const matched = found.filter((f) => f.lines.length > 0);
  const criterion: Criterion = {
    key,
    // a job that lists no such skills does not judge by them
    weight: skills.length === 0 ? 0 : weight,
    score: skills.length === 0 ? 0 : round1((matched.length / skills.length) * 100),
    evidence: quote(
      profile,
      matched.flatMap((m) => m.lines.slice(0, 2)),
    ),
    source: "offline",
  };
  return { criterion, matched: matched.map((m) => m.skill), missing: found.filter((f) => f.lines.length === 0).map((f) => f.skill) };
}

/**
 * The level a resume shows: the title's words (the target-role line, else the most recent
 * role) when they say one ("Senior …", "Lead …", "高级…"), else the years of experience
 * (< 2 junior, < 5 mid, < 10 senior, else lead).
 * @returns the level and the line indices it was read from.
 */
export function estimateLevel(profile: ResumeProfile): { level: Seniority; lines: number[] } {
  const titleLines = [profile.titleLine, ...profile.roleLines.slice(0, 1)].filter((i) => i >= 0);
  for (const i of titleLines) {
    const text = profile.matchLines[i] ?? "";
    for (const [level, re] of TITLE_LEVELS) if (re.test(text)) return { level, lines: [i] };
  }
  const byYears = LEVEL_YEARS.find(([, y]) => profile.years >= y)?.[0] ?? "junior";
  return { level: byYears, lines: profile.roleLines };
}

/**
 * Scores one analysed resume against a job:
 * - `required_skills`, `preferred_skills`: share of the job's skills of that kind the resume
 *   names (0–100); evidence = the lines naming them; weight 0 when the job lists none;
 * - `experience_depth`: 70·min(1, years / full years for the job's seniority) + 30·min(1, roles / 3);
 *   evidence = the dated role lines;
 * - `seniority_match`: 100 / 60 / 25 / 0 for 0 / 1 / 2 / 3 levels between {@link estimateLevel}
 *   and the job's seniority; weight 0 (neutral) when the job names none;
 * - `resume_quality`: the analysis' overall score (Σ of its dimensions, docs/scoring.md); evidence =
 *   the first evidence line of each dimension; source = the analysis' engine.
 * The others' source is `offline`: computed here from the resume's text.
 * fit = Σ weight·score / Σ weight (0 when every weight is 0), one decimal.
 */
export function scoreResume(input: { job: RankingJob; analysis: Analysis; profile: ResumeProfile }): ScoredResume {
  const { job, analysis, profile } = input;
  const w = jobWeights(job);
  const required = skillCriterion("required_skills", job.requiredSkills, profile, w.required_skills);
  const preferred = skillCriterion("preferred_skills", job.preferredSkills, profile, w.preferred_skills);

  const fullYears = FULL_YEARS[job.seniority ?? "mid"];
  const depth: Criterion = {
    key: "experience_depth",
    weight: w.experience_depth,
    score: round1(70 * clamp01(profile.years / fullYears) + 30 * clamp01(profile.roleLines.length / FULL_ROLES)),
    evidence: quote(profile, profile.roleLines),
    source: "offline",
  };

  const level = estimateLevel(profile);
  const distance = job.seniority ? Math.abs(LEVELS.indexOf(level.level) - LEVELS.indexOf(job.seniority)) : 0;
  const seniority: Criterion = {
    key: "seniority_match",
    weight: job.seniority ? w.seniority_match : 0,
    score: job.seniority ? LEVEL_DISTANCE_SCORE[distance] : 0,
    evidence: quote(profile, level.lines),
    source: "offline",
  };

  const quality: Criterion = {
    key: "resume_quality",
    weight: w.resume_quality,
    score: round1(analysis.overallScore),
    evidence: analysis.dimensions.flatMap((d) => d.evidence.slice(0, 1)).slice(0, MAX_EVIDENCE),
    source: analysis.engine,
  };

  const criteria = [required.criterion, preferred.criterion, depth, seniority, quality];
  const jobSkills = job.requiredSkills.length + job.preferredSkills.length;
  const matchedSkills = [...required.matched, ...preferred.matched];
  return {
    criteria,
    fit: fitOf(criteria),
    matchedSkills,
    missingSkills: [...required.missing, ...preferred.missing],
    matchPercent: jobSkills === 0 ? null : Math.round((matchedSkills.length / jobSkills) * 100),
  };
}

/** Σ weight·score / Σ weight, one decimal; 0 when every weight is 0. */
export function fitOf(criteria: readonly Pick<Criterion, "weight" | "score">[]): number {
  const total = criteria.reduce((s, c) => s + c.weight, 0);
  return total === 0 ? 0 : round1(criteria.reduce((s, c) => s + c.weight * c.score, 0) / total);
}
