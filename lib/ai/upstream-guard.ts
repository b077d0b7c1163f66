import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import type { Tx } from "@/lib/db/client";
import { BudgetExhaustedError } from "@/lib/finops/errors";
import { type MeteredCall, type ReportedUsage, startMeteredCall } from "@/lib/finops/meter";
import { isBreakerFailure } from "@/lib/ratelimit/circuit-breaker";
import { DEFAULT_MAX_WAIT_MS, type Priority, QuotaWaitExceededError } from "@/lib/ratelimit/governor";
import { getBreaker, getGovernor } from "@/lib/ratelimit/shared";
import { estimateTokens, setTokenCounter } from "@/lib/ratelimit/tokens";
import type { OnlineLlmConfig } from "./config";
import { LlmError, type RateLimitInfo, toLlmError } from "./errors";

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

/** What the guarded call reports back besides its value. */
type UpstreamCallOutcome = {
  /** Usage as the provider reported it (AI SDK 6 `totalUsage` / `usage`); fields left undefined were not reported. */
  usage?: ReportedUsage;
  /** The whole output text, when the call did not stream it through {@link UpstreamCallContext.output}. */
  outputText?: string;
  headers?: Headers | Record<string, string | string[] | undefined> | null;
  rateLimit?: RateLimitInfo;
  /** A write of the caller's committed in the transaction that completes the usage row of a call that succeeded (lib/finops/meter.ts `record`). */
  alongside?: (tx: Tx) => Promise<void>;
};

/** What the guard gives the call it runs: marks for the meter while the answer streams. */
export type UpstreamCallContext = {
  /** The first token (text or reasoning) of a streamed answer arrived: the TTFT mark. */
  firstToken(): void;
  /** A piece of output text, counted by the tokenizer if the provider reports no usage. */
  output(delta: string): void;
};

/** A failed call's usage as LlmError carries it, in the provider's reported shape. */
function reportedFrom(u: LlmError["usage"]): ReportedUsage | undefined {
  if (!u) return undefined;
  return { inputTokens: u.inputTokens, outputTokens: u.outputTokens, inputTokenDetails: { cacheReadTokens: u.cachedInputTokens } };
}

/**
 * Every upstream call goes through here (docs/governor.md, "Wiring"): the model's circuit breaker, then the
 * shared RPM/TPM governor (tokens reserved = input estimate + max output), then the meter
 * (lib/finops/meter.ts: the money budgets' hold and the `in_flight` usage row, right before the
 * request leaves, so a call refused by the breaker, the governor or a budget leaves no row), then the call; after it, the usage row
 * is completed with the tokens (counted with the tokenizer where the provider reported none),
 * cost, latency, TTFT and outcome, the reservation is settled with the same tokens, the answer's
 * rate-limit headers are observed (a 429 pauses every process), and the breaker learns the
 * outcome. This is the only place usage is metered (docs/finops.md, "Metering"); who a row is
 * for comes from the caller's `withUsageScope`.
 *
 * When the completed row cannot be written (database gone), a call that succeeded rejects with
 * the database's error (its row stays `in_flight`) unless `req.onMeterError` takes it — the
 * streamed chat, whose text a person has already read; a failed call always rejects with its
 * own error, the write's error going to `onMeterError` if given.
 *
 * @throws {LlmError} `circuit_open` (retryable, with retryAfterMs) while the breaker is open;
 *   `rate_limited` when no quota frees up within the wait limit; `budget_exhausted` (retryable,
 *   with retryAfterMs; `cause` the BudgetExhaustedError) when a budget of the call's scope has
 *   no room; the call's own errors.
 * @throws the database's errors when the in_flight row cannot be written: the request does not leave.
 */
export async function guardUpstreamCall<T>(
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
    /** Takes the meter's write errors instead of failing the call with them (see above). */
    onMeterError?: (err: unknown) => void;
  },
  call: (ctx: UpstreamCallContext) => Promise<{ value: T } & UpstreamCallOutcome>,
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
  const request = { system: req.system, prompt: req.prompt, messages: req.messages, extra: req.extra };
  let grant: Awaited<ReturnType<typeof governor.acquire>>;
  try {
    grant = await governor.acquire({
      ...ref,
      estimatedTokens: estimateTokens({ ...request, maxOutputTokens: req.maxOutputTokens }),
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
  let meter: MeteredCall;
  try {
    meter = await startMeteredCall({ ref, request, maxOutputTokens: req.maxOutputTokens });
  } catch (err) {
    // A budget without room, or a ledger that cannot record the call (database down): the
    // request does not leave.
    await governor.release({ reservationId: grant.reservationId }).catch(() => undefined);
    if (err instanceof BudgetExhaustedError) {
      throw new LlmError({ code: "budget_exhausted", retryable: true, retryAfterMs: err.retryAfterMs, message: err.message, cause: err });
    }
    throw err;
  }
  let said = "";
  const ctx: UpstreamCallContext = {
    firstToken: () => meter.firstToken(),
    output: (delta) => {
      said += delta;
    },
  };
  let out: { value: T } & UpstreamCallOutcome;
  try {
    out = await call(ctx);
  } catch (err) {
    const e = err instanceof LlmError ? err : toLlmError(err);
    const used = meter.finish({ reported: reportedFrom(e.usage), outputText: said, failed: true });
    await governor.observe({ ...ref, status: e.status, rateLimit: e.rateLimit, retryAfterMs: e.retryAfterMs }).catch(() => undefined);
    if (e.usage || said) {
      await governor.settle({ reservationId: grant.reservationId, actualTokens: used.inputTokens + used.outputTokens }).catch(() => undefined);
    } else if (e.code === "network" && e.status === undefined) {
      await governor.release({ reservationId: grant.reservationId }).catch(() => undefined);
    }
    if (isBreakerFailure(e) && !req.signal?.aborted) await breaker.recordFailure().catch(() => undefined);
    else await breaker.recordSuccess().catch(() => undefined);
    // The call's error is what happened; a failed write leaves its row in_flight.
    await meter.record(e.code).catch((writeErr: unknown) => req.onMeterError?.(writeErr));
    throw e;
  }
  const used = meter.finish({ reported: out.usage, outputText: out.outputText ?? said, failed: false });
  await governor.settle({ reservationId: grant.reservationId, actualTokens: used.inputTokens + used.outputTokens }).catch(() => undefined);
  await governor.observe({ ...ref, status: 200, headers: out.headers, rateLimit: out.rateLimit }).catch(() => undefined);
  await breaker.recordSuccess().catch(() => undefined);
  // Outside the catch above: a failure to write the ok row must not relabel a call that
  // succeeded with the database's error; the row stays in_flight.
  if (req.onMeterError) await meter.record("ok", out.alongside).catch(req.onMeterError);
  else await meter.record("ok", out.alongside);
  return out.value;
}
