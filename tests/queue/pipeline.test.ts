import "../helpers/env";
import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { claimTask, finishAttempt, getTaskById, insertTask } from "@/lib/db/queries/tasks";
import { tasks } from "@/lib/db/schema";
import { StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import { CONSUMER_GROUP, dlqKey, relayEpochKey, streamKey } from "@/lib/queue/names";
import { publishTask } from "@/lib/queue/producer";
import { OutboxRelay } from "@/lib/queue/relay";
import { TaskError } from "@/lib/queue/task-error";
import { trimAcked } from "@/lib/queue/trim";
import { eventually } from "../helpers/fixtures";
import { captureLog } from "../helpers/log-capture";
import { queueTestKit } from "./kit";

const STREAM = () => streamKey("resume.analyze", "interactive");
let ownerId: string;
const kit = queueTestKit((id) => (ownerId = id));
const { db, redis, deps, running } = kit;

/** A generic handler: the pipeline is exercised without any domain. */
function handler(process: (taskId: string, attempt: number) => Promise<void>): TaskHandler<{ n: number }> {
  return {
    type: "resume.analyze",
    payloadSchema: z.object({ n: z.number() }),
    async process({ task, attempt }) {
      await process(task.id, attempt);
      return async () => undefined;
    },
  };
}

async function startConsumer(h: TaskHandler<unknown>, opts: Partial<ConstructorParameters<typeof StreamConsumer>[2]> = {}, log = deps.log) {
  const c = new StreamConsumer({ ...deps, log }, [h], { blockMs: 100, backoffBaseMs: 20, backoffCapMs: 50, leaseMs: 2_000, shutdownGraceMs: 2_000, ...opts });
  await c.start();
  running.push(c);
  return c;
}

function startRelay() {
  const r = new OutboxRelay(deps, { intervalMs: 50, graceMs: 0 });
  r.start();
  running.push(r);
  return r;
}

async function newTask(n = 1) {
  return insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: { n } });
}

async function status(id: string) {
  return (await getTaskById(db, { id }))!;
}

