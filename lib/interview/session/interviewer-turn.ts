import { randomUUID } from "node:crypto";
import { createUIMessageStream, createUIMessageStreamResponse, streamText } from "ai";
import { getLlmConfig } from "@/lib/ai/config";
import { toLlmError } from "@/lib/ai/errors";
import { interviewerSystemPrompt, interviewerTurnPrompt } from "@/lib/ai/prompts/interview-turn";
import { resolveLanguageModel } from "@/lib/ai/providers";
import { guardUpstreamCall } from "@/lib/ai/upstream-guard";
import type { Db } from "@/lib/db/client";
import { appendMessage, listMessages, type InterviewMessageRow, type InterviewRow } from "@/lib/db/queries/interviews";
import { recordUsage } from "@/lib/finops/usage";
import type Redis from "ioredis";
import type { Logger } from "@/lib/log";
import { redisPrefix } from "@/lib/queue/names";
import { nextOfflineTurn } from "../offline/interviewer";
import type { Plan, TranscriptEntry } from "../schemas";

/** Metadata on every interviewer message (AI SDK `UIMessage.metadata`). */
export type InterviewerMessageMetadata = {
  kind: "question" | "follow_up" | "closing";
  questionId: string | null;
  progress: { current: number; total: number };
  engine: string;
};

