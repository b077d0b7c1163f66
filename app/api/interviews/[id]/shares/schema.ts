import { z } from "zod";

/** `POST /api/interviews/{id}/shares`: the organisation to share the report with — of a job, or named. */
export const shareBodySchema = z.union([z.object({ jobId: z.uuid() }), z.object({ organizationId: z.string().min(1).max(200) })], {
  error: "Name the `jobId` or the `organizationId` to share with.",
});

/** `[id]` and `[shareId]` of `/api/interviews/{id}/shares/{shareId}`. */
export const shareParams = z.object({ id: z.uuid(), shareId: z.uuid() });
