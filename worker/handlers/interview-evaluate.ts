import { z } from "zod";
import { getLlmConfig } from "@/lib/ai/config";
import type { Db } from "@/lib/db/client";
import { getInterviewById, listMessages, saveReport } from "@/lib/db/queries/interviews";
import { recordUsage } from "@/lib/finops/usage";
import { evaluateWithLlm } from "@/lib/interview/llm/evaluate-with-llm";
import { evaluateOffline } from "@/lib/interview/offline/evaluate";
import { finalizeReport, planSchema } from "@/lib/interview/schemas";
import { toTranscript } from "@/lib/interview/session/interviewer-turn";
import { answersFromTranscript } from "@/lib/interview/transcript";
import type { TaskHandler } from "@/lib/queue/consumer";
import { TaskError } from "@/lib/queue/task-error";
import { isLastRetry, toTaskError } from "./llm-errors";

const payloadSchema = z.object({ interviewId: z.uuid() });

/** `interview.evaluate`: the transcript → per-question scores and a report (model in batches, or offline key-point coverage). */
export function interviewEvaluateHandler(db: Db): TaskHandler<z.infer<typeof payloadSchema>> {
  return {
    type: "interview.evaluate",
    payloadSchema,
    async process({ task, payload, attempt, signal }) {
      const interview = await getInterviewById(db, { id: payload.interviewId });
      if (!interview || interview.ownerId !== task.ownerId) throw TaskError.policy("not_found", "The interview no longer exists.");
      if (!interview.plan) throw TaskError.policy("no_plan", "The interview has no question plan to evaluate.");
      const plan = planSchema.parse(interview.plan);
      const answers = answersFromTranscript(plan, toTranscript(await listMessages(db, { interviewId: interview.id })));
      const config = getLlmConfig();
      let draft;
      let engine: string;
      if (config.mode === "offline") {
        const started = performance.now();
        draft = evaluateOffline({ plan, answers, language: interview.language });
        engine = "offline";
        await recordUsage(db, {
          userId: task.ownerId, feature: "interview.evaluate", taskId: task.id, attempt, provider: "offline", model: "offline",
          inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, costMicroUsd: 0, latencyMs: Math.round(performance.now() - started), outcome: "ok",
        });
      } else {
        try {
          draft = await evaluateWithLlm(config, { plan, answers, language: interview.language, role: interview.role, abortSignal: signal, priority: task.lane, preferFallback: isLastRetry(task, attempt) }, (c) =>
            recordUsage(db, { ...c, userId: task.ownerId, feature: "interview.evaluate", taskId: task.id, attempt, costMicroUsd: 0 }),
          );
        } catch (err) {
          throw toTaskError(err);
        }
        engine = config.model;
      }
      let report;
      try {
        report = finalizeReport(draft, { plan, answers, engine, language: interview.language });
      } catch (err) {
        throw TaskError.transient("invalid_output", `The evaluation is unusable: ${String(err).slice(0, 200)}`);
      }
      return (tx) => saveReport(tx, { interviewId: interview.id, taskId: task.id, engine, overallScore: report.overallScore, report });
    },
  };
}
