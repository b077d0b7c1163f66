import type { Db } from "@/lib/db/client";
import { planInterview } from "@/lib/interview/service";
import { taskHandler } from "./define";

/** `interview.plan`: the interview's settings (+ resume text) → a question plan (model or question bank). */
export function interviewPlanHandler(db: Db) {
  return taskHandler("interview.plan", (payload, attempt) => planInterview({ db }, { ...attempt, interviewId: payload.interviewId }));
}
