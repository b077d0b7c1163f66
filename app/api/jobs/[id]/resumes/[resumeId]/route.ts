import { getDb } from "@/lib/db/client";
import { getJobResumeRow } from "@/lib/jobs/service";
import { toResumeBody } from "@/lib/resume/view";
import { methodNotAllowed } from "../../../../_lib/method-not-allowed";
import { route } from "../../../../_lib/route";
import { jobResumeParams } from "../schema";

export const dynamic = "force-dynamic";

/** A resume of the organisation in one of its jobs, in the body of `GET /api/resumes/{id}` (status, and the analysis once COMPLETED). */
export const GET = route({
  permission: "job:read",
  params: jobResumeParams,
  notFound: "not_found:resume",
  handler: async ({ scope, params }) =>
    Response.json(toResumeBody(await getJobResumeRow(getDb(), { organizationId: scope.organizationId, jobId: params.id, resumeId: params.resumeId }))),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
