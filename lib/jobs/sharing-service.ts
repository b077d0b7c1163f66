/**
 * Where candidates and recruiters meet (docs/recruiting.md, "Candidates and recruiters
 * together"): the open jobs a candidate browses, an application with a resume of their own (a
 * copy the organisation reads), and interview reports a candidate shares with an organisation,
 * read-only there and withdrawable. Invitations to an interview are `invite-service.ts`.
 */
import { createHash } from "node:crypto";
import type Redis from "ioredis";
import type { Db, Tx } from "@/lib/db/client";
import { getOwnedInterviewRow } from "@/lib/db/queries/interviews";
import { createApplicationCopy, getJobById, getPersonalResumeWithFile, listOpenJobs } from "@/lib/db/queries/openings";
import {
  candidateKnowsOrganization,
  getActiveSharedReport,
  insertShare,
  interviewHasReport,
  listActiveSharesForOrganization,
  listSharesOfInterview,
  listShareTargets,
  shareReportOfAcceptedInvite,
  withdrawShare as withdrawShareRow,
} from "@/lib/db/queries/shares";
import { PanelistError } from "@/lib/errors";
import type { Logger } from "@/lib/log";
import { submitFairTasks } from "@/lib/queue/fair-feeder";
import { newTask } from "@/lib/tasks/definitions";
import type { ApplyBody, OpeningListBody, Share, SharedReportBody, SharedReportSummary, ShareListBody } from "./sharing-contracts";
import { encodeOpeningCursor, toOpening, toShare, toSharedReportBody, toSharedReportSummary } from "./sharing-view";

type Deps = { db: Db; redis: Redis; log: Logger };

/**
 * Open jobs of every organisation for `candidateId`, newest first, each with their own
 * application to it if any.
 * @param limit 1–100 rows (the route bounds it); `after` the position a previous page's `nextCursor` names.
 */
export async function listOpenings(db: Db, q: { candidateId: string; limit: number; after: { createdAt: Date; id: string } | null }): Promise<OpeningListBody> {
  // One row more than asked says whether another page follows.
  const rows = await listOpenJobs(db, { candidateId: q.candidateId, limit: q.limit + 1, after: q.after });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return { items: page.map(toOpening), nextCursor: rows.length > q.limit && last ? encodeOpeningCursor(last) : null };
}

/** The resume dedupe key of an upload (lib/resume/service.ts): the file's hash and the whitespace-normalised job description. */
function dedupeKeyOf(sha256: string, jobDescription: string): string {
  return createHash("sha256")
    .update(`${sha256}\n${jobDescription.replace(/\s+/g, " ").trim()}`)
    .digest("hex");
}

/**
 * `candidateId` applies to open job `jobId` with their own resume `resumeId`: one transaction
 * writes a copy of the resume for the job's organisation (same file, `job_description` = the
 * job's), its `resume.analyze` task on the batch lane (fair-queued by organisation), the
 * `applications` row (source `applied`) and its `created` event; the task is submitted after
 * the commit (`submitFairTasks`). The candidate's own resume is untouched and the copy is not in
 * their personal list. Applying again with the same resume (the same file) answers the earlier
 * application (`duplicate`).
 * @throws {PanelistError} 404 `not_found:job` (no such job), 409 `conflict:job` (the job is
 *   closed), 404 `not_found:resume` (not the candidate's own resume).
 */
export async function applyToJob(deps: Deps, a: { jobId: string; resumeId: string; candidateId: string }): Promise<ApplyBody> {
  const job = await getJobById(deps.db, { id: a.jobId });
  if (!job) throw new PanelistError("not_found:job", "No such job.");
  if (job.status !== "open") throw new PanelistError("conflict:job", "This job is closed; it takes no more applications.");
  const own = await getPersonalResumeWithFile(deps.db, { id: a.resumeId, ownerId: a.candidateId });
  if (!own) throw new PanelistError("not_found:resume", "No such resume.");
  const { application, resumeId, task, duplicate } = await createApplicationCopy(deps.db, {
    job,
    candidateId: a.candidateId,
    resume: { fileId: own.resume.fileId, fileName: own.resume.fileName, language: own.resume.language },
    dedupeKey: dedupeKeyOf(own.sha256, job.description),
    analysisTask: (copyId) =>
      newTask("resume.analyze", {
        ownerId: a.candidateId,
        payload: { resumeId: copyId },
        lane: "batch",
        organizationId: job.organizationId,
        fairKey: job.organizationId,
      }),
  });
  if (!duplicate) await submitFairTasks(deps, [task]);
  return { applicationId: application.id, resumeId, taskId: task.id, duplicate };
}

/**
 * The shares of `ownerId`'s interview `interviewId`, withdrawn ones too, newest first, and the
 * jobs whose organisations it may be shared with (applied to, or the invitation's).
 * @throws {PanelistError} 404 `not_found:interview` when the interview is not theirs.
 */
