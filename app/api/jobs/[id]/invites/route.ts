import { getDb } from "@/lib/db/client";
import { createInvite, listInvites } from "@/lib/jobs/invite-service";
import { idParams } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { createInviteSchema } from "./schema";

export const dynamic = "force-dynamic";

/**
 * Invites a candidate to a mock interview configured for the organisation's open job: 201 the
 * invitation with `url`, the link to send (shown this once). 404 not the organisation's job; 409 closed.
 */
export const POST = route({
  permission: "invite:create",
  params: idParams,
  notFound: "not_found:job",
  body: createInviteSchema,
  handler: async ({ req, actor, scope, params, body }) => {
    const base = process.env.APP_URL || new URL(req.url).origin;
    const invite = await createInvite(getDb(), {
      jobId: params.id,
      organizationId: scope.organizationId,
      createdBy: actor.user.id,
      email: body.email ?? null,
      level: body.level,
      questionCount: body.questionCount,
      language: body.language,
      linkFor: (token) => new URL(`/invites/${token}`, base).toString(),
    });
    return Response.json(invite, { status: 201 });
  },
});

/** The job's invitations, newest first, without their links: `{items}`. */
export const GET = route({
  permission: "invite:read",
  params: idParams,
  notFound: "not_found:job",
  handler: async ({ scope, params }) => {
    return Response.json({ items: await listInvites(getDb(), { jobId: params.id, ...scope }) });
  },
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
