import { limitsBody, removeLimitOverride, setLimitOverride } from "@/lib/console/rate-limits";
import { getDb } from "@/lib/db/client";
import { getRedis } from "@/lib/queue/redis";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { deleteLimitBodySchema, putLimitBodySchema } from "./schema";

export const dynamic = "force-dynamic";

/** Every rule and the latest refusals; a Redis that cannot be asked leaves the counts and refusals null, not the page broken. */
async function answer() {
  return Response.json(await limitsBody(getDb(), getRedis()));
}

/** Every request-limit rule with its default, override, limit in force and refusals today, and the latest refusals (`limitsBodySchema`). */
export const GET = route({ permission: "console:read", handler: answer });

/** Sets one rule's limit, recorded in `audit_log` with the admin; in force in this process at once. Answers as GET. */
export const PUT = route({
  permission: "console:configure",
  body: putLimitBodySchema,
  handler: async ({ actor, body }) => {
    await setLimitOverride(getDb(), { ...body, actorId: actor.user.id });
    return answer();
  },
});

/** Removes one rule's override (none there: nothing to do), recorded as for PUT. Answers as GET. */
export const DELETE = route({
  permission: "console:configure",
  body: deleteLimitBodySchema,
  handler: async ({ actor, body }) => {
    await removeLimitOverride(getDb(), { ...body, actorId: actor.user.id });
    return answer();
  },
});

export const { POST, PATCH, OPTIONS } = methodNotAllowed(["GET", "PUT", "DELETE"]);
