/**
 * One streamed text call through the upstream guard (breaker → governor → meter → call), under
 * stream deadlines: what the interviewer's turn (lib/interview/session) and the knowledge base's
 * chat answer (lib/knowledge/chat) both do. Knows no domain: the prompts, the token budget and
 * what to log come from the caller.
 */
import type { OnlineLlmConfig } from "@/lib/ai/config";
import { type LlmError, toLlmError } from "@/lib/ai/errors";
import { streamModelText } from "@/lib/ai/model-stream";
import { resolveLanguageModel } from "@/lib/ai/providers";
import { armStreamDeadlines } from "@/lib/ai/stream-deadlines";
import { guardUpstreamCall } from "@/lib/ai/upstream-guard";
import type { Tx } from "@/lib/db/client";
import type { Logger } from "@/lib/log";

/** What {@link guardedStreamText} is told. */
export interface GuardedStreamRequest {
  config: OnlineLlmConfig;
  system: string;
  prompt: string;
  maxOutputTokens: number;
  /** Passed to the model when set; omitted (the provider's default) otherwise. */
  temperature?: number;
  /** First-token, idle and total deadlines, ms (see armStreamDeadlines). */
  deadlines: Parameters<typeof armStreamDeadlines>[1];
  /** Called once the call has passed the guard, just before it goes upstream. */
  onGate: () => void;
  /** Each text delta, as it arrives. */
  onDelta: (d: string) => void;
  log: Logger;
  /** Fields added to both log lines (e.g. the interview's id). */
  logContext?: Record<string, unknown>;
  /** Logged (error) when the usage row cannot be completed after the text was streamed. */
  meterErrorMessage: string;
  /** Logged (warn) when the call went upstream and did not finish. */
  failureMessage: string;
  /**
   * Called once the model's stream has ended without error, before the usage row is completed:
   * a write to commit in that same transaction (the chat's message: one transaction ends the
   * turn), or null for none.
   */
  onFinished?: () => ((tx: Tx) => Promise<void>) | null;
}

/**
 * Streams `system` + `prompt` from `config`'s model (no retries, interactive priority) through the
 * guard, which writes the call's usage row (none for a call refused before it left) with its TTFT
 * and, when the server sends no usage, the tokens counted from the prompt and the streamed text.
 * A passed deadline aborts the request and fails the call with `timeout`; reasoning deltas count
 * as progress (a reasoning model is working, not hanging). A lost usage write is logged, not a
 * failed call: the reader has the text by then.
 * @returns `said`: the text streamed before the call ended ("" when it failed before any);
 *   `failed`: the call went upstream and did not finish (logged as `failureMessage`);
 *   `refused`: the error when the call never passed the guard (`onGate` was not called);
 *   `wroteAlongside`: the write `onFinished` returned was committed with the usage row.
 * @throws nothing from the call: every failure is in the result.
 */
export async function guardedStreamText(a: GuardedStreamRequest): Promise<{ said: string; failed: boolean; refused?: LlmError; wroteAlongside: boolean }> {
  const { model, config } = resolveLanguageModel(a.config);
  let dispatched = false;
  let said = "";
  let alongside: ((tx: Tx) => Promise<void>) | null = null;
  let meterFailed = false;
  try {
    await guardUpstreamCall(
      config,
      {
        system: a.system,
        prompt: a.prompt,
        maxOutputTokens: a.maxOutputTokens,
        priority: "interactive",
        onMeterError: (err) => {
          meterFailed = true;
          a.log.error({ err: String(err), ...a.logContext }, a.meterErrorMessage);
        },
      },
      async (meter) => {
        dispatched = true;
        a.onGate();
        const controller = new AbortController();
        const deadlines = armStreamDeadlines(controller, a.deadlines);
        try {
          // The provider's stream read once (model-stream.ts), not streamText: an open chat
          // stream then holds no step records, tee'd copies or result promises. An upstream
          // error (a 500, a cut connection) or a fired deadline throws here, so the guard counts
          // it against the circuit.
          const { usage, headers } = await streamModelText(
            {
              model,
              system: a.system,
              prompt: a.prompt,
              maxOutputTokens: a.maxOutputTokens,
              ...(a.temperature === undefined ? {} : { temperature: a.temperature }),
              abortSignal: controller.signal,
            },
            (part) => {
              deadlines.chunk(); // a reasoning delta counts too: a reasoning model is working, not hanging
              meter.firstToken();
              if (part.type !== "text-delta") return;
              meter.output(part.text);
              said += part.text;
              a.onDelta(part.text);
            },
          );
          alongside = a.onFinished?.() ?? null;
          return { value: said, usage, headers, ...(alongside ? { alongside } : {}) };
        } catch (err) {
          // A passed deadline is what ended the call, whatever the aborted request threw.
          throw deadlines.error(err) ?? err;
        } finally {
          deadlines.dispose();
        }
      },
    );
  } catch (err) {
    const e = toLlmError(err);
    if (!dispatched) return { said: "", failed: false, refused: e, wroteAlongside: false };
    a.log.warn({ err: e.message, code: e.code, ...a.logContext, model: config.model, saidChars: said.length }, a.failureMessage);
    return { said, failed: true, wroteAlongside: false };
  }
  return { said, failed: false, wroteAlongside: alongside !== null && !meterFailed };
}
