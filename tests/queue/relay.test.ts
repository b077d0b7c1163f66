import "../helpers/env";
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertTask } from "@/lib/db/queries/tasks";
import { tasks } from "@/lib/db/schema";
import { CONSUMER_GROUP, relayEpochKey, relayLockKey, streamKey } from "@/lib/queue/names";
import { OutboxRelay } from "@/lib/queue/relay";
import { queueTestKit } from "./kit";

/**
 * The outbox relay's own rules (lib/queue/relay.ts), one tick at a time (`tick()`, no timer):
 * its lock, the republish-all pass paging past one batch, the orphan pass's batches, and the
 * trimming of ACKed history. The end-to-end recoveries are in pipeline.test.ts and
 * tests/chaos/redis-flush.test.ts.
 */
const STREAM = () => streamKey("resume.analyze", "interactive");
let ownerId: string;
const kit = queueTestKit((id) => (ownerId = id));
const { db, redis, deps } = kit;

// The republish pass reads every PENDING task of the database: each test starts with none.
beforeEach(async () => {
  await db.delete(tasks).where(eq(tasks.ownerId, ownerId));
});

function relay(opts: ConstructorParameters<typeof OutboxRelay>[1] = {}) {
  return new OutboxRelay(deps, { graceMs: 0, ...opts });
}

async function newTasks(n: number) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: { n: i } }));
  return out;
}

/** The task ids of the stream's entries, in stream order. */
async function streamTaskIds(): Promise<string[]> {
  return (await redis.xrange(STREAM(), "-", "+")).map(([, f]) => f[f.indexOf("taskId") + 1]);
}

describe("relay lock", () => {
  it("while another relay holds the lock a tick publishes nothing and leaves that lock alone; once it is free, a tick publishes and releases its own", async () => {
    await redis.set(relayEpochKey(), "test"); // Redis lost nothing: only the orphan pass has work
    const [task] = await newTasks(1); // committed, never XADDed
    await redis.set(relayLockKey(), "another-relay", "PX", 60_000);
    const r = relay();

    expect(await r.tick()).toBe(0);
    expect(await redis.xlen(STREAM())).toBe(0);
    expect(await redis.get(relayLockKey())).toBe("another-relay");

    await redis.del(relayLockKey());
    expect(await r.tick()).toBe(1);
    expect(await streamTaskIds()).toEqual([task.id]);
    expect(await redis.exists(relayLockKey())).toBe(0);
  });
});

describe("relay paging", () => {
  it("after Redis lost its data, one tick republishes every PENDING task, page after page past one batch, each once", async () => {
    const created = await newTasks(7);
    // They had been published; then Redis lost the streams and the epoch key.
    await db
      .update(tasks)
      .set({ messageId: "1-0" })
      .where(
        inArray(
          tasks.id,
          created.map((t) => t.id),
        ),
      );
    await redis.del(relayEpochKey());

    expect(await relay({ batchSize: 3 }).tick()).toBe(7);
    expect((await streamTaskIds()).sort()).toEqual(created.map((t) => t.id).sort());
    expect(await redis.exists(relayEpochKey())).toBe(1);
  });

  it("orphans beyond one batch are published over the following ticks, each once", async () => {
    await redis.set(relayEpochKey(), "test");
    const created = await newTasks(5);
    const r = relay({ batchSize: 2 });
    expect([await r.tick(), await r.tick(), await r.tick(), await r.tick()]).toEqual([2, 2, 1, 0]);
    expect((await streamTaskIds()).sort()).toEqual(created.map((t) => t.id).sort());
    const rows = await kit.rows(created.map((t) => t.id));
    expect(rows.every((t) => t.messageId !== null)).toBe(true);
  });
});

describe("relay trimming", () => {
  it("trims ACKed history off its streams on the first tick, then not again within trimIntervalMs", async () => {
    await redis.set(relayEpochKey(), "test");
    const key = STREAM();
    await redis.xgroup("CREATE", key, CONSUMER_GROUP, "0", "MKSTREAM");
    const deliverAndAck = async (n: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) ids.push((await redis.xadd(key, "*", "taskId", `t${i}`))!);
      await redis.xreadgroup("GROUP", CONSUMER_GROUP, "c1", "COUNT", n, "STREAMS", key, ">");
      await redis.xack(key, CONSUMER_GROUP, ...ids);
      return ids;
    };
    const first = await deliverAndAck(3);
    const r = relay({ streams: [key], trimIntervalMs: 60_000 });

    await r.tick();
    // Everything below the last-delivered id went (trimAcked keeps that one entry).
    expect((await redis.xrange(key, "-", "+")).map(([id]) => id)).toEqual([first[2]]);

    const second = await deliverAndAck(2);
    await r.tick();
    expect((await redis.xrange(key, "-", "+")).map(([id]) => id)).toEqual([first[2], ...second]);
  });
});
