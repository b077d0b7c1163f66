import { randomUUID } from "node:crypto";
import type Redis from "ioredis";
import { getFallbackConfig, getLlmConfig, getStreamDeadlineConfig, type OnlineLlmConfig, type StreamDeadlineConfig } from "@/lib/ai/config";
import { type LlmError, toLlmError } from "@/lib/ai/errors";
import { guardedStreamText } from "@/lib/ai/guarded-stream";
import { defaultTimeoutMs } from "@/lib/ai/structured";
import type { Db, Tx } from "@/lib/db/client";
import {
  appendCandidateMessage,
  appendInterviewerMessage,
  appendInterviewerMessageAlone,
  type InterviewMessageRow,
  type InterviewRow,
} from "@/lib/db/queries/interviews";
import { PanelistError } from "@/lib/errors";
import { withUsageScope } from "@/lib/finops/scope";
import { interviewerSystemPrompt, interviewerTurnPrompt } from "@/lib/interview/llm/interview-turn";
import type { Logger } from "@/lib/log";
import { redisPrefix } from "@/lib/queue/names";
import { screenAnswer } from "../answer-screen";
import { claimsObedience, obedienceScan } from "../evaluation-check";
import { nextOfflineTurn } from "../offline/interviewer";
import { LEAK_WINDOW, leakGuard, promptQuoteDetector, type TextTest } from "../prompt-leak";
import { LANGUAGES, type Plan, type TranscriptEntry } from "../schemas";
import { questionCitation } from "./citation";
import { uiMessageSse } from "./ui-message-sse";

/** Metadata on every interviewer message (AI SDK `UIMessage.metadata`). */
type InterviewerMessageMetadata = {
  kind: "question" | "follow_up" | "closing";
  questionId: string | null;
  progress: { current: number; total: number };
  engine: string;
};

/** One interviewer turn, ready to be sent: the caller answers with `body` (`uiMessageSseResponse`). */
type InterviewerTurnStream = {
  /** The turn as the bytes of a UI message stream (start, the question's citation when it has one, text, finish). */
  body: ReadableStream<Uint8Array>;
};

/** Tests a turn for quoting the interviewer's system prompt (either language's). */
const quotesInterviewerPrompt = promptQuoteDetector(LANGUAGES.map(interviewerSystemPrompt));
/**
 * A turn the interviewer must not say: a quote of its prompt, or a claim to follow the
 * candidate's instructions; `scan` checks a streamed turn delta by delta (linear in the turn).
 */
const unsayable: TextTest = Object.assign((text: string) => quotesInterviewerPrompt(text) || claimsObedience(text), {
  scan: () => {
    const quotes = quotesInterviewerPrompt.scan();
    const obeys = obedienceScan();
    return (delta: string) => {
      const quoted = quotes(delta);
      const obeyed = obeys(delta);
      return quoted || obeyed;
    };
  },
});

/** Streamed after a model's partial text when the model failed mid-turn, before the offline wording. */
const CUT_MARK = "…\n\n";

/** Splits a text into word-sized deltas so the offline interviewer streams like a model. */
function* deltas(text: string): Generator<string> {
  // CJK has no spaces: stream it two characters at a time.
  const parts: string[] = [];
  for (const [w] of text.matchAll(/\s*\S+/gu)) {
    if (/[\u3400-\u9fff]/u.test(w) && w.trim().length > 4) parts.push(...(w.match(/[\s\S]{1,2}/gu) ?? [w]));
    else parts.push(w);
  }
  yield* parts;
}

/** Stored messages → the transcript the turn policy reads. */
export function toTranscript(messages: InterviewMessageRow[]): TranscriptEntry[] {
  return messages.map((m) => ({
    role: m.role === "assistant" ? "interviewer" : "candidate",
    kind: m.kind as TranscriptEntry["kind"],
    questionId: m.questionId ?? undefined,
    text: m.text,
  }));
}