export async function listShares(db: Db, s: { interviewId: string; ownerId: string }): Promise<ShareListBody> {
  if (!(await getOwnedInterviewRow(db, { id: s.interviewId, ownerId: s.ownerId }))) throw new PanelistError("not_found:interview", "No such interview.");
  const [items, targets] = await Promise.all([listSharesOfInterview(db, s), listShareTargets(db, { candidateId: s.ownerId, interviewId: s.interviewId })]);
  return { items: items.map(toShare), targets };
}

/**
 * `ownerId` shares the report of their interview `interviewId` with an organisation: the one of
 * job `jobId` (an open job, or one of an organisation they dealt with), or `organizationId` —
 * which must be one they applied to or accepted an invitation from. The report must exist: a
 * report that does not exist yet is shared only by an invitation's agreement, when it is written
 * ({@link shareReportOnEvaluation}). Sharing again while a share is active answers that share.
 * @returns the share and whether it is new.
 * @throws {PanelistError} 404 `not_found:interview` (not theirs), 409 `conflict:share` (no report
 *   yet), 404 `not_found:job` (no such job, or a closed one of an organisation they never dealt
 *   with), 404 `not_found:share` (an organisation they never dealt with).
 */
export async function shareReport(
  db: Db,
  s: { interviewId: string; ownerId: string; target: { jobId: string } | { organizationId: string } },
): Promise<{ share: Share; created: boolean }> {
  if (!(await getOwnedInterviewRow(db, { id: s.interviewId, ownerId: s.ownerId }))) throw new PanelistError("not_found:interview", "No such interview.");
  if (!(await interviewHasReport(db, { id: s.interviewId }))) {
    throw new PanelistError("conflict:share", "The interview has no report yet; share it once it is evaluated.");
  }
  let organizationId: string;
  let jobId: string | null = null;
  if ("jobId" in s.target) {
    const job = await getJobById(db, { id: s.target.jobId });
    const known = job ? await candidateKnowsOrganization(db, { candidateId: s.ownerId, organizationId: job.organizationId }) : false;
    if (!job || (job.status !== "open" && !known)) throw new PanelistError("not_found:job", "No such job.");
    organizationId = job.organizationId;
    jobId = job.id;
  } else {
    organizationId = s.target.organizationId;
    if (!(await candidateKnowsOrganization(db, { candidateId: s.ownerId, organizationId }))) {
      throw new PanelistError("not_found:share", "You can share a report with an organisation you applied to or were invited by.");
    }
  }
  const { id, created } = await insertShare(db, { interviewId: s.interviewId, organizationId, jobId, sharedBy: s.ownerId });
  const [share] = await listSharesOfInterview(db, { interviewId: s.interviewId, ownerId: s.ownerId, id });
  return { share: toShare(share), created };
}

/**
 * Withdraws share `shareId` of `ownerId`'s interview `interviewId`: the organisation no longer
 * reads it. Withdrawing again changes nothing.
 * @throws {PanelistError} 404 `not_found:share` when no such share of theirs exists.
 */
export async function withdrawShare(db: Db, s: { interviewId: string; shareId: string; ownerId: string }): Promise<Share> {
  if (!(await withdrawShareRow(db, { id: s.shareId, interviewId: s.interviewId, ownerId: s.ownerId }))) {
    throw new PanelistError("not_found:share", "No such share.");
  }
  const [share] = await listSharesOfInterview(db, { interviewId: s.interviewId, ownerId: s.ownerId, id: s.shareId });
  return toShare(share);
}

/** The reports shared with `organizationId` and not withdrawn, newest first (at most 100). */
export async function listSharedReports(db: Db, { organizationId }: { organizationId: string }): Promise<SharedReportSummary[]> {
  return (await listActiveSharesForOrganization(db, { organizationId })).map(toSharedReportSummary);
}

/**
 * One report shared with `organizationId`, read-only.
 * @throws {PanelistError} 404 `not_found:share` when it was withdrawn, is another organisation's or does not exist.
 */
export async function readSharedReport(db: Db, { shareId, organizationId }: { shareId: string; organizationId: string }): Promise<SharedReportBody> {
  const row = await getActiveSharedReport(db, { id: shareId, organizationId });
  if (!row) throw new PanelistError("not_found:share", "No such shared report.");
  return toSharedReportBody(row);
}

/**
 * The write that follows an interview's report in the `interview.evaluate` task's completing
 * transaction: when the interview came from an invitation whose candidate agreed to share, the
 * report is shared with the invitation's organisation (once; a withdrawal stands).
 */
export function shareReportOnEvaluation({ interviewId }: { interviewId: string }): (tx: Tx) => Promise<void> {
  return (tx) => shareReportOfAcceptedInvite(tx, { interviewId });
}