describe("the task pipeline", () => {
  it("outbox: a committed task whose XADD never happened is published by the relay and completes", async () => {
    const done: string[] = [];
    await startConsumer(handler(async (id) => void done.push(id)));
    const task = await newTask();
    expect((await status(task.id)).messageId).toBeNull();
    startRelay();
    await eventually(async () => (await status(task.id)).status === "COMPLETED");
    expect(done).toEqual([task.id]);
    expect((await status(task.id)).messageId).not.toBeNull();
  });

  it("claim is a conditional update: a second claim of the same task gets nothing", async () => {
    const task = await newTask();
    const first = await claimTask(db, { id: task.id, leaseMs: 60_000 });
    const second = await claimTask(db, { id: task.id, leaseMs: 60_000 });
    expect(first?.attempts).toBe(1);
    expect(second).toBeUndefined();
  });

  it("a duplicate delivery is a no-op: one run, both messages ACKed", async () => {
    let runs = 0;
    const task = await newTask();
    await redis.xgroup("CREATE", STREAM(), CONSUMER_GROUP, "0", "MKSTREAM");
    await publishTask(redis, db, task);
    await publishTask(redis, db, task);
    await startConsumer(handler(async () => void runs++));
    await eventually(async () => (await status(task.id)).status === "COMPLETED");
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0 && (await redis.xlen(STREAM())) === 2);
    expect(runs).toBe(1);
    expect((await status(task.id)).attempts).toBe(1);
  });

  it("reclaim: a message left pending by a dead consumer is taken over after the lease and completes", async () => {
    const task = await newTask();
    await redis.xgroup("CREATE", STREAM(), CONSUMER_GROUP, "0", "MKSTREAM");
    await publishTask(redis, db, task);
    // The "dead" consumer read the message and claimed the task, then vanished.
    await redis.xreadgroup("GROUP", CONSUMER_GROUP, "dead-consumer", "COUNT", 1, "STREAMS", STREAM(), ">");
    await claimTask(db, { id: task.id, leaseMs: 300 });
    const seen: number[] = [];
    await startConsumer(
      handler(async (_id, attempt) => void seen.push(attempt)),
      { leaseMs: 300 },
    );
    await eventually(async () => (await status(task.id)).status === "COMPLETED");
    expect(seen).toEqual([2]);
    expect(await kit.pendingCount(STREAM())).toBe(0);
  });

  it("a message reclaimed while the dead worker's claim is still leased is kept, not ACKed away; the task completes", async () => {
    const task = await newTask();
    await redis.xgroup("CREATE", STREAM(), CONSUMER_GROUP, "0", "MKSTREAM");
    await publishTask(redis, db, task);
    // The dead worker ran with a longer lease than this one: its claim outlives the message's idle time.
    await redis.xreadgroup("GROUP", CONSUMER_GROUP, "dead-consumer", "COUNT", 1, "STREAMS", STREAM(), ">");
    await claimTask(db, { id: task.id, leaseMs: 2_500 });
    await startConsumer(
      handler(async () => undefined),
      { leaseMs: 300 },
    );
    startRelay();
    await eventually(async () => (await status(task.id)).status === "COMPLETED");
    expect((await status(task.id)).attempts).toBe(2);
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
  });

  it("retryable failures back off and retry up to maxAttempts, then FAILED with a DLQ copy", async () => {
    const attempts: number[] = [];
    await startConsumer(
      handler(async (_id, attempt) => {
        attempts.push(attempt);
        throw TaskError.transient("upstream_5xx", "upstream answered 500");
      }),
    );
    startRelay();
    const task = await newTask();
    await publishTask(redis, db, task);
    const ended = await eventually(async () => {
      const t = await status(task.id);
      return t.status === "FAILED" ? t : undefined;
    });
    expect(attempts).toEqual([1, 2, 3]);
    expect(ended.attempts).toBe(3);
    expect(ended.errorCode).toBe("upstream_5xx");
    const dlq = await redis.xrange(dlqKey("resume.analyze"), "-", "+");
    expect(dlq).toHaveLength(1);
    expect(dlq[0][1]).toEqual(expect.arrayContaining(["taskId", task.id, "code", "upstream_5xx"]));
  });

  it("a retry that then succeeds ends COMPLETED with the attempts counted", async () => {
    await startConsumer(
      handler(async (_id, attempt) => {
        if (attempt === 1) throw TaskError.transient("rate_limited", "429");
      }),
    );
    startRelay();
    const task = await newTask();
    await publishTask(redis, db, task);
    await eventually(async () => (await status(task.id)).status === "COMPLETED");
    const t = await status(task.id);
    expect(t.attempts).toBe(2);
    expect(t.finishedAt).not.toBeNull();
  });

  it("a deferred attempt (capacity refused it: open circuit, quota) is not spent: more deferrals than maxAttempts still complete", async () => {
    const seen: number[] = [];
    await startConsumer(
      handler(async (_id, attempt) => {
        seen.push(attempt);
        if (seen.length <= 4) throw TaskError.deferred("circuit_open", "circuit open", 10);
      }),
    );
    startRelay();
    const task = await newTask();
    await publishTask(redis, db, task);
    await eventually(async () => (await status(task.id)).status === "COMPLETED");
    const t = await status(task.id);
    // Every run was attempt 1: the four refusals gave their attempt back (maxAttempts is 3).
    expect(seen).toEqual([1, 1, 1, 1, 1]);
    expect(t.attempts).toBe(1);
    expect(await redis.xlen(dlqKey("resume.analyze"))).toBe(0);
  });

  it("a policy refusal ends TERMINATED_BY_POLICY after one attempt, ACKed, nothing in the DLQ", async () => {
    await startConsumer(
      handler(async () => {
        throw TaskError.policy("no_text_layer", "This PDF has no selectable text.");
      }),
    );
    const task = await newTask();
    await publishTask(redis, db, task);
    await eventually(async () => (await status(task.id)).status === "TERMINATED_BY_POLICY");
    const t = await status(task.id);
    expect(t.attempts).toBe(1);
    expect(t.errorMessage).toMatch(/no selectable text/);
    expect(await kit.pendingCount(STREAM())).toBe(0);
    expect(await redis.xlen(dlqKey("resume.analyze"))).toBe(0);
  });

  it("a malformed payload is refused by policy, not retried", async () => {
    await startConsumer(handler(async () => undefined));
    const [task] = await db
      .insert(tasks)
      .values({ type: "resume.analyze", lane: "interactive", ownerId, payload: { n: "x" } })
      .returning();
    await publishTask(redis, db, task);
    await eventually(async () => (await status(task.id)).status === "TERMINATED_BY_POLICY");
    expect((await status(task.id)).errorCode).toBe("bad_payload");
  });

  it("the late result of an abandoned attempt is discarded (fenced by the attempt number)", async () => {
    const task = await newTask();
    await claimTask(db, { id: task.id, leaseMs: 60_000 });
    // Its worker died: the lease ran out (the database's clock, the one the claim reads).
    await db.update(tasks).set({ leaseExpiresAt: sql`now() - interval '1 second'` }).where(eq(tasks.id, task.id));
    const second = await claimTask(db, { id: task.id, leaseMs: 60_000 });
    expect(second?.attempts).toBe(2);
    expect(await finishAttempt(db, { id: task.id, attempt: 1, status: "COMPLETED" })).toBe(false);
    expect(await finishAttempt(db, { id: task.id, attempt: 2, status: "COMPLETED" })).toBe(true);
  });

  it("after Redis lost the streams, the consumer recreates its group and the relay republishes from PostgreSQL", async () => {
    const captured = captureLog("warn");
    await startConsumer(
      handler(async () => undefined),
      {},
      captured.log,
    );
    // A task that was published once (it has a message id) but whose message Redis lost:
    const task = await newTask();
    await db.update(tasks).set({ messageId: "1-0" }).where(eq(tasks.id, task.id));
    await redis.del(STREAM(), relayEpochKey());
    // The reader meets NOGROUP and recreates the group (it says so) before the relay runs.
    await eventually(async () => captured.count(/consumer group missing, recreating/) > 0);
    startRelay();
    await eventually(async () => (await status(task.id)).status === "COMPLETED");
    expect(await redis.exists(relayEpochKey())).toBe(1);
  });

  it("graceful stop finishes in-flight work before returning", async () => {
    let finished = false;
    const c = await startConsumer(
      handler(async () => {
        await new Promise((r) => setTimeout(r, 300));
        finished = true;
      }),
    );
    const task = await newTask();
    await publishTask(redis, db, task);
    await eventually(async () => (await status(task.id)).status === "PROCESSING");
    await c.stop();
    expect(finished).toBe(true);
    expect((await status(task.id)).status).toBe("COMPLETED");
  });

  it("lanes: an interactive task submitted behind a batch backlog starts within one batch-task duration", async () => {
    const order: string[] = [];
    await startConsumer(
      handler(async (id) => {
        order.push(id);
        await new Promise((r) => setTimeout(r, 100));
      }),
      { concurrency: 2 },
    );
    const batch: string[] = [];
    for (let i = 0; i < 20; i++) {
      const t = await insertTask(db, { type: "resume.analyze", lane: "batch", ownerId, payload: { n: i } });
      await publishTask(redis, db, t);
      batch.push(t.id);
    }
    await eventually(async () => order.length >= 2);
    const interactive = await newTask();
    const startedBeforePublish = order.length;
    await publishTask(redis, db, interactive);
    await eventually(async () => (await status(interactive.id)).status === "COMPLETED");
    // Both slots were busy with borrowed batch work; the first slot to free reads interactive
    // first, so at most one batch task per slot (a read racing the XADD) starts before it.
    const batchStartedAfterPublish = order.indexOf(interactive.id) - startedBeforePublish;
    expect(batchStartedAfterPublish).toBeGreaterThanOrEqual(0);
    expect(batchStartedAfterPublish).toBeLessThanOrEqual(2);
    expect(order.length).toBeLessThan(21);
    await eventually(async () => (await Promise.all(batch.map(status))).every((t) => t.status === "COMPLETED"), 30_000);
  });

  it("concurrency is a hard cap across all streams and lanes", async () => {
    let running = 0;
    let peak = 0;
    // A backlog on every stream before the consumer starts: it could take 12 at once if it let itself.
    await redis.xgroup("CREATE", STREAM(), CONSUMER_GROUP, "0", "MKSTREAM");
    await redis.xgroup("CREATE", streamKey("resume.analyze", "batch"), CONSUMER_GROUP, "0", "MKSTREAM");
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const t = await insertTask(db, { type: "resume.analyze", lane: i % 2 ? "batch" : "interactive", ownerId, payload: { n: i } });
      await publishTask(redis, db, t);
      ids.push(t.id);
    }
    await startConsumer(
      handler(async () => {
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 50));
        running--;
      }),
      { concurrency: 3 },
    );
    await eventually(async () => (await Promise.all(ids.map(status))).every((t) => t.status === "COMPLETED"), 30_000);
    expect(peak).toBe(3);
  });

  it("shutdown past its grace period releases the attempt: PENDING again, attempt not spent, message re-added", async () => {
    const c = await startConsumer(
      handler(() => new Promise(() => undefined)),
      { shutdownGraceMs: 100 },
    );
    const task = await newTask();
    await publishTask(redis, db, task);
    await eventually(async () => (await status(task.id)).status === "PROCESSING");
    await c.stop();
    const t = await status(task.id);
    expect(t.status).toBe("PENDING");
    expect(t.attempts).toBe(0);
    expect(await redis.xlen(STREAM())).toBe(2);
  });
});

