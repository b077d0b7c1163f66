import { getDb } from "@/lib/db/client";
import { getJob, updateJob } from "@/lib/jobs/service";
import { toJobBody } from "@/lib/jobs/view";
import { idParams } from "../../_lib/input";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";
import { patchJobSchema } from "./schema";

export const dynamic = "force-dynamic";

/** One job of the organisation. */
export const GET = route({
  permission: "job:read",
  params: idParams,
  notFound: "not_found:job",
  handler: async ({ scope, params }) => Response.json(toJobBody(await getJob(getDb(), { id: params.id, ...scope }))),
});

/** Edits a job: title, description, skills (then `skillsSource = "edited"`), seniority, location, open/closed, ranking weights. */
export const PATCH = route({
  permission: "job:update",
  params: idParams,
  notFound: "not_found:job",
  body: patchJobSchema,
  handler: async ({ scope, params, body }) => Response.json(toJobBody(await updateJob(getDb(), { id: params.id, ...scope, edit: body }))),
});

export const { POST, PUT, DELETE, OPTIONS } = methodNotAllowed(["GET", "PATCH"]);
