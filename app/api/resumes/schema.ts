import { z } from "zod";
import { MAX_JOB_DESCRIPTION_CHARS } from "@/lib/resume/upload";

/** The multipart fields of `POST /api/resumes` besides the file. */
export const uploadFieldsSchema = z.object({
  jobDescription: z
    .string()
    .max(MAX_JOB_DESCRIPTION_CHARS, `A job description is at most ${MAX_JOB_DESCRIPTION_CHARS} characters.`)
    .optional(),
});
