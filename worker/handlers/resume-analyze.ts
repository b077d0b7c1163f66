import type { Db } from "@/lib/db/client";
import { getRedis } from "@/lib/queue/redis";
import { analyseResume } from "@/lib/resume/service";
import { taskHandler } from "./define";

/**
 * `resume.analyze`: load the file → extract text (refusals end the task by policy) →
 * analyse (offline or model; one usage row per call) → write the analysis; an organisation's
 * resume also has its ranking profile cached in Redis.
 */
export function resumeAnalyzeHandler(db: Db) {
  return taskHandler("resume.analyze", (payload, attempt) => analyseResume({ db, redis: getRedis }, { ...attempt, resumeId: payload.resumeId }));
}
