import { getDb } from "@/lib/db/client";
import { discardFailedTasks } from "@/lib/tasks/admin";
import type { DiscardResultBody } from "@/lib/tasks/admin-contracts";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { discardBodySchema } from "../schema";

export const dynamic = "force-dynamic";

/**
 * Discards FAILED tasks from the DLQ view: `discarded_at` is set, the row and its FAILED status
 * stay, with a `discarded` task event and an audit row (`discardFailedTasks`, lib/tasks/admin.ts).
 * Answers `{discarded, skipped}`.
 */
export const POST = route({
  permission: "console:operate",
  body: discardBodySchema,
  handler: async ({ actor, body }) => {
    const result: DiscardResultBody = await discardFailedTasks({ db: getDb() }, { actorId: actor.user.id, taskIds: body.taskIds });
    return Response.json(result);
  },
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);
