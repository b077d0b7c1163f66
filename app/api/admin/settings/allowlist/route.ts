import { listAllowlist, removeAllowlistEntry, setAllowlistEntry } from "@/lib/console/rate-limits";
import { getDb } from "@/lib/db/client";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { deleteAllowlistBodySchema, putAllowlistBodySchema } from "./schema";

export const dynamic = "force-dynamic";

async function answer() {
  return Response.json({ items: await listAllowlist(getDb()) });
}

/** Every allow-list entry, oldest first, with whom it names (`allowlistBodySchema`). */
export const GET = route({ permission: "console:read", handler: answer });

/** Adds or replaces one entry (an e-mail or slug resolved to its id, a range normalised), recorded in `audit_log`. Answers as GET. */
export const PUT = route({
  permission: "console:configure",
  body: putAllowlistBodySchema,
  handler: async ({ actor, body }) => {
    await setAllowlistEntry(getDb(), { ...body, actorId: actor.user.id });
    return answer();
  },
});

/** Removes one entry (none there: nothing to do), recorded as for PUT. Answers as GET. */
export const DELETE = route({
  permission: "console:configure",
  body: deleteAllowlistBodySchema,
  handler: async ({ actor, body }) => {
    await removeAllowlistEntry(getDb(), { ...body, actorId: actor.user.id });
    return answer();
  },
});

export const { POST, PATCH, OPTIONS } = methodNotAllowed(["GET", "PUT", "DELETE"]);