/** Splits a text into word-sized deltas so the offline interviewer streams like a model. */
function* deltas(text: string): Generator<string> {
  const re = /\s*\S+/gu;
  let m: RegExpExecArray | null;
  // CJK has no spaces: stream it two characters at a time.
  const parts: string[] = [];
  while ((m = re.exec(text))) {
    const w = m[0];
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
 * Streams the interviewer's next turn as an AI SDK UI message stream (SSE).
 *
 * The turn (next question, one follow-up on a missed key point, or the closing) is decided
 * by the server's policy from the plan and the stored transcript; with a model configured the
 * model phrases it (streamText), otherwise the offline wording streams word by word. The
 * interviewer's message is saved when its stream ends — also when the client disconnected
 * midway (writes to a cancelled stream are dropped, the work is not). A model failure before
 * the first token falls back to the offline wording, so the interview can go on.
 *
 * @returns a `Response` with `text/event-stream` (UI message stream protocol).
 */
export async function streamInterviewerTurn(
  deps: { db: Db; log: Logger },
  args: { interview: InterviewRow; plan: Plan; messages: InterviewMessageRow[]; releaseTurn?: () => Promise<void> },
): Promise<Response> {
  const { db, log } = deps;
  const { interview, plan } = args;
  const transcript = toTranscript(args.messages);
  const turn = nextOfflineTurn({ plan, transcript, language: interview.language });
  const lastCandidate = [...args.messages].reverse().find((m) => m.role === "user");
  const messageId = randomUUID();
  const config = getLlmConfig();
  const engine = config.mode === "offline" ? "offline" : config.model;
  const metadata: InterviewerMessageMetadata = {
    kind: turn.kind,
    questionId: turn.questionId ?? null,
    progress: turn.progress,
    engine,
  };

  const stream = createUIMessageStream({
    async execute({ writer }) {
      writer.write({ type: "start", messageId, messageMetadata: metadata });
      const textId = randomUUID();
      writer.write({ type: "text-start", id: textId });
      let said = "";
      try {
        if (config.mode !== "offline") {
          said = await phraseWithModel(deps, {
            interview,
            turn,
            lastAnswer: lastCandidate && lastCandidate.kind === "answer" ? lastCandidate.text : null,
            onDelta: (d) => writer.write({ type: "text-delta", id: textId, delta: d }),
          });
        }
        if (!said) {
          for (const d of deltas(turn.text)) {
            said += d;
            writer.write({ type: "text-delta", id: textId, delta: d });
            await new Promise((r) => setTimeout(r, 8));
          }
        }
        writer.write({ type: "text-end", id: textId });
        writer.write({ type: "finish", messageMetadata: metadata });
      } finally {
        if (said.trim()) {
          await appendMessage(db, {
            interviewId: interview.id,
            id: messageId,
            role: "assistant",
            kind: turn.kind,
            questionId: turn.questionId ?? null,
            text: said.trim(),
          }).catch((err) => log.error({ err: String(err), interviewId: interview.id }, "saving the interviewer's turn failed"));
        }
        await args.releaseTurn?.();
      }
    },
    onError: () => "The interviewer could not answer. Please try again.",
  });
  // no-transform: Next's gzip would otherwise compress (and buffer CPU on) every token event.
  return createUIMessageStreamResponse({ stream, headers: { "Cache-Control": "no-cache, no-transform" } });
}

/**
 * Phrases the decided turn with the configured model, streaming deltas. Writes one usage row.
 * @returns the text said, or "" when the model failed before saying anything (the caller falls
 *   back to the offline wording).
 */
async function phraseWithModel(
  deps: { db: Db; log: Logger },
  a: {
    interview: InterviewRow;
    turn: ReturnType<typeof nextOfflineTurn>;
    lastAnswer: string | null;
    onDelta: (d: string) => void;
  },
): Promise<string> {
  const { model, config } = resolveLanguageModel();
  const usageRow = {
    callId: randomUUID(),
    userId: a.interview.ownerId,
    feature: "interview.chat",
    taskId: null,
    attempt: null,
    provider: config.provider,
    model: config.model,
    costMicroUsd: 0,
  };
  // Written before the request leaves, completed after: one row per call even if we die mid-call.
  await recordUsage(deps.db, { ...usageRow, inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, latencyMs: 0, outcome: "in_flight" }).catch(() => undefined);
  const started = performance.now();
  let said = "";
  let outcome = "ok";
  let usage = { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 };
  const system = interviewerSystemPrompt(a.interview.language);
  const prompt = interviewerTurnPrompt({ kind: a.turn.kind, text: a.turn.text, progress: a.turn.progress, lastAnswer: a.lastAnswer });
  try {
    // Interactive priority through the shared governor and the model's circuit breaker.
    await guardUpstreamCall(config, { system, prompt, maxOutputTokens: 400, priority: "interactive" }, async () => {
      const result = streamText({ model, system, prompt, maxOutputTokens: 400, maxRetries: 0, abortSignal: AbortSignal.timeout(60_000) });
      for await (const d of result.textStream) {
        said += d;
        a.onDelta(d);
      }
      const u = await result.usage;
      usage = {
        inputTokens: u.inputTokens ?? 0,
        cachedInputTokens: u.inputTokenDetails?.cacheReadTokens ?? 0,
        outputTokens: u.outputTokens ?? 0,
      };
      return { value: said, usedTokens: usage.inputTokens + usage.outputTokens, headers: (await result.response).headers };
    });
  } catch (err) {
    outcome = toLlmError(err).code;
    deps.log.warn({ err: String(err), interviewId: a.interview.id }, "interviewer model call failed");
    if (said) said += "…";
  }
  await recordUsage(deps.db, { ...usageRow, ...usage, latencyMs: Math.round(performance.now() - started), outcome }).catch(() => undefined);
  return said;
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
    await redis
      .eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", 1, key, token)
      .catch(() => undefined);
  };
}

/** Appends the candidate's turn (idempotent by UI message id) and returns the whole transcript. */
export async function recordCandidateTurn(
  db: Db,
  a: { interview: InterviewRow; plan: Plan; messageId: string; action: "answer" | "skip"; text: string },
): Promise<InterviewMessageRow[]> {
  const before = await listMessages(db, { interviewId: a.interview.id });
  const current = [...before].reverse().find((m) => m.role === "assistant" && m.questionId);
  await appendMessage(db, {
    interviewId: a.interview.id,
    id: a.messageId,
    role: "user",
    kind: a.action,
    questionId: current?.questionId ?? null,
    text: a.action === "skip" ? "" : a.text,
  });
  return listMessages(db, { interviewId: a.interview.id });
}
