import { getDb } from "@/lib/db/client";
import { readFairnessAudit } from "@/lib/jobs/ranking-service";
import { toFairnessAuditBody } from "@/lib/jobs/ranking-view";
import { methodNotAllowed } from "../../../../_lib/method-not-allowed";
import { route } from "../../../../_lib/route";
import { auditParams } from "./schema";

export const dynamic = "force-dynamic";

/** One fairness audit: its task's status and, once it completed, the findings. */
export const GET = route({
  permission: "job:read",
  params: auditParams,
  notFound: "not_found:audit",
  handler: async ({ scope, params }) => {
    const row = await readFairnessAudit({ db: getDb() }, { organizationId: scope.organizationId, jobId: params.id, auditId: params.auditId });
    return Response.json(toFairnessAuditBody(row));
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
