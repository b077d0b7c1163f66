import { z } from "zod";

/** `POST /api/jobs/{id}/applications`: the candidate's own resume to apply with. */
export const applyBodySchema = z.object({ resumeId: z.uuid() });