describe("reader watchdog", () => {
  it("a read on a connection that went silent (half-open TCP) is abandoned and the reader reconnects", async () => {
    // A TCP proxy to Redis that can silence the connections it already has (no FIN, no RST).
    const target = new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
    const pairs: { client: net.Socket; upstream: net.Socket; silent: boolean }[] = [];
    const proxy = net.createServer((client) => {
      const pair = { client, upstream: net.connect(Number(target.port || 6379), target.hostname), silent: false };
      pairs.push(pair);
      client.on("data", (d) => void (!pair.silent && pair.upstream.write(d)));
      pair.upstream.on("data", (d) => void (!pair.silent && client.write(d)));
      client.on("error", () => undefined);
      pair.upstream.on("error", () => undefined);
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    const saved = process.env.REDIS_URL;
    // Only the consumer's reader is created from here on; its other commands use the kit's connection.
    process.env.REDIS_URL = `redis://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    try {
      const done: string[] = [];
      const captured = captureLog("warn");
      const c = await startConsumer(
        handler(async (id) => void done.push(id)),
        { blockMs: 200, watchdogSlackMs: 300 },
        captured.log,
      );
      // The reader is parked in its blocking XREAD, through the proxy: silence that connection.
      const readerName = `panelist:reader:${c.options.consumerName}`;
      await eventually(async () => {
        const list = await redis.client("LIST");
        return String(list)
          .split("\n")
          .some((l) => l.includes(`name=${readerName} `) && / cmd=xread /.test(l) && / flags=b /.test(l));
      });
      expect(pairs).toHaveLength(1);
      for (const p of pairs) p.silent = true;
      const task = await newTask();
      await publishTask(redis, db, task);
      await eventually(async () => (await status(task.id)).status === "COMPLETED");
      expect(done).toEqual([task.id]);
      // It was a reconnect that read it: the watchdog gave up on the silent read and a second
      // connection went through the proxy.
      expect(captured.count(/reader stalled; reconnecting/)).toBeGreaterThanOrEqual(1);
      expect(pairs.length).toBeGreaterThanOrEqual(2);
    } finally {
      process.env.REDIS_URL = saved;
      while (running.length) await running.pop()!.stop();
      for (const p of pairs) {
        p.client.destroy();
        p.upstream.destroy();
      }
      proxy.close();
    }
  });
});

describe("stream trimming", () => {
  it("drops ACKed history but never a pending or undelivered entry", async () => {
    const key = STREAM();
    await redis.xgroup("CREATE", key, CONSUMER_GROUP, "0", "MKSTREAM");
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await redis.xadd(key, "*", "taskId", `t${i}`))!);
    // Deliver 4: ACK #0, #1 and #3; #2 stays pending; #4 and #5 are not delivered yet.
    await redis.xreadgroup("GROUP", CONSUMER_GROUP, "c1", "COUNT", 4, "STREAMS", key, ">");
    await redis.xack(key, CONSUMER_GROUP, ids[0], ids[1], ids[3]);
    const removed = await trimAcked(redis, key);
    const left = (await redis.xrange(key, "-", "+")).map(([id]) => id);
    expect(removed).toBe(2);
    expect(left).toEqual(ids.slice(2));
    // Once everything is ACKed and delivered, only entries before the last-delivered id go.
    await redis.xreadgroup("GROUP", CONSUMER_GROUP, "c1", "COUNT", 10, "STREAMS", key, ">");
    await redis.xack(key, CONSUMER_GROUP, ids[2], ids[4], ids[5]);
    await trimAcked(redis, key);
    expect((await redis.xrange(key, "-", "+")).map(([id]) => id)).toEqual([ids[5]]);
  });
});
