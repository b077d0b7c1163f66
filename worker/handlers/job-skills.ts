import type { Db } from "@/lib/db/client";
import { refineJobSkills } from "@/lib/jobs/service";
import { taskHandler } from "./define";

/** `job.skills`: a job's description → the model's required and preferred skills (unless the recruiter edited them meanwhile). */
export function jobSkillsHandler(db: Db) {
  return taskHandler("job.skills", (payload, attempt) => refineJobSkills({ db }, { ...attempt, jobId: payload.jobId }));
}
