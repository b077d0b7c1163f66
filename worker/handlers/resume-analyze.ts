import type { Db } from "@/lib/db/client";
import { analyseResume } from "@/lib/resume/service";
import { taskHandler } from "./define";

/**
 * `resume.analyze`: load the file → extract text (refusals end the task by policy) →
 * analyse (offline or model; one usage row per call) → write the analysis; an organisation's
 * resume also has its ranking profile stored with the analysis.
 */
export function resumeAnalyzeHandler(db: Db) {
  return taskHandler("resume.analyze", (payload, attempt) => analyseResume({ db }, { ...attempt, resumeId: payload.resumeId }));
}