/**
 * The interviewer's next turn as an AI SDK UI message stream.
 *
 * The turn (next question, one follow-up on a missed key point, or the closing) is decided
 * by the server's policy from the plan and the stored transcript; with a model configured the
 * model phrases it (streamText), otherwise the offline wording streams word by word. A question
 * drawn from a knowledge base streams its citation first (a `source-document` part, citation.ts),
 * whichever engine phrases it; the stored message keeps the text only (the view rebuilds the
 * citation from the plan). The
 * interviewer's message is saved when its stream ends — also when the client disconnected
 * midway (writes to a cancelled stream are dropped, the work is not) — and `args.releaseTurn`
 * is called after that. When the model phrased the whole turn, the message is written in the
 * transaction that completes the call's usage row: one write ends the turn. It is stored only as
 * the message right after `args.messages`' last; a turn that finds the conversation moved on
 * (another tab's turn got in first) is logged and not stored.
 *
 * The candidate's last answer reaches the model screened (answer-screen.ts), and the model's text
 * is held back {@link LEAK_WINDOW} characters so that a turn quoting the system prompt (or saying
 * it follows the candidate's instructions) is cut before any of it is shown, and treated as a
 * failed call (prompt-leak.ts).
 *
 * A model failure falls back to the offline wording at once, so the interview can go on: an
 * upstream error, or a streaming deadline (`LLM_STREAM_FIRST_TOKEN_MS` until the first token,
 * `LLM_STREAM_IDLE_MS` between chunks, the whole call within `LLM_TIMEOUT_MS` but at most 60 s),
 * which aborts the request. Each counts against the model's circuit and is recorded on its usage
 * row (`timeout` for a deadline). When the model had already said part of its wording, that
 * part stays (it was shown), is marked cut off with "…", and the offline wording of the same
 * turn follows in a new paragraph, so the candidate always gets the whole question. The finish
 * chunk's metadata names the engine whose wording ended the turn (`offline` after a fallback);
 * the start chunk's, the model that was asked.
 *
 * With a model configured, the stream is returned only once the call has passed the model's
 * circuit breaker and the governor, so that a refusal can still be an HTTP status: while the
 * circuit of the chat model is open (and of `LLM_FALLBACK_MODEL`, which serves in its place
 * when it is configured and closed), this throws instead of streaming. `args.releaseTurn` is
 * then not called — the caller releases the turn when this throws.
 *
 * @returns the turn's UI message stream as bytes; the caller sends it (`uiMessageSseResponse`, ui-message-sse.ts).
 * @throws {PanelistError} `unavailable:llm` (503) with a `Retry-After` header: whole
 *   seconds until the first breaker may let a call through (≥ 1), RFC 9110 §10.2.3.
 * @throws Error when `LLM_STREAM_FIRST_TOKEN_MS` / `LLM_STREAM_IDLE_MS` / `LLM_TIMEOUT_MS` is malformed.
 */
export async function streamInterviewerTurn(
  deps: { db: Db; log: Logger },
  args: { interview: InterviewRow; plan: Plan; messages: InterviewMessageRow[]; releaseTurn?: () => Promise<void> },
): Promise<InterviewerTurnStream> {
  const { db, log } = deps;
  const { interview, plan } = args;
  const transcript = toTranscript(args.messages);
  const turn = nextOfflineTurn({ plan, transcript, language: interview.language });
  const lastCandidate = args.messages.findLast((m) => m.role === "user");
  const messageId = randomUUID();
  const config = getLlmConfig();
  // Opened in a function of its own: a closure here would keep the interview row alive for as
  // long as `run` below streams (closures of one scope share their captured variables).
  const phrasing = config.mode === "offline" ? null : await openChatModelTurn(deps, { interview, turn, lastCandidate, primary: config });
  const metadata: InterviewerMessageMetadata = {
    kind: turn.kind,
    questionId: turn.questionId ?? null,
    progress: turn.progress,
    engine: phrasing?.config.model ?? "offline",
  };
  // Stored only right after the message the turn was decided from: a turn of another tab that
  // got in first is not followed by a second question (appendInterviewerMessage).
  const interviewId = interview.id;
  const stored = { interviewId, id: messageId, kind: turn.kind, questionId: turn.questionId ?? null };
  const afterSeq = args.messages.at(-1)?.seq ?? 0;
  const offlineText = turn.text;
  // A question drawn from a knowledge base cites its passage before it is asked (citation.ts).
  const citation = turn.kind === "question" ? questionCitation(plan, turn.questionId) : null;
  const releaseTurn = args.releaseTurn;
  const { body, writer } = uiMessageSse();

  // `run` outlives this call by the whole stream: it reads only the values taken above, so the
  // interview row, the plan and the stored transcript can be collected while the turn streams
  // (docs/benchmarks.md, "Interview chat streams", measures the heap per open stream).
  const run = async () => {
    writer.write({ type: "start", messageId, messageMetadata: metadata });
    if (citation) writer.write(citation);
    const textId = randomUUID();
    writer.write({ type: "text-start", id: textId });
    const say = (delta: string) => writer.write({ type: "text-delta", id: textId, delta });
    let said = "";
    let saved = false;
    let engine = metadata.engine;
    try {
      if (phrasing) {
        // The model's text is held back until it cannot be part of a quote of the system prompt
        // (prompt-leak.ts); a turn that quotes it, or says it follows the candidate's
        // instructions, is cut there and the offline wording follows.
        const guard = leakGuard(unsayable, say);
        const r = await phrasing.pipe(
          (d) => guard.push(d),
          // The model finished: the message is stored in the transaction that completes the
          // call's usage row — one write ends the turn (docs/interviews.md, "Round trips").
          () => {
            guard.flush();
            const text = guard.shown.trim();
            if (guard.leaked || !text) return null;
            return (tx) => appendInterviewerMessage(tx, { ...stored, text }, afterSeq).then((ok) => notStoredWarning(log, ok, interviewId));
          },
        );
        guard.flush();
        said = guard.shown;
        saved = r.wroteAlongside;
        if (guard.leaked)
          log.warn({ interviewId, model: phrasing.config.model }, "interviewer turn quoted its system prompt or obeyed the candidate; offline wording serves");
        const failed = r.failed || guard.leaked;
        if (failed && said) {
          say(CUT_MARK);
          said += CUT_MARK;
        }
        if (failed || !said.trim()) engine = "offline";
      }
      if (engine === "offline") {
        for (const d of deltas(offlineText)) {
          said += d;
          say(d);
          await new Promise((r) => setTimeout(r, 8));
        }
      }
      writer.write({ type: "text-end", id: textId });
      writer.write({ type: "finish", messageMetadata: { ...metadata, engine } });
    } finally {
      if (said.trim() && !saved) {
        await appendInterviewerMessageAlone(db, { ...stored, text: said.trim() }, afterSeq)
          .then((ok) => notStoredWarning(log, ok, interviewId))
          .catch((err) => log.error({ err: String(err), interviewId }, "saving the interviewer's turn failed"));
      }
      await releaseTurn?.();
    }
  };
  run()
    .catch((err: unknown) => {
      log.error({ err: String(err), interviewId }, "interviewer turn failed");
      writer.write({ type: "error", errorText: "The interviewer could not answer. Please try again." });
    })
    .finally(() => writer.close());
  return { body };
}

