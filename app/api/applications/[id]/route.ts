import { getDb } from "@/lib/db/client";
import { changeApplication, readApplication } from "@/lib/jobs/ranking-service";
import { toApplicationBody } from "@/lib/jobs/ranking-view";
import { idParams } from "../../_lib/input";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";
import { updateApplicationSchema } from "./schema";

export const dynamic = "force-dynamic";

/** One application opened (not blind): stage, notes, history and the interview reports shared for its job. */
export const GET = route({
  permission: "application:read",
  params: idParams,
  notFound: "not_found:application",
  handler: async ({ scope, params }) => {
    return Response.json(toApplicationBody(await readApplication({ db: getDb() }, { organizationId: scope.organizationId, id: params.id })));
  },
});

/** Moves the application to a stage and/or adds a note; each change is a history row. */
export const PATCH = route({
  permission: "application:update",
  params: idParams,
  notFound: "not_found:application",
  body: updateApplicationSchema,
  handler: async ({ actor, scope, params, body }) => {
    const opened = await changeApplication(
      { db: getDb() },
      { organizationId: scope.organizationId, id: params.id, actorId: actor.user.id, stage: body.stage, note: body.note },
    );
    return Response.json(toApplicationBody(opened));
  },
});

export const { POST, PUT, DELETE, OPTIONS } = methodNotAllowed(["GET", "PATCH"]);
