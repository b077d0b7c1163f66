import { getDb } from "@/lib/db/client";
import { getRedis } from "@/lib/queue/redis";
import { queueOverview } from "@/lib/tasks/queue-overview";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";

export const dynamic = "force-dynamic";

/**
 * The queue page's data: per stream and lane its length, lag, PEL, oldest waiting age,
 * consumers, health and throughput; tasks ended per minute over the last hour; queue-wait and
 * run-time percentiles; RPM/TPM use against quota and circuit state per model
 * (`queueOverviewSchema`, lib/tasks/admin-contracts.ts). Polled every few seconds by the page.
 */
export const GET = route({
  permission: "console:read",
  handler: async () => Response.json(await queueOverview({ db: getDb(), redis: getRedis() })),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
