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
});

export type AnalysisDraft = z.infer<typeof analysisDraftSchema>;
type Dimension = z.infer<typeof dimensionSchema>;

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
});

export type Analysis = z.infer<typeof analysisSchema>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Turns a draft into the stored analysis: clamps each dimension to its fixed maximum
 * (whatever max the model claimed), orders dimensions canonically, recomputes
 * `overallScore` = Σ scores and `matchPercent` = matched / (matched + missing) × 100.
 *
 * @throws {Error} when a dimension key is missing or repeated (the draft is unusable).
 */
export function finalizeAnalysis(draft: AnalysisDraft, meta: { engine: string; language: "en" | "zh"; hasJobDescription: boolean }): Analysis {
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
    matchPercent = total === 0 ? 0 : Math.round((matchedSkills.length / total) * 100);
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
