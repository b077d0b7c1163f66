import { getDb } from "@/lib/db/client";
import { withdrawShare } from "@/lib/jobs/sharing-service";
import { methodNotAllowed } from "../../../../_lib/method-not-allowed";
import { route } from "../../../../_lib/route";
import { shareParams } from "../schema";

export const dynamic = "force-dynamic";

/** Withdraws a share of the caller's interview report: 200 the share with `withdrawnAt` (the same when withdrawn before). */
export const DELETE = route({
  permission: "share:delete",
  params: shareParams,
  notFound: "not_found:share",
  handler: async ({ scope, params }) => {
    return Response.json(await withdrawShare(getDb(), { interviewId: params.id, shareId: params.shareId, ...scope }));
  },
});

export const { GET, POST, PUT, PATCH, HEAD, OPTIONS } = methodNotAllowed(["DELETE"]);
