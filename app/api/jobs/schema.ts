import { z } from "zod";
import { JOB_SENIORITY_VALUES } from "@/lib/jobs/contracts";
import { MAX_JOB_DESCRIPTION_CHARS } from "@/lib/resume/service";

/** `POST /api/jobs`: a new job of the recruiter's organisation; its skills are extracted from the description. */
export const createJobSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(MAX_JOB_DESCRIPTION_CHARS, `A job description is at most ${MAX_JOB_DESCRIPTION_CHARS} characters.`),
  seniority: z.enum(JOB_SENIORITY_VALUES).nullable().optional(),
  location: z.string().trim().max(200).nullable().optional(),
});
