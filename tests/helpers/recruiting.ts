import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { acceptBatchUpload } from "@/lib/jobs/service";
import type { Logger } from "@/lib/log";
import type { TaskHandler } from "@/lib/queue/consumer";
import { jobFairnessAuditHandler } from "@/worker/handlers/job-fairness-audit";
import { resumeAnalyzeHandler } from "@/worker/handlers/resume-analyze";
import { startTestWorker } from "./worker";

/**
 * A job row of organisation `organizationId`, written directly (the test names its skills and
 * seniority instead of extracting them from the description).
 */
export async function jobFixture(
  db: Db,
  j: {
    organizationId: string;
    createdBy: string;
    title?: string;
    description?: string;
    requiredSkills?: string[];
    preferredSkills?: string[];
    seniority?: "junior" | "mid" | "senior" | "lead" | null;
    weights?: Record<string, number> | null;
  },
) {
  const [job] = await db
    .insert(jobs)
    .values({
      organizationId: j.organizationId,
      createdBy: j.createdBy,
      title: j.title ?? "Test job",
      description: j.description ?? "A test job.",
      requiredSkills: j.requiredSkills ?? [],
      preferredSkills: j.preferredSkills ?? [],
      seniority: j.seniority ?? null,
      weights: j.weights ?? null,
    })
    .returning();
  return job;
}

/**
 * A resume of the organisation in the job's pipeline, through the bulk upload
 * (`acceptBatchUpload`: the organisation's resume, its `uploaded` application and its
 * `resume.analyze` task on the batch lane, fair-queued).
 * @throws {Error} when the upload refused the file.
 */
export async function uploadedApplication(
  deps: { db: Db; redis: Redis; log: Logger },
  a: { organizationId: string; uploaderId: string; job: { id: string }; fileName: string; bytes: Buffer },
) {
  const upload = await acceptBatchUpload(deps, {
    organizationId: a.organizationId,
    uploaderId: a.uploaderId,
    jobId: a.job.id,
    files: [{ fileName: a.fileName, bytes: a.bytes }],
  });
  const [item] = upload.items;
  if (!("resumeId" in item)) throw new Error(`the bulk upload refused ${a.fileName}: ${item.error.message}`);
  return { resumeId: item.resumeId, taskId: item.taskId, applicationId: item.applicationId };
}

/** {@link startTestWorker} with the recruiting tests' handlers: `resume.analyze` and `job.fairness_audit` by default. */
export function startRecruitingWorker(
  deps: { db: Db; redis: Redis; log: Logger },
  handlers: TaskHandler[] = [resumeAnalyzeHandler(deps.db), jobFairnessAuditHandler(deps.db)],
) {
  return startTestWorker(deps, handlers);
}
