/**
 * The meter: one usage row per upstream call, written by the upstream guard
 * (lib/ai/upstream-guard.ts) and nowhere else (docs/finops.md, "Metering").
 *
 * Two phases under one call id: the `in_flight` row right before the request leaves (after
 * the circuit breaker and the governor let it through, so a refused call leaves no row), then
 * its completion with tokens, cost, latency, TTFT and outcome — with the hour and day rollups in
 * the same transaction. A process killed between the two leaves its row `in_flight`: one row
 * per call still, never rolled up (its tokens are unknown).
 *
 * Who a row is for comes from the usage scope (lib/finops/scope.ts) the domain service set;
 * outside any scope a call is not metered (the model layer's own tests, scripts).
 */
import { randomUUID } from "node:crypto";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { getDb, type Tx } from "@/lib/db/client";
import { completeUsage, insertInFlightUsage } from "@/lib/db/queries/usage";
import { type LlmCallObservation, observeLlmCall } from "@/lib/metrics/registry";
import { DEFAULT_MAX_OUTPUT_TOKENS, estimateInputTokens, type TokenCounter } from "@/lib/ratelimit/tokens";
import { releaseSpend, reserveSpend, settleSpend } from "./budgets";
import { tallyCall } from "./call-tally";
import { oneHot } from "./latency-buckets";
import { costMicroUsd, type ModelPrice, type ModelRef, priceFor } from "./prices";
import { currentUsageScope, type UsageScope } from "./scope";

/**
 * Usage as the provider reported it — AI SDK 6's `LanguageModelUsage`, structurally: a field
 * left undefined was not reported. `inputTokens` includes the cache reads
 * (`inputTokenDetails.cacheReadTokens`), `outputTokens` the reasoning tokens
 * (`outputTokenDetails.reasoningTokens`).
 */
export type ReportedUsage = {
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  inputTokenDetails?: { cacheReadTokens?: number | undefined };
  outputTokenDetails?: { reasoningTokens?: number | undefined };
};

/** The text a request sends: what its input tokens are counted from when the provider reports none. */
export type RequestText = {
  system?: string;
  prompt?: string;
  messages?: readonly { role: string; content: string }[];
  /** Other text the request carries (a response JSON schema). */
  extra?: readonly string[];
};

/** A call's tokens as its usage row records them. */
export type CallUsage = {
  inputTokens: number;
  /** Part of inputTokens read from the provider's prompt cache. */
  cachedInputTokens: number;
  outputTokens: number;
  /** Part of outputTokens spent on reasoning. */
  reasoningTokens: number;
  /** Some count was not reported and was counted with the tokenizer instead. */
  estimated: boolean;
};

/**
 * The tokenizer that counts what the provider did not report: o200k_base, the encoding of
 * OpenAI's current models (gpt-4o, gpt-4.1, o-series); for other vendors' models an
 * approximation. Not the governor's counter (`max(o200k, chars/4)`, upstream-guard.ts), which
 * leans high on purpose for reservations.
 */
const o200k: TokenCounter = { name: "o200k_base", count: (text) => countTokens(text) };

const defined = (n: number | undefined): n is number => typeof n === "number" && Number.isFinite(n);

/**
 * The tokens of a finished call: what the provider reported, and where it reported nothing
 * (some OpenAI-compatible servers send no usage in streams), the tokenizer's count — input
 * from the request's text with chat framing (`estimateInputTokens`), output from the text the
 * call produced — marked `estimated`; a reported 0 for a request or an output that has text
 * counts as not reported. A call that failed without usage and without output counts 0
 * (nothing was generated; providers do not bill refused requests); one that failed after some
 * output counts that output and the input that produced it.
 */
export function resolveUsage(a: { reported: ReportedUsage | undefined; request: RequestText; outputText: string; failed: boolean }): CallUsage {
  const r = a.reported;
  const reportedAny = defined(r?.inputTokens) || defined(r?.outputTokens);
  if (a.failed && !reportedAny && a.outputText === "") {
    return { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0, estimated: false };
  }
  // A reported 0 for text that is there is a server's placeholder, not a count.
  const inputKnown = defined(r?.inputTokens) && (r.inputTokens > 0 || (a.failed && a.outputText === ""));
  const outputKnown = defined(r?.outputTokens) && (r.outputTokens > 0 || a.outputText === "");
  const inputTokens = inputKnown ? r!.inputTokens! : estimateInputTokens({ ...a.request, counter: o200k });
  const outputTokens = outputKnown ? r!.outputTokens! : o200k.count(a.outputText);
  return {
    inputTokens,
    cachedInputTokens: Math.min(inputTokens, r?.inputTokenDetails?.cacheReadTokens ?? 0),
    outputTokens,
    reasoningTokens: Math.min(outputTokens, r?.outputTokenDetails?.reasoningTokens ?? 0),
    estimated: !inputKnown || !outputKnown,
  };
}

