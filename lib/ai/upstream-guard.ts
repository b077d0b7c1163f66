import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { getDb } from "@/lib/db/client";
import { releaseSpend, reserveSpend, settleSpend } from "@/lib/finops/budgets";
import { BudgetExhaustedError } from "@/lib/finops/errors";
import { isBreakerFailure } from "@/lib/ratelimit/circuit-breaker";
import { DEFAULT_MAX_WAIT_MS, type Priority, QuotaWaitExceededError } from "@/lib/ratelimit/governor";
import { getBreaker, getGovernor } from "@/lib/ratelimit/shared";
import { estimateTokens, setTokenCounter } from "@/lib/ratelimit/tokens";
import type { OnlineLlmConfig } from "./config";
import { LlmError, type RateLimitInfo, toLlmError } from "./errors";
import { beforeDispatch } from "./metered";

// Reservations must not fall short of what upstream's limiter charges. The real tokenizer
// (o200k_base, OpenAI's current encoding) gives the tokens billed, but OpenAI's rate limiter
// charges "the estimated number of tokens based on the character count" (OpenAI, "Rate
// limits"), ≈ 4 characters per token, which is ~12 % more for English prose. The larger of the
// two is reserved; settle() then corrects to the reported usage. Measured by
// bench/quota-use.ts: with o200k alone, upstream refused at the edge of a full TPM window.
setTokenCounter({ name: "max(o200k_base, chars/4)", count: (text) => Math.max(countTokens(text), Math.ceil(text.length / 4)) });

/**
 * How long a call may wait for quota before giving up with a retryable `rate_limited`, ms:
 * `LLM_MAX_QUOTA_WAIT_MS`, else one minute for interactive calls (a person is waiting) and two
 * of the governor's windows for batch. A full sliding window frees its first slot only after
 * window + margin (61 s); a shorter wait would turn the backlog's normal wait into a spent
 * attempt and a trip through the retry path.
 */
function maxQuotaWaitMs(priority: Priority, effectiveWindowMs: number): number {
  const raw = process.env.LLM_MAX_QUOTA_WAIT_MS?.trim();
  if (raw) return Number(raw);
  return priority === "batch" ? 2 * effectiveWindowMs : DEFAULT_MAX_WAIT_MS;
}

type UpstreamCallOutcome = {
  /** Real tokens used (input + output), when known. */
  usedTokens?: number;
  headers?: Headers | Record<string, string | string[] | undefined> | null;
  rateLimit?: RateLimitInfo;
};

type GuardRequest = Parameters<typeof guardedCall>[1];

/**
 * The money budgets' slot (docs/finops.md, "Budgets"): holds the call's estimated cost on every
 * budget that applies before anything else, and settles or releases it when the call is over.
 * Prices and the caller's scope are not known here yet: every call reserves 0 (unpriced) against
 * the global budgets only, so a used-up global budget (or one of 0) stops every call.
 * @returns a function to call once the call is over, with its real cost in micro-dollars (null:
 *   unknown or never sent — the hold is released). It never throws.
 * @throws {LlmError} `budget_exhausted` (retryable; `retryAfterMs`; `cause` the {@link BudgetExhaustedError}).
 */
async function admitSpend(): Promise<(costMicroUsd: number | null) => Promise<void>> {
  let reservationId: string;
  try {
    ({ reservationId } = await reserveSpend({ db: getDb(), scope: { userId: null, organizationId: null, feature: "" }, estimatedMicroUsd: 0 }));
  } catch (err) {
    if (!(err instanceof BudgetExhaustedError)) throw err;
    throw new LlmError({ code: "budget_exhausted", retryable: true, retryAfterMs: err.retryAfterMs, message: err.message, cause: err });
  }
  return (cost) => (cost === null ? releaseSpend({ reservationId }) : settleSpend({ reservationId, actualMicroUsd: cost })).catch(() => undefined);
}

/**
 * Every upstream call goes through here: the money budgets ({@link admitSpend}), then
 * {@link guardedCall} (breaker, governor, the call).
 * @throws {LlmError} `budget_exhausted` when a budget has no room; and what {@link guardedCall} throws.
 */
