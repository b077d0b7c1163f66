import { eq } from "drizzle-orm";
import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { insertApplication } from "@/lib/db/queries/applications";
import { getTaskById } from "@/lib/db/queries/tasks";
import { jobs, resumes } from "@/lib/db/schema";
import type { Logger } from "@/lib/log";
import { StreamConsumer } from "@/lib/queue/consumer";
import { OutboxRelay } from "@/lib/queue/relay";
import { acceptResumeUpload } from "@/lib/resume/service";
import { jobFairnessAuditHandler } from "@/worker/handlers/job-fairness-audit";
import { resumeAnalyzeHandler } from "@/worker/handlers/resume-analyze";
import { eventually } from "./fixtures";

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
 * A resume of the organisation in the job's pipeline, as a bulk upload leaves it: uploaded
 * through the resume domain (its `resume.analyze` task on the batch lane, against the job's
 * description), marked as the organisation's, and added to the job as an `uploaded` application.
 */
export async function uploadedApplication(
  deps: { db: Db; redis: Redis; log: Logger },
  a: { organizationId: string; uploaderId: string; job: { id: string; description: string }; fileName: string; bytes: Buffer },
) {
  const { resume, task } = await acceptResumeUpload(deps, {
    ownerId: a.uploaderId,
    fileName: a.fileName,
    bytes: a.bytes,
    jobDescription: a.job.description,
    lane: "batch",
  });
  await deps.db.update(resumes).set({ organizationId: a.organizationId }).where(eq(resumes.id, resume.id));
  const application = await insertApplication(deps.db, {
    jobId: a.job.id,
    organizationId: a.organizationId,
    resumeId: resume.id,
    source: "uploaded",
    actorId: a.uploaderId,
  });
  return { resumeId: resume.id, taskId: task.id, applicationId: application.id };
}

/**
 * A worker for the recruiting tests: a consumer running `resume.analyze` and
 * `job.fairness_audit` (the real handlers) and the outbox relay, on the file's Redis prefix.
 * @returns `ended(taskId)` (waits for an end state and returns the row) and `stop()`.
 */
export async function startRecruitingWorker(deps: { db: Db; redis: Redis; log: Logger }) {
  const consumer = new StreamConsumer(deps, [resumeAnalyzeHandler(deps.db), jobFairnessAuditHandler(deps.db)], {
    blockMs: 100,
    backoffBaseMs: 20,
    backoffCapMs: 100,
  });
  await consumer.start();
  const relay = new OutboxRelay(deps, { intervalMs: 50 });
  relay.start();
  return {
    ended: (taskId: string, timeoutMs = 120_000) =>
      eventually(async () => {
        const t = await getTaskById(deps.db, { id: taskId });
        return t && ["COMPLETED", "FAILED", "TERMINATED_BY_POLICY"].includes(t.status) ? t : undefined;
      }, timeoutMs),
    stop: async () => {
      await relay.stop();
      await consumer.stop();
    },
  };
}
