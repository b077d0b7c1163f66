import { getDb } from "@/lib/db/client";
import { endInterview } from "@/lib/db/queries/interviews";
import { PanelistError } from "@/lib/errors";
import { createLogger } from "@/lib/log";
import { publishTask } from "@/lib/queue/producer";
import { getRedis } from "@/lib/queue/redis";
import { isUuid } from "@/lib/tasks/view";
import { withUser } from "../../../_lib/handler";

export const dynamic = "force-dynamic";
const log = createLogger("web");

/** Ends the interview and enqueues `interview.evaluate`: 202 `{taskId}` (the same task when ended twice). */
export const POST = withUser<{ id: string }>(async ({ user, params }) => {
  const db = getDb();
  const ended = isUuid(params.id) ? await endInterview(db, { id: params.id, ownerId: user.id }) : undefined;
  if (!ended) throw new PanelistError("not_found:interview", "No such interview.");
  if (ended.created) {
    await publishTask(getRedis(), db, ended.task).catch((err) =>
      log.warn({ err: String(err), taskId: ended.task.id }, "XADD failed; the relay will publish the task"),
    );
  }
  return Response.json(
    { taskId: ended.task.id, status: ended.task.status },
    { status: 202, headers: { Location: `/api/tasks/${ended.task.id}` } },
  );
});
