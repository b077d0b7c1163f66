import type { Db } from "@/lib/db/client";
import { runFairnessAudit } from "@/lib/jobs/ranking-service";
import { taskHandler } from "./define";

/** `job.fairness_audit`: re-score a sample of the job's resumes with names, pronouns and gendered words swapped → the audit's findings. */
export function jobFairnessAuditHandler(db: Db) {
  return taskHandler("job.fairness_audit", (payload, attempt) => runFairnessAudit({ db }, { ...attempt, auditId: payload.auditId }));
}
