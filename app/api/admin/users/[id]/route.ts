import { changeUserAccess } from "@/lib/console/users";
import { getDb } from "@/lib/db/client";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { patchUserBodySchema, userParamsSchema } from "./schema";

export const dynamic = "force-dynamic";

/**
 * Changes a user's platform role and ban (`userBodySchema`, lib/console/contracts.ts); each
 * change is an `audit_log` row naming the admin. 409 for the admin's own account, 404 for a
 * missing user.
 */
export const PATCH = route({
  permission: "console:configure",
  params: userParamsSchema,
  notFound: "not_found:admin",
  body: patchUserBodySchema,
  handler: async ({ actor, params, body }) => {
    const user = await changeUserAccess(getDb(), { actorId: actor.user.id, userId: params.id, ...body });
    return Response.json({ user });
  },
});

export const { GET, POST, PUT, DELETE, HEAD, OPTIONS } = methodNotAllowed(["PATCH"]);
