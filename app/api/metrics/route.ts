import { getDb } from "@/lib/db/client";
import { scrapeMetrics } from "@/lib/metrics/scrape";
import { gaugeSources } from "@/lib/metrics/sources";
import { getRedis } from "@/lib/queue/redis";
import { methodNotAllowed } from "../_lib/method-not-allowed";
import { route } from "../_lib/route";

export const dynamic = "force-dynamic";

/**
 * Prometheus metrics of every process — the web and every worker, summed — plus the gauges of
 * shared state read at scrape time (docs/finops.md, "Prometheus"), in the text exposition format.
 * For a platform admin's session, or `Authorization: Bearer $METRICS_TOKEN` (the scraper).
 */
export const GET = route({
  permission: "console:read",
  bearerTokenEnv: "METRICS_TOKEN",
  handler: async () => {
    const redis = getRedis();
    const { body, contentType } = await scrapeMetrics({ redis, sources: gaugeSources({ db: getDb(), redis }) });
    return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
