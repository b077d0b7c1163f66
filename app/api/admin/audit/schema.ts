import { z } from "zod";

/** `GET /api/admin/audit?limit=` */
export const auditQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
