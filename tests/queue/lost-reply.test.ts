import "../helpers/env";
import net from "node:net";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { closeDb, createDb, getDb } from "@/lib/db/client";
import { insertTask } from "@/lib/db/queries/tasks";
import { tasks } from "@/lib/db/schema";
import { type ConsumerOptions, StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import { CONSUMER_GROUP, streamKey } from "@/lib/queue/names";
import { publishTask } from "@/lib/queue/producer";
import { createRedis } from "@/lib/queue/redis";
import { clearPrefix, createUser, eventually } from "../helpers/fixtures";

/**
 * A completion whose COMMIT reaches PostgreSQL and commits, but whose reply never comes back:
 * the connection stays open and silent (a half-open TCP connection after a failover or a NAT
 * drop, or a driver that loses the reply when the server restarts: porsager/postgres#1186).
 * The worker reaches the real server through a TCP proxy that forwards the first COMMIT of
 * its pool and from then on swallows that connection's traffic both ways. The task is
 * COMPLETED in the database; its stream entry must still be ACKed, without waiting for the
 * task's timeout.
 */
const db = getDb();
const redis = createRedis("test");
const STREAM = () => streamKey("resume.analyze", "interactive");
let ownerId: string;
const cleanup: (() => Promise<void>)[] = [];

/**
 * A proxy to the test database that freezes the first connection whose transaction, as its
 * COMMIT arrives, passes `freezeWhen` (by default any): after forwarding the COMMIT
 * (`reply-lost`: the server commits, the client never hears) or instead of it (`commit-lost`: the
 * server's transaction stays open, its row locks held). The worker's pool sends every statement
 * unnamed, so a COMMIT and the statements before it carry their text (and their parameters).
 */
function commitSwallowingProxy(mode: "reply-lost" | "commit-lost" = "reply-lost") {
  const target = new URL(process.env.DATABASE_URL!);
  const sockets = new Set<net.Socket>();
  let frozen = 0;
  let freezeWhen: (transaction: string) => boolean = () => true;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    let swallowing = false;
    // What the client sent since its last COMMIT (a message may span chunks).
    let transaction = "";
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => undefined);
      s.on("close", () => sockets.delete(s));
    }
    client.on("data", (chunk: Buffer) => {
      if (swallowing) return;
      transaction += chunk.toString("latin1");
      if (transaction.includes("commit\0")) {
        if (frozen === 0 && freezeWhen(transaction)) {
          frozen++;
          swallowing = true;
          if (mode === "commit-lost") return;
        }
        transaction = "";
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!swallowing) client.write(chunk);
    });
  });
  return {
    async listen(): Promise<string> {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const url = new URL(target);
      url.hostname = "127.0.0.1";
      url.port = String((server.address() as net.AddressInfo).port);
      return url.toString();
    },
    get frozen() {
      return frozen;
    },
    /** Freezes only a transaction whose text (statements and parameters) passes `test`. */
    freezeOnly(test: (transaction: string) => boolean) {
      freezeWhen = test;
    },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

async function pendingCount() {
  const summary = (await redis.xpending(STREAM(), CONSUMER_GROUP)) as [number, ...unknown[]];
  return summary[0];
}

/** One task through a consumer whose pool goes through the proxy; resolves once its COMMIT was swallowed. */
async function runOne(options: Partial<ConsumerOptions>) {
  await redis.xgroup("CREATE", STREAM(), CONSUMER_GROUP, "0", "MKSTREAM");
  const task = await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: { n: 1 } });
  const proxy = commitSwallowingProxy();
  const workerDb = createDb(await proxy.listen(), { max: 4, prepare: false });
  cleanup.push(
    () => proxy.close(),
    () => workerDb.sql.end({ timeout: 1 }),
  );
  const handler: TaskHandler<{ n: number }> = {
    type: "resume.analyze",
    payloadSchema: z.object({ n: z.number() }),
    async process() {
      return async () => undefined;
    },
  };
  const consumer = new StreamConsumer({ db: workerDb.db, redis, log: pino({ level: "silent" }) }, [handler], {
    concurrency: 2,
    blockMs: 100,
    shutdownGraceMs: 500,
    ...options,
  });
  await consumer.start();
  cleanup.push(() => consumer.stop());
  await publishTask(redis, db, task);
  await eventually(async () => proxy.frozen === 1);
  return { taskId: task.id, consumer };
}

