import { getDb } from "@/lib/db/client";
import { deleteDocument, knowledgeActor } from "@/lib/knowledge";
import { methodNotAllowed } from "../../../../_lib/method-not-allowed";
import { route } from "../../../../_lib/route";
import { documentParams } from "../../../schema";

export const dynamic = "force-dynamic";

/** Deletes a document of a knowledge base, with its file and its chunks: 204. */
export const DELETE = route({
  permission: "knowledge:update",
  params: documentParams,
  notFound: "not_found:knowledge",
  handler: async ({ actor, params }) => {
    await deleteDocument({ db: getDb() }, await knowledgeActor(actor), { knowledgeBaseId: params.id, documentId: params.docId });
    return new Response(null, { status: 204 });
  },
});

export const { GET, POST, PUT, PATCH, HEAD, OPTIONS } = methodNotAllowed(["DELETE"]);
