import { z } from "zod";
import { applicationStageSchema } from "./contracts";

/**
 * Bodies of the ranking, application and fairness-audit endpoints (docs/recruiting.md,
 * docs/fairness.md), built by lib/jobs/ranking-view.ts, read by components/jobs/. Browser-safe.
 */

/**
 * The named criteria fit is computed from (lib/jobs/ranking.ts), in display order. Each scores
 * 0–100; fit = Σ weight·score / Σ weight.
 */
export const CRITERION_KEYS = ["required_skills", "preferred_skills", "experience_depth", "seniority_match", "resume_quality"] as const;
export type CriterionKey = (typeof CRITERION_KEYS)[number];
export const criterionKeySchema = z.enum(CRITERION_KEYS);

/** Weights a job starts with; a recruiter may set each 0–100 (`PATCH /api/jobs/{id}` `weights`). */
export const DEFAULT_WEIGHTS: Record<CriterionKey, number> = {
  required_skills: 40,
  preferred_skills: 15,
  experience_depth: 20,
  seniority_match: 10,
  resume_quality: 15,
};

export const criterionSchema = z.object({
  key: criterionKeySchema,
  weight: z.number(),
  /** 0–100. */
  score: z.number(),
  /** The resume lines the score rests on (verbatim; redacted in blind mode). */
  evidence: z.array(z.string()),
  /** `offline`, or the model id whose analysis it comes from. */
  source: z.string(),
});
export type Criterion = z.infer<typeof criterionSchema>;

/** One row of `GET /api/jobs/{id}/ranking` → `items`, best first. */
export const rankingItemSchema = z.object({
  applicationId: z.string(),
  resumeId: z.string(),
  /** "Candidate 7F3A" while blind; the name from the resume once opened (`?blind=false`). */
  candidateLabel: z.string(),
  source: z.enum(["uploaded", "applied"]),
  stage: applicationStageSchema,
  /** 1 = best among every analysed application of the job (filters leave gaps, they do not renumber). */
  rank: z.number().int(),
  /** 0–100, from the criteria and the job's weights. */
  fit: z.number(),
  overallScore: z.number(),
  matchPercent: z.number().nullable(),
  matchedSkills: z.array(z.string()),
  missingSkills: z.array(z.string()),
  criteria: z.array(criterionSchema),
  engine: z.string(),
  /** The candidate's analysis is flagged by the integrity checks (docs/scoring.md, "Integrity"); absent on older bodies. */
  injectionSuspected: z.boolean().optional(),
});
export type RankingItem = z.infer<typeof rankingItemSchema>;

export const rankingBodySchema = z.object({
  jobId: z.string(),
  weights: z.record(z.string(), z.number()),
  blind: z.boolean(),
  items: z.array(rankingItemSchema),
  /** Applications whose analysis is not there yet (waiting), or failed. */
  pending: z.number().int(),
  failed: z.number().int(),
});
export type RankingBody = z.infer<typeof rankingBodySchema>;

/** `GET /api/applications/{id}`: one candidate opened (not blind), with history. */
export const applicationBodySchema = z.object({
  id: z.string(),
  jobId: z.string(),
  resumeId: z.string(),
  source: z.enum(["uploaded", "applied"]),
  stage: applicationStageSchema,
  notes: z.string(),
  candidateLabel: z.string(),
  fileName: z.string(),
  events: z.array(
    z.object({
      kind: z.enum(["created", "stage", "note"]),
      fromStage: z.string().nullable(),
      toStage: z.string().nullable(),
      note: z.string().nullable(),
      actorName: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
  /** Interview reports the candidate shared with the organisation for this job (ids). */
  sharedInterviewIds: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ApplicationBody = z.infer<typeof applicationBodySchema>;

/** `GET /api/jobs/{id}/fairness-audits/{auditId}` (and the latest in `GET …/fairness-audits`). */
export const fairnessAuditBodySchema = z.object({
  id: z.string(),
  jobId: z.string(),
  /** The audit task's status (`PENDING` … `COMPLETED`). */
  status: z.string(),
  taskId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  result: z
    .object({
      /** `offline` or the model id that re-scored. */
      engine: z.string(),
      sampleSize: z.number().int(),
      /** Name/pronoun variants scored per resume. */
      variantCount: z.number().int(),
      /** Largest |fit change| over every resume and variant, points. */
      maxFitDelta: z.number(),
      /** Largest |rank change| in the sample's ranking. */
      maxRankDelta: z.number().int(),
      /** maxFitDelta > 2 or maxRankDelta > 0. */
      flagged: z.boolean(),
      items: z.array(
        z.object({
          resumeId: z.string(),
          candidateLabel: z.string(),
          /** A name was found in the resume and swapped; false: only pronouns and gendered words were. */
          nameSwapped: z.boolean(),
          baseFit: z.number(),
          baseRank: z.number().int(),
          variants: z.array(z.object({ label: z.string(), fit: z.number(), rank: z.number().int(), fitDelta: z.number() })),
        }),
      ),
    })
    .nullable(),
});
export type FairnessAuditBody = z.infer<typeof fairnessAuditBodySchema>;
