import { buildCostReport, defaultGranularity } from "@/lib/console/cost";
import { getDb } from "@/lib/db/client";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";
import { costQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/** Cost, tokens, errors, cache and latency over a range, from the usage rollups only (`costBodySchema`, lib/console/contracts.ts). */
export const GET = route({
  permission: "console:read",
  query: costQuerySchema,
  handler: async ({ query }) =>
    Response.json(
      await buildCostReport({ db: getDb(), range: query.range, granularity: query.granularity ?? defaultGranularity(query.range), now: new Date() }),
    ),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
