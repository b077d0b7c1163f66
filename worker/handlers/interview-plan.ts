import { z } from "zod";
import { getLlmConfig } from "@/lib/ai/config";
import type { Db } from "@/lib/db/client";
import { getInterviewById, savePlan } from "@/lib/db/queries/interviews";
import { getResumeWithFile } from "@/lib/db/queries/resumes";
import { recordUsage } from "@/lib/finops/usage";
import { planWithLlm } from "@/lib/interview/llm/plan-with-llm";
import { buildOfflinePlan } from "@/lib/interview/offline/plan";
import type { TaskHandler } from "@/lib/queue/consumer";
import { TaskError } from "@/lib/queue/task-error";
import { extractResumeText } from "@/lib/resume/extract";
import { isLastRetry, toTaskError } from "./llm-errors";

const payloadSchema = z.object({ interviewId: z.uuid() });

/** `interview.plan`: the interview's settings (+ resume text) → a question plan (model or question bank). */
export function interviewPlanHandler(db: Db): TaskHandler<z.infer<typeof payloadSchema>> {
  return {
    type: "interview.plan",
    payloadSchema,
    async process({ task, payload, attempt, signal }) {
      const interview = await getInterviewById(db, { id: payload.interviewId });
      if (!interview || interview.ownerId !== task.ownerId) throw TaskError.policy("not_found", "The interview no longer exists.");
      let resumeText: string | null = null;
      if (interview.resumeId) {
        const row = await getResumeWithFile(db, { id: interview.resumeId });
        if (row && row.resume.ownerId === task.ownerId) {
          const extracted = await extractResumeText({ bytes: new Uint8Array(row.file.bytes), kind: row.file.kind });
          if (extracted.ok) resumeText = extracted.text;
        }
      }
      const settings = {
        role: interview.role,
        level: interview.level,
        questionCount: interview.questionCount,
        language: interview.language,
        resumeText,
        jobDescription: interview.jobDescription,
      };
      const config = getLlmConfig();
      let plan;
      let engine: string;
      if (config.mode === "offline") {
        const started = performance.now();
        plan = buildOfflinePlan({ ...settings, resumeText: resumeText ?? undefined, jobDescription: interview.jobDescription ?? undefined, seed: interview.id });
        engine = "offline";
        await recordUsage(db, {
          userId: task.ownerId, feature: "interview.plan", taskId: task.id, attempt, provider: "offline", model: "offline",
          inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, costMicroUsd: 0, latencyMs: Math.round(performance.now() - started), outcome: "ok",
        });
      } else {
        try {
          plan = await planWithLlm(config, { ...settings, abortSignal: signal, priority: task.lane, preferFallback: isLastRetry(task, attempt) }, (c) =>
            recordUsage(db, { ...c, userId: task.ownerId, feature: "interview.plan", taskId: task.id, attempt, costMicroUsd: 0 }),
          );
        } catch (err) {
          throw toTaskError(err);
        }
        engine = config.model;
      }
      return (tx) => savePlan(tx, { interviewId: interview.id, plan, engine });
    },
  };
}
