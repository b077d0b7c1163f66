/**
 * The upstream quota from the environment (README, "Environment"; docs/governor.md):
 *
 *   LLM_RPM   requests per minute allowed upstream (positive integer); unset or empty → unlimited
 *   LLM_TPM   tokens per minute (input + output, positive integer);   unset or empty → unlimited
 *
 * "Unlimited" only means we keep no count of our own: upstream pauses (429, Retry-After,
 * x-ratelimit-remaining-*: 0) are still honoured. Anything else than a positive integer
 * (`0`, `-5`, `60O`) throws, so a typo is seen at once rather than silently lifting the limit.
 * Read on every call (cheap), like `lib/ai/config.ts`, so tests and scripts can change it.
 */

export interface QuotaLimits {
  /** Requests per window; undefined = unlimited. */
  rpm?: number;
  /** Tokens per window; undefined = unlimited. */
  tpm?: number;
}

type Env = Record<string, string | undefined>;

function positiveInt(name: string, raw: string | undefined): number | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  if (!/^\d+$/.test(v) || Number(v) <= 0 || !Number.isSafeInteger(Number(v))) {
    throw new Error(`${name} must be a positive integer (got "${raw}"); unset it for no limit`);
  }
  return Number(v);
}

export function limitsFromEnv(env: Env = process.env): QuotaLimits {
  return { rpm: positiveInt("LLM_RPM", env.LLM_RPM), tpm: positiveInt("LLM_TPM", env.LLM_TPM) };
}
