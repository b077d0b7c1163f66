import type { InviteRow } from "@/lib/db/queries/invites";
import type { OpeningRow } from "@/lib/db/queries/openings";
import type { getActiveSharedReport, listActiveSharesForOrganization, ShareRow } from "@/lib/db/queries/shares";
import { normalizeJd } from "@/lib/resume";
import { isUuid } from "@/lib/tasks/ids";
import type { InviteBody, Opening, Share, SharedReportBody, SharedReportSummary } from "./sharing-contracts";

/** One row of `listOpenJobs` as an item of `GET /api/openings` (`openingSchema`). */
export function toOpening(r: OpeningRow): Opening {
  return {
    id: r.id,
    title: r.title,
    organizationName: r.organizationName,
    location: r.location,
    seniority: r.seniority,
    // A posting pasted as Markdown with YAML front matter (or a JSON job) reads as text, not markup.
    description: normalizeJd(r.description).trim(),
    requiredSkills: r.requiredSkills,
    preferredSkills: r.preferredSkills,
    createdAt: r.createdAt.toISOString(),
    myApplication:
      r.applicationId && r.applicationResumeId && r.applicationCreatedAt
        ? { id: r.applicationId, resumeId: r.applicationResumeId, createdAt: r.applicationCreatedAt.toISOString() }
        : null,
  };
}

/**
 * The opaque continuation of the openings list: the last row's `(createdAt, id)`, base64url. The
 * list pages on the time in milliseconds (lib/db/queries/openings.ts), the precision a `Date` keeps.
 */
export function encodeOpeningCursor(last: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([last.createdAt.toISOString(), last.id])).toString("base64url");
}

/** The `(createdAt, id)` of a cursor from {@link encodeOpeningCursor}; null when it is not one. */
export function decodeOpeningCursor(cursor: string): { createdAt: Date; id: string } | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [unknown, unknown];
    const createdAt = typeof at === "string" ? new Date(at) : null;
    if (!createdAt || Number.isNaN(createdAt.getTime()) || typeof id !== "string" || !isUuid(id)) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** A share row as `shareSchema`. */
export function toShare(r: ShareRow): Share {
  return {
    id: r.id,
    interviewId: r.interviewId,
    organizationId: r.organizationId,
    organizationName: r.organizationName,
    jobId: r.jobId,
    jobTitle: r.jobTitle,
    createdAt: r.createdAt.toISOString(),
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
  };
}

type SharedSummaryRow = Awaited<ReturnType<typeof listActiveSharesForOrganization>>[number];

/** An organisation's active share as `sharedReportSummarySchema`. */
export function toSharedReportSummary(r: SharedSummaryRow): SharedReportSummary {
  return {
    shareId: r.shareId,
    interviewId: r.interviewId,
    candidateName: r.candidateName,
    role: r.role,
    jobId: r.jobId,
    jobTitle: r.jobTitle,
    overallScore: r.overallScore,
    sharedAt: r.sharedAt.toISOString(),
  };
}

/** One shared report as `sharedReportBodySchema`: the summary, the interview's settings and its report. */
export function toSharedReportBody(r: NonNullable<Awaited<ReturnType<typeof getActiveSharedReport>>>): SharedReportBody {
  return { ...toSharedReportSummary(r), level: r.level, language: r.language, questionCount: r.questionCount, report: r.report ?? null };
}

/**
 * An invitation as `inviteBodySchema`. `url` only for the recruiter who just made it;
 * `interviewId` only for the organisation's list or the person who accepted it.
 */
export function toInviteBody(r: Pick<InviteRow, "invite" | "jobTitle" | "organizationName">, extra: { url?: string } = {}): InviteBody {
  const i = r.invite;
  return {
    id: i.id,
    jobId: i.jobId,
    jobTitle: r.jobTitle,
    organizationName: r.organizationName,
    role: i.role,
    level: i.level,
    questionCount: i.questionCount,
    language: i.language,
    email: i.email,
    ...(extra.url ? { url: extra.url } : {}),
    expiresAt: i.expiresAt.toISOString(),
    interviewId: i.interviewId,
    shareReport: i.shareReport,
    createdAt: i.createdAt.toISOString(),
  };
}
