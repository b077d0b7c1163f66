import { eq } from "drizzle-orm";
import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { insertApplication } from "@/lib/db/queries/applications";
import { jobs, resumes } from "@/lib/db/schema";
import type { Logger } from "@/lib/log";
import { acceptResumeUpload } from "@/lib/resume/service";

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
