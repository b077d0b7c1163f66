"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { checked, fetchTask, isEndState, retryTransient, type Task, taskBodySchema, taskKeys } from "./api";

/** How the page hears about status changes. */
export type LiveMode = "connecting" | "live" | "polling" | "idle";

/** Polling period when Server-Sent Events are unavailable or broke. */
const POLL_INTERVAL_MS = 2_000;
/** A slow safety poll while SSE is live, in case a proxy buffers the stream silently. */
const SAFETY_POLL_MS = 15_000;

/**
 * The task's status, live: an EventSource on `/api/tasks/{id}/events` writes each `status`
 * event into the TanStack Query cache; if EventSource is missing or the stream errors before
 * an end state, the query polls `/api/tasks/{id}` every 2 s instead. Once the task ends,
 * nothing runs any more.
 *
 * @param live false when the task is already known to have ended (one fetch, for its error).
 */
export function useTaskStatus(taskId: string | undefined, { live }: { live: boolean }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<LiveMode>(live ? "connecting" : "idle");

  useEffect(() => {
    if (!taskId || !live) {
      setMode("idle");
      return;
    }
    if (typeof EventSource === "undefined") {
      setMode("polling");
      return;
    }
    setMode("connecting");
    let ended = false;
    const source = new EventSource(`/api/tasks/${encodeURIComponent(taskId)}/events`);
    source.addEventListener("open", () => setMode("live"));
    source.addEventListener("status", (event) => {
      let task: Task;
      try {
        task = checked(taskBodySchema, JSON.parse((event as MessageEvent<string>).data));
      } catch {
        return;
      }
      setMode("live");
      queryClient.setQueryData(taskKeys.detail(taskId), task);
      if (isEndState(task.status)) {
        ended = true;
        source.close();
        setMode("idle");
      }
    });
    source.addEventListener("error", () => {
      if (ended) return;
      // EventSource would reconnect by itself, but a 401/404 or a broken proxy never heals:
      // fall back to plain polling, which always works.
      source.close();
      setMode("polling");
    });
    return () => source.close();
  }, [taskId, live, queryClient]);

  const query = useQuery({
    queryKey: taskKeys.detail(taskId ?? ""),
    queryFn: ({ signal }) => fetchTask(taskId!, signal),
    enabled: Boolean(taskId),
    retry: retryTransient,
    refetchOnWindowFocus: false,
    staleTime: live ? 0 : Infinity,
    refetchInterval: (q) => {
      if (!live || isEndState(q.state.data?.status)) return false;
      if (mode === "polling") return POLL_INTERVAL_MS;
      return SAFETY_POLL_MS;
    },
  });

  return { task: query.data, error: query.error, mode: isEndState(query.data?.status) ? "idle" : mode };
}
