/**
 * Deadlines of one streamed model call, each of which aborts the request:
 *
 * - **first token** — from the moment the timers are armed (right before the request leaves) until
 *   the first chunk of output. Covers an upstream that never answers, and one that sends its
 *   headers and then nothing.
 * - **idle** — between two chunks of output, once the first has come. Armed only then, so it may be
 *   longer or shorter than the first-token deadline without the two getting in each other's way.
 * - **total** (optional) — the whole call, however lively, so a trickling stream still ends.
 *
 * Why not the AI SDK's own `streamText({ timeout: { chunkMs } })`: its chunk timer is first armed
 * when the provider's stream starts (after the response headers) and is re-armed by protocol chunks
 * (`stream-start`, `response-metadata`) that carry no output, so it can stand for neither deadline
 * here; and its abort does not say which deadline passed. One controller with our own timers does.
 *
 * Knows no domain: the caller says what a chunk of output is by calling {@link StreamDeadlines.chunk}.
 */
import { LlmError } from "./errors";

type StreamDeadlineKind = "first_token" | "idle" | "total";

interface StreamDeadlineOptions {
  /** Until the first chunk of output, ms. */
  firstTokenMs: number;
  /** Between two chunks of output, ms. */
  idleMs: number;
  /** The whole call, ms; none when omitted. */
  totalMs?: number;
}

interface StreamDeadlines {
  /** The deadline that passed (and aborted the controller), or null. */
  readonly fired: StreamDeadlineKind | null;
  /** Marks a chunk of output: ends the first-token wait, (re-)arms the idle deadline. */
  chunk(): void;
  /**
   * The `timeout` {@link LlmError} (retryable; a breaker failure) for the deadline that passed,
   * with `cause`; null while none has.
   */
  error(cause?: unknown): LlmError | null;
  /** Clears every timer; call once the stream has ended, however it ended. Idempotent. */
  dispose(): void;
}

function deadlineMessage(kind: StreamDeadlineKind, ms: number): string {
  if (kind === "first_token") return `LLM stream sent no output within ${ms} ms`;
  if (kind === "idle") return `LLM stream went silent for ${ms} ms`;
  return `LLM stream did not finish within ${ms} ms`;
}

/**
 * Arms the first-token (and, when given, the total) deadline on `controller` now. When a deadline
 * passes, `controller` is aborted with a `TimeoutError` DOMException naming it (so the request is
 * dropped) and `fired` says which one. A controller that is already aborted is left alone.
 * @throws RangeError when a duration is not a positive finite number.
 */
export function armStreamDeadlines(controller: AbortController, opts: StreamDeadlineOptions): StreamDeadlines {
  for (const [name, ms] of Object.entries(opts)) {
    if (ms !== undefined && !(Number.isFinite(ms) && ms > 0)) throw new RangeError(`${name} must be a positive number of ms (got ${ms})`);
  }
  let fired: StreamDeadlineKind | null = null;
  let firedMs = 0;
  let disposed = false;
  const fire = (kind: StreamDeadlineKind, ms: number) => {
    if (disposed || fired || controller.signal.aborted) return;
    fired = kind;
    firedMs = ms;
    clearTimeout(gapTimer);
    clearTimeout(totalTimer);
    controller.abort(new DOMException(deadlineMessage(kind, ms), "TimeoutError"));
  };
  // One timer for the current gap: the wait for the first chunk, then the one since the last.
  let gapTimer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => fire("first_token", opts.firstTokenMs), opts.firstTokenMs);
  const totalTimer = opts.totalMs !== undefined ? setTimeout(() => fire("total", opts.totalMs!), opts.totalMs) : undefined;
  return {
    get fired() {
      return fired;
    },
    chunk() {
      if (disposed || fired) return;
      clearTimeout(gapTimer);
      gapTimer = setTimeout(() => fire("idle", opts.idleMs), opts.idleMs);
    },
    error(cause?: unknown) {
      if (!fired) return null;
      return new LlmError({ code: "timeout", message: deadlineMessage(fired, firedMs), cause });
    },
    dispose() {
      disposed = true;
      clearTimeout(gapTimer);
      clearTimeout(totalTimer);
    },
  };
}
