"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { ApiError } from "../tasks/api";
import { createInterview, interviewKeys, type NewInterview } from "./api";

/** Why creating an interview failed, as a key of `interview.form.errors`. */
type CreateInterviewError = "resumeGone" | "rateLimit" | "network" | "invalid" | "generic";

/** Maps a failed `POST /api/interviews` onto what the reader is told. */
function createInterviewError(err: unknown): CreateInterviewError {
  if (!(err instanceof ApiError)) return "generic";
  if (err.code === "not_found:resume") return "resumeGone";
  if (err.status === 429) return "rateLimit";
  if (err.status === 0) return "network";
  if (err.status === 422) return "invalid";
  return "generic";
}

/**
 * Creates an interview (the new-interview form, "start over"): on success the list is marked
 * stale and the new interview's page opens; a 401 goes to sign-in; any other failure reaches
 * `onError` with its {@link CreateInterviewError}.
 */
export function useCreateInterview({ onError }: { onError: (reason: CreateInterviewError, err: unknown) => void }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: (body: NewInterview) => createInterview(body),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: interviewKeys.all, exact: true });
      router.push(`/interviews/${created.id}`);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) return router.replace("/sign-in");
      onError(createInterviewError(err), err);
    },
  });
}
