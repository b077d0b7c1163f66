import { and, desc, eq, exists, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { applications, interviewInvites, interviewReports, interviews, jobs, organization, reportShares, user } from "../schema";

/** A share with the names its views show. */
const shareColumns = {
  id: reportShares.id,
  interviewId: reportShares.interviewId,
  organizationId: reportShares.organizationId,
  organizationName: organization.name,
  jobId: reportShares.jobId,
  jobTitle: jobs.title,
  createdAt: reportShares.createdAt,
  withdrawnAt: reportShares.withdrawnAt,
};
export type ShareRow = Awaited<ReturnType<typeof listSharesOfInterview>>[number];

/** The interview's latest report (a re-evaluation after a failure writes a second one). */
const latestReport = (interviewId: typeof interviews.id) =>
  sql`(select ${interviewReports.id} from ${interviewReports} where ${interviewReports.interviewId} = ${interviewId} order by ${interviewReports.createdAt} desc limit 1)`;

/**
 * The shares of `ownerId`'s interview `interviewId` (withdrawn ones too), newest first; `id`
 * narrows to one. Empty when the interview is not theirs.
 */
export async function listSharesOfInterview(db: Db, { interviewId, ownerId, id }: { interviewId: string; ownerId: string; id?: string }) {
  return db
    .select(shareColumns)
    .from(reportShares)
    .innerJoin(interviews, eq(interviews.id, reportShares.interviewId))
    .innerJoin(organization, eq(organization.id, reportShares.organizationId))
    .leftJoin(jobs, eq(jobs.id, reportShares.jobId))
    .where(and(eq(reportShares.interviewId, interviewId), eq(interviews.ownerId, ownerId), id ? eq(reportShares.id, id) : undefined))
    .orderBy(desc(reportShares.createdAt), desc(reportShares.id));
}

/** Whether interview `id` has a report. */
export async function interviewHasReport(db: Db, { id }: { id: string }): Promise<boolean> {
  const [row] = await db.select({ id: interviewReports.id }).from(interviewReports).where(eq(interviewReports.interviewId, id)).limit(1);
  return Boolean(row);
}

/**
 * Shares interview `interviewId` with `organizationId`: a new row, or the share already active
 * for that pair (one active share per interview and organisation: `report_shares_active_uq`).
 * @returns the share's id and whether it is new.
 */
export async function insertShare(
  db: Db,
  s: { interviewId: string; organizationId: string; jobId: string | null; sharedBy: string },
): Promise<{ id: string; created: boolean }> {
  const [row] = await db
    .insert(reportShares)
    .values(s)
    .onConflictDoNothing({ target: [reportShares.interviewId, reportShares.organizationId], where: isNull(reportShares.withdrawnAt) })
    .returning({ id: reportShares.id });
  if (row) return { id: row.id, created: true };
  const [active] = await db
    .select({ id: reportShares.id })
    .from(reportShares)
    .where(and(eq(reportShares.interviewId, s.interviewId), eq(reportShares.organizationId, s.organizationId), isNull(reportShares.withdrawnAt)))
    .limit(1);
  return { id: active.id, created: false };
}

/**
 * Withdraws share `id` of `ownerId`'s interview `interviewId` (`withdrawn_at` = now; a share
 * withdrawn before keeps its time). @returns false when no such share is theirs.
 */
export async function withdrawShare(db: Db, { id, interviewId, ownerId }: { id: string; interviewId: string; ownerId: string }): Promise<boolean> {
  const rows = await db
    .update(reportShares)
    .set({ withdrawnAt: sql`coalesce(${reportShares.withdrawnAt}, now())` })
    .where(
      and(
        eq(reportShares.id, id),
        eq(reportShares.interviewId, interviewId),
        exists(
          db
            .select({ one: sql`1` })
            .from(interviews)
            .where(and(eq(interviews.id, reportShares.interviewId), eq(interviews.ownerId, ownerId))),
        ),
      ),
    )
    .returning({ id: reportShares.id });
  return rows.length === 1;
}

/**
 * Whether `candidateId` has dealt with `organizationId`: applied to one of its jobs, or accepted
 * one of its interview invitations — the organisations a candidate may share a report with.
 */
export async function candidateKnowsOrganization(db: Db, { candidateId, organizationId }: { candidateId: string; organizationId: string }): Promise<boolean> {
  const [row] = await db.execute<{ known: boolean }>(sql`select
      exists (select 1 from ${applications} where ${applications.candidateId} = ${candidateId} and ${applications.organizationId} = ${organizationId})
      or exists (select 1 from ${interviewInvites} where ${interviewInvites.acceptedBy} = ${candidateId} and ${interviewInvites.organizationId} = ${organizationId})
      as known`);
  return Boolean(row?.known);
}

/** The summary columns of a shared report (the organisation's view). */
const sharedReportColumns = {
  shareId: reportShares.id,
  interviewId: reportShares.interviewId,
  candidateName: user.name,
  role: interviews.role,
  level: interviews.level,
  language: interviews.language,
  questionCount: interviews.questionCount,
  jobId: reportShares.jobId,
  jobTitle: jobs.title,
  sharedAt: reportShares.createdAt,
};

/** `organizationId`'s active (not withdrawn) shares, newest first, with each report's overall score. */
export async function listActiveSharesForOrganization(db: Db, { organizationId, limit = 100 }: { organizationId: string; limit?: number }) {
  return db
    .select({ ...sharedReportColumns, overallScore: interviewReports.overallScore })
    .from(reportShares)
    .innerJoin(interviews, eq(interviews.id, reportShares.interviewId))
    .innerJoin(user, eq(user.id, interviews.ownerId))
    .leftJoin(jobs, eq(jobs.id, reportShares.jobId))
    .leftJoin(interviewReports, eq(interviewReports.id, latestReport(interviews.id)))
    .where(and(eq(reportShares.organizationId, organizationId), isNull(reportShares.withdrawnAt)))
    .orderBy(desc(reportShares.createdAt), desc(reportShares.id))
    .limit(limit);
}

/** One active share of `organizationId` with its interview's latest report; undefined when withdrawn, another's or missing. */
export async function getActiveSharedReport(db: Db, { id, organizationId }: { id: string; organizationId: string }) {
  const [row] = await db
    .select({ ...sharedReportColumns, overallScore: interviewReports.overallScore, report: interviewReports.report })
    .from(reportShares)
    .innerJoin(interviews, eq(interviews.id, reportShares.interviewId))
    .innerJoin(user, eq(user.id, interviews.ownerId))
    .leftJoin(jobs, eq(jobs.id, reportShares.jobId))
    .leftJoin(interviewReports, eq(interviewReports.id, latestReport(interviews.id)))
    .where(and(eq(reportShares.id, id), eq(reportShares.organizationId, organizationId), isNull(reportShares.withdrawnAt)))
    .limit(1);
  return row;
}

/**
 * Shares interview `interviewId`'s report with the organisation of the invitation it was
 * accepted from, when the candidate agreed (`share_report`) — inside the transaction that writes
 * the report. Nothing when there is no such invitation, the candidate declined, or the
 * interview was ever shared with that organisation before (a withdrawal stands).
 */
export async function shareReportOfAcceptedInvite(tx: Tx, { interviewId }: { interviewId: string }): Promise<void> {
  await tx.execute(sql`insert into ${reportShares} (interview_id, organization_id, job_id, shared_by)
    select i.interview_id, i.organization_id, i.job_id, i.accepted_by
    from ${interviewInvites} i
    where i.interview_id = ${interviewId} and i.share_report and i.accepted_by is not null
      and not exists (select 1 from ${reportShares} s where s.interview_id = i.interview_id and s.organization_id = i.organization_id)
    on conflict do nothing`);
}

/**
 * The jobs whose organisations `candidateId` may share interview `interviewId` with: the jobs
 * they applied to and the job of the invitation the interview came from, newest first (at most 50).
 */
export async function listShareTargets(db: Db, { candidateId, interviewId }: { candidateId: string; interviewId: string }) {
  const related = db
    .select({ jobId: applications.jobId })
    .from(applications)
    .where(eq(applications.candidateId, candidateId))
    .union(
      db
        .select({ jobId: interviewInvites.jobId })
        .from(interviewInvites)
        .where(and(eq(interviewInvites.interviewId, interviewId), eq(interviewInvites.acceptedBy, candidateId))),
    );
  return db
    .select({ jobId: jobs.id, jobTitle: jobs.title, organizationId: jobs.organizationId, organizationName: organization.name })
    .from(jobs)
    .innerJoin(organization, eq(organization.id, jobs.organizationId))
    .where(inArray(jobs.id, related))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(50);
}
