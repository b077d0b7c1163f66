import { getDb } from "@/lib/db/client";
import { moveStage } from "@/lib/jobs/ranking-service";
import { idParams } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { moveStageSchema } from "./schema";

export const dynamic = "force-dynamic";

/** Bulk move: every listed application of the job to `stage`, in one transaction (any foreign id → 404, none moves). */
export const POST = route({
  permission: "application:update",
  params: idParams,
  notFound: "not_found:job",
  body: moveStageSchema,
  handler: async ({ actor, scope, params, body }) => {
    const { moved } = await moveStage(
      { db: getDb() },
      { organizationId: scope.organizationId, jobId: params.id, actorId: actor.user.id, applicationIds: body.applicationIds, stage: body.stage },
    );
    return Response.json({ moved, stage: body.stage });
  },
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);
