import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { getResumeWithFile, saveAnalysis, setResumeLanguage } from "@/lib/db/queries/resumes";
import { recordUsage } from "@/lib/finops/usage";
import type { TaskHandler } from "@/lib/queue/consumer";
import { TaskError } from "@/lib/queue/task-error";
import { analyzeResume } from "@/lib/resume/analyze";
import { extractResumeText } from "@/lib/resume/extract";
import { isLastRetry, toTaskError } from "./llm-errors";

const payloadSchema = z.object({ resumeId: z.uuid() });

/**
 * `resume.analyze`: load the file → extract text (refusals end the task by policy) →
 * analyse (offline or model; one usage row per call) → write the analysis.
 */
export function resumeAnalyzeHandler(db: Db): TaskHandler<z.infer<typeof payloadSchema>> {
  return {
    type: "resume.analyze",
    payloadSchema,
    async process({ task, payload, attempt, signal }) {
      const row = await getResumeWithFile(db, { id: payload.resumeId });
      if (!row || row.resume.ownerId !== task.ownerId) throw TaskError.policy("not_found", "The resume no longer exists.");

      const extracted = await extractResumeText({ bytes: new Uint8Array(row.file.bytes), kind: row.file.kind });
      if (!extracted.ok) throw TaskError.policy(extracted.code, extracted.message);
      await setResumeLanguage(db, { id: row.resume.id, language: extracted.language });

      let result: Awaited<ReturnType<typeof analyzeResume>>;
      try {
        result = await analyzeResume(
          {
            text: extracted.text,
            jobDescription: row.resume.jobDescription,
            language: extracted.language,
            signal,
            priority: task.lane,
            preferFallback: isLastRetry(task, attempt),
          },
          (call) => recordUsage(db, { ...call, userId: task.ownerId, feature: "resume.analyze", taskId: task.id, attempt, costMicroUsd: 0 }),
        );
      } catch (err) {
        throw toTaskError(err);
      }
      const { analysis, promptVersion } = result;
      return (tx) =>
        saveAnalysis(tx, {
          resumeId: row.resume.id,
          taskId: task.id,
          engine: analysis.engine,
          promptVersion,
          overallScore: analysis.overallScore,
          language: analysis.language,
          result: analysis,
        });
    },
  };
}
