import { z } from "zod";
import { taskStatusSchema } from "@/lib/tasks/contracts";

/**
 * Bodies of the recruiter workspace's job and batch endpoints (docs/recruiting.md), built on the
 * server by lib/jobs/view.ts and read by components/jobs/api.ts. Browser-safe (zod only).
 */

export const JOB_SENIORITY_VALUES = ["junior", "mid", "senior", "lead"] as const;
export const APPLICATION_STAGE_VALUES = ["new", "shortlisted", "interview", "offer", "rejected"] as const;
export const applicationStageSchema = z.enum(APPLICATION_STAGE_VALUES);
export type ApplicationStageValue = z.infer<typeof applicationStageSchema>;

/** `GET /api/jobs/{id}`, `POST /api/jobs` (201), `PATCH /api/jobs/{id}`. */
export const jobBodySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  requiredSkills: z.array(z.string()),
  preferredSkills: z.array(z.string()),
  /** `offline`, the model id that extracted them, or `edited`. */
  skillsSource: z.string(),
  /** The model extraction task's status while one runs or ran; null when the offline engine did it. */
  skillsStatus: taskStatusSchema.nullable(),
  seniority: z.enum(JOB_SENIORITY_VALUES).nullable(),
  location: z.string().nullable(),
  language: z.enum(["en", "zh"]),
  status: z.enum(["open", "closed"]),
  /** Every criterion's weight, defaults filled in (lib/jobs/ranking-contracts.ts `CRITERION_KEYS`). */
  weights: z.record(z.string(), z.number()),
  /** Applications per stage. */
  stageCounts: z.record(z.string(), z.number().int()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type JobBody = z.infer<typeof jobBodySchema>;

/** One row of `GET /api/jobs` → `items`, newest first. */
export const jobSummarySchema = jobBodySchema.pick({
  id: true,
  title: true,
  status: true,
  seniority: true,
  location: true,
  createdAt: true,
  stageCounts: true,
});
export type JobSummary = z.infer<typeof jobSummarySchema>;
export const jobListBodySchema = z.object({ items: z.array(jobSummarySchema) });
export type JobListBody = z.infer<typeof jobListBodySchema>;

const itemErrorSchema = z.object({ code: z.string(), message: z.string() });

/** `POST /api/jobs/{id}/resumes` → 202 (or 422 when every file was refused). */
export const batchUploadBodySchema = z.object({
  batchId: z.string(),
  items: z.array(
    z.union([
      z.object({
        fileName: z.string(),
        resumeId: z.string(),
        taskId: z.string(),
        applicationId: z.string(),
        /** The same bytes were already analysed for this job: nothing new is paid for. */
        duplicate: z.boolean(),
      }),
      z.object({ fileName: z.string(), error: itemErrorSchema }),
    ]),
  ),
});
export type BatchUploadBody = z.infer<typeof batchUploadBodySchema>;

/** One file of a batch: a task's status, or `REFUSED` at the door. */
export const batchItemSchema = z.object({
  fileName: z.string(),
  resumeId: z.string().nullable(),
  taskId: z.string().nullable(),
  status: z.union([taskStatusSchema, z.literal("REFUSED")]),
  /** The reason of a refusal or a failed analysis; null otherwise. */
  error: itemErrorSchema.nullable(),
});
export type BatchItem = z.infer<typeof batchItemSchema>;

/** `GET /api/batches/{id}`: the batch's progress, live (the client polls or follows it). */
export const batchBodySchema = z.object({
  id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  createdAt: z.iso.datetime(),
  fileCount: z.number().int(),
  /**
   * Files that were the same bytes as a resume already in the job (analysed, or being analysed):
   * not analysed again, and not among `items` (their earlier resume is in the batch it came in).
   */
  duplicates: z.number().int(),
  counts: z.object({
    /** COMPLETED */
    done: z.number().int(),
    /** FAILED, TERMINATED_BY_POLICY and REFUSED */
    failed: z.number().int(),
    /** PENDING, PROCESSING, RETRYING */
    waiting: z.number().int(),
  }),
  items: z.array(batchItemSchema),
});
export type BatchBody = z.infer<typeof batchBodySchema>;
