import { getDb } from "@/lib/db/client";
import { getOwnedInterviewRow } from "@/lib/db/queries/interviews";
import { PanelistError } from "@/lib/errors";
import { endInterview } from "@/lib/interview/service";
import { acquireTurnLock } from "@/lib/interview/session/interviewer-turn";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { idParams } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";

export const dynamic = "force-dynamic";
const log = createLogger("web");

/**
 * Ends the interview and enqueues `interview.evaluate`: 202 `{taskId}` (the same task when ended
 * twice). Takes the interview's turn lock like a chat turn does, so an interviewer turn still
 * streaming cannot save its question after the end (and after the evaluation read the
 * transcript): 409 while one is in flight, unless the interview has already ended.
 */
export const POST = route({
  permission: "interview:end",
  params: idParams,
  notFound: "not_found:interview",
  handler: async ({ scope, params }) => {
    const db = getDb();
    const interview = await getOwnedInterviewRow(db, { id: params.id, ...scope });
    if (!interview) throw new PanelistError("not_found:interview", "No such interview.");
    const releaseTurn = interview.endedAt ? null : await acquireTurnLock(getRedis(), interview.id);
    if (!interview.endedAt && !releaseTurn) {
      throw new PanelistError("conflict:interview", "The interviewer is still answering; end the interview once the question is shown.");
    }
    const ended = await endInterview({ db, redis: getRedis(), log }, { id: interview.id, ...scope }).finally(() => releaseTurn?.());
    if (!ended) throw new PanelistError("not_found:interview", "No such interview.");
    return Response.json({ taskId: ended.task.id, status: ended.task.status }, { status: 202, headers: { Location: `/api/tasks/${ended.task.id}` } });
  },
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);
