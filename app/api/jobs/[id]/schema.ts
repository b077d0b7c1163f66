import { z } from "zod";
import { JOB_SENIORITY_VALUES } from "@/lib/jobs/contracts";
import { criterionKeySchema } from "@/lib/jobs/ranking-contracts";
import { MAX_JOB_SKILLS, MAX_SKILL_NAME_CHARS } from "@/lib/jobs/skills";
import { MAX_JOB_DESCRIPTION_CHARS } from "@/lib/resume/service";

const skillList = z.array(z.string().trim().min(1).max(MAX_SKILL_NAME_CHARS)).max(MAX_JOB_SKILLS);

/**
 * `PATCH /api/jobs/{id}`: any of the fields; the skill lists, once sent, are the recruiter's.
 * `weights`: criterion keys of lib/jobs/ranking-contracts.ts only, each 0–100 (at least one of
 * the job's weights must stay above 0, checked against the merged weights by the service).
 */
export const patchJobSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().min(1).max(MAX_JOB_DESCRIPTION_CHARS).optional(),
  requiredSkills: skillList.optional(),
  preferredSkills: skillList.optional(),
  seniority: z.enum(JOB_SENIORITY_VALUES).nullable().optional(),
  location: z.string().trim().max(200).nullable().optional(),
  status: z.enum(["open", "closed"]).optional(),
  weights: z.partialRecord(criterionKeySchema, z.number().min(0).max(100)).optional(),
});
