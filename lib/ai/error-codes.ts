/**
 * The LLM layer's error taxonomy: every `LlmError.code` (lib/ai/errors.ts). A task whose model
 * call fails ends its attempt with this code (worker/handlers/llm-errors.ts), so it is also a
 * task error code (lib/tasks/error-codes.ts). No imports: the browser bundle reaches this file
 * through lib/tasks/error-codes.ts.
 *
 * - `rate_limited` — 429, or the governor found no quota; also 429 `insufficient_quota` (not retryable).
 * - `upstream_5xx` — the provider answered 5xx.
 * - `timeout` — our deadline fired, or upstream answered 408.
 * - `network` — no response: connection refused or reset, DNS, socket closed; also unclassified failures.
 * - `invalid_output` — the answer did not match the schema (or was cut off at the token limit).
 * - `context_length` — the prompt is longer than the model's context window.
 * - `content_policy` — the provider's safety filter refused the prompt or blocked the answer.
 * - `bad_request` — any other 4xx (bad key, unknown model, malformed request): our configuration.
 * - `circuit_open` — the model's circuit breaker is open; no request was sent.
 * - `budget_exhausted` — a money budget that applies to the call (global, organisation, user or
 *   feature; lib/finops/budgets.ts) has no room for its estimated cost; no request was sent.
 *   Retryable and deferred: a task waits RETRYING until the budget resets or is raised, without
 *   spending an attempt; the chat answers 429 with `Retry-After`.
 */
export const LLM_ERROR_CODES = [
  "rate_limited",
  "upstream_5xx",
  "timeout",
  "network",
  "invalid_output",
  "context_length",
  "content_policy",
  "bad_request",
  "circuit_open",
  "budget_exhausted",
] as const;
export type LlmErrorCode = (typeof LLM_ERROR_CODES)[number];
