import { createUIMessageStreamResponse } from "ai";
import { organizationGranting } from "@/lib/auth/guard";
import { getDb } from "@/lib/db/client";
import { answerFromKnowledgeBase } from "@/lib/knowledge";
import { createLogger } from "@/lib/log";
import { idParams } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { KB_CHAT_MAX_BODY_BYTES, kbChatBodySchema } from "./schema";

export const dynamic = "force-dynamic";
export const maxDuration = 120;
const log = createLogger("web");

/**
 * Answers the conversation's newest question from the knowledge base as an AI SDK UI message
 * stream: `source-document` parts (the citations) first, then the text with `[n]` markers
 * (docs/knowledge.md, "Chat"). A knowledge base the actor does not see is 404
 * `not_found:knowledge`; one with no ready document answers the not-found sentence (200), like a
 * question its documents do not answer. 503 `unavailable:llm` / 429 `rate_limit:budget` with
 * `Retry-After` while the model cannot be asked (nothing streamed yet).
 */
export const POST = route({
  permission: "knowledge:chat",
  params: idParams,
  notFound: "not_found:knowledge",
  body: kbChatBodySchema,
  limit: "chat",
  maxJsonBytes: KB_CHAT_MAX_BODY_BYTES,
  handler: async ({ actor, params, body }) => {
    const organizationId = await organizationGranting(actor, "org_knowledge:chat");
    const stream = await answerFromKnowledgeBase(
      { db: getDb(), log },
      { viewer: { userId: actor.user.id, organizationId }, id: params.id, messages: body.messages },
    );
    // no-transform: Next's gzip would otherwise buffer every token event.
    return createUIMessageStreamResponse({ stream, headers: { "Cache-Control": "no-cache, no-transform" } });
  },
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);
