"use client";
import { useQuery } from "@tanstack/react-query";
import { isEndState, retryTransient } from "../tasks/api";
import { fetchKnowledgeBase, fetchKnowledgeBases, knowledgeKeys } from "./api";

/** How often a knowledge base's page refreshes while one of its documents is still being vectorized, ms. */
export const DETAIL_POLL_MS = 3_000;

/** The caller's knowledge bases (`GET /api/knowledge`): personal first, then the organisation's. */
export function useKnowledgeBases() {
  return useQuery({
    queryKey: knowledgeKeys.all,
    queryFn: ({ signal }) => fetchKnowledgeBases(signal),
    retry: retryTransient,
  });
}

/**
 * One knowledge base with its documents (`GET /api/knowledge/{id}`), refreshed every 3 s while
 * any document's task has not ended: the rows without a live stream of their own
 * (components/knowledge/document-row.tsx) take their status from here.
 */
export function useKnowledgeBase(id: string) {
  return useQuery({
    queryKey: knowledgeKeys.detail(id),
    queryFn: ({ signal }) => fetchKnowledgeBase(id, signal),
    retry: retryTransient,
    refetchInterval: (q) => (q.state.data?.documents.some((d) => !isEndState(d.status ?? "PENDING")) ? DETAIL_POLL_MS : false),
  });
}
