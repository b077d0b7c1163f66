import { getDb } from "@/lib/db/client";
import { getResumeForOwner } from "@/lib/db/queries/resumes";
import { PanelistError } from "@/lib/errors";
import { toResumeBody } from "@/lib/resume/view";
import { idParams } from "../../_lib/input";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";

export const dynamic = "force-dynamic";

/** One of the caller's resumes with its task status and, once COMPLETED, the analysis. */
export const GET = route({
  permission: "resume:read",
  params: idParams,
  notFound: "not_found:resume",
  handler: async ({ scope, params }) => {
    const row = await getResumeForOwner(getDb(), { id: params.id, ...scope });
    if (!row) throw new PanelistError("not_found:resume", "No such resume.");
    return Response.json(toResumeBody(row));
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
