import { getDb } from "@/lib/db/client";
import { readSharedReport } from "@/lib/jobs/sharing-service";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";
import { sharedReportParams } from "./schema";

export const dynamic = "force-dynamic";

/** One report shared with the active organisation, read-only; a withdrawn or another organisation's share is 404. */
export const GET = route({
  permission: "shared_report:read",
  params: sharedReportParams,
  notFound: "not_found:share",
  handler: async ({ scope, params }) => {
    return Response.json(await readSharedReport(getDb(), { shareId: params.shareId, ...scope }));
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
