import { z } from "zod";
import { taskStatusSchema } from "@/lib/tasks/contracts";
import { analysisSchema } from "./analysis-schema";

/**
 * Bodies of `GET /api/resumes` and `GET /api/resumes/{id}` (README, "API"), built by
 * lib/resume/view.ts and read by components/resume/api.ts. Browser-safe (zod only).
 *
 * `taskId`/`status` are nullable because the columns are (a resume row is written in the same
 * transaction as its task, so a committed resume always has one in practice).
 */
const resumeLanguageSchema = z.enum(["en", "zh"]).nullable();

/** One row of `GET /api/resumes` → `items`, newest first. */
export const resumeSummarySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  createdAt: z.iso.datetime(),
  /** Detected at extraction; null until then. */
  language: resumeLanguageSchema,
  taskId: z.string().nullable(),
  status: taskStatusSchema.nullable(),
  /** 0–100, once the analysis exists. */
  overallScore: z.number().nullable(),
  /** `offline` or the model id that analysed it, once the analysis exists. */
  engine: z.string().nullable(),
});
export type ResumeSummary = z.infer<typeof resumeSummarySchema>;

export const resumeListBodySchema = z.object({ items: z.array(resumeSummarySchema) });
export type ResumeListBody = z.infer<typeof resumeListBodySchema>;

/** `GET /api/resumes/{id}`: `analysis` is null until the task is COMPLETED. */
export const resumeBodySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  createdAt: z.iso.datetime(),
  language: resumeLanguageSchema,
  jobDescription: z.string().nullable(),
  taskId: z.string().nullable(),
  status: taskStatusSchema.nullable(),
  analysis: analysisSchema.nullable(),
});
export type ResumeBody = z.infer<typeof resumeBodySchema>;
