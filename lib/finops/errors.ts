/**
 * Errors of the money layer (docs/finops.md). `lib/finops` knows nothing of `lib/ai`: the
 * upstream guard maps these onto its own taxonomy (`BudgetExhaustedError` → `LlmError`
 * `budget_exhausted`, retryable and deferred).
 */

/**
 * `reserveSpend` refused a call: one budget that applies to it has no room for its estimate.
 *
 * - `budgetKey`: the budget that refused, `<scope>:<subject id>:<period>` (`global:day`,
 *   `organization:<org id>:month`, `user:<user id>:day`, `feature:<feature>:day`); when several
 *   refused, the one that frees up last.
 * - `resetsAt`: the end of that budget's period (UTC midnight, or the first of next month).
 * - `retryAt` / `retryAfterMs`: when to ask again. At the period's end when the budget is used up
 *   by settled spend; a few seconds from now when only calls still in flight hold the room (their
 *   reservations settle, usually lower, or are released).
 * - `exhausted`: true when settled spend alone fills the budget (nothing frees up before `resetsAt`
 *   unless an admin raises it).
 */
export class BudgetExhaustedError extends Error {
  override readonly name = "BudgetExhaustedError";
  readonly code = "budget_exhausted";
  readonly budgetKey: string;
  readonly retryAfterMs: number;
  readonly resetsAt: Date;
  readonly retryAt: Date;
  readonly exhausted: boolean;
  readonly limitMicroUsd: number;
  /** Settled spend plus open reservations of the budget when it refused, micro-dollars. */
  readonly usedMicroUsd: number;

  constructor(a: { budgetKey: string; retryAfterMs: number; resetsAt: Date; retryAt: Date; exhausted: boolean; limitMicroUsd: number; usedMicroUsd: number }) {
    super(
      a.exhausted
        ? // "No room", not "used up": a call is held at its estimate (input + max output), which can exceed what is left.
          `Budget ${a.budgetKey} has no room for this call (${a.usedMicroUsd} of ${a.limitMicroUsd} µUSD spent; a call is held at its estimated cost before it leaves); it resets at ${a.resetsAt.toISOString()}.`
        : `Budget ${a.budgetKey} is held by calls in flight (${a.usedMicroUsd} of ${a.limitMicroUsd} µUSD); asking again at ${a.retryAt.toISOString()}.`,
    );
    this.budgetKey = a.budgetKey;
    this.retryAfterMs = a.retryAfterMs;
    this.resetsAt = a.resetsAt;
    this.retryAt = a.retryAt;
    this.exhausted = a.exhausted;
    this.limitMicroUsd = a.limitMicroUsd;
    this.usedMicroUsd = a.usedMicroUsd;
  }
}
