import { getDb } from "@/lib/db/client";
import { batchProgress } from "@/lib/jobs/service";
import { toBatchBody } from "@/lib/jobs/view";
import { idParams } from "../../_lib/input";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";

export const dynamic = "force-dynamic";

/** A bulk upload's progress: counts and every file's status with the reason of each failure, from the database (it survives a reload). */
export const GET = route({
  permission: "job:read",
  params: idParams,
  notFound: "not_found:batch",
  handler: async ({ scope, params }) => Response.json(toBatchBody(await batchProgress(getDb(), { id: params.id, ...scope }))),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
