import { getDb } from "@/lib/db/client";
import { listSharedReports } from "@/lib/jobs/sharing-service";
import { methodNotAllowed } from "../_lib/method-not-allowed";
import { route } from "../_lib/route";

export const dynamic = "force-dynamic";

/** The interview reports candidates shared with the active organisation and have not withdrawn: `{items}`, newest first. */
export const GET = route({
  permission: "shared_report:read",
  handler: async ({ scope }) => {
    return Response.json({ items: await listSharedReports(getDb(), scope) });
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
