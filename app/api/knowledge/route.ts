import { getDb } from "@/lib/db/client";
import { createKnowledgeBase, knowledgeActor, listKnowledgeBases } from "@/lib/knowledge";
import { methodNotAllowed } from "../_lib/method-not-allowed";
import { route } from "../_lib/route";
import { createKnowledgeBaseSchema } from "./schema";

export const dynamic = "force-dynamic";

/** Creates a knowledge base (`{name, shared?}`; shared = the active organisation's, for its recruiters): 201 `{id}`. */
export const POST = route({
  permission: "knowledge:create",
  body: createKnowledgeBaseSchema,
  handler: async ({ actor, body }) => {
    const kb = await createKnowledgeBase(getDb(), await knowledgeActor(actor), body);
    return Response.json({ id: kb.id }, { status: 201, headers: { Location: `/api/knowledge/${kb.id}` } });
  },
});

/** The knowledge bases the caller may read: personal first, then the organisation's, newest first. */
export const GET = route({
  permission: "knowledge:read",
  handler: async ({ actor }) => Response.json(await listKnowledgeBases(getDb(), await knowledgeActor(actor))),
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