/**
 * Opens the model call of a turn under the chat's usage scope: the guard meters the call as the
 * candidate's `interview.chat` (a personal interview: no organisation). The call runs on after
 * this returns and keeps the scope: async context carries it into everything started here.
 * @returns and @throws as {@link openModelTurn}.
 */
function openChatModelTurn(
  deps: { db: Db; log: Logger },
  a: { interview: InterviewRow; turn: TurnToPhrase["turn"]; lastCandidate: InterviewMessageRow | undefined; primary: OnlineLlmConfig },
): Promise<ModelTurn | null> {
  const { interview, turn, lastCandidate, primary } = a;
  return withUsageScope({ db: deps.db, userId: interview.ownerId, organizationId: null, feature: "interview.chat", taskId: null, attempt: null }, () =>
    openModelTurn(deps, {
      interview,
      turn,
      // The candidate's words are data: lines addressed to the AI are replaced by a mark
      // (answer-screen.ts); the stored transcript keeps what the candidate wrote.
      lastAnswer: lastCandidate && lastCandidate.kind === "answer" ? screenAnswer(lastCandidate.text).marked : null,
      primary,
      // Read here, outside the call's error handling: a malformed value fails the request
      // loudly instead of turning every turn into the offline wording without a word.
      deadlines: chatDeadlines(),
    }),
  );
}

/** Logs an interviewer message that was not stored because the conversation had moved on. */
function notStoredWarning(log: Logger, stored: boolean, interviewId: string): void {
  if (!stored) log.warn({ interviewId }, "the conversation moved on while the interviewer spoke (another turn got in first); this turn is not stored");
}

type TurnToPhrase = {
  interview: InterviewRow;
  turn: ReturnType<typeof nextOfflineTurn>;
  lastAnswer: string | null;
};

/** What a model call said: its text so far, whether it failed (error or deadline) before finishing, whether `onFinished`'s write was committed. */
type Phrased = { said: string; failed: boolean; wroteAlongside: boolean };

/** A model call that has passed the breaker and the governor, its deltas held until piped. */
type ModelTurn = {
  config: OnlineLlmConfig;
  /**
   * Sends the deltas so far and the rest to `onDelta`; resolves once the call has ended.
   * `onFinished` is called when the model ended without error (before its usage row is
   * completed) and returns a write for that transaction, or null; it is not called when the
   * call ended before `pipe` was.
   */
  pipe: (onDelta: (d: string) => void, onFinished: () => Alongside | null) => Promise<Phrased>;
};

/** A write committed with the usage row (lib/ai/guarded-stream.ts `onFinished`). */
type Alongside = (tx: Tx) => Promise<void>;

