import { getDb } from "@/lib/db/client";
import { getInterviewForOwner, listMessages } from "@/lib/db/queries/interviews";
import { PanelistError } from "@/lib/errors";
import { toInterviewBody } from "@/lib/interview/session/view";
import { idParams } from "../../_lib/input";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";

export const dynamic = "force-dynamic";

/** The interview with its messages and, once evaluated, `report`. */
export const GET = route({
  permission: "interview:read",
  params: idParams,
  notFound: "not_found:interview",
  handler: async ({ scope, params }) => {
    const db = getDb();
    const found = await getInterviewForOwner(db, { id: params.id, ...scope });
    if (!found) throw new PanelistError("not_found:interview", "No such interview.");
    const messages = await listMessages(db, { interviewId: found.interview.id });
    return Response.json(toInterviewBody({ ...found, messages }));
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
