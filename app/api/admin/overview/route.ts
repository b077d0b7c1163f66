import { buildOverview } from "@/lib/console/overview";
import { getDb } from "@/lib/db/client";
import { getRedis } from "@/lib/queue/redis";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";

export const dynamic = "force-dynamic";

/** The console's overview (`overviewBodySchema`, lib/console/contracts.ts): cost today and this month, the projection and budget, alerts, queues. */
export const GET = route({
  permission: "console:read",
  handler: async () => Response.json(await buildOverview({ db: getDb(), redis: getRedis(), now: new Date() })),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
