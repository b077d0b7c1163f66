/**
 * A process that records what it is told and publishes it like a worker does
 * (`node --import tsx tests/metrics/recorder.ts '<json>'`), for tests/metrics/cross-process.test.ts.
 * Prints `ready` once its snapshot is in Redis; on SIGTERM it retires its counts, prints
 * `retired` and exits 0.
 */
import { type LlmCallObservation, observeLlmCall, observeTaskTiming, type TaskTimingObservation } from "@/lib/metrics/registry";
import { publishSnapshot, startMetricsPublisher } from "@/lib/metrics/snapshots";
import { closeRedis, getRedis } from "@/lib/queue/redis";

const spec = JSON.parse(process.argv[2] ?? "{}") as { llmCalls?: LlmCallObservation[]; taskTimings?: TaskTimingObservation[] };
const redis = getRedis();
const publisher = startMetricsPublisher({ redis, role: "worker" });
for (const c of spec.llmCalls ?? []) observeLlmCall(c);
for (const t of spec.taskTimings ?? []) observeTaskTiming(t);
await publishSnapshot(redis);
process.stdout.write("ready\n");

// Keeps the process alive (the publisher's timer does not) until it is told to stop.
const alive = setInterval(() => undefined, 60_000);
process.on("SIGTERM", async () => {
  await publisher.stop();
  await closeRedis();
  clearInterval(alive);
  process.stdout.write("retired\n");
  process.exit(0);
});
