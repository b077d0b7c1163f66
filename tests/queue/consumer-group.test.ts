import "../helpers/env";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { claimTask, getTaskById, insertTask } from "@/lib/db/queries/tasks";
import { tasks } from "@/lib/db/schema";
import { type ConsumerOptions, StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import { CONSUMER_GROUP, streamKey } from "@/lib/queue/names";
import { publishTask } from "@/lib/queue/producer";
import { eventually } from "../helpers/fixtures";
import { queueTestKit } from "./kit";

/** The group's bookkeeping: draining a dead consumer's PEL, and consumer names that leave. */
const STREAM = () => streamKey("resume.analyze", "interactive");
let ownerId: string;
const kit = queueTestKit((id) => (ownerId = id));
const { db, redis, log, running } = kit;

const noop: TaskHandler<{ n: number }> = {
  type: "resume.analyze",
  payloadSchema: z.object({ n: z.number() }),
  async process() {
    return async () => undefined;
  },
};

async function startConsumer(opts: Partial<ConsumerOptions>) {
  const c = new StreamConsumer({ db, redis, log }, [noop], { blockMs: 100, shutdownGraceMs: 2_000, ...opts });
  await c.start();
  running.push(c);
  return c;
}

async function publishTasks(n: number) {
  await redis.xgroup("CREATE", STREAM(), CONSUMER_GROUP, "0", "MKSTREAM");
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: { n: i } });
    await publishTask(redis, db, t);
    ids.push(t.id);
  }
  return ids;
}

/** `{name → {pending, idle}}` from XINFO CONSUMERS. */
async function consumers(): Promise<Map<string, { pending: number; idle: number }>> {
  const rows = (await redis.xinfo("CONSUMERS", STREAM(), CONSUMER_GROUP)) as (string | number)[][];
  return new Map(rows.map((r) => [String(r[r.indexOf("name") + 1]), { pending: Number(r[r.indexOf("pending") + 1]), idle: Number(r[r.indexOf("idle") + 1]) }]));
}

describe("reclaim", () => {
  it("drains a dead consumer's whole PEL as slots free, not one page of `concurrency` per interval", async () => {
    const ids = await publishTasks(10);
    // A consumer read all ten and died; their entries have been idle far past any lease.
    const read = (await redis.xreadgroup("GROUP", CONSUMER_GROUP, "dead", "COUNT", 10, "STREAMS", STREAM(), ">")) as [string, [string, string[]][]][];
    await redis.xclaim(STREAM(), CONSUMER_GROUP, "dead", 0, ...read[0][1].map(([id]) => id), "IDLE", 3_600_000, "JUSTID");
    // The interval timer never fires during this test: only the pass at start and its continuation run.
    await startConsumer({ concurrency: 2, leaseMs: 60_000, reclaimIntervalMs: 3_600_000 });
    await eventually(async () => (await db.select().from(tasks).where(inArray(tasks.id, ids))).every((t) => t.status === "COMPLETED"));
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
  });
});

describe("consumer names", () => {
  it("a graceful stop removes the consumer's own name from the group", async () => {
    const [id] = await publishTasks(1);
    const c = await startConsumer({ leaseMs: 60_000 });
    await eventually(async () => (await getTaskById(db, { id }))?.status === "COMPLETED");
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
    expect((await consumers()).has(c.options.consumerName)).toBe(true);
    await c.stop();
    expect((await consumers()).has(c.options.consumerName)).toBe(false);
  });

  it("a graceful stop keeps the name while it still holds a pending entry", async () => {
    const [id] = await publishTasks(1);
    // Another worker holds the task: this consumer's copy of the message stays pending.
    await claimTask(db, { id, leaseMs: 60_000 });
    const c = await startConsumer({ leaseMs: 60_000 });
    await eventually(async () => (await consumers()).get(c.options.consumerName)?.pending === 1);
    await c.stop();
    expect((await consumers()).get(c.options.consumerName)?.pending).toBe(1);
    expect(await kit.pendingCount(STREAM())).toBe(1);
  });

  it("the reclaim pass deletes idle names with no pending entry, never one with pending entries", async () => {
    await publishTasks(1);
    // A dead consumer still holding an entry (within its lease), then one that held nothing.
    await redis.xreadgroup("GROUP", CONSUMER_GROUP, "dead-with-pending", "COUNT", 1, "STREAMS", STREAM(), ">");
    await redis.xgroup("CREATECONSUMER", STREAM(), CONSUMER_GROUP, "dead-empty");
    const deadConsumerIdleMs = 300;
    // Both idle past the threshold; "dead-with-pending" was created first, so it is the idler.
    await eventually(async () => ((await consumers()).get("dead-empty")?.idle ?? 0) > deadConsumerIdleMs);
    await startConsumer({ leaseMs: 60_000, reclaimIntervalMs: 100, deadConsumerIdleMs });
    await eventually(async () => !(await consumers()).has("dead-empty"));
    const left = await consumers();
    expect(left.get("dead-with-pending")?.pending).toBe(1);
    expect(await kit.pendingCount(STREAM())).toBe(1);
  });
});
