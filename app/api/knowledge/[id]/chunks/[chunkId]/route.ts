import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { knowledgeActor, readPassage } from "@/lib/knowledge";
import { isUuid } from "@/lib/tasks/ids";
import { methodNotAllowed } from "../../../../_lib/method-not-allowed";
import { route } from "../../../../_lib/route";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().refine(isUuid), chunkId: z.string().refine(isUuid) });

/**
 * The passage a citation opens: `{id, documentId, fileName, ordinal, heading, page, content}`.
 * 404 `not_found:knowledge` for a knowledge base the actor does not see (or a malformed id);
 * 404 `not_found:document` for a chunk that is not in this knowledge base.
 */
export const GET = route({
  permission: "knowledge:read",
  params,
  notFound: "not_found:knowledge",
  handler: async ({ actor, params }) => {
    const reader = await knowledgeActor(actor);
    return Response.json(
      await readPassage(getDb(), { userId: reader.userId, organizationId: reader.readOrganizationId }, { id: params.id, chunkId: params.chunkId }),
    );
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
