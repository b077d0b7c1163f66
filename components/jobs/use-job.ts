"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { JobBody } from "@/lib/jobs/contracts";
import { isEndState, retryTransient } from "../tasks/api";
import { fetchJob, type JobPatch, jobKeys, updateJob } from "./api";

/** How often a job is fetched again while the model still refines its skills, ms. */
const SKILLS_POLL_MS = 2_000;

/** One job (`GET /api/jobs/{id}`), refreshed every 2 s while its skills extraction runs. */
export function useJob(id: string) {
  return useQuery({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => fetchJob(id, signal),
    retry: retryTransient,
    refetchInterval: (q) => (q.state.data?.skillsStatus && !isEndState(q.state.data.skillsStatus) ? SKILLS_POLL_MS : false),
  });
}

/**
 * `PATCH /api/jobs/{id}`: the answer replaces the cached job; the ranking (weights, skills) and
 * the list (title, status) are fetched again. A failure is a toast with `errorText`.
 */
export function useUpdateJob(id: string, errorText: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: JobPatch) => updateJob(id, patch),
    onSuccess: (job: JobBody) => {
      queryClient.setQueryData(jobKeys.detail(id), job);
      void queryClient.invalidateQueries({ queryKey: jobKeys.ranking(id) });
      void queryClient.invalidateQueries({ queryKey: jobKeys.all, exact: true });
    },
    onError: () => toast.error(errorText),
  });
}
