import { type ApplyBody, applyBodySchema, type Opening, openingListBodySchema } from "@/lib/jobs/sharing-contracts";
import { requestJson } from "../tasks/api";

export type { Opening };

export const openingKeys = { all: ["openings"] as const };

/** One page of `GET /api/openings` (contract: `openingListBodySchema`); `cursor` is a page's `nextCursor`. */
export const fetchOpenings = (cursor: string | null, signal?: AbortSignal) =>
  requestJson(`/api/openings?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { signal }, openingListBodySchema);

/** `POST /api/jobs/{id}/applications` → 201, or 200 with `duplicate: true` for the same resume again. */
export const applyToJob = (jobId: string, resumeId: string): Promise<ApplyBody> =>
  requestJson(`/api/jobs/${encodeURIComponent(jobId)}/applications`, { method: "POST", body: JSON.stringify({ resumeId }) }, applyBodySchema);
