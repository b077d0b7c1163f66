import { getDb } from "@/lib/db/client";
import { knowledgeActor, revectorizeDocument } from "@/lib/knowledge";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { methodNotAllowed } from "../../../../../_lib/method-not-allowed";
import { route } from "../../../../../_lib/route";
import { documentParams } from "../../../../schema";

export const dynamic = "force-dynamic";

const log = createLogger("web");

/** Gives a document a new `kb.vectorize` task: 202 `{documentId, taskId}` (a changed embedding model re-vectorizes the whole knowledge base). */
export const POST = route({
  permission: "knowledge:update",
  params: documentParams,
  notFound: "not_found:knowledge",
  handler: async ({ actor, params }) => {
    const out = await revectorizeDocument({ db: getDb(), redis: getRedis(), log }, await knowledgeActor(actor), {
      knowledgeBaseId: params.id,
      documentId: params.docId,
    });
    return Response.json(out, { status: 202, headers: { Location: `/api/tasks/${out.taskId}` } });
  },
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);
