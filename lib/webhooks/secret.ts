import { hkdfSync } from "node:crypto";

/** Standard Webhooks symmetric secrets: 24 to 64 random bytes, base64, prefixed `whsec_` (spec §"Signature scheme"). */
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_BYTES = 64;
/** HKDF "info" label: changing it changes every derived secret (receivers must be told). */
const DERIVATION_INFO = "panelist webhook signing secret v1";

/**
 * The secret that signs every webhook (`whsec_<base64>`), the one receivers verify with.
 *
 * - `WEBHOOK_SECRET` when set (generate one with
 *   `node -e "console.log('whsec_' + crypto.randomBytes(32).toString('base64'))"`).
 * - Otherwise derived from `BETTER_AUTH_SECRET` with HKDF-SHA256 (RFC 5869; 32 bytes, empty
 *   salt, info {@link DERIVATION_INFO}): stable for the deployment, independent of the auth
 *   secret (knowing one does not reveal the other), nothing more to configure.
 *
 * @throws {Error} when `WEBHOOK_SECRET` is malformed (no `whsec_` prefix, not base64, outside
 *   24–64 bytes), or when neither variable is set.
 */
export function webhookSecret(env: Record<string, string | undefined> = process.env): string {
  const configured = env.WEBHOOK_SECRET?.trim();
  if (configured) return validated(configured);
  const authSecret = env.BETTER_AUTH_SECRET;
  if (!authSecret) throw new Error("Set WEBHOOK_SECRET (whsec_…) or BETTER_AUTH_SECRET to sign webhooks.");
  const key = Buffer.from(hkdfSync("sha256", authSecret, Buffer.alloc(0), DERIVATION_INFO, 32));
  return `whsec_${key.toString("base64")}`;
}

function validated(secret: string): string {
  const body = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : null;
  if (body === null || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) {
    throw new Error("WEBHOOK_SECRET must be `whsec_` followed by base64 (Standard Webhooks secret format).");
  }
  const bytes = Buffer.from(body, "base64").length;
  if (bytes < MIN_SECRET_BYTES || bytes > MAX_SECRET_BYTES) {
    throw new Error(`WEBHOOK_SECRET must decode to ${MIN_SECRET_BYTES}–${MAX_SECRET_BYTES} bytes; it has ${bytes}.`);
  }
  return secret;
}
