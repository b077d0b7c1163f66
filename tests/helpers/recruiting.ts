import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { getTaskById } from "@/lib/db/queries/tasks";
import { jobs } from "@/lib/db/schema";
import { acceptBatchUpload } from "@/lib/jobs/service";
import type { Logger } from "@/lib/log";
import { StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import { OutboxRelay } from "@/lib/queue/relay";
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

/**
 * A worker for the recruiting tests: a consumer running the real `handlers` (default
 * `resume.analyze` and `job.fairness_audit`) and the outbox relay, on the file's Redis prefix.
 * @returns `ended(taskId)` (waits for an end state and returns the row) and `stop()`.
 */
export async function startRecruitingWorker(
  deps: { db: Db; redis: Redis; log: Logger },
  handlers: TaskHandler[] = [resumeAnalyzeHandler(deps.db), jobFairnessAuditHandler(deps.db)],
) {
  const consumer = new StreamConsumer(deps, handlers, { blockMs: 100, backoffBaseMs: 20, backoffCapMs: 100 });
  await consumer.start();
  const relay = new OutboxRelay(deps, { intervalMs: 50 });
  await relay.tick();
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
