import { getDb } from "@/lib/db/client";
import { createJob, listJobs } from "@/lib/jobs/service";
import { toJobBody, toJobListBody } from "@/lib/jobs/view";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { methodNotAllowed } from "../_lib/method-not-allowed";
import { route } from "../_lib/route";
import { createJobSchema } from "./schema";

export const dynamic = "force-dynamic";

const log = createLogger("web");

/** The organisation's jobs, newest first. */
export const GET = route({
  permission: "job:read",
  handler: async ({ scope }) => Response.json(toJobListBody(await listJobs(getDb(), scope))),
});

/** Creates a job (skills extracted at once; refined by the model in a task when one is configured): 201 with its body. */
export const POST = route({
  permission: "job:create",
  body: createJobSchema,
  handler: async ({ actor, scope, body }) => {
    const job = await createJob({ db: getDb(), redis: getRedis(), log }, { ...body, organizationId: scope.organizationId, createdBy: actor.user.id });
    return Response.json(toJobBody(job), { status: 201, headers: { Location: `/api/jobs/${job.id}` } });
  },
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
