import { getDb } from "@/lib/db/client";
import { deleteKnowledgeBase, getKnowledgeBase, knowledgeActor } from "@/lib/knowledge";
import { idParams } from "../../_lib/input";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";

export const dynamic = "force-dynamic";

/** A knowledge base with its documents and each one's status; 404 when the caller may not read it. */
export const GET = route({
  permission: "knowledge:read",
  params: idParams,
  notFound: "not_found:knowledge",
  handler: async ({ actor, params }) => Response.json(await getKnowledgeBase(getDb(), await knowledgeActor(actor), params.id)),
});

/** Deletes a knowledge base with its documents, files and chunks: 204. */
export const DELETE = route({
  permission: "knowledge:update",
  params: idParams,
  notFound: "not_found:knowledge",
  handler: async ({ actor, params }) => {
    await deleteKnowledgeBase({ db: getDb() }, await knowledgeActor(actor), params.id);
    return new Response(null, { status: 204 });
  },
});

export const { POST, PUT, PATCH, OPTIONS } = methodNotAllowed(["GET", "DELETE"]);