/** A finished call's tokens and its latency (ms, from the request leaving until it ended). */
export type FinishedCall = CallUsage & { latencyMs: number };

/** One upstream call being metered; see {@link startMeteredCall}. */
export interface MeteredCall {
  /** Null when the call is outside any usage scope (not metered). */
  readonly callId: string | null;
  /** Marks the first token of a streamed answer (TTFT); later marks are ignored. */
  firstToken(): void;
  /** Stops the call's clock and resolves its tokens ({@link resolveUsage}); the first call counts. */
  finish(a: { reported: ReportedUsage | undefined; outputText: string; failed: boolean }): FinishedCall;
  /**
   * Completes the usage row with `outcome` (`ok` or the error code) and the finished usage,
   * priced at the price in force when the call left, and adds it to the rollups in the same
   * transaction — with `alongside`, another write of the caller's that commits with it (run on
   * its own outside a usage scope). A no-op outside a usage scope without `alongside`.
   * @throws the database's errors (the row then stays `in_flight`, and `alongside` is not stored).
   */
  record(outcome: string, alongside?: (tx: Tx) => Promise<void>): Promise<void>;
}

/**
 * Starts metering an upstream call: looks up its price, reserves its estimated cost against
 * the budgets, writes its `in_flight` row, and starts its clock. Call it once the breaker and
 * the governor have let the call through, right before the request leaves; if it throws, the
 * request must not leave.
 * @param a.ref the model that serves the call (the fallback's, when it serves).
 * @param a.request the request's text, for the input count when the provider reports none
 *   and for the budget's estimate.
 * @param a.maxOutputTokens the call's output cap, for the budget's estimate.
 * @throws {BudgetExhaustedError} (lib/finops/errors.ts) when a budget of the scope has no room.
 * @throws the database's errors (price lookup, in_flight row).
 */
export async function startMeteredCall(a: { ref: ModelRef; request: RequestText; maxOutputTokens?: number }): Promise<MeteredCall> {
  const scope = currentUsageScope();
  let finished: FinishedCall | undefined;
  let started = performance.now();
  let ttftMs: number | null = null;
  const handle = {
    firstToken() {
      ttftMs ??= Math.round(performance.now() - started);
    },
    finish(f: { reported: ReportedUsage | undefined; outputText: string; failed: boolean }): FinishedCall {
      finished ??= { ...resolveUsage({ ...f, request: a.request }), latencyMs: Math.round(performance.now() - started) };
      return finished;
    },
  };
  if (!scope) {
    const record = async (_outcome: string, alongside?: (tx: Tx) => Promise<void>) => {
      if (alongside) await getDb().transaction(alongside);
    };
    return { ...handle, callId: null, record };
  }

  const price = await priceFor(scope.db, a.ref);
  const callId = randomUUID();
  const reservation = await reserveBudgetSlot({ scope, ref: a.ref, price, request: a.request, maxOutputTokens: a.maxOutputTokens });
  try {
    await insertInFlightUsage(scope.db, { callId, ...attribution(scope), ...a.ref });
  } catch (err) {
    await releaseBudgetSlot(reservation);
    throw err;
  }
  started = performance.now();
  return {
    ...handle,
    callId,
    async record(outcome: string, alongside?: (tx: Tx) => Promise<void>) {
      const usage = handle.finish({ reported: undefined, outputText: "", failed: outcome !== "ok" });
      const cost = price ? costMicroUsd(price, usage) : null;
      try {
        await completeUsage(
          scope.db,
          { callId, ...attribution(scope), ...a.ref, ...usage, costMicroUsd: cost, ttftMs, outcome },
          { latency: oneHot(usage.latencyMs), ttft: ttftMs === null ? [] : oneHot(ttftMs) },
          alongside,
        );
      } finally {
        // Whether or not the row could be written: the call happened and cost what it cost.
        await settleBudgetSlot(reservation, cost);
        upstreamCallCompleted({ ...a.ref, feature: scope.feature, outcome, ...usage, costMicroUsd: cost, ttftMs });
      }
    },
  };
}

function attribution(scope: UsageScope) {
  return { userId: scope.userId, organizationId: scope.organizationId, feature: scope.feature, taskId: scope.taskId, attempt: scope.attempt };
}

