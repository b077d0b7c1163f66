import { getLlmConfig } from "@/lib/ai/config";
import { AlertEvaluator } from "@/lib/alerts/evaluator";
import { loadLocalEnv } from "@/lib/config/local-env";
import { closeDb, getDb } from "@/lib/db/client";
import { closeVectorStore, logVectorStoreChoice } from "@/lib/knowledge/vector-store";
import { createLogger } from "@/lib/log";
import { startMetricsPublisher } from "@/lib/metrics/snapshots";
import { StreamConsumer } from "@/lib/queue/consumer";
import { drainPublishMarks } from "@/lib/queue/producer";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { redisSettingWarnings } from "@/lib/queue/redis-settings";
import { OutboxRelay } from "@/lib/queue/relay";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { enqueueTaskEvent } from "@/lib/webhooks/enqueue";
import { taskHandlers } from "./handlers";

/**
 * The standalone worker (`npm run worker`): consumes the task streams and runs the outbox
 * relay, the webhook dispatcher and the alert evaluator. Any number of copies on any number of
 * machines. SIGTERM/SIGINT: stop reading, finish or release in-flight work, exit 0.
 */
async function main() {
  loadLocalEnv();
  const log = createLogger("worker");
  const db = getDb();
  const redis = getRedis();
  redis.on("error", (err) => log.warn({ err: String(err) }, "redis error"));
  const deps = { db, redis, log };
  // Named before anything records, so this process's snapshot says "worker" (docs/finops.md, "Prometheus").
  const metrics = startMetricsPublisher({ redis, role: "worker", log });
  const consumer = new StreamConsumer(deps, taskHandlers(db), {
    onTaskEnded: (tx, task) => enqueueTaskEvent(tx, { task }).then(() => undefined),
  });
  const relay = new OutboxRelay(deps, { streams: consumer.streams() });

  await consumer.start();
  relay.start();
  const webhooks = new WebhookDispatcher({ db, log });
  webhooks.start();
  // One worker at a time evaluates the alert rules (docs/finops.md, "Alerts").
  const alerts = new AlertEvaluator(deps);
  alerts.start();
  for (const warning of await redisSettingWarnings(redis)) log.warn(warning);
  const llm = getLlmConfig();
  log.info(
    {
      consumer: consumer.options.consumerName,
      concurrency: consumer.options.concurrency,
      leaseMs: consumer.options.leaseMs,
      engine: llm.mode === "offline" ? "offline" : llm.model,
    },
    "worker started",
  );
  // Which store holds the knowledge bases' vectors, and why (docs/knowledge.md, "Where the vectors live").
  // Not awaited: the sidecar serialises every statement, so a busy one must not delay the worker's
  // start, nor the signal handlers below (a SIGTERM before them would kill without releasing work).
  void logVectorStoreChoice(log);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, inflight: consumer.inflightCount }, "shutting down");
    // Stop reading first (consumer.stop() does that at once, then drains in-flight work for
    // its grace period); the relay and the webhook dispatcher stop alongside, so a slow
    // callback cannot keep the worker taking new tasks.
    await Promise.all([consumer.stop(), relay.stop(), webhooks.stop(), alerts.stop()]);
    // After the last attempt ended: its timings are in the counts this process retires.
    await metrics.stop().catch((err) => log.warn({ err: String(err) }, "metrics not retired; this process's counts leave the sum when its snapshot expires"));
    // Entry ids of the last publishes (the relay's, a release's): written, so no peer republishes them.
    await drainPublishMarks(getDb());
    await closeRedis();
    await closeDb();
    await closeVectorStore();
    log.info("worker stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  console.error("worker: failed to start", err);
  process.exit(1);
});
