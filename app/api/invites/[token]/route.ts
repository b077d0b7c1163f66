import { getDb } from "@/lib/db/client";
import { readInvite } from "@/lib/jobs/invite-service";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";
import { inviteParams } from "./schema";

export const dynamic = "force-dynamic";

/** The invitation behind a link, for its landing page (any signed-in person); unknown, expired or accepted by another is 404. */
export const GET = route({
  permission: "interview:read",
  params: inviteParams,
  notFound: "not_found:invite",
  handler: async ({ actor, params }) => {
    return Response.json(await readInvite(getDb(), { token: params.token, userId: actor.user.id }));
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
