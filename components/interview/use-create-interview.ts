"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { ApiError } from "../tasks/api";
import { useRetryCountdown } from "../ui/retry-countdown";
import { createInterview, interviewKeys, type NewInterview } from "./api";

/** Why creating an interview failed, as a key of `interview.form.errors`. */
type CreateInterviewError = "resumeGone" | "knowledgeGone" | "knowledgeNotReady" | "network" | "invalid" | "generic";

/** Maps a failed `POST /api/interviews` onto what the reader is told. */
function createInterviewError(err: unknown): CreateInterviewError {
  if (!(err instanceof ApiError)) return "generic";
  if (err.code === "not_found:resume") return "resumeGone";
  if (err.code === "not_found:knowledge") return "knowledgeGone";
  if (err.code === "conflict:knowledge") return "knowledgeNotReady";
  if (err.status === 0) return "network";
  if (err.status === 422) return "invalid";
  return "generic";
}

/**
 * Creates an interview (the new-interview form, "start over"): on success the list is marked
 * stale and the new interview's page opens; a 401 goes to sign-in; a 429 (the request limit on
 * new interviews, or a money budget) starts `countdown` to its `Retry-After` — the caller's
 * button waits it out; any other failure reaches `onError` with its {@link CreateInterviewError}.
 */
export function useCreateInterview({ onError }: { onError: (reason: CreateInterviewError, err: unknown) => void }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const countdown = useRetryCountdown();
  const mutation = useMutation({
    mutationFn: (body: NewInterview) => createInterview(body),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: interviewKeys.all, exact: true });
      router.push(`/interviews/${created.id}`);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) return router.replace("/sign-in");
      if (countdown.startFrom(err)) return;
      onError(createInterviewError(err), err);
    },
  });
  return { ...mutation, countdown };
}
