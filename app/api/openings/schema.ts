import { z } from "zod";
import { decodeOpeningCursor } from "@/lib/jobs/sharing-view";

/** `GET /api/openings?limit=&cursor=`: a page of at most `limit` (1–100, default 20) open jobs, after `cursor`. */
export const openingsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z
    .string()
    .max(200)
    .optional()
    .transform((c, ctx) => {
      if (c === undefined) return null;
      const after = decodeOpeningCursor(c);
      if (!after) ctx.addIssue({ code: "custom", message: "Not a cursor of this list (use a nextCursor it gave)." });
      return after;
    }),
});
