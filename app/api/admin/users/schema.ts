import { z } from "zod";

/** `GET /api/admin/users?limit=&offset=` */
export const listUsersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
