import { z } from "zod";

/**
 * The resume analysis: one typed shape shared by the prompt (as the LLM's structured-output
 * schema), the database (`analyses.result` jsonb), the API (`GET /api/resumes/{id}` →
 * `analysis`) and the UI.
 *
 * Dimension keys and maxima are fixed (docs/scoring.md); `overallScore` is never trusted from the
 * model: {@link finalizeAnalysis} recomputes it as the sum of the dimension scores.
 */
export const DIMENSION_MAX = {
  experience: 40,
  skills: 20,
  content: 15,
  structure: 15,
  expression: 10,
} as const;

export type DimensionKey = keyof typeof DIMENSION_MAX;
export const DIMENSION_KEYS = Object.keys(DIMENSION_MAX) as DimensionKey[];

export const dimensionSchema = z.object({
  key: z.enum(["experience", "skills", "content", "structure", "expression"]),
  score: z.number().min(0),
  max: z.number().int().positive(),
  rationale: z.string(),
  /** The resume lines the score rests on, verbatim. */
  evidence: z.array(z.string()),
});

export const suggestionSchema = z.object({
  category: z.string(),
  priority: z.enum(["high", "medium", "low"]),
  issue: z.string(),
  recommendation: z.string(),
});

/** What a model (or the offline engine) produces; the server then finalizes it. */
export const analysisDraftSchema = z.object({
  dimensions: z.array(dimensionSchema).min(5).max(5),
  summary: z.string(),
  strengths: z.array(z.string()),
  suggestions: z.array(suggestionSchema),
  matchedSkills: z.array(z.string()).optional(),
  missingSkills: z.array(z.string()).optional(),
  /**
   * Of `matchedSkills`, those the resume shows only in a keyword dump (a long list line of the
   * job's terms with no use in experience): each counts ½ in `matchPercent` (docs/scoring.md,
   * "Keyword stuffing"). Set by the server, never asked of a model.
   */
  dumpOnlySkills: z.array(z.string()).optional(),
});

export type AnalysisDraft = z.infer<typeof analysisDraftSchema>;
type Dimension = z.infer<typeof dimensionSchema>;

/**
 * Why an analysis was flagged or changed by the server's checks (docs/scoring.md, "Integrity"):
 * - `injection_in_resume` / `injection_in_job_description` — lines addressed to an AI were
 *   removed before any engine saw the text (lib/ai/injection.ts);
 * - `hidden_text` — the PDF draws lines invisibly (white, tiny, off the page, render mode 3), or
 *   the Word file has hidden runs (`w:vanish`, white, tiny); they were removed;
 * - `cites_instructions` — a model's rationale, summary or strength says it followed
 *   instructions found in the data;
 * - `prompt_echo` — a model's output repeats the system prompt;
 * - `quotes_removed_text` — a model's output quotes a removed line;
 * - `evidence_not_found` — a model's evidence for a dimension does not occur in the resume;
 * - `score_unsupported` — a model's dimension score is far above the offline engine's with no
 *   verbatim evidence (or on an input that was flagged);
 * - `keyword_stuffing` — skills shown only in a keyword dump (they count less);
 * - `implausible_numbers` — an implausible density of quantified bullets (their credit is damped);
 * - `wrong_language` — the model answered in the other language than the resume's on the task's
 *   last attempt too; the analysis is the offline engine's.
 */
export const INTEGRITY_REASON_CODES = [
  "injection_in_resume",
  "injection_in_job_description",
  "hidden_text",
  "cites_instructions",
  "prompt_echo",
  "quotes_removed_text",
  "evidence_not_found",
  "score_unsupported",
  "keyword_stuffing",
  "implausible_numbers",
  "wrong_language",
] as const;
export type IntegrityReasonCode = (typeof INTEGRITY_REASON_CODES)[number];

export const integrityReasonSchema = z.object({
  code: z.enum(INTEGRITY_REASON_CODES),
  /** One sentence in the analysis' language (the UI words it from `code` in the reader's language). */
  message: z.string(),
  dimension: z.enum(["experience", "skills", "content", "structure", "expression"]).optional(),
  /** What was found (a removed line, the offending sentence), at most 300 characters. */
  excerpt: z.string().optional(),
});
export type IntegrityReason = z.infer<typeof integrityReasonSchema>;

/** What the server's checks found and changed; all empty for a clean analysis. */
export const integritySchema = z.object({
  reasons: z.array(integrityReasonSchema),
  /** Dimensions whose score, rationale and evidence are the offline engine's instead of the model's. */
  replacedDimensions: z.array(z.enum(["experience", "skills", "content", "structure", "expression"])),
  /** Other fields of a model's output replaced by the offline engine's (`summary`, `strengths`) or cut (`suggestions`). */
  replacedFields: z.array(z.enum(["summary", "strengths", "suggestions", "matchedSkills", "missingSkills"])),
  /** Lines removed from the resume and the job description before analysis (instructions to an AI, hidden text). */
  removedLines: z.number().int().min(0),
  /** Evidence lines of a model that do not occur in the resume and were dropped. */
  droppedEvidence: z.number().int().min(0),
});
export type Integrity = z.infer<typeof integritySchema>;

