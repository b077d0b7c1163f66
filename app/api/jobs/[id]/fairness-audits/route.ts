import { getDb } from "@/lib/db/client";
import { listJobFairnessAudits, startFairnessAudit } from "@/lib/jobs/ranking-service";
import { toFairnessAuditBody } from "@/lib/jobs/ranking-view";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { idParams } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";

export const dynamic = "force-dynamic";
const log = createLogger("web");

/** Starts a fairness audit of the job (a `job.fairness_audit` task): 202 `{id, taskId}`. */
export const POST = route({
  permission: "job:update",
  params: idParams,
  notFound: "not_found:job",
  handler: async ({ actor, scope, params }) => {
    const started = await startFairnessAudit(
      { db: getDb(), redis: getRedis(), log },
      { organizationId: scope.organizationId, jobId: params.id, actorId: actor.user.id },
    );
    return Response.json(started, { status: 202, headers: { Location: `/api/jobs/${params.id}/fairness-audits/${started.id}` } });
  },
});

/** The job's audits, newest first (`latest` = the first, or null). */
export const GET = route({
  permission: "job:read",
  params: idParams,
  notFound: "not_found:job",
  handler: async ({ scope, params }) => {
    const items = (await listJobFairnessAudits({ db: getDb() }, { organizationId: scope.organizationId, jobId: params.id })).map(toFairnessAuditBody);
    return Response.json({ latest: items[0] ?? null, items });
  },
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
