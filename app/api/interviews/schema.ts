import { z } from "zod";
import { LEVELS, QUESTION_COUNT } from "@/lib/interview/schemas";

/** `POST /api/interviews` */
export const createInterviewSchema = z.object({
  role: z.string().trim().min(2).max(100),
  level: z.enum(LEVELS),
  questionCount: z.number().int().min(QUESTION_COUNT.min).max(QUESTION_COUNT.max),
  language: z.enum(["en", "zh"]).optional(),
  resumeId: z.uuid().optional(),
  jobDescription: z.string().max(50_000).optional(),
});

/**
 * `POST /api/interviews/{id}/chat`: the AI SDK `useChat` default body (`{id, messages}`) plus
 * `action`. Only the newest user message is read; the history comes from the database.
 */
export const chatBodySchema = z.object({
  id: z.string().optional(),
  messages: z
    .array(
      z.looseObject({
        id: z.string().min(1).max(200),
        role: z.enum(["user", "assistant", "system"]),
        parts: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })).default([]),
      }),
    )
    .default([]),
  action: z.enum(["start", "answer", "skip"]).default("answer"),
});
