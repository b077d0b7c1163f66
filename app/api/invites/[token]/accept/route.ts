import { getDb } from "@/lib/db/client";
import { acceptInvite } from "@/lib/jobs/invite-service";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { acceptInviteSchema, inviteParams } from "../schema";

export const dynamic = "force-dynamic";
const log = createLogger("web");

/**
 * Accepts an invitation: 201 `{interviewId, shareReport, duplicate: false}` — the interview
 * configured for the job, its plan on its way — or 200 with `duplicate: true` and the same
 * interview when accepted before. 404 unknown, expired or accepted by another.
 */
export const POST = route({
  permission: "interview:create",
  // Accepting an invitation creates a mock interview (a paid plan): the same allowance as creating one.
  limit: "interview_create",
  params: inviteParams,
  notFound: "not_found:invite",
  body: acceptInviteSchema,
  handler: async ({ scope, params, body }) => {
    const accepted = await acceptInvite({ db: getDb(), redis: getRedis(), log }, { token: params.token, userId: scope.ownerId, shareReport: body.shareReport });
    return Response.json(accepted, { status: accepted.duplicate ? 200 : 201, headers: { Location: `/api/interviews/${accepted.interviewId}` } });
  },
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);
