import { z } from "zod";

/** The longest message text the body may carry, characters: an earlier answer echoed back by `useChat` included. */
const MAX_MESSAGE_CHARS = 20_000;

/**
 * The chat route's JSON body cap, bytes: `useChat` sends the whole conversation, and at most 100
 * messages of up to {@link MAX_MESSAGE_CHARS} characters are read; a larger body is refused (413)
 * before it is parsed.
 */
export const KB_CHAT_MAX_BODY_BYTES = 512 * 1024;

/**
 * `POST /api/knowledge/{id}/chat`: the AI SDK `useChat` default body (`{id, messages}`), shaped
 * as the interview chat's (app/api/interviews/schema.ts). Parts other than text (the
 * `source-document` parts of earlier answers) pass through unread.
 */
export const kbChatBodySchema = z.object({
  id: z.string().max(200).optional(),
  messages: z
    .array(
      z.looseObject({
        id: z.string().min(1).max(200),
        role: z.enum(["user", "assistant", "system"]),
        parts: z
          .array(z.looseObject({ type: z.string().max(100), text: z.string().optional() }))
          .max(100)
          .default([])
          .refine((parts) => parts.reduce((n, p) => n + (p.type === "text" ? (p.text?.length ?? 0) : 0), 0) <= MAX_MESSAGE_CHARS, {
            message: `A message is at most ${MAX_MESSAGE_CHARS.toLocaleString("en")} characters.`,
          }),
      }),
    )
    .min(1)
    .max(100),
});
