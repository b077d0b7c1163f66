import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { OnlineLlmConfig } from "./config";

/** One upstream call as the usage ledger records it. */
export type MeteredCall = {
  /** Same id for the `in_flight` row and its completion. */
  callId: string;
  provider: string;
  model: string;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  latencyMs: number;
  /** `ok` or the LlmError code. */
  outcome: string;
};

/**
 * What {@link metered} reads of a call's result (a `StructuredResult` of `structured.ts` is one).
 * Structural, so this module needs nothing of the call it wraps.
 */
type MeteredResult = {
  provider: string;
  model: string;
  latencyMs: number;
  usage: { inputTokens?: number; cachedInputTokens?: number; outputTokens?: number };
};

/**
 * Set by {@link metered} around its call; `guardUpstreamCall` awaits it once the breaker and
 * the governor have let the request through, right before it leaves. A call refused before
 * that (circuit open, no quota within the wait) therefore writes no usage row: there was no
 * upstream call. Async context rather than a parameter, so every `generateStructured` caller
 * keeps its signature.
 */
const dispatchHook = new AsyncLocalStorage<(ref: { provider: string; model: string }) => Promise<void>>();

/**
 * Called by the upstream guard right before a request leaves, with the model that serves it
 * (the fallback's, when it serves). A no-op outside {@link metered}.
 */
export async function beforeDispatch(ref: { provider: string; model: string }): Promise<void> {
  await dispatchHook.getStore()?.(ref);
}

/**
 * Runs one structured model call and reports it to `onCall` twice under one `callId`: as
 * `in_flight` right before the request leaves (after the circuit breaker and the governor),
 * then with its usage when it succeeds or its error code (and whatever usage the error carried)
 * when it fails — before returning or rethrowing. A call refused before it left (`circuit_open`,
 * `rate_limited` from the governor) is reported not at all. The caller upserts by `callId`: one
 * usage row per upstream call, even if the process dies mid-call.
 * @throws whatever `call` throws, and `onCall`'s errors.
 */
export async function metered<R extends MeteredResult>(
  // The primary's configuration; the row names the model that actually served.
  _config: OnlineLlmConfig,
  call: () => Promise<R>,
  onCall: (c: MeteredCall) => Promise<void>,
): Promise<R> {
  const callId = randomUUID();
  let dispatched: { provider: string; model: string } | undefined;
  let started = performance.now();
  const hook = async (ref: { provider: string; model: string }) => {
    await onCall({
      callId,
      provider: ref.provider,
      model: ref.model,
      inputTokens: 0,
      cachedInputTokens: 0,
      outputTokens: 0,
      latencyMs: 0,
      outcome: "in_flight",
    });
    // Only once the row is written: if writing it failed, the request does not leave (the guard
    // rethrows), and no outcome may be reported for a call that never happened.
    dispatched = ref;
    started = performance.now();
  };
  let r: R;
  try {
    r = await dispatchHook.run(hook, call);
  } catch (err) {
    if (!dispatched) throw err;
    const e = err as { code?: unknown; usage?: { inputTokens?: number; outputTokens?: number; cachedInputTokens?: number } };
    await onCall({
      callId,
      provider: dispatched.provider,
      model: dispatched.model,
      inputTokens: e.usage?.inputTokens ?? 0,
      cachedInputTokens: e.usage?.cachedInputTokens ?? 0,
      outputTokens: e.usage?.outputTokens ?? 0,
      latencyMs: Math.round(performance.now() - started),
      outcome: typeof e.code === "string" ? e.code : "error",
    });
    throw err;
  }
  // Outside the catch: a failure to write the ok row (database gone) must not relabel a call
  // that succeeded with the database's error; the row stays in_flight and the error propagates.
  await onCall({
    callId,
    provider: r.provider,
    model: r.model,
    inputTokens: r.usage.inputTokens ?? 0,
    cachedInputTokens: r.usage.cachedInputTokens ?? 0,
    outputTokens: r.usage.outputTokens ?? 0,
    latencyMs: r.latencyMs,
    outcome: "ok",
  });
  return r;
}

/**
 * Runs the offline engine's work and reports it as one `ok` call of provider and model
 * `offline` (no tokens), so a task writes one usage row whichever engine served it.
 * @param work synchronous, in-process work (an offline analyser).
 * @param onCall the same reporter a model call gets.
 * @returns what `work` returned; its exceptions propagate and nothing is reported for them.
 */
export async function meterOffline<T>(work: () => T, onCall: (c: MeteredCall) => Promise<void>): Promise<T> {
  const started = performance.now();
  const out = work();
  await onCall({
    callId: randomUUID(),
    provider: "offline",
    model: "offline",
    inputTokens: 0,
    cachedInputTokens: 0,
    outputTokens: 0,
    latencyMs: Math.round(performance.now() - started),
    outcome: "ok",
  });
  return out;
}
