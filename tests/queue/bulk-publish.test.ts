import "../helpers/env";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { insertTasks } from "@/lib/db/queries/tasks";
import { tasks } from "@/lib/db/schema";
import { StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import { CONSUMER_GROUP, LANES, streamKey, taskEventsChannel } from "@/lib/queue/names";
import { drainPublishMarks, publishTasks } from "@/lib/queue/producer";
import { createRedis } from "@/lib/queue/redis";
import { OutboxRelay } from "@/lib/queue/relay";
import { eventually } from "../helpers/fixtures";
import { queueTestKit } from "./kit";

let ownerId: string;
const kit = queueTestKit((id) => (ownerId = id));
const { db, redis, deps, running } = kit;

function countingHandler(runs: Map<string, number>): TaskHandler<{ n: number }> {
  return {
    type: "resume.analyze",
    payloadSchema: z.object({ n: z.number() }),
    async process({ task }) {
      runs.set(task.id, (runs.get(task.id) ?? 0) + 1);
      return async () => undefined;
    },
  };
}

async function startConsumer(h: TaskHandler<unknown>) {
  const c = new StreamConsumer(deps, [h], { blockMs: 100, leaseMs: 2_000, shutdownGraceMs: 2_000, concurrency: 8 });
  await c.start();
  running.push(c);
  return c;
}

describe("bulk submission (insertTasks + publishTasks)", () => {
  it("publishes every task once, records each entry id, and each task runs once", async () => {
    const created = await insertTasks(
      db,
      Array.from({ length: 30 }, (_, n) => ({ type: "resume.analyze", lane: n % 3 ? ("batch" as const) : ("interactive" as const), ownerId, payload: { n } })),
    );
    expect(created.map((t) => t.payload)).toEqual(Array.from({ length: 30 }, (_, n) => ({ n })));
    const ids = await publishTasks(redis, db, created);
    await drainPublishMarks(db); // recorded in the background

    expect(ids.every((id) => typeof id === "string")).toBe(true);
    const byId = new Map((await kit.rows(created.map((t) => t.id))).map((r) => [r.id, r]));
    for (const [i, t] of created.entries()) expect(byId.get(t.id)!.messageId).toBe(ids[i]);
    for (const lane of LANES) {
      const entries = await redis.xrange(streamKey("resume.analyze", lane), "-", "+");
      const expected = created.filter((t) => t.lane === lane);
      expect(entries.map(([id, fields]) => [id, fields[1]])).toEqual(expected.map((t) => [ids[created.indexOf(t)], t.id]));
    }

    const runs = new Map<string, number>();
    await startConsumer(countingHandler(runs));
    await eventually(async () => (await kit.rows(created.map((t) => t.id))).every((r) => r.status === "COMPLETED"));
    expect([...runs.values()]).toEqual(Array(30).fill(1));
  });

  it("a task whose XADD failed is left unpublished and the relay publishes it later", async () => {
    const [a, b] = await insertTasks(db, [
      { type: "resume.analyze", lane: "interactive", ownerId, payload: { n: 1 } },
      { type: "resume.analyze", lane: "batch", ownerId, payload: { n: 2 } },
    ]);
    // The batch stream's key holds a string, so that XADD fails (WRONGTYPE) inside the pipeline.
    await redis.set(streamKey("resume.analyze", "batch"), "not a stream");
    const ids = await publishTasks(redis, db, [a, b]);
    expect(typeof ids[0]).toBe("string");
    expect(ids[1]).toBeNull();
    const [rowB] = await db.select().from(tasks).where(eq(tasks.id, b.id));
    expect(rowB.messageId).toBeNull();

    await redis.del(streamKey("resume.analyze", "batch"));
    const runs = new Map<string, number>();
    await startConsumer(countingHandler(runs));
    const relay = new OutboxRelay(deps, { intervalMs: 50, graceMs: 0 });
    relay.start();
    running.push(relay);
    await eventually(async () => (await kit.rows([a.id, b.id])).every((r) => r.status === "COMPLETED"));
    expect(runs.get(a.id)).toBe(1);
    expect(runs.get(b.id)).toBe(1);
    expect((await db.select().from(tasks).where(eq(tasks.id, b.id)))[0].messageId).not.toBeNull();
  });
});

describe("task events", () => {
  it("announce PROCESSING before COMPLETED for every task", async () => {
    const sub = createRedis("test-sub");
    const seen = new Map<string, string[]>();
    sub.on("message", (_ch, raw) => {
      const ev = JSON.parse(raw) as { taskId: string; status: string };
      seen.set(ev.taskId, [...(seen.get(ev.taskId) ?? []), ev.status]);
    });
    await sub.subscribe(taskEventsChannel());
    try {
      const created = await insertTasks(
        db,
        Array.from({ length: 10 }, (_, n) => ({ type: "resume.analyze", lane: "interactive" as const, ownerId, payload: { n } })),
      );
      await redis.xgroup("CREATE", streamKey("resume.analyze", "interactive"), CONSUMER_GROUP, "0", "MKSTREAM");
      await publishTasks(redis, db, created);
      await startConsumer(countingHandler(new Map()));
      await eventually(async () => created.every((t) => seen.get(t.id)?.includes("COMPLETED")));
      for (const t of created) expect(seen.get(t.id)).toEqual(["PROCESSING", "COMPLETED"]);
    } finally {
      sub.disconnect();
    }
  });
});
