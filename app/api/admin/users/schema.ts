import { z } from "zod";

/** `GET /api/admin/users?limit=&offset=&q=` — `q` filters by e-mail or name. */
export const listUsersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  q: z.string().trim().max(200).optional(),
});
