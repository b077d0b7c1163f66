import { getDb } from "@/lib/db/client";
import { getInterviewForOwner, listMessages } from "@/lib/db/queries/interviews";
import { PanelistError } from "@/lib/errors";
import { toInterviewBody } from "@/lib/interview/session/view";
import { isUuid } from "@/lib/tasks/view";
import { withUser } from "../../_lib/handler";

export const dynamic = "force-dynamic";

/** The interview with its messages and, once evaluated, `report`. */
export const GET = withUser<{ id: string }>(async ({ user, params }) => {
  const db = getDb();
  const found = isUuid(params.id) ? await getInterviewForOwner(db, { id: params.id, ownerId: user.id }) : undefined;
  if (!found) throw new PanelistError("not_found:interview", "No such interview.");
  const messages = await listMessages(db, { interviewId: found.interview.id });
  return Response.json(toInterviewBody({ ...found, messages }));
});
