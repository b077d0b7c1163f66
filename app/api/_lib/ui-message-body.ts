/**
 * The AI SDK `useChat` default body (`{id, messages}`), as the chat routes read it: the interview
 * chat (app/api/interviews/schema.ts) and the knowledge base's chat
 * (app/api/knowledge/[id]/chat/schema.ts). Each route adds its own bounds (how many messages,
 * whether none is allowed) and fields.
 */
import { z } from "zod";

/** The `id` `useChat` sends with every request: the chat's id, unread by the routes. */
export const useChatIdSchema = z.string().max(200).optional();

/**
 * One UI message: an id, a role and at most 100 parts, unknown keys kept. Parts other than text
 * pass through unread; the text parts together hold at most `maxTextChars` characters (UTF-16 code
 * units), else the issue says `tooLong` (422: a message is refused, never silently cut).
 */
export function uiMessageSchema(opts: { maxTextChars: number; tooLong: string }) {
  return z.looseObject({
    id: z.string().min(1).max(200),
    role: z.enum(["user", "assistant", "system"]),
    parts: z
      .array(z.looseObject({ type: z.string().max(100), text: z.string().optional() }))
      .max(100)
      .default([])
      .refine((parts) => parts.reduce((n, p) => n + (p.type === "text" ? (p.text?.length ?? 0) : 0), 0) <= opts.maxTextChars, {
        message: opts.tooLong,
      }),
  });
}
