import { z } from "zod";
import { isUuid } from "@/lib/tasks/ids";

/** `/api/jobs/{id}/fairness-audits/{auditId}` params: two UUIDs (anything else is a 404). */
export const auditParams = z.object({ id: z.string().refine(isUuid), auditId: z.string().refine(isUuid) });
