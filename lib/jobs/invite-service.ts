/**
 * Interview invitations (docs/recruiting.md, "Candidates and recruiters together"): a recruiter
 * makes a link to a mock interview configured for a job; the person who opens it and accepts
 * gets that interview, and its report goes to the organisation when they agreed
 * (`sharing-service.ts`, `shareReportOnEvaluation`).
 */
import { randomBytes } from "node:crypto";
import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { claimInvite, getInviteForPerson, getJobOfOrganization, insertInvite, listInvitesOfJob } from "@/lib/db/queries/invites";
import { PanelistError } from "@/lib/errors";
import { createInterview } from "@/lib/interview/service";
import type { Logger } from "@/lib/log";
import { DEFAULT_INVITE_QUESTION_COUNT, type InviteLevel, interviewJobDescription, levelForSeniority, roleForJob } from "./invite-interview";
import type { AcceptInviteBody, InviteBody } from "./sharing-contracts";
import { toInviteBody } from "./sharing-view";

type Deps = { db: Db; redis: Redis; log: Logger };

/** How long a link stays usable, ms (14 days: time for a candidate to find a free hour). */
export const INVITE_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** Random bytes in a token (256 bits, base64url in the link: 43 characters). */
const TOKEN_BYTES = 32;
/** A token as the link carries it. */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A recruiter of `organizationId` invites to a mock interview for their open job `jobId`: role =
 * the job's title; level, question count and language as given, else from the job (its
 * seniority, {@link DEFAULT_INVITE_QUESTION_COUNT}, its language).
 * @param linkFor the URL of the landing page for a token (the web's address is the route's to know).
 * @returns the invitation with its `url`.
 * @throws {PanelistError} 404 `not_found:job` (not the organisation's), 409 `conflict:job` (closed).
 */
export async function createInvite(
  db: Db,
  i: {
    jobId: string;
    organizationId: string;
    createdBy: string;
    email: string | null;
    level?: InviteLevel;
    questionCount?: number;
    language?: "en" | "zh";
    linkFor: (token: string) => string;
  },
): Promise<InviteBody> {
  const job = await getJobOfOrganization(db, { id: i.jobId, organizationId: i.organizationId });
  if (!job) throw new PanelistError("not_found:job", "No such job.");
  if (job.status !== "open") throw new PanelistError("conflict:job", "This job is closed; open it again to invite candidates.");
  const invite = await insertInvite(db, {
    jobId: job.id,
    organizationId: job.organizationId,
    createdBy: i.createdBy,
    token: randomBytes(TOKEN_BYTES).toString("base64url"),
    email: i.email,
    role: roleForJob(job.title),
    level: i.level ?? levelForSeniority(job.seniority),
    questionCount: i.questionCount ?? DEFAULT_INVITE_QUESTION_COUNT,
    language: i.language ?? job.language,
    expiresAt: new Date(Date.now() + INVITE_TTL_MS),
  });
  return toInviteBody({ invite, jobTitle: job.title, organizationName: job.organizationName }, { url: i.linkFor(invite.token) });
}

/**
 * The invitations of `organizationId`'s job `jobId`, newest first (no links: the token is shown
 * once, when it is made).
 * @throws {PanelistError} 404 `not_found:job` when the job is not the organisation's.
 */
export async function listInvites(db: Db, q: { jobId: string; organizationId: string }): Promise<InviteBody[]> {
  if (!(await getJobOfOrganization(db, { id: q.jobId, organizationId: q.organizationId }))) throw new PanelistError("not_found:job", "No such job.");
  return (await listInvitesOfJob(db, q)).map((r) => toInviteBody(r));
}

/**
 * The invitation behind `token` for the landing page of `userId`.
 * @throws {PanelistError} 404 `not_found:invite` when unknown, expired, or accepted by someone else.
 */
export async function readInvite(db: Db, { token, userId }: { token: string; userId: string }): Promise<InviteBody> {
  const row = await getInviteForPerson(db, { token, userId });
  if (!row) throw new PanelistError("not_found:invite", "This invitation does not exist or has expired.");
  return toInviteBody(row);
}

/**
 * `userId` accepts the invitation behind `token`: the interview configured for the job is
 * created through the interview domain (its plan task submitted), and the invitation records
 * who accepted it, that interview and `shareReport` — in the interview's own transaction, so
 * of two acceptances one creates the interview and the other answers it. Accepting again
 * answers the same interview (`duplicate`); the first answer about sharing stands (the report
 * can still be shared or withdrawn by hand).
 * @throws {PanelistError} 404 `not_found:invite` when unknown, expired, or accepted by someone else; 409
 *   `conflict:invite` when its job was closed before it was accepted (an accepted one still answers its interview).
 */
export async function acceptInvite(deps: Deps, a: { token: string; userId: string; shareReport: boolean }): Promise<AcceptInviteBody> {
  const row = await getInviteForPerson(deps.db, { token: a.token, userId: a.userId });
  if (!row) throw new PanelistError("not_found:invite", "This invitation does not exist or has expired.");
  const { invite } = row;
  if (invite.interviewId) return { interviewId: invite.interviewId, shareReport: invite.shareReport ?? false, duplicate: true };
  // An interview for a job no longer hiring would be practice the organisation never reads.
  if (row.jobStatus !== "open") throw new PanelistError("conflict:invite", "The job of this invitation is closed; ask the recruiter for a new one.");
  try {
    const { interview } = await createInterview(
      deps,
      {
        ownerId: a.userId,
        role: invite.role,
        level: invite.level,
        questionCount: invite.questionCount,
        language: invite.language,
        resumeId: null,
        jobDescription: interviewJobDescription({ description: row.jobDescription, requiredSkills: row.requiredSkills, preferredSkills: row.preferredSkills }),
      },
      {
        withinTransaction: async (tx, created) => {
          if (!(await claimInvite(tx, { id: invite.id, userId: a.userId, interviewId: created.id, shareReport: a.shareReport }))) throw new InviteTaken();
        },
      },
    );
    return { interviewId: interview.id, shareReport: a.shareReport, duplicate: false };
  } catch (err) {
    if (!(err instanceof InviteTaken)) throw err;
    // Another acceptance won: its interview, if it was this person's.
    const now = await getInviteForPerson(deps.db, { token: a.token, userId: a.userId });
    if (!now?.invite.interviewId) throw new PanelistError("not_found:invite", "This invitation does not exist or has expired.");
    return { interviewId: now.invite.interviewId, shareReport: now.invite.shareReport ?? false, duplicate: true };
  }
}

/** An acceptance that lost the race for the invitation (its transaction rolls back). */
class InviteTaken extends Error {}