/**
 * Writes a completed usage row in one step, for work that makes no upstream request — the
 * offline engine, a result served from the cache (`cacheHit`: cost 0, with what it saved) —
 * under `a.scope` or else the current usage scope, priced like any call (offline at 0), rolled
 * up in the same transaction. A no-op without a scope.
 * @throws the database's errors.
 */
export async function recordUsage(a: {
  scope?: UsageScope;
  ref: ModelRef;
  outcome: string;
  usage?: CallUsage;
  latencyMs: number;
  cacheHit?: boolean;
  savedMicroUsd?: number;
}): Promise<void> {
  const scope = a.scope ?? currentUsageScope();
  if (!scope) return;
  const usage = a.usage ?? { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0, estimated: false };
  const price = a.cacheHit ? null : await priceFor(scope.db, a.ref);
  // A cache hit costs nothing: no tokens went upstream.
  const cost = a.cacheHit ? 0 : price ? costMicroUsd(price, usage) : null;
  await completeUsage(
    scope.db,
    {
      callId: randomUUID(),
      ...attribution(scope),
      ...a.ref,
      ...usage,
      costMicroUsd: cost,
      latencyMs: a.latencyMs,
      ttftMs: null,
      outcome: a.outcome,
      cacheHit: a.cacheHit,
      savedMicroUsd: a.savedMicroUsd,
    },
    { latency: oneHot(a.latencyMs), ttft: [] },
  );
  // Not an upstream call: no LLM metrics, but the result cache's tally counts it like any row.
  tallyCall({ ...a.ref, outcome: a.outcome, costMicroUsd: cost });
}

/**
 * Runs the offline engine's work and records it as one `ok` call of provider and model
 * `offline` (no tokens, cost 0), so a task writes one usage row whichever engine served it.
 * @param work synchronous, in-process work (an offline analyser).
 * @returns what `work` returned; its exceptions propagate and nothing is recorded for them.
 * @throws the database's errors writing the row.
 */
export async function meterOffline<T>(work: () => T): Promise<T> {
  const started = performance.now();
  const out = work();
  await recordUsage({ ref: { provider: "offline", model: "offline" }, outcome: "ok", latencyMs: Math.round(performance.now() - started) });
  return out;
}

/**
 * After an upstream call's usage row is completed: the result cache's tally of what producing a
 * result cost (lib/finops/call-tally.ts) and the Prometheus metrics (`observeLlmCall`,
 * lib/metrics, which never throws).
 */
function upstreamCallCompleted(c: LlmCallObservation): void {
  tallyCall(c);
  observeLlmCall(c);
}

// ── Budgets (lib/finops/budgets.ts, docs/finops.md "Budgets") ──────────────────────────────
// Each call to the budgets is made from exactly one place here.

/** A call's hold on the budgets between dispatch and settlement. */
type BudgetReservation = { reservationId: string };

/**
 * Holds the call's estimated cost on every budget of its scope before it leaves: input
 * (the process's reservation counter, which leans high) plus the output cap, at the call's
 * price; 0 when unpriced (admitted while the budgets have room). Its `BudgetExhaustedError`
 * propagates: no row is written, and the guard maps it to LlmError `budget_exhausted`.
 */
async function reserveBudgetSlot(a: {
  scope: UsageScope;
  ref: ModelRef;
  price: ModelPrice | null;
  request: RequestText;
  maxOutputTokens?: number;
}): Promise<BudgetReservation> {
  const estimatedMicroUsd = a.price
    ? costMicroUsd(a.price, {
        inputTokens: estimateInputTokens(a.request),
        cachedInputTokens: 0,
        outputTokens: a.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
      })
    : 0;
  return reserveSpend({
    db: a.scope.db,
    scope: { userId: a.scope.userId, organizationId: a.scope.organizationId, feature: a.scope.feature },
    estimatedMicroUsd,
  });
}

/** The call never left (its in_flight row failed): its hold is released. Errors ignored: an unreleased hold expires with its lease. */
async function releaseBudgetSlot(reservation: BudgetReservation): Promise<void> {
  await releaseSpend(reservation).catch(() => undefined);
}

/**
 * Settles the hold with the call's actual cost (released when unpriced: nothing known to
 * charge), whether or not the usage row could be completed. Errors ignored: an unsettled hold
 * expires with its lease.
 */
async function settleBudgetSlot(reservation: BudgetReservation, cost: number | null): Promise<void> {
  await (cost === null ? releaseSpend(reservation) : settleSpend({ ...reservation, actualMicroUsd: cost })).catch(() => undefined);
}