/**
 * Longest a chat call may stream, ms. The turn lock (`TURN_LOCK_MS`) must outlast a turn: an
 * interactive wait for quota (up to 60 s, see upstream-guard.ts) plus this plus the offline
 * wording.
 */
const CHAT_CALL_MAX_MS = 60_000;

/** The deadlines of one chat call: the streaming ones from the environment, the whole call within `LLM_TIMEOUT_MS`. */
function chatDeadlines(): StreamDeadlineConfig & { totalMs: number } {
  return { ...getStreamDeadlineConfig(), totalMs: Math.min(defaultTimeoutMs(), CHAT_CALL_MAX_MS) };
}

/**
 * Starts phrasing with the primary model, or with the fallback model while the primary's
 * circuit is open, and resolves once one of them is let through.
 * @returns the started call, or null when the call was refused for another reason than an open
 *   circuit or a budget (e.g. no quota within the governor's wait): the offline wording serves, as before.
 * @throws {PanelistError} `unavailable:llm` with `Retry-After` when every circuit is open.
 * @throws {PanelistError} `rate_limit:budget` (429) with `Retry-After` when a money budget has no room.
 */
async function openModelTurn(
  deps: { db: Db; log: Logger },
  a: TurnToPhrase & { primary: OnlineLlmConfig; deadlines: ChatDeadlines },
): Promise<ModelTurn | null> {
  const fallback = getFallbackConfig(a.primary);
  const refusals: LlmError[] = [];
  for (const config of fallback ? [a.primary, fallback] : [a.primary]) {
    const started = startPhrasing(deps, { ...a, config });
    const gate = await started.gate;
    if (gate === "passed") return { config, pipe: started.pipe };
    if (gate.code === "budget_exhausted") throw budgetExhausted(deps, a.interview.id, gate);
    if (gate.code !== "circuit_open") {
      deps.log.warn(
        { err: gate.message, code: gate.code, interviewId: a.interview.id, model: config.model },
        "interviewer model call refused; offline wording serves",
      );
      return null;
    }
    refusals.push(gate);
  }
  const waitMs = Math.min(...refusals.map((r) => r.retryAfterMs ?? 1_000));
  const seconds = Math.max(1, Math.ceil(waitMs / 1_000));
  deps.log.warn(
    { interviewId: a.interview.id, models: [a.primary.model, fallback?.model].filter(Boolean), retryAfterS: seconds },
    "interviewer model circuit open; answering 503",
  );
  throw new PanelistError("unavailable:llm", `The AI interviewer is unavailable right now. Please try again in ${seconds} s.`, {
    headers: { "Retry-After": String(seconds) },
  });
}

/**
 * A money budget that covers the chat has no room (docs/finops.md, "Budgets"): 429
 * `rate_limit:budget` with `Retry-After` in whole seconds (≥ 1, RFC 9110 §10.2.3) — until the
 * budget's period resets, or a few seconds when calls in flight hold its room. Not the offline
 * wording: a used-up budget is the operator's decision to stop spending, not a fault to paper over.
 */
