import type { Db } from "@/lib/db/client";
import type { TaskHandler } from "@/lib/queue/consumer";
import { TASK_TYPES, type TaskType } from "@/lib/tasks/definitions";
import type { HandlerFactory } from "./define";
import { interviewEvaluateHandler } from "./interview-evaluate";
import { interviewPlanHandler } from "./interview-plan";
import { jobFairnessAuditHandler } from "./job-fairness-audit";
import { jobSkillsHandler } from "./job-skills";
import { kbVectorizeHandler } from "./kb-vectorize";
import { resumeAnalyzeHandler } from "./resume-analyze";

/**
 * One handler per task type of `lib/tasks/definitions.ts`: the key set is the definitions',
 * so a new task type does not compile until it has its handler here.
 */
const HANDLERS: { [T in TaskType]: HandlerFactory<T> } = {
  "resume.analyze": resumeAnalyzeHandler,
  "interview.plan": interviewPlanHandler,
  "interview.evaluate": interviewEvaluateHandler,
  "job.skills": jobSkillsHandler,
  "job.fairness_audit": jobFairnessAuditHandler,
  "kb.vectorize": kbVectorizeHandler,
};

/** Every task type's handler, in the definitions' order, for the worker's consumer. */
export function taskHandlers(db: Db): TaskHandler<unknown>[] {
  return TASK_TYPES.map((type) => HANDLERS[type](db) as TaskHandler<unknown>);
}