beforeAll(async () => {
  ownerId = await createUser(db);
});

afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
  await clearPrefix(redis);
});

afterAll(async () => {
  await redis.quit();
  await closeDb();
});

describe("a completion committed whose reply is lost", () => {
  // Lease and timeout far beyond the test: neither a reclaim nor the attempt's timeout can end it.
  it("is given up after dbFlushTimeoutMs; the attempt's fenced end finds the task COMPLETED and the entry is ACKed", async () => {
    const { taskId, consumer } = await runOne({ leaseMs: 600_000, taskTimeoutMs: 600_000, dbFlushTimeoutMs: 1_000 });
    await eventually(async () => (await pendingCount()) === 0, 10_000);
    const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row).toMatchObject({ status: "COMPLETED", attempts: 1 });
    expect(consumer.inflightCount).toBe(0);
  });

  // The flush is never given up here: the heartbeat must see that the attempt no longer holds its task.
  it("stops renewing its entry once the heartbeat finds the task no longer held, so the reclaim ACKs it within a lease", async () => {
    const { taskId } = await runOne({ leaseMs: 1_500, taskTimeoutMs: 600_000, dbFlushTimeoutMs: 600_000 });
    await eventually(async () => (await pendingCount()) === 0, 10_000);
    const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row).toMatchObject({ status: "COMPLETED", attempts: 1 });
  });

  it("never reaching the server: its open transaction's row lock holds back neither the other attempts' leases nor, once the server ends the idle session, the attempt's own end", async () => {
    await redis.xgroup("CREATE", STREAM(), CONSUMER_GROUP, "0", "MKSTREAM");
    const proxy = commitSwallowingProxy("commit-lost");
    const workerDb = createDb(await proxy.listen(), { max: 6, prepare: false, idleInTransactionTimeoutMs: 4_000 });
    cleanup.push(
      () => proxy.close(),
      () => workerDb.sql.end({ timeout: 1 }),
    );
    const ran: string[] = [];
    const handler: TaskHandler<{ n: number }> = {
      type: "resume.analyze",
      payloadSchema: z.object({ n: z.number() }),
      async process({ payload, attempt }) {
        ran.push(`${payload.n}#${attempt}`);
        if (payload.n === 2) await new Promise((r) => setTimeout(r, 5_000)); // a long, healthy attempt
        return async () => undefined;
      },
    };
    const options = {
      concurrency: 2,
      blockMs: 100,
      leaseMs: 1_500,
      reclaimIntervalMs: 500,
      taskTimeoutMs: 600_000,
      dbFlushTimeoutMs: 500,
      shutdownGraceMs: 500,
    };
    const consumer = new StreamConsumer({ db: workerDb.db, redis, log: pino({ level: "silent" }) }, [handler], options);
    await consumer.start();
    cleanup.push(() => consumer.stop());
    const long = await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: { n: 2 } });
    await publishTask(redis, db, long);
    await eventually(async () => ran.includes("2#1"));
    const lost = await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: { n: 1 } });
    proxy.freezeOnly((transaction) => transaction.includes(lost.id)); // its completion's COMMIT
    await publishTask(redis, db, lost);
    await eventually(async () => proxy.frozen === 1);
    // Then another worker, which would take over any entry left idle past the lease (started
    // now, so that the lost task's entry was not delivered to it).
    const other = new StreamConsumer({ db, redis, log: pino({ level: "silent" }) }, [handler], { ...options, consumerName: "other" });
    await other.start();
    cleanup.push(() => other.stop());

    // The lost COMMIT's attempt ends once the server has ended its session: RETRYING, one attempt.
    await eventually(async () => (await db.select().from(tasks).where(eq(tasks.id, lost.id)))[0].status === "RETRYING", 15_000);
    await eventually(async () => (await db.select().from(tasks).where(eq(tasks.id, long.id)))[0].status === "COMPLETED", 15_000);
    const [longRow] = await db.select().from(tasks).where(eq(tasks.id, long.id));
    const [lostRow] = await db.select().from(tasks).where(eq(tasks.id, lost.id));
    expect(longRow.attempts).toBe(1);
    expect(lostRow.attempts).toBe(1);
    // The long attempt kept its lease throughout: no other attempt of it ever ran.
    expect(ran.sort()).toEqual(["1#1", "2#1"]);
    await eventually(async () => (await pendingCount()) === 0, 10_000);
  }, 40_000);
});
