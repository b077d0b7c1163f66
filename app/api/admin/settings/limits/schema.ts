import { z } from "zod";

const ruleId = z.string().trim().min(1).max(100);

/** `PUT /api/admin/settings/limits`: sets one rule's limit (units per its period; the rule's bound is checked by lib/console/rate-limits.ts). */
export const putLimitBodySchema = z.object({ ruleId, limit: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

/** `DELETE /api/admin/settings/limits`: removes one rule's override (its default holds again). */
export const deleteLimitBodySchema = z.object({ ruleId });
