import { AsyncLocalStorage } from "node:async_hooks";

/** One completed model call as the usage ledger wrote it: who served it and what it cost. */
export type TalliedCall = {
  provider: string;
  model: string;
  /** Integer micro-dollars; null = the model has no known price. */
  costMicroUsd: number | null;
  /** `ok` or the call's error code. */
  outcome: string;
};

/**
 * The calls completed inside {@link withCallTally}'s function. Async context rather than a
 * return value, because the calls are metered deep inside the model layer (two-phase usage
 * rows) and the result cache, which needs their cost, sits above the domain engines.
 */
const tally = new AsyncLocalStorage<TalliedCall[]>();

/**
 * Runs `fn` and gives back, beside its value, every model call whose usage row was completed
 * while it ran ({@link tallyCall}), in completion order. The result cache uses it to learn what
 * producing a result cost and which model served it.
 * @throws whatever `fn` throws (the tally is then dropped).
 */
export async function withCallTally<T>(fn: () => Promise<T>): Promise<{ value: T; calls: TalliedCall[] }> {
  const calls: TalliedCall[] = [];
  const value = await tally.run(calls, fn);
  return { value, calls };
}

/**
 * Reports a usage row that was just completed to the enclosing {@link withCallTally}, if any.
 * Called by the usage ledger after each write; an `in_flight` row is not a completed call and is
 * ignored. A no-op outside a tally.
 */
export function tallyCall(call: TalliedCall): void {
  if (call.outcome === "in_flight") return;
  tally.getStore()?.push({ provider: call.provider, model: call.model, costMicroUsd: call.costMicroUsd, outcome: call.outcome });
}
