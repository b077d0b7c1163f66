/**
 * Runs once when a Next.js server starts (Next.js, "Instrumentation"): the web process publishes
 * its Prometheus registry to Redis like every worker does, so one scrape of `/api/metrics` sums
 * them all (docs/finops.md, "Prometheus"), and logs which vector store serves. Node.js runtime only; imported here so the edge
 * runtime never loads ioredis.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ startMetricsPublisher }, { getRedis }, { createLogger }, { logVectorStoreChoice }] = await Promise.all([
    import("@/lib/metrics/snapshots"),
    import("@/lib/queue/redis"),
    import("@/lib/log"),
    import("@/lib/knowledge/vector-store"),
  ]);
  startMetricsPublisher({ redis: getRedis(), role: "web", log: createLogger("metrics") });
  // Which store holds the knowledge bases' vectors, and why (docs/knowledge.md, "Where the vectors live"); not awaited.
  void logVectorStoreChoice(createLogger("knowledge"));
}
