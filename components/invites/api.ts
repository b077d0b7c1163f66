import { type AcceptInviteBody, acceptInviteBodySchema, type InviteBody, inviteBodySchema, inviteListBodySchema } from "@/lib/jobs/sharing-contracts";
import { requestJson } from "../tasks/api";

export type { InviteBody };

/** `POST /api/jobs/{id}/invites` body: unset settings come from the job. */
export type NewInvite = { email?: string; level?: "junior" | "mid" | "senior"; questionCount?: number; language?: "en" | "zh" };

export const inviteKeys = {
  byToken: (token: string) => ["invites", token] as const,
  ofJob: (jobId: string) => ["jobs", jobId, "invites"] as const,
};

/** `GET /api/invites/{token}`: the invitation behind a link. */
export const fetchInvite = (token: string, signal?: AbortSignal) => requestJson(`/api/invites/${encodeURIComponent(token)}`, { signal }, inviteBodySchema);

/** `POST /api/invites/{token}/accept` → the interview to open (the same one when accepted before). */
export const acceptInvite = (token: string, shareReport: boolean): Promise<AcceptInviteBody> =>
  requestJson(`/api/invites/${encodeURIComponent(token)}/accept`, { method: "POST", body: JSON.stringify({ shareReport }) }, acceptInviteBodySchema);

/** `POST /api/jobs/{id}/invites` → 201 the invitation with its `url` (shown this once). */
export const createInvite = (jobId: string, body: NewInvite): Promise<InviteBody> =>
  requestJson(`/api/jobs/${encodeURIComponent(jobId)}/invites`, { method: "POST", body: JSON.stringify(body) }, inviteBodySchema);

/** `GET /api/jobs/{id}/invites`: the job's invitations, newest first. */
export const fetchInvites = (jobId: string, signal?: AbortSignal) =>
  requestJson(`/api/jobs/${encodeURIComponent(jobId)}/invites`, { signal }, inviteListBodySchema);
