"use client";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, requestJson, retryTransient } from "../tasks/api";

/**
 * The fields of `GET /api/knowledge` items the interview form needs (docs/knowledge.md, "HTTP
 * interfaces"); other fields are let through unread.
 */
const knowledgeListSchema = z.object({
  items: z.array(z.looseObject({ id: z.string(), name: z.string(), shared: z.boolean(), readyCount: z.number().int() })),
});
export type KnowledgeBaseOption = z.infer<typeof knowledgeListSchema>["items"][number];

/**
 * The caller's knowledge bases for the new-interview form's "Questions from a knowledge base"
 * select: personal first, then the active organisation's. A deployment without the endpoint
 * (404) reads as no knowledge bases at all, so the form simply offers none.
 */
export function useKnowledgeBases() {
  return useQuery({
    queryKey: ["knowledge", "for-interview"] as const,
    queryFn: async ({ signal }) => {
      try {
        return (await requestJson("/api/knowledge", { signal }, knowledgeListSchema)).items;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 405)) return [];
        throw err;
      }
    },
    retry: retryTransient,
    refetchOnMount: "always",
  });
}
