import { z } from "zod";
import { PLATFORM_ROLE_VALUES } from "@/lib/console/contracts";

/** better-auth's user ids: URL-safe, at most 100 characters. Anything else is the same 404 as a missing user. */
export const userParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

/** `PATCH /api/admin/users/{id}`: a new platform role, a ban (with its reason) or its lifting — at least one. */
export const patchUserBodySchema = z
  .object({
    role: z.enum(PLATFORM_ROLE_VALUES).optional(),
    banned: z.boolean().optional(),
    banReason: z.string().trim().min(1).max(500).optional(),
  })
  .refine((b) => b.role !== undefined || b.banned !== undefined, { message: "Give a role, banned, or both." });
