import { z } from "zod";
import { APPLICATION_STAGE_VALUES } from "@/lib/jobs/contracts";

/** `POST /api/jobs/{id}/stage`: move these applications of the job to one stage. */
export const moveStageSchema = z.object({
  applicationIds: z.array(z.uuid()).min(1).max(500),
  stage: z.enum(APPLICATION_STAGE_VALUES),
});
