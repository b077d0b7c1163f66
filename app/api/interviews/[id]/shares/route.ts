import { getDb } from "@/lib/db/client";
import { listShares, shareReport } from "@/lib/jobs/sharing-service";
import { idParams } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { shareBodySchema } from "./schema";

export const dynamic = "force-dynamic";

/** The shares of the caller's interview report (withdrawn ones too), newest first, and where it may go: `{items, targets}`. */
export const GET = route({
  permission: "share:read",
  params: idParams,
  notFound: "not_found:interview",
  handler: async ({ scope, params }) => {
    return Response.json(await listShares(getDb(), { interviewId: params.id, ...scope }));
  },
});

/**
 * Shares the caller's interview report with an organisation (`{jobId}` or `{organizationId}`):
 * 201 the share, 200 the share already active. 409 while the interview has no report.
 */
export const POST = route({
  permission: "share:create",
  params: idParams,
  notFound: "not_found:interview",
  body: shareBodySchema,
  handler: async ({ scope, params, body }) => {
    const { share, created } = await shareReport(getDb(), { interviewId: params.id, ownerId: scope.ownerId, target: body });
    return Response.json(share, { status: created ? 201 : 200 });
  },
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
