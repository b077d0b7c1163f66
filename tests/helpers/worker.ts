import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { getTaskById } from "@/lib/db/queries/tasks";
import type { Logger } from "@/lib/log";
import { StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import { OutboxRelay } from "@/lib/queue/relay";
import { eventually } from "./fixtures";

/**
 * A worker for an integration test: a consumer running the real `handlers` (short block and
 * backoff, so a test does not wait on them) and the outbox relay, on the file's Redis prefix. The
 * relay's first tick runs before the loop starts, so it sets the epoch and later ticks publish only
 * what they should.
 * @returns `ended(taskId)` (waits for an end state and returns the row) and `stop()`.
 */
export async function startTestWorker(deps: { db: Db; redis: Redis; log: Logger }, handlers: TaskHandler[]) {
  const consumer = new StreamConsumer(deps, handlers, { blockMs: 100, backoffBaseMs: 20, backoffCapMs: 100 });
  await consumer.start();
  const relay = new OutboxRelay(deps, { intervalMs: 50 });
  await relay.tick();
  relay.start();
  return {
    ended: (taskId: string, timeoutMs = 120_000) =>
      eventually(async () => {
        const t = await getTaskById(deps.db, { id: taskId });
        return t && ["COMPLETED", "FAILED", "TERMINATED_BY_POLICY"].includes(t.status) ? t : undefined;
      }, timeoutMs),
    stop: async () => {
      await relay.stop();
      await consumer.stop();
    },
  };
}
