"use client";
import { useQuery } from "@tanstack/react-query";
import { isEndState, retryTransient } from "../tasks/api";
import { fetchResumes, type ResumeListItem, resumeKeys } from "./api";

/** How often the list refreshes while one of its tasks is still running, ms. */
const LIST_POLL_MS = 3_000;

/**
 * The caller's resumes (`GET /api/resumes`), shared by the list and the interview form's resume
 * picker: refreshed every 3 s while any analysis is still running. `fresh` refetches on every
 * mount (a resume analysed a moment ago must be offered).
 */
export function useResumes({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: resumeKeys.all,
    queryFn: ({ signal }) => fetchResumes(signal),
    retry: retryTransient,
    ...(fresh ? { refetchOnMount: "always" as const } : {}),
    refetchInterval: (q) => (q.state.data?.items.some((r: ResumeListItem) => !isEndState(r.status)) ? LIST_POLL_MS : false),
  });
}
