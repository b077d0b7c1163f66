import { z } from "zod";
import { APPLICATION_STAGE_VALUES } from "@/lib/jobs/contracts";

/** `PATCH /api/applications/{id}`: a stage move and/or a note (at least one). */
export const updateApplicationSchema = z
  .object({
    stage: z.enum(APPLICATION_STAGE_VALUES).optional(),
    note: z.string().trim().min(1).max(5000).optional(),
  })
  .refine((b) => b.stage !== undefined || b.note !== undefined, { message: "Send a stage, a note or both." });
