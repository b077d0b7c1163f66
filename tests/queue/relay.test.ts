import "../helpers/env";
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertTask } from "@/lib/db/queries/tasks";
import { tasks } from "@/lib/db/schema";
import { CONSUMER_GROUP, relayEpochKey, relayLockKey, relayRepublishKey, streamKey } from "@/lib/queue/names";
import { OutboxRelay } from "@/lib/queue/relay";
import { clearPrefix } from "../helpers/fixtures";
import { queueTestKit } from "./kit";

/**
 * The outbox relay's own rules (lib/queue/relay.ts), one tick at a time (`tick()`, no timer):
 * its lock, the republish after a Redis loss paging across ticks (and starting over after a second loss), the orphan pass's batches, and the
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
  /** Tasks that had been published; then Redis lost the streams and the epoch key. */
  async function publishedThenLost(n: number) {
    const created = await newTasks(n);
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
    return created.map((t) => t.id).sort();
  }

  it("after Redis lost its data, the republish goes by keyset pages, republishPagesPerTick a tick, each PENDING task once, then sets the epoch", async () => {
    const ids = await publishedThenLost(7);
    // A task that ended is not republished.
    const [done] = await newTasks(1);
    await db.update(tasks).set({ status: "COMPLETED", messageId: "1-0" }).where(eq(tasks.id, done.id));
    const r = relay({ republishPageSize: 3, republishPagesPerTick: 2 });

    expect(await r.tick()).toBe(6);
    expect(await redis.exists(relayEpochKey())).toBe(0);
    expect(await redis.get(relayRepublishKey())).toMatch(/^[0-9a-f-]{36} 6 [0-9a-f-]{36}$/);
    expect(await r.tick()).toBe(1);
    expect(await redis.exists(relayEpochKey())).toBe(1);
    expect(await redis.exists(relayRepublishKey())).toBe(0);
    expect(await r.tick()).toBe(0);

    expect((await streamTaskIds()).sort()).toEqual(ids);
    const rows = await kit.rows(ids);
    expect(rows.every((t) => t.messageId !== "1-0")).toBe(true);
  });

  it("when Redis loses its data again mid-pass (the cursor with it), the next tick starts the pass over and every PENDING task lands once in the new data", async () => {
    const ids = await publishedThenLost(4);
    const r = relay({ republishPageSize: 2, republishPagesPerTick: 1 });
    expect(await r.tick()).toBe(2);
    expect(await redis.exists(relayRepublishKey())).toBe(1);

    await clearPrefix(redis); // the second loss: streams, cursor and all
    // 4 is a whole number of pages: the pass ends on an empty page.
    expect([await r.tick(), await r.tick(), await r.tick()]).toEqual([2, 2, 0]);
    expect(await redis.exists(relayEpochKey())).toBe(1);
    expect((await streamTaskIds()).sort()).toEqual(ids);
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
