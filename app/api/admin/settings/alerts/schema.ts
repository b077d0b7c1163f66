import { z } from "zod";

/** `PATCH /api/admin/settings/alerts`: one rule's threshold (in the rule's unit), and optionally its parameters and switch. */
export const patchAlertRuleBodySchema = z.object({
  kind: z.string().trim().min(1).max(100),
  threshold: z.number().finite().min(0),
  params: z.record(z.string().max(100), z.union([z.string().max(500), z.number().finite(), z.boolean()])).optional(),
  enabled: z.boolean().optional(),
});