export async function guardUpstreamCall<T>(config: OnlineLlmConfig, req: GuardRequest, call: () => Promise<{ value: T } & UpstreamCallOutcome>): Promise<T> {
  const finishSpend = await admitSpend();
  try {
    return await guardedCall(config, req, call);
  } finally {
    await finishSpend(null);
  }
}

/**
 * Every upstream call goes through here (docs/governor.md, "Wiring"): the model's circuit breaker, then the
 * shared RPM/TPM governor (tokens reserved = input estimate + max output), then the call; after
 * it, the reservation is settled with the real usage, the answer's rate-limit headers are
 * observed (a 429 pauses every process), and the breaker learns the outcome. Right before the
 * request leaves it tells the usage ledger (`beforeDispatch`, see `metered.ts`), so a call
 * refused by the breaker or the governor leaves no usage row.
 *
 * @throws {LlmError} `circuit_open` (retryable, with retryAfterMs) while the breaker is open;
 *   `rate_limited` when no quota frees up within the wait limit; the call's own errors.
 */
async function guardedCall<T>(
  config: OnlineLlmConfig,
  req: {
    system?: string;
    prompt?: string;
    messages?: { role: string; content: string }[];
    /** Other text the request carries (a response JSON schema): reserved too. */
    extra?: string[];
    maxOutputTokens?: number;
    priority: Priority;
    signal?: AbortSignal;
  },
  call: () => Promise<{ value: T } & UpstreamCallOutcome>,
): Promise<T> {
  const ref = { provider: config.provider, model: config.model };
  const breaker = getBreaker(ref);
  const gate = await breaker.canCall();
  if (!gate.allowed) {
    throw new LlmError({
      code: "circuit_open",
      retryable: true,
      retryAfterMs: gate.retryAfterMs,
      message: `${config.model} is failing; calls are paused for a moment.`,
    });
  }
  const governor = getGovernor();
  let grant: Awaited<ReturnType<typeof governor.acquire>>;
  try {
    grant = await governor.acquire({
      ...ref,
      estimatedTokens: estimateTokens({
        system: req.system,
        prompt: req.prompt,
        messages: req.messages,
        extra: req.extra,
        maxOutputTokens: req.maxOutputTokens,
      }),
      priority: req.priority,
      signal: req.signal,
      maxWaitMs: maxQuotaWaitMs(req.priority, governor.effectiveWindowMs),
    });
  } catch (err) {
    if (err instanceof QuotaWaitExceededError) {
      throw new LlmError({ code: "rate_limited", retryable: true, retryAfterMs: err.retryAfterMs, message: "The model's quota is used up for now." });
    }
    throw err;
  }
  try {
    await beforeDispatch(ref);
  } catch (err) {
    // The ledger could not record the call (database down): it must not leave unrecorded.
    await governor.release({ reservationId: grant.reservationId }).catch(() => undefined);
    throw err;
  }
  try {
    const out = await call();
    if (out.usedTokens !== undefined) await governor.settle({ reservationId: grant.reservationId, actualTokens: out.usedTokens }).catch(() => undefined);
    await governor.observe({ ...ref, status: 200, headers: out.headers, rateLimit: out.rateLimit }).catch(() => undefined);
    await breaker.recordSuccess().catch(() => undefined);
    return out.value;
  } catch (err) {
    const e = err instanceof LlmError ? err : toLlmError(err);
    await governor.observe({ ...ref, status: e.status, rateLimit: e.rateLimit, retryAfterMs: e.retryAfterMs }).catch(() => undefined);
    if (e.usage) {
      await governor.settle({ reservationId: grant.reservationId, actualTokens: e.usage.inputTokens + e.usage.outputTokens }).catch(() => undefined);
    } else if (e.code === "network" && e.status === undefined) {
      await governor.release({ reservationId: grant.reservationId }).catch(() => undefined);
    }
    if (isBreakerFailure(e) && !req.signal?.aborted) await breaker.recordFailure().catch(() => undefined);
    else await breaker.recordSuccess().catch(() => undefined);
    throw e;
  }
}
