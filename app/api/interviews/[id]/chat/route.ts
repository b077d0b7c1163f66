import type { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getOwnedInterviewWithMessages, type InterviewMessageRow, type InterviewRow } from "@/lib/db/queries/interviews";
import { PanelistError } from "@/lib/errors";
import { type Plan, planSchema } from "@/lib/interview/schemas";
import { acquireTurnLock, recordCandidateTurn, streamInterviewerTurn } from "@/lib/interview/session/interviewer-turn";
import { uiMessageSseResponse } from "@/lib/interview/session/ui-message-sse";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { idParams } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { CHAT_MAX_BODY_BYTES, chatBodySchema, MAX_ANSWER_CHARS } from "../../schema";

export const dynamic = "force-dynamic";
export const maxDuration = 120;
const log = createLogger("web");

/**
 * One exchange: stores the candidate's newest message (answer or skip), then streams the
 * interviewer's turn as a UI message stream. `action: "start"` asks the first question.
 * 409 until the plan is ready, after the interview ended, and when it is not the candidate's turn.
 * 503 `unavailable:llm` with `Retry-After` while the chat model's circuit breaker is open (and
 * no fallback model can serve): the candidate's message stays stored, the turn lock is
 * released, and the same request (same message id) asks again once the cool-down is over.
 * 429 `rate_limit:budget` with `Retry-After` while a money budget that covers the chat is used up
 * (docs/finops.md, "Budgets"), kept and released the same way.
 */
export const POST = route({
  permission: "interview:chat",
  params: idParams,
  notFound: "not_found:interview",
  body: chatBodySchema,
  limit: "chat",
  handler: async ({ scope, params, body }) => {
    const db = getDb();
    // The turn's one read: the interview and its messages in one statement (docs/interviews.md, "Round trips").
    const found = await getOwnedInterviewWithMessages(db, { id: params.id, ...scope });
    if (!found) throw new PanelistError("not_found:interview", "No such interview.");
    const { interview, messages } = found;
    if (!interview.plan) throw new PanelistError("conflict:interview", "The question plan is not ready yet.");
    if (interview.endedAt) throw new PanelistError("conflict:interview", "This interview has ended.");
    if (body.action === "start" && messages.length > 0) throw new PanelistError("conflict:interview", "The interview has already started.");
    const answer = body.action === "start" ? null : candidateAnswer(body);
    const plan = planSchema.parse(interview.plan);
    const releaseTurn = await acquireTurnLock(getRedis(), interview.id);
    if (!releaseTurn) throw new PanelistError("conflict:interview", "The interviewer is still answering.");
    try {
      return await converse({ db, interview, plan, messages, answer, releaseTurn });
    } catch (err) {
      await releaseTurn();
      throw err;
    }
  },
  maxJsonBytes: CHAT_MAX_BODY_BYTES,
});

/** The candidate's newest message of an `answer` or `skip` request: its UI message id and text. */
function candidateAnswer(body: z.infer<typeof chatBodySchema>): { id: string; action: "answer" | "skip"; text: string } {
  const newest = body.messages.findLast((m) => m.role === "user");
  if (!newest || body.action === "start") throw new PanelistError("unprocessable:interview", "Send the candidate's message.");
  const text = newest.parts
    .map((p) => (p.type === "text" ? (p.text ?? "") : ""))
    .join("")
    .slice(0, MAX_ANSWER_CHARS); // the schema refused longer; the slice keeps the bound where the text is used
  return { id: newest.id, action: body.action, text };
}

async function converse({
  db,
  interview,
  plan,
  messages,
  answer,
  releaseTurn,
}: {
  db: ReturnType<typeof getDb>;
  interview: InterviewRow;
  plan: Plan;
  messages: InterviewMessageRow[];
  answer: ReturnType<typeof candidateAnswer> | null;
  releaseTurn: () => Promise<void>;
}): Promise<Response> {
  let transcript = messages;
  if (answer) {
    // Stored before the model's circuit breaker is asked, on purpose. A look at the breaker
    // first would save a write on a 503, but it cannot decide: only the breaker's own gate,
    // taken by the call itself, knows who gets the half-open probe, and the circuit can open
    // between a look and the call. Stored first, a 503 keeps the answer where the UI reloads
    // the conversation from (a reload or the resync after an error still shows it), and the
    // retry re-sends this message id: recorded once, then answered below (last is the user's).
    // Whose turn it is, is checked in the same transaction, on the conversation under its lock.
    const recorded = await recordCandidateTurn(db, { interview, messageId: answer.id, action: answer.action, text: answer.text });
    transcript = recorded.messages;
    if (!recorded.inserted && transcript.at(-1)?.role === "assistant") {
      throw new PanelistError("conflict:interview", "This answer was already answered.");
    }
  }
  const turn = await streamInterviewerTurn({ db, log }, { interview, plan, messages: transcript, releaseTurn });
  // no-transform: Next's gzip would otherwise compress (and buffer CPU on) every token event.
  return uiMessageSseResponse(turn.body, { "Cache-Control": "no-cache, no-transform" });
}

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);
