import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { applications, batches, jobs } from "../schema";

/**
 * The recruiter pages' guards: whether an id names a row of the viewer's organisation. A page
 * answers a foreign, missing or malformed id with the same 404 (docs/architecture.md, "The door");
 * the ids must be UUIDs already (the caller checks, a malformed one never reaches SQL).
 */

/** True when job `id` belongs to organisation `organizationId`. */
export async function jobExistsForOrganization(db: Db, { id, organizationId }: { id: string; organizationId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.organizationId, organizationId)))
    .limit(1);
  return Boolean(row);
}

/** True when batch `id` belongs to organisation `organizationId`. */
export async function batchExistsForOrganization(db: Db, { id, organizationId }: { id: string; organizationId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.organizationId, organizationId)))
    .limit(1);
  return Boolean(row);
}

/** True when application `id` is one of job `jobId`'s, in organisation `organizationId`. */
export async function applicationExistsForOrganization(
  db: Db,
  { id, jobId, organizationId }: { id: string; jobId: string; organizationId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.jobId, jobId), eq(applications.organizationId, organizationId)))
    .limit(1);
  return Boolean(row);
}
