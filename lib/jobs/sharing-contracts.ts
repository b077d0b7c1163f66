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
  description: z.string(),
  requiredSkills: z.array(z.string()),
  createdAt: z.iso.datetime(),
  /** The candidate's own application to it, if any. */
  myApplication: z.object({ id: z.string(), resumeId: z.string(), createdAt: z.iso.datetime() }).nullable(),
});
export type Opening = z.infer<typeof openingSchema>;
export const openingListBodySchema = z.object({ items: z.array(openingSchema) });

/** `POST /api/jobs/{id}/applications` → 201 (200 with `duplicate: true` for an earlier one). */
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
export const shareListBodySchema = z.object({ items: z.array(shareSchema) });

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
export const sharedReportListBodySchema = z.object({ items: z.array(sharedReportSummarySchema) });

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
  /** Set once a candidate accepted it. */
  interviewId: z.string().nullable(),
});
export type InviteBody = z.infer<typeof inviteBodySchema>;
