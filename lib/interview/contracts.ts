import { z } from "zod";
import { taskBodySchema, taskStatusSchema } from "@/lib/tasks/contracts";
import { DIFFICULTIES, LANGUAGES, LEVELS, QUESTION_CATEGORIES, reportSchema, TURN_KINDS } from "./schemas";

/**
 * Bodies of `GET /api/interviews` and `GET /api/interviews/{id}`, built by
 * lib/interview/session/view.ts and read by components/interview/api.ts. Browser-safe (zod only).
 */

/**
 * Where an interview stands, derived (never stored): planning → plan_failed | ready →
 * in_progress → ended → evaluated.
 */
export const INTERVIEW_STATUSES = ["planning", "plan_failed", "ready", "in_progress", "ended", "evaluated"] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];

/** One row of `GET /api/interviews` → `items`, newest first. */
export const interviewSummarySchema = z.object({
  id: z.string(),
  role: z.string(),
  level: z.enum(LEVELS),
  language: z.enum(LANGUAGES),
  questionCount: z.number().int(),
  createdAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  /** 0–100, once the report exists. */
  overallScore: z.number().nullable(),
  /** The `interview.evaluate` task's status, once the interview was ended. */
  evaluateStatus: taskStatusSchema.nullable(),
});
export type InterviewSummary = z.infer<typeof interviewSummarySchema>;

export const interviewListBodySchema = z.object({ items: z.array(interviewSummarySchema) });
export type InterviewListBody = z.infer<typeof interviewListBodySchema>;

/**
 * `UIMessage.metadata` of the interview chat. Stored messages carry `kind`, `questionId` and
 * `createdAt`; a streamed interviewer turn carries `kind`, `questionId`, `progress` (question k
 * of n) and `engine` (lib/interview/session/interviewer-turn.ts).
 */
export const interviewMessageMetadataSchema = z.object({
  kind: z.enum(TURN_KINDS).optional(),
  questionId: z.string().nullable().optional(),
  progress: z.object({ current: z.number().int(), total: z.number().int() }).optional(),
  engine: z.string().optional(),
  createdAt: z.iso.datetime().optional(),
});
export type InterviewMessageMetadata = z.infer<typeof interviewMessageMetadataSchema>;

/**
 * The citation of a question drawn from a knowledge base (lib/interview/session/citation.ts): the
 * AI SDK `source-document` part, as the knowledge-base chat sends it.
 */
export const interviewSourcePartSchema = z.object({
  type: z.literal("source-document"),
  sourceId: z.string(),
  mediaType: z.string(),
  title: z.string(),
  filename: z.string().optional(),
  providerMetadata: z.object({
    panelist: z.object({ knowledgeBaseId: z.string(), documentId: z.string(), chunkId: z.string(), page: z.number().int().nullable().optional() }),
  }),
});

/** A stored message in the AI SDK `UIMessage` shape, so `useChat` resumes from it; a cited question's source part follows its text. */
const interviewMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  parts: z.array(z.union([z.object({ type: z.literal("text"), text: z.string() }), interviewSourcePartSchema])),
  metadata: interviewMessageMetadataSchema,
});

/**
 * `GET /api/interviews/{id}`. While the interview runs, the plan shows only each question's id,
 * category and difficulty (its key points and reference answers are the answer key); the
 * report reveals them.
 */
export const interviewBodySchema = z.object({
  id: z.string(),
  role: z.string(),
  level: z.enum(LEVELS),
  questionCount: z.number().int(),
  language: z.enum(LANGUAGES),
  resumeId: z.string().nullable(),
  jobDescription: z.string().nullable(),
  /** The knowledge base its questions are drawn from, or null. */
  knowledgeBaseId: z.string().nullable(),
  status: z.enum(INTERVIEW_STATUSES),
  createdAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  planTask: taskBodySchema.nullable(),
  evaluateTask: taskBodySchema.nullable(),
  plan: z
    .object({
      /** `offline` or the model id that planned; null for plans stored before engines were recorded. */
      engine: z.string().nullable(),
      questions: z.array(z.object({ id: z.string(), category: z.enum(QUESTION_CATEGORIES), difficulty: z.enum(DIFFICULTIES) })),
    })
    .nullable(),
  /** `current` is 1-based (0 before the first question); `answered` counts answered or skipped questions. */
  progress: z.object({ current: z.number().int(), answered: z.number().int(), total: z.number().int(), closed: z.boolean() }).nullable(),
  messages: z.array(interviewMessageSchema),
  report: reportSchema.nullable(),
});
export type InterviewBody = z.infer<typeof interviewBodySchema>;

/** What an interview's report (the PDF) shows: the settings of the page's header and the finished report. */
export type InterviewReportBody = Pick<InterviewBody, "id" | "role" | "level" | "questionCount" | "language" | "createdAt" | "endedAt"> & {
  report: NonNullable<InterviewBody["report"]>;
};
