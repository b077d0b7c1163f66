import type { Db } from "@/lib/db/client";
import { evaluateInterview } from "@/lib/interview/service";
import { shareReportOnEvaluation } from "@/lib/jobs/sharing-service";
import { taskHandler } from "./define";

/**
 * `interview.evaluate`: the transcript → per-question scores and a report (model in batches, or
 * offline key-point coverage); in the same transaction, the report is shared with the
 * organisation of the invitation the interview came from, when the candidate agreed.
 */
export function interviewEvaluateHandler(db: Db) {
  return taskHandler("interview.evaluate", async (payload, attempt) => {
    const saveReport = await evaluateInterview({ db }, { ...attempt, interviewId: payload.interviewId });
    const share = shareReportOnEvaluation({ interviewId: payload.interviewId });
    return async (tx) => {
      await saveReport(tx);
      await share(tx);
    };
  });
}
