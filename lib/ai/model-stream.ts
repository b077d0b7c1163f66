/**
 * One streamed text call straight to the provider's model (`LanguageModelV3.doStream`, the call
 * AI SDK `streamText` makes underneath), for the calls that keep a stream open while a person
 * reads it. `streamText` keeps, per call and for the stream's whole life, what a single-step
 * text call without tools does not use: the recorded steps and content, the tee'd copies of its
 * stream (each `fullStream` / `textStream` read tees the base stream, and the unread branch
 * queues every chunk), a dozen pending result promises and the TransformStreams of its step
 * loop (ai 6 `DefaultStreamTextResult`; docs/benchmarks.md, "Interview chat streams", measures
 * the heap per open stream). This reads the provider's stream once, passing each part on.
 *
 * The request is the one `streamText({system, prompt, maxOutputTokens, temperature, maxRetries: 0})`
 * sends: a system message, then one user message of one text part (ai 6
 * `convertToLanguageModelPrompt` of a string prompt); no retries.
 */
import type { LanguageModel } from "ai";
import type { ReportedUsage } from "@/lib/finops/meter";

type AnyModel = Exclude<LanguageModel, string>;
type ModelV3 = Extract<AnyModel, { specificationVersion: "v3" }>;
type StreamPart = Awaited<ReturnType<ModelV3["doStream"]>>["stream"] extends ReadableStream<infer P> ? P : never;
type UsageV3 = Extract<StreamPart, { type: "finish" }>["usage"];

/** What {@link streamModelText} sends. */
export interface ModelTextRequest {
  model: AnyModel;
  system: string;
  prompt: string;
  maxOutputTokens: number;
  temperature?: number;
  abortSignal?: AbortSignal;
}

/** The parts of the answer the callers act on, in order. */
export type ModelTextPart = { type: "text-delta"; text: string } | { type: "reasoning-delta" };

/** How the call ended: the provider's usage (AI SDK 6 `LanguageModelUsage` shape, fields undefined when not reported) and the response headers. */
export type ModelTextEnd = { usage: ReportedUsage; headers: Record<string, string | undefined> | undefined };

/** The provider's V3 usage in the shape `streamText`'s `totalUsage` gives (ai 6 `asLanguageModelUsage`). */
function reportedUsage(u: UsageV3 | undefined): ReportedUsage {
  return {
    inputTokens: u?.inputTokens.total,
    outputTokens: u?.outputTokens.total,
    inputTokenDetails: { cacheReadTokens: u?.inputTokens.cacheRead },
    outputTokenDetails: { reasoningTokens: u?.outputTokens.reasoning },
  };
}

/**
 * Streams `system` + `prompt` from `model`, calling `onPart` for each non-empty text delta and
 * each reasoning delta as it arrives.
 * @returns the usage and response headers once the model's stream has ended.
 * @throws the provider's errors as they come (an `APICallError` for an HTTP error, the stream's
 *   `error` part's error, an `AbortError` when `abortSignal` fires) — what `streamText` surfaces
 *   as its `error` / `abort` parts; Error when the model is not a V3 language model.
 */
export async function streamModelText(req: ModelTextRequest, onPart: (part: ModelTextPart) => void): Promise<ModelTextEnd> {
  const model = req.model;
  if (model.specificationVersion !== "v3") throw new Error(`streamModelText needs a V3 language model (got ${model.specificationVersion})`);
  const { stream, response } = await model.doStream({
    prompt: [
      { role: "system", content: req.system },
      { role: "user", content: [{ type: "text", text: req.prompt }] },
    ],
    maxOutputTokens: req.maxOutputTokens,
    ...(req.temperature === undefined ? {} : { temperature: req.temperature }),
    abortSignal: req.abortSignal,
  });
  let usage: UsageV3 | undefined;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { value: part, done } = await reader.read();
      if (done) break;
      if (part.type === "text-delta") {
        if (part.delta) onPart({ type: "text-delta", text: part.delta });
      } else if (part.type === "reasoning-delta") {
        onPart({ type: "reasoning-delta" });
      } else if (part.type === "error") {
        throw part.error;
      } else if (part.type === "finish") {
        usage = part.usage;
      }
    }
  } catch (err) {
    // Closes the upstream response too (what leaving streamText's for-await loop does).
    await reader.cancel(err).catch(() => undefined);
    throw err;
  } finally {
    reader.releaseLock();
  }
  // An aborted request can end the stream quietly: the caller must still see the abort.
  req.abortSignal?.throwIfAborted();
  return { usage: reportedUsage(usage), headers: response?.headers };
}
