import { getDb } from "@/lib/db/client";
import { listOpenings } from "@/lib/jobs/sharing-service";
import { methodNotAllowed } from "../_lib/method-not-allowed";
import { route } from "../_lib/route";
import { openingsQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/** Open jobs of every organisation, newest first, each with the caller's own application if any: `{items, nextCursor}`. */
export const GET = route({
  permission: "opening:read",
  query: openingsQuerySchema,
  handler: async ({ scope, query }) => {
    return Response.json(await listOpenings(getDb(), { candidateId: scope.ownerId, limit: query.limit, after: query.cursor }));
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