function budgetExhausted(deps: { log: Logger }, interviewId: string, refusal: LlmError): PanelistError {
  const seconds = Math.max(1, Math.ceil((refusal.retryAfterMs ?? 1_000) / 1_000));
  const at = new Date(Date.now() + seconds * 1_000);
  deps.log.warn({ interviewId, err: refusal.message, retryAfterS: seconds }, "interviewer call refused by a budget; answering 429");
  return new PanelistError(
    "rate_limit:budget",
    `The AI spending limit is used up for now. Please try again after ${at.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
    {
      headers: { "Retry-After": String(seconds) },
    },
  );
}

/**
 * Runs {@link phraseWithModel} in the background. `gate` settles when the call is let through
 * upstream ("passed") or with the error that refused it before that; deltas are buffered until
 * `pipe` takes them.
 */
function startPhrasing(
  deps: { db: Db; log: Logger },
  a: TurnToPhrase & { config: OnlineLlmConfig; deadlines: ChatDeadlines },
): { gate: Promise<"passed" | LlmError>; pipe: ModelTurn["pipe"] } {
  let settleGate!: (v: "passed" | LlmError) => void;
  const gate = new Promise<"passed" | LlmError>((resolve) => (settleGate = resolve));
  const held: string[] = [];
  let sink: ((d: string) => void) | null = null;
  let finisher: (() => Alongside | null) | null = null;
  const done = phraseWithModel(deps, {
    ...a,
    onGate: () => settleGate("passed"),
    onDelta: (d) => (sink ? sink(d) : held.push(d)),
    onFinished: () => finisher?.() ?? null,
  }).then(
    (r): Phrased => {
      if (r.refused) settleGate(r.refused); // no-op when the gate had passed
      return { said: r.said, failed: r.failed, wroteAlongside: r.wroteAlongside };
    },
    (err: unknown): Phrased => {
      // Never leave the request waiting on a gate that cannot settle any more.
      settleGate(toLlmError(err));
      return { said: "", failed: true, wroteAlongside: false };
    },
  );
  return {
    gate,
    pipe: (onDelta, onFinished) => {
      for (const d of held.splice(0)) onDelta(d);
      sink = onDelta;
      finisher = onFinished;
      return done;
    },
  };
}

type ChatDeadlines = ReturnType<typeof chatDeadlines>;

/**
 * Phrases the decided turn with `a.config`'s model through the upstream guard (breaker →
 * governor → meter → call), streaming deltas under `a.deadlines` (a deadline aborts the request
 * and fails the call with `timeout`). The guard writes the call's usage row (none for a call
 * refused before it left), with its TTFT and, when the server sends no usage, the tokens
 * counted from the prompt and the streamed text.
 * @returns `said`: the text said before the call ended ("" when the model failed before saying
 *   anything); `failed`: the call went upstream and did not finish (the caller falls back to the
 *   offline wording); `refused`: the error when the call never passed the guard (`onGate` was
 *   not called).
 */
async function phraseWithModel(
  deps: { db: Db; log: Logger },
  a: TurnToPhrase & {
    config: OnlineLlmConfig;
    deadlines: ChatDeadlines;
    onGate: () => void;
    onDelta: (d: string) => void;
    onFinished: () => Alongside | null;
  },
): Promise<{ said: string; failed: boolean; refused?: LlmError; wroteAlongside: boolean }> {
  return guardedStreamText({
    config: a.config,
    system: interviewerSystemPrompt(a.interview.language),
    prompt: interviewerTurnPrompt({ kind: a.turn.kind, text: a.turn.text, progress: a.turn.progress, lastAnswer: a.lastAnswer }),
    maxOutputTokens: 400,
    deadlines: a.deadlines,
    onGate: a.onGate,
    onDelta: a.onDelta,
    onFinished: a.onFinished,
    log: deps.log,
    logContext: { interviewId: a.interview.id },
    // The candidate has read the text by then: a lost usage write is logged, not a failed turn.
    meterErrorMessage: "completing the chat's usage row failed",
    failureMessage: "interviewer model call failed; offline wording serves",
  });
}

/** One turn at a time per interview, ms: longer than any turn's stream. */
const TURN_LOCK_MS = 120_000;

/**
 * Takes the interview's turn lock (Redis `SET NX PX`), so a second tab, a reload mid-stream or a
 * resent answer cannot make the interviewer ask twice. Returns the release function, or null
 * while another turn is streaming. With Redis unreachable it lets the turn through unlocked.
 */
export async function acquireTurnLock(redis: Redis, interviewId: string): Promise<(() => Promise<void>) | null> {
  const key = `${redisPrefix()}panelist:{interview:${interviewId}}:turn`;
  const token = randomUUID();
  try {
    if (!(await redis.set(key, token, "PX", TURN_LOCK_MS, "NX"))) return null;
  } catch {
    return async () => undefined;
  }
  return async () => {
    await redis.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", 1, key, token).catch(() => undefined);
  };
}

/**
 * Appends the candidate's turn (idempotent by UI message id) in one transaction, checked against
 * the conversation as stored under its lock, and returns the whole transcript.
 * @returns the transcript after the append; `inserted` false when this message id was already stored.
 * @throws {PanelistError} 409 `conflict:interview` when it is not the candidate's turn (the
 *   interviewer has not asked yet, or has closed the interview); nothing is stored.
 */
export async function recordCandidateTurn(
  db: Db,
  a: { interview: InterviewRow; messageId: string; action: "answer" | "skip"; text: string },
): Promise<{ messages: InterviewMessageRow[]; inserted: boolean }> {
  return appendCandidateMessage(
    db,
    { interviewId: a.interview.id, id: a.messageId, kind: a.action, text: a.action === "skip" ? "" : a.text },
    (stored, already) => {
      const last = stored.at(-1);
      if (!already) {
        if (last?.role !== "assistant") throw new PanelistError("conflict:interview", "Wait for the interviewer's question.");
        if (last.kind === "closing") throw new PanelistError("conflict:interview", "The interview is over; end it to get the report.");
      }
      return stored.findLast((m) => m.role === "assistant" && m.questionId)?.questionId ?? null;
    },
  );
}
