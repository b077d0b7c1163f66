import {
  type Share,
  type SharedReportBody,
  type ShareListBody,
  sharedReportBodySchema,
  sharedReportListBodySchema,
  shareListBodySchema,
  shareSchema,
} from "@/lib/jobs/sharing-contracts";
import { requestJson } from "../tasks/api";

export type { Share, SharedReportBody, ShareListBody };

export const shareKeys = {
  ofInterview: (interviewId: string) => ["interviews", interviewId, "shares"] as const,
  sharedReports: ["shared-reports"] as const,
  sharedReport: (shareId: string) => ["shared-reports", shareId] as const,
};

const sharesUrl = (interviewId: string) => `/api/interviews/${encodeURIComponent(interviewId)}/shares`;

/** `GET /api/interviews/{id}/shares`: the shares of the caller's report and where it may go. */
export const fetchShares = (interviewId: string, signal?: AbortSignal) => requestJson(sharesUrl(interviewId), { signal }, shareListBodySchema);

/** `POST /api/interviews/{id}/shares {jobId}` → the share (201 new, 200 already active). */
export const createShare = (interviewId: string, jobId: string): Promise<Share> =>
  requestJson(sharesUrl(interviewId), { method: "POST", body: JSON.stringify({ jobId }) }, shareSchema);

/** `DELETE /api/interviews/{id}/shares/{shareId}` → the share, withdrawn. */
export const withdrawShare = (interviewId: string, shareId: string): Promise<Share> =>
  requestJson(`${sharesUrl(interviewId)}/${encodeURIComponent(shareId)}`, { method: "DELETE" }, shareSchema);

/** `GET /api/shared-reports`: the active organisation's shared reports. */
export const fetchSharedReports = (signal?: AbortSignal) => requestJson("/api/shared-reports", { signal }, sharedReportListBodySchema);

/** `GET /api/shared-reports/{shareId}`: one shared report, read-only. */
export const fetchSharedReport = (shareId: string, signal?: AbortSignal) =>
  requestJson(`/api/shared-reports/${encodeURIComponent(shareId)}`, { signal }, sharedReportBodySchema);
