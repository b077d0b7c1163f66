import { z } from "zod";
import { LEVELS, QUESTION_COUNT } from "@/lib/interview/schemas";
import { uiMessageSchema, useChatIdSchema } from "../_lib/ui-message-body";

/** `POST /api/interviews` */
export const createInterviewSchema = z.object({
  role: z.string().trim().min(2).max(100),
  level: z.enum(LEVELS),
  questionCount: z.number().int().min(QUESTION_COUNT.min).max(QUESTION_COUNT.max),
  language: z.enum(["en", "zh"]).optional(),
  resumeId: z.uuid().optional(),
  jobDescription: z.string().max(50_000).optional(),
  /** Draw the questions from this knowledge base (a personal one or the active organisation's); malformed is 404 like missing. */
  knowledgeBaseId: z.string().max(100).optional(),
});

/** The longest answer the interview takes, in characters (UTF-16 code units): about 3,000 words. */
export const MAX_ANSWER_CHARS = 20_000;

/**
 * The chat route's JSON body cap, bytes: the UI sends the newest message only
 * (components/interview/use-interview-chat.ts), at most {@link MAX_ANSWER_CHARS} characters — up
 * to 60 KB of UTF-8 for CJK text, 120 KB as JSON `\u` escapes — so 256 KB leaves room and a
 * 10 MB body is refused (413) before it is parsed.
 */
export const CHAT_MAX_BODY_BYTES = 256 * 1024;

/**
 * `POST /api/interviews/{id}/chat`: the AI SDK `useChat` default body (`{id, messages}`) plus
 * `action`. Only the newest user message is read; the history comes from the database. Each
 * message's text parts together hold at most {@link MAX_ANSWER_CHARS} characters (422 otherwise:
 * an answer is refused, never silently cut).
 */
export const chatBodySchema = z.object({
  id: useChatIdSchema,
  messages: z
    .array(uiMessageSchema({ maxTextChars: MAX_ANSWER_CHARS, tooLong: `An answer is at most ${MAX_ANSWER_CHARS.toLocaleString("en")} characters.` }))
    .max(100)
    .default([]),
  action: z.enum(["start", "answer", "skip"]).default("answer"),
});
