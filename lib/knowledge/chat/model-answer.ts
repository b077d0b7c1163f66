/**
 * The model's answer, streamed through the upstream guard the way the interviewer's turn is
 * (both through lib/ai/guarded-stream.ts): the call is started before the HTTP response so an
 * open circuit (every model's) or a used-up budget is still a status (503 / 429 with
 * `Retry-After`); once let through, its deltas are held until the UI stream takes them; streaming
 * deadlines abort a silent upstream; the guard meters the call under the chat's usage scope.
 */
import { getFallbackConfig, getStreamDeadlineConfig, type OnlineLlmConfig, type StreamDeadlineConfig } from "@/lib/ai/config";
import { type LlmError, toLlmError } from "@/lib/ai/errors";
import { guardedStreamText } from "@/lib/ai/guarded-stream";
import { defaultTimeoutMs } from "@/lib/ai/structured";
import { PanelistError } from "@/lib/errors";
import { type TalliedCall, withCallTally } from "@/lib/finops/call-tally";
import type { Logger } from "@/lib/log";

/** Longest an answer may stream, ms (as the interview chat's turn). */
const ANSWER_CALL_MAX_MS = 60_000;

/** What the model said: its text so far, whether it failed before finishing, and the calls the meter completed (their cost). */
export type ModelAnswerResult = { said: string; failed: boolean; calls: TalliedCall[] };

/** A model call that passed the breaker, the governor and the budgets; `pipe` sends its deltas and resolves when it ended. */
export type ModelAnswer = { config: OnlineLlmConfig; pipe: (onDelta: (d: string) => void) => Promise<ModelAnswerResult> };

type Deadlines = StreamDeadlineConfig & { totalMs: number };

/**
 * Starts the answer with the primary model, or with `LLM_FALLBACK_MODEL` while the primary's
 * circuit is open, and resolves once one of them is let through.
 * @returns the started call, or null when it was refused for another reason (no quota within the
 *   governor's wait): the offline answer serves.
 * @throws {PanelistError} `unavailable:llm` (503) with `Retry-After` when every circuit is open;
 *   `rate_limit:budget` (429) with `Retry-After` when a money budget covering `kb.chat` has no room.
 * @throws Error when a streaming deadline variable is malformed.
 */
export async function openModelAnswer(
  deps: { log: Logger },
  a: { primary: OnlineLlmConfig; system: string; prompt: string; maxOutputTokens: number },
): Promise<ModelAnswer | null> {
  const deadlines: Deadlines = { ...getStreamDeadlineConfig(), totalMs: Math.min(defaultTimeoutMs(), ANSWER_CALL_MAX_MS) };
  const fallback = getFallbackConfig(a.primary);
  const refusals: LlmError[] = [];
  for (const config of fallback ? [a.primary, fallback] : [a.primary]) {
    const started = startAnswer(deps, { ...a, config, deadlines });
    const gate = await started.gate;
    if (gate === "passed") return { config, pipe: started.pipe };
    if (gate.code === "budget_exhausted") {
      const seconds = Math.max(1, Math.ceil((gate.retryAfterMs ?? 1_000) / 1_000));
      throw new PanelistError("rate_limit:budget", "The AI spending limit is used up for now. Please try again later.", {
        headers: { "Retry-After": String(seconds) },
      });
    }
    if (gate.code !== "circuit_open") {
      deps.log.warn({ err: gate.message, code: gate.code, model: config.model }, "knowledge answer call refused; the offline answer serves");
      return null;
    }
    refusals.push(gate);
  }
  const seconds = Math.max(1, Math.ceil(Math.min(...refusals.map((r) => r.retryAfterMs ?? 1_000)) / 1_000));
  throw new PanelistError("unavailable:llm", `The AI assistant is unavailable right now. Please try again in ${seconds} s.`, {
    headers: { "Retry-After": String(seconds) },
  });
}

/** Runs the call in the background: `gate` settles when it passes the guard (or with what refused it); deltas wait for `pipe`. */
function startAnswer(
  deps: { log: Logger },
  a: { config: OnlineLlmConfig; system: string; prompt: string; maxOutputTokens: number; deadlines: Deadlines },
): { gate: Promise<"passed" | LlmError>; pipe: ModelAnswer["pipe"] } {
  let settleGate!: (v: "passed" | LlmError) => void;
  const gate = new Promise<"passed" | LlmError>((resolve) => (settleGate = resolve));
  const held: string[] = [];
  let sink: ((d: string) => void) | null = null;
  // The tally collects the usage rows the guard completes inside: what the answer cost, which a cache hit later saves.
  const done = withCallTally(() => streamWithModel(deps, { ...a, onGate: () => settleGate("passed"), onDelta: (d) => (sink ? sink(d) : held.push(d)) })).then(
    ({ value, calls }): ModelAnswerResult => {
      if (value.refused) settleGate(value.refused);
      return { said: value.said, failed: value.failed, calls };
    },
    (err: unknown): ModelAnswerResult => {
      settleGate(toLlmError(err));
      return { said: "", failed: true, calls: [] };
    },
  );
  return {
    gate,
    pipe: (onDelta) => {
      for (const d of held.splice(0)) onDelta(d);
      sink = onDelta;
      return done;
    },
  };
}

/**
 * One streamed call through the guard (breaker → governor → meter → call). `failed`: it went
 * upstream and did not finish (error, deadline); `refused`: it never passed the guard.
 */
async function streamWithModel(
  deps: { log: Logger },
  a: {
    config: OnlineLlmConfig;
    system: string;
    prompt: string;
    maxOutputTokens: number;
    deadlines: Deadlines;
    onGate: () => void;
    onDelta: (d: string) => void;
  },
): Promise<{ said: string; failed: boolean; refused?: LlmError }> {
  return guardedStreamText({
    ...a,
    temperature: 0,
    log: deps.log,
    // The person has read the text by then: a lost usage write is logged, not a failed answer.
    meterErrorMessage: "completing the knowledge answer's usage row failed",
    failureMessage: "knowledge answer call failed; the offline answer serves",
  });
}
