import type { Db } from "@/lib/db/client";
import { evaluateInterview } from "@/lib/interview/service";
import { taskHandler } from "./define";

/** `interview.evaluate`: the transcript → per-question scores and a report (model in batches, or offline key-point coverage). */
export function interviewEvaluateHandler(db: Db) {
  return taskHandler("interview.evaluate", (payload, attempt) => evaluateInterview({ db }, { ...attempt, interviewId: payload.interviewId }));
}
