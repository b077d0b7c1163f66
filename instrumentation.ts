/**
 * Runs once when a Next.js server starts (Next.js, "Instrumentation"): the web process publishes
 * its Prometheus registry to Redis like every worker does, so one scrape of `/api/metrics` sums
 * them all (docs/finops.md, "Prometheus"). Node.js runtime only; imported here so the edge
 * runtime never loads ioredis.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ startMetricsPublisher }, { getRedis }, { createLogger }] = await Promise.all([
    import("@/lib/metrics/snapshots"),
    import("@/lib/queue/redis"),
    import("@/lib/log"),
  ]);
  startMetricsPublisher({ redis: getRedis(), role: "web", log: createLogger("metrics") });
}
