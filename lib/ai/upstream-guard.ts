import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { getBreaker, getGovernor } from "@/lib/ratelimit/shared";
import { isBreakerFailure } from "@/lib/ratelimit/circuit-breaker";
import { QuotaWaitExceededError, type Priority } from "@/lib/ratelimit/governor";
import { estimateTokens, setTokenCounter } from "@/lib/ratelimit/tokens";
import type { OnlineLlmConfig } from "./config";
import { LlmError, toLlmError, type RateLimitInfo } from "./errors";

// A real tokenizer for reservations: o200k_base is the encoding of OpenAI's current models;
// for other providers it is a close estimate, and settle() corrects to the reported usage.
setTokenCounter({ name: "o200k_base", count: (text) => countTokens(text) });

/** How long a call may wait for quota before its task is retried later instead, ms. */
const MAX_QUOTA_WAIT_MS = Number(process.env.LLM_MAX_QUOTA_WAIT_MS ?? 60_000);

export type UpstreamCallOutcome = {
  /** Real tokens used (input + output), when known. */
  usedTokens?: number;
  headers?: Headers | Record<string, string | string[] | undefined> | null;
  rateLimit?: RateLimitInfo;
};

/**
 * Every upstream call goes through here (DESIGN.md §4): the model's circuit breaker, then the
 * shared RPM/TPM governor (tokens reserved = input estimate + max output), then the call; after
 * it, the reservation is settled with the real usage, the answer's rate-limit headers are
 * observed (a 429 pauses every process), and the breaker learns the outcome.
 *
 * @throws {LlmError} `circuit_open` (retryable, with retryAfterMs) while the breaker is open;
 *   `rate_limited` when no quota frees up within the wait limit; the call's own errors.
 */
export async function guardUpstreamCall<T>(
  config: OnlineLlmConfig,
  req: { system?: string; prompt?: string; messages?: { role: string; content: string }[]; maxOutputTokens?: number; priority: Priority; signal?: AbortSignal },
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
  let grant;
  try {
    grant = await governor.acquire({
      ...ref,
      estimatedTokens: estimateTokens({ system: req.system, prompt: req.prompt, messages: req.messages, maxOutputTokens: req.maxOutputTokens }),
      priority: req.priority,
      signal: req.signal,
      maxWaitMs: MAX_QUOTA_WAIT_MS,
    });
  } catch (err) {
    if (err instanceof QuotaWaitExceededError) {
      throw new LlmError({ code: "rate_limited", retryable: true, retryAfterMs: err.retryAfterMs, message: "The model's quota is used up for now." });
    }
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
      await governor
        .settle({ reservationId: grant.reservationId, actualTokens: e.usage.inputTokens + e.usage.outputTokens })
        .catch(() => undefined);
    } else if (e.code === "network" && e.status === undefined) {
      await governor.release({ reservationId: grant.reservationId }).catch(() => undefined);
    }
    if (isBreakerFailure(e) && !req.signal?.aborted) await breaker.recordFailure().catch(() => undefined);
    else await breaker.recordSuccess().catch(() => undefined);
    throw e;
  }
}
