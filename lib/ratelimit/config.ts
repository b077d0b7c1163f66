/**
 * The upstream quota and its pacing from the environment (README, "Environment"; docs/governor.md):
 *
 *   LLM_RPM            requests per minute allowed upstream (positive integer); unset or empty → unlimited
 *   LLM_TPM            tokens per minute (input + output, positive integer);   unset or empty → unlimited
 *   LLM_PACING         `on` (default) or `off`: spread the quota over the minute (GCRA), not only cap it
 *   LLM_BURST_SECONDS  how many seconds of the quota may go at once above the pace (number ≥ 0; default 1)
 *
 * "Unlimited" only means we keep no count of our own: upstream pauses (429, Retry-After,
 * x-ratelimit-remaining-*: 0) are still honoured. Anything else than the forms above (`0`, `-5`,
 * `60O`, `LLM_PACING=maybe`) throws, so a typo is seen at once rather than silently lifting the
 * limit. Read on every call (cheap), like `lib/ai/config.ts`, so tests and scripts can change it.
 */

export interface QuotaLimits {
  /** Requests per window; undefined = unlimited. */
  rpm?: number;
  /** Tokens per window; undefined = unlimited. */
  tpm?: number;
}

/** Pacing of the quota (docs/governor.md, "Pacing"). */
export interface PacingConfig {
  /**
   * Seconds of the per-minute quota that may go at once on top of the steady pace (the GCRA
   * burst tolerance): RPM/60 × burstSeconds requests and TPM/60 × burstSeconds tokens. So any
   * one second carries at most RPM/60 × (1 + burstSeconds) requests. 0 = strict pacing.
   */
  burstSeconds: number;
}

/**
 * Default burst: one second of quota. Small enough that any second holds at most twice the
 * per-second rate (what a provider enforcing "RPM may be enforced per second" with a burst of one
 * second's worth accepts; OpenAI, "Rate limits"), large enough that the first calls of a backlog
 * and a chat turn arriving with it are not spaced out one interval each.
 */
export const DEFAULT_BURST_SECONDS = 1;

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

/**
 * `LLM_PACING` / `LLM_BURST_SECONDS` → the pacing, or `false` when `LLM_PACING=off`.
 * Throws on any other `LLM_PACING` than on/off, and on a burst that is not a plain number ≥ 0.
 */
export function pacingFromEnv(env: Env = process.env): PacingConfig | false {
  const mode = env.LLM_PACING?.trim().toLowerCase() || "on";
  if (mode !== "on" && mode !== "off") throw new Error(`LLM_PACING must be "on" or "off" (got "${env.LLM_PACING}")`);
  if (mode === "off") return false;
  const raw = env.LLM_BURST_SECONDS?.trim();
  if (!raw) return { burstSeconds: DEFAULT_BURST_SECONDS };
  if (!/^\d+(\.\d+)?$/.test(raw) || !Number.isFinite(Number(raw))) {
    throw new Error(`LLM_BURST_SECONDS must be a number of seconds ≥ 0 (got "${env.LLM_BURST_SECONDS}")`);
  }
  return { burstSeconds: Number(raw) };
}
