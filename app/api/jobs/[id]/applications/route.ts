import { getDb } from "@/lib/db/client";
import { applyToJob } from "@/lib/jobs/sharing-service";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { idParams } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { applyBodySchema } from "./schema";

export const dynamic = "force-dynamic";
const log = createLogger("web");

/**
 * Applies to an open job with one of the caller's own resumes: 201 `{applicationId, resumeId,
 * taskId, duplicate: false}` (the organisation's copy and its analysis task), or 200 with
 * `duplicate: true` for the same resume again. 404 no such job or not the caller's resume;
 * 409 the job is closed.
 */
export const POST = route({
  permission: "opening:apply",
  // Applying queues an analysis of the resume against the job, as an upload does: the same allowance.
  limit: "upload",
  params: idParams,
  notFound: "not_found:job",
  body: applyBodySchema,
  handler: async ({ scope, params, body }) => {
    const applied = await applyToJob({ db: getDb(), redis: getRedis(), log }, { jobId: params.id, resumeId: body.resumeId, candidateId: scope.ownerId });
    return Response.json(applied, { status: applied.duplicate ? 200 : 201, headers: { Location: `/api/tasks/${applied.taskId}` } });
  },
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);
