import { z } from "zod";

/**
 * Bodies of the endpoints where candidates and recruiters meet (docs/recruiting.md, "Candidates
 * and recruiters together"): open jobs, applications, shared reports, interview invitations.
 * Browser-safe.
 */

/** One row of `GET /api/openings` (open jobs a candidate may apply to). */
export const openingSchema = z.object({
  id: z.string(),
  title: z.string(),
  organizationName: z.string(),
  location: z.string().nullable(),
  seniority: z.string().nullable(),
  /** The job description as readable text (front matter and template comments of a Markdown posting, or a JSON job, flattened). */
  description: z.string(),
  requiredSkills: z.array(z.string()),
  preferredSkills: z.array(z.string()),
  createdAt: z.iso.datetime(),
  /** The candidate's own application to it, if any. */
  myApplication: z.object({ id: z.string(), resumeId: z.string(), createdAt: z.iso.datetime() }).nullable(),
});
export type Opening = z.infer<typeof openingSchema>;
/** `GET /api/openings?limit=&cursor=`: newest first; `nextCursor` continues the list (null: no more). */
export const openingListBodySchema = z.object({ items: z.array(openingSchema), nextCursor: z.string().nullable() });
export type OpeningListBody = z.infer<typeof openingListBodySchema>;

/**
 * `POST /api/jobs/{id}/applications` → 201 (200 with `duplicate: true` for an earlier one).
 * `resumeId` is the organisation's copy (not the candidate's own resume); `taskId` its analysis.
 */
export const applyBodySchema = z.object({ applicationId: z.string(), resumeId: z.string(), taskId: z.string(), duplicate: z.boolean() });
export type ApplyBody = z.infer<typeof applyBodySchema>;

/** A share of an interview report with an organisation (`GET|POST /api/interviews/{id}/shares`). */
export const shareSchema = z.object({
  id: z.string(),
  interviewId: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  jobId: z.string().nullable(),
  jobTitle: z.string().nullable(),
  createdAt: z.iso.datetime(),
  withdrawnAt: z.iso.datetime().nullable(),
});
export type Share = z.infer<typeof shareSchema>;
/** A job whose organisation the candidate may share with: one they applied to, or the invitation's the interview came from. */
export const shareTargetSchema = z.object({ jobId: z.string(), jobTitle: z.string(), organizationId: z.string(), organizationName: z.string() });
export type ShareTarget = z.infer<typeof shareTargetSchema>;
/** `GET /api/interviews/{id}/shares`: the shares (withdrawn ones too) and where the report may go. */
export const shareListBodySchema = z.object({ items: z.array(shareSchema), targets: z.array(shareTargetSchema) });
export type ShareListBody = z.infer<typeof shareListBodySchema>;

/** One row of `GET /api/shared-reports` (the organisation's view, read-only). */
export const sharedReportSummarySchema = z.object({
  shareId: z.string(),
  interviewId: z.string(),
  candidateName: z.string(),
  role: z.string(),
  jobId: z.string().nullable(),
  jobTitle: z.string().nullable(),
  overallScore: z.number().nullable(),
  sharedAt: z.iso.datetime(),
});
export type SharedReportSummary = z.infer<typeof sharedReportSummarySchema>;
export const sharedReportListBodySchema = z.object({ items: z.array(sharedReportSummarySchema) });

/**
 * `GET /api/shared-reports/{shareId}`: the summary, the interview's settings and its report
 * (lib/interview/schemas.ts `reportSchema`; the interview domain's shape, passed through as
 * written). `report` is null only while no report exists for the interview.
 */
export const sharedReportBodySchema = sharedReportSummarySchema.extend({
  level: z.enum(["junior", "mid", "senior"]),
  language: z.enum(["en", "zh"]),
  questionCount: z.number().int(),
  report: z.unknown().nullable(),
});
export type SharedReportBody = z.infer<typeof sharedReportBodySchema>;

/** `POST /api/jobs/{id}/invites` → 201; `GET /api/invites/{token}` (the candidate's landing). */
export const inviteBodySchema = z.object({
  id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  organizationName: z.string(),
  role: z.string(),
  level: z.enum(["junior", "mid", "senior"]),
  questionCount: z.number().int(),
  language: z.enum(["en", "zh"]),
  email: z.string().nullable(),
  /** The link to send (contains the token); only in the recruiter's 201. */
  url: z.string().optional(),
  expiresAt: z.iso.datetime(),
  /** Set once a candidate accepted it (on the landing page: only for the person who accepted it). */
  interviewId: z.string().nullable(),
  /** The candidate's answer when accepting: share the report with the organisation; null until accepted. */
  shareReport: z.boolean().nullable(),
  createdAt: z.iso.datetime(),
});
export type InviteBody = z.infer<typeof inviteBodySchema>;
export const inviteListBodySchema = z.object({ items: z.array(inviteBodySchema) });

/** `POST /api/invites/{token}/accept` → 201 (200 with `duplicate: true` when accepted before): the interview to open. */
export const acceptInviteBodySchema = z.object({ interviewId: z.string(), shareReport: z.boolean(), duplicate: z.boolean() });
export type AcceptInviteBody = z.infer<typeof acceptInviteBodySchema>;
