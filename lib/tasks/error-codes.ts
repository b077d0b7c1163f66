import { LLM_ERROR_CODES } from "@/lib/ai/error-codes";
import { PIPELINE_ERROR_CODES } from "@/lib/queue/error-codes";
import { EXTRACT_FAILURE_CODES } from "@/lib/resume/extract/types";

/**
 * Every code a task can end an attempt with (`tasks.error_code`, the task body's `error.code`),
 * in one list. Each writer owns its own part and `TaskError` accepts only these, so a code that
 * is not here does not compile; the UI has a translated reason and next step for each
 * (messages `failure.codes.<code>`, checked by lib/tasks/error-codes.test.ts).
 *
 * The modules gathered here have no imports of their own: the browser bundle uses this file.
 */

/**
 * Codes the task handlers (worker/handlers/*) write for what they find, besides the LLM's and
 * the extractor's: `not_found` — the task's resume or interview was deleted; `no_plan` — an
 * interview has no question plan to evaluate.
 */
export const HANDLER_ERROR_CODES = ["not_found", "no_plan"] as const;

export type TaskErrorCode =
  | (typeof PIPELINE_ERROR_CODES)[number]
  | (typeof LLM_ERROR_CODES)[number]
  | (typeof EXTRACT_FAILURE_CODES)[number]
  | (typeof HANDLER_ERROR_CODES)[number];

/** All task error codes, each once (`timeout` is both the pipeline's and the LLM layer's). */
export const TASK_ERROR_CODES: readonly TaskErrorCode[] = [
  ...new Set<TaskErrorCode>([...PIPELINE_ERROR_CODES, ...LLM_ERROR_CODES, ...EXTRACT_FAILURE_CODES, ...HANDLER_ERROR_CODES]),
];

/**
 * Whose limit a failure is, so the UI never blames the candidate's file for the provider's rule:
 *
 * - `input` — the candidate's own file: scanned, encrypted, damaged, not a resume. Retrying with
 *   the same file cannot help.
 * - `model` — a limit or refusal of the AI model or its provider: context length, content
 *   policy, quota. The file may be perfectly fine.
 * - `service` — an outage or a fault on our side (upstream 5xx, network, timeouts, bugs);
 *   trying again later usually works.
 * - `gone` — what the task worked on no longer exists.
 */
export type TaskErrorBlame = "input" | "model" | "service" | "gone";

export const TASK_ERROR_BLAME: Record<TaskErrorCode, TaskErrorBlame> = {
  no_text_layer: "input",
  encrypted: "input",
  corrupt: "input",
  unreadable: "input",
  not_a_resume: "input",
  too_short: "input",
  too_large: "input",
  context_length: "model",
  content_policy: "model",
  // A 429 is a quota: retried while it is a rate, terminal when the account is out of credit.
  rate_limited: "model",
  upstream_5xx: "service",
  timeout: "service",
  network: "service",
  invalid_output: "service",
  bad_request: "service",
  circuit_open: "service",
  // Our own spending limit, set by the administrators: neither the file nor the provider.
  budget_exhausted: "service",
  internal: "service",
  attempts_exhausted: "service",
  unknown_task_type: "service",
  bad_payload: "service",
  not_found: "gone",
  no_plan: "gone",
};

export function isTaskErrorCode(code: unknown): code is TaskErrorCode {
  return typeof code === "string" && Object.hasOwn(TASK_ERROR_BLAME, code);
}
