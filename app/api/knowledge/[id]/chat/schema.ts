import { z } from "zod";
import { uiMessageSchema, useChatIdSchema } from "../../../_lib/ui-message-body";

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
 * as the interview chat's (app/api/_lib/ui-message-body.ts). Parts other than text (the
 * `source-document` parts of earlier answers) pass through unread.
 */
export const kbChatBodySchema = z.object({
  id: useChatIdSchema,
  messages: z
    .array(uiMessageSchema({ maxTextChars: MAX_MESSAGE_CHARS, tooLong: `A message is at most ${MAX_MESSAGE_CHARS.toLocaleString("en")} characters.` }))
    .min(1)
    .max(100),
});
