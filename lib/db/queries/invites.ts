import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { interviewInvites, jobs, organization } from "../schema";

/** An invitation with the job and organisation names its views show. */
const inviteColumns = {
  invite: interviewInvites,
  jobTitle: jobs.title,
  organizationName: organization.name,
};
export type InviteRow = Awaited<ReturnType<typeof listInvitesOfJob>>[number];

/** Job `id` of `organizationId` with the organisation's name; undefined when it is another's or missing. */
export async function getJobOfOrganization(db: Db, { id, organizationId }: { id: string; organizationId: string }) {
  const [row] = await db
    .select({
      id: jobs.id,
      organizationId: jobs.organizationId,
      organizationName: organization.name,
      title: jobs.title,
      seniority: jobs.seniority,
      language: jobs.language,
      status: jobs.status,
    })
    .from(jobs)
    .innerJoin(organization, eq(organization.id, jobs.organizationId))
    .where(and(eq(jobs.id, id), eq(jobs.organizationId, organizationId)))
    .limit(1);
  return row;
}

/** Stores a new invitation; the caller made the token and the settings. */
export async function insertInvite(
  db: Db,
  i: {
    jobId: string;
    organizationId: string;
    createdBy: string;
    token: string;
    email: string | null;
    role: string;
    level: "junior" | "mid" | "senior";
    questionCount: number;
    language: "en" | "zh";
    expiresAt: Date;
  },
) {
  const [row] = await db.insert(interviewInvites).values(i).returning();
  return row;
}

/** The invitations of `organizationId`'s job `jobId`, newest first (at most `limit`). */
export async function listInvitesOfJob(db: Db, { jobId, organizationId, limit = 100 }: { jobId: string; organizationId: string; limit?: number }) {
  return db
    .select(inviteColumns)
    .from(interviewInvites)
    .innerJoin(jobs, eq(jobs.id, interviewInvites.jobId))
    .innerJoin(organization, eq(organization.id, interviewInvites.organizationId))
    .where(and(eq(interviewInvites.jobId, jobId), eq(interviewInvites.organizationId, organizationId)))
    .orderBy(desc(interviewInvites.createdAt), desc(interviewInvites.id))
    .limit(limit);
}

/**
 * The invitation behind `token` as `userId` may see it: not expired, and not accepted by
 * someone else; undefined otherwise. Includes the job's description and skills (the interview
 * it configures).
 */
export async function getInviteForPerson(db: Db, { token, userId }: { token: string; userId: string }) {
  const [row] = await db
    .select({
      ...inviteColumns,
      jobDescription: jobs.description,
      jobStatus: jobs.status,
      requiredSkills: jobs.requiredSkills,
      preferredSkills: jobs.preferredSkills,
    })
    .from(interviewInvites)
    .innerJoin(jobs, eq(jobs.id, interviewInvites.jobId))
    .innerJoin(organization, eq(organization.id, interviewInvites.organizationId))
    .where(
      and(
        eq(interviewInvites.token, token),
        gt(interviewInvites.expiresAt, sql`now()`),
        or(isNull(interviewInvites.acceptedBy), eq(interviewInvites.acceptedBy, userId)),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Records the acceptance of invitation `id` by `userId` with the interview it created, inside
 * that interview's transaction. Only an invitation without an interview is claimed, so of two
 * concurrent acceptances one wins (the row lock orders them; the second finds it taken).
 * @returns false when it was taken (or has expired) meanwhile.
 */
export async function claimInvite(tx: Tx, { id, userId, interviewId, shareReport }: { id: string; userId: string; interviewId: string; shareReport: boolean }) {
  const rows = await tx
    .update(interviewInvites)
    .set({ acceptedBy: userId, interviewId, shareReport })
    .where(and(eq(interviewInvites.id, id), isNull(interviewInvites.interviewId), gt(interviewInvites.expiresAt, sql`now()`)))
    .returning({ id: interviewInvites.id });
  return rows.length === 1;
}
