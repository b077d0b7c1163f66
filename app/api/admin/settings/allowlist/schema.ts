import { z } from "zod";
import { ALLOWLIST_KINDS, ALLOWLIST_MAX_MULTIPLIER } from "@/lib/console/contracts";

/**
 * `PUT /api/admin/settings/allowlist`: adds an entry, or replaces the one of the same kind and
 * value. `value`: a user id or e-mail, an organisation id or slug, or an address / CIDR range
 * (resolved and normalised by lib/console/rate-limits.ts); `multiplier` null lifts every limit.
 */
export const putAllowlistBodySchema = z.object({
  kind: z.enum(ALLOWLIST_KINDS),
  value: z.string().trim().min(1).max(320),
  multiplier: z.number().int().min(1).max(ALLOWLIST_MAX_MULTIPLIER).nullable(),
  note: z.string().trim().max(500).default(""),
});

/** `DELETE /api/admin/settings/allowlist`: removes one entry. */
export const deleteAllowlistBodySchema = z.object({ id: z.uuid() });
