import { z } from "zod";
import { MAX_JOB_DESCRIPTION_CHARS } from "@/lib/resume/service";
import { checkCallbackUrl } from "@/lib/webhooks/url-policy";

/** The multipart fields of `POST /api/resumes` besides the file. */
export const uploadFieldsSchema = z
  .object({
    jobDescription: z.string().max(MAX_JOB_DESCRIPTION_CHARS, `A job description is at most ${MAX_JOB_DESCRIPTION_CHARS} characters.`).optional(),
    /** An open job whose description is the job description (`GET /api/openings` lists them); not with `jobDescription`. */
    jobId: z.string().max(100).optional(),
    /** Optional: the worker POSTs a signed Standard Webhooks event here when the task ends. */
    callbackUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional()
      .superRefine((url, ctx) => {
        if (!url) return;
        const check = checkCallbackUrl(url);
        if (!check.ok) ctx.addIssue({ code: "custom", message: check.message });
      }),
  })
  .refine((f) => !(f.jobId && f.jobDescription), { path: ["jobId"], message: "Send either a job description or a job id, not both." });
