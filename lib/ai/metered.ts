import { randomUUID } from "node:crypto";
import type { OnlineLlmConfig } from "./config";
import type { StructuredResult } from "./structured";

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
 * Runs one structured model call and reports it to `onCall` twice under one `callId`: as
 * `in_flight` before the request leaves, then with its usage when it succeeds or its error code
 * (and whatever usage the error carried) when it fails — before returning or rethrowing. The
 * caller upserts by `callId`: one usage row per upstream call, even if the process dies mid-call.
 */
export async function metered<T>(
  config: OnlineLlmConfig,
  call: () => Promise<StructuredResult<T>>,
  onCall: (c: MeteredCall) => Promise<void>,
): Promise<StructuredResult<T>> {
  const callId = randomUUID();
  await onCall({
    callId, provider: config.provider, model: config.model,
    inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, latencyMs: 0, outcome: "in_flight",
  });
  const started = performance.now();
  try {
    const r = await call();
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
  } catch (err) {
    const e = err as { code?: unknown; usage?: { inputTokens?: number; outputTokens?: number; cachedInputTokens?: number } };
    await onCall({
      callId,
      provider: config.provider,
      model: config.model,
      inputTokens: e.usage?.inputTokens ?? 0,
      cachedInputTokens: e.usage?.cachedInputTokens ?? 0,
      outputTokens: e.usage?.outputTokens ?? 0,
      latencyMs: Math.round(performance.now() - started),
      outcome: typeof e.code === "string" ? e.code : "error",
    });
    throw err;
  }
}
