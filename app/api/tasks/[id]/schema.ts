import { z } from "zod";

/** `?wait=N`: long-poll up to N seconds (0–30). */
export const taskQuerySchema = z.object({
  wait: z.coerce.number().int().min(0).max(30).optional(),
});