/** The integrity of an analysis nothing was found in. */
export function cleanIntegrity(): Integrity {
  return { reasons: [], replacedDimensions: [], replacedFields: [], removedLines: 0, droppedEvidence: 0 };
}

export const analysisSchema = z.object({
  overallScore: z.number().min(0).max(100),
  dimensions: z.array(dimensionSchema),
  summary: z.string(),
  strengths: z.array(z.string()),
  suggestions: z.array(suggestionSchema),
  /** `null` when no job description was given. */
  matchedSkills: z.array(z.string()).nullable(),
  missingSkills: z.array(z.string()).nullable(),
  /** 0–100, share of the job description's skills the resume shows; `null` without a JD. */
  matchPercent: z.number().min(0).max(100).nullable(),
  /** The model id that produced it, or `offline`. */
  engine: z.string(),
  language: z.enum(["en", "zh"]),
  /**
   * The input tried to steer the grader, or a model's output shows it was steered (docs/scoring.md,
   * "Integrity"). Optional so analyses stored before the check still parse (absent = false).
   */
  injectionSuspected: z.boolean().optional(),
  /** What the checks found and changed; absent on analyses stored before the check. */
  integrity: integritySchema.optional(),
});

export type Analysis = z.infer<typeof analysisSchema>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** What a matched skill shown only in a keyword dump counts in `matchPercent` (a skill used in experience counts 1). */
export const DUMP_ONLY_CREDIT = 0.5;

/**
 * Turns a draft into the stored analysis: clamps each dimension to its fixed maximum
 * (whatever max the model claimed), orders dimensions canonically, recomputes
 * `overallScore` = Σ scores and `matchPercent` = credited / (matched + missing) × 100, where a
 * matched skill counts 1, or {@link DUMP_ONLY_CREDIT} when it is in `dumpOnlySkills`. `integrity`
 * and `injectionSuspected` (the server's checks, lib/resume/integrity/) are stored as given.
 *
 * @throws {Error} when a dimension key is missing or repeated (the draft is unusable).
 */
export function finalizeAnalysis(
  draft: AnalysisDraft,
  meta: { engine: string; language: "en" | "zh"; hasJobDescription: boolean; integrity?: Integrity; injectionSuspected?: boolean },
): Analysis {
  const byKey = new Map<DimensionKey, Dimension>();
  for (const d of draft.dimensions) {
    if (byKey.has(d.key)) throw new Error(`dimension ${d.key} appears twice`);
    byKey.set(d.key, d);
  }
  const dimensions = DIMENSION_KEYS.map((key) => {
    const d = byKey.get(key);
    if (!d) throw new Error(`dimension ${key} is missing`);
    const max = DIMENSION_MAX[key];
    return {
      key,
      max,
      score: round1(Math.min(max, Math.max(0, d.score))),
      rationale: d.rationale,
      evidence: d.evidence.filter((e) => e.trim().length > 0).slice(0, 8),
    };
  });
  const overallScore = round1(dimensions.reduce((s, d) => s + d.score, 0));
  let matchedSkills: string[] | null = null;
  let missingSkills: string[] | null = null;
  let matchPercent: number | null = null;
  if (meta.hasJobDescription) {
    matchedSkills = dedupe(draft.matchedSkills ?? []);
    missingSkills = dedupe(draft.missingSkills ?? []).filter((s) => !matchedSkills!.some((m) => m.toLowerCase() === s.toLowerCase()));
    const total = matchedSkills.length + missingSkills.length;
    const dumpOnly = new Set((draft.dumpOnlySkills ?? []).map((s) => s.trim().toLowerCase()));
    const credited = matchedSkills.reduce((n, s) => n + (dumpOnly.has(s.toLowerCase()) ? DUMP_ONLY_CREDIT : 1), 0);
    matchPercent = total === 0 ? 0 : Math.round((credited / total) * 100);
  }
  return analysisSchema.parse({
    overallScore,
    dimensions,
    summary: draft.summary,
    strengths: draft.strengths,
    suggestions: draft.suggestions,
    matchedSkills,
    missingSkills,
    matchPercent,
    engine: meta.engine,
    language: meta.language,
    injectionSuspected: meta.injectionSuspected ?? false,
    integrity: meta.integrity ?? cleanIntegrity(),
  });
}

function dedupe(xs: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const x of xs) {
    const k = x.trim().toLowerCase();
    if (!k || seen.has(k)) continue;
    seen.add(k);
    out.push(x.trim());
  }
  return out;
}
