import "../helpers/env";
import net from "node:net";
import { inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { closeDb, createDb, getDb } from "@/lib/db/client";
import { insertTask } from "@/lib/db/queries/tasks";
import { tasks } from "@/lib/db/schema";
import { StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import { CONSUMER_GROUP, streamKey } from "@/lib/queue/names";
import { publishTask } from "@/lib/queue/producer";
import { createRedis } from "@/lib/queue/redis";
import { clearPrefix, createUser, eventually } from "../helpers/fixtures";

/**
 * The consumer's claims while PostgreSQL is unreachable. The consumer reaches the real server
 * through a TCP proxy that can cut every connection and then answer new ones as a restarting
 * PostgreSQL does (FATAL 57P03 "the database system is starting up", PostgreSQL protocol
 * §55.7 ErrorResponse), then let them through again.
 */
const db = getDb();
const redis = createRedis("test");
const STREAM = () => streamKey("resume.analyze", "interactive");
let ownerId: string;
const cleanup: (() => Promise<void>)[] = [];

function postgresProxy() {
  const target = new URL(process.env.DATABASE_URL!);
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    client.on("error", () => undefined);
    if (down) return void client.once("data", () => client.end(startingUp()));
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => undefined);
      s.on("close", () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    async listen(): Promise<string> {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const url = new URL(target);
      url.hostname = "127.0.0.1";
      url.port = String((server.address() as net.AddressInfo).port);
      return url.toString();
    },
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** An ErrorResponse message: FATAL 57P03, as PostgreSQL answers a startup packet while it starts. */
function startingUp(): Buffer {
  const body = Buffer.from("SFATAL\0VFATAL\0C57P03\0Mthe database system is starting up\0\0");
  const head = Buffer.alloc(5);
  head.write("E");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

async function pendingCount() {
  const summary = (await redis.xpending(STREAM(), CONSUMER_GROUP)) as [number, ...unknown[]];
  return summary[0];
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

describe("claims while PostgreSQL is unreachable", () => {
  it("hold their slots (the PEL stays at the slot count) and go through once it is back, without a lease-long reclaim", async () => {
    await redis.xgroup("CREATE", STREAM(), CONSUMER_GROUP, "0", "MKSTREAM");
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const t = await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: { n: i } });
      await publishTask(redis, db, t);
      ids.push(t.id);
    }

    const proxy = postgresProxy();
    const workerDb = createDb(await proxy.listen(), { max: 4 });
    cleanup.push(
      () => proxy.close(),
      () => workerDb.sql.end({ timeout: 1 }),
    );
    // Every failed claim is logged (a retry warning, or the error of a message left pending).
    let claimFailures = 0;
    const log = pino({ level: "warn" }, { write: () => void claimFailures++ });
    const handler: TaskHandler<{ n: number }> = {
      type: "resume.analyze",
      payloadSchema: z.object({ n: z.number() }),
      async process() {
        return async () => undefined;
      },
    };
    const concurrency = 2;
    proxy.cut();
    // A lease far beyond this test: any message left pending now would not be reclaimed in time.
    const consumer = new StreamConsumer({ db: workerDb.db, redis, log }, [handler], {
      concurrency,
      blockMs: 100,
      leaseMs: 600_000,
      claimRetryBaseMs: 50,
      claimRetryCapMs: 200,
      shutdownGraceMs: 2_000,
    });
    await consumer.start();
    cleanup.push(() => consumer.stop());

    // Three rounds of failed claims per slot: without backpressure each would have pulled a new entry.
    await eventually(async () => claimFailures >= 3 * concurrency);
    expect(await pendingCount()).toBeLessThanOrEqual(concurrency);
    await eventually(async () => claimFailures >= 6 * concurrency);
    expect(await pendingCount()).toBeLessThanOrEqual(concurrency);

    proxy.restore();
    await eventually(async () => {
      const rows = await db.select().from(tasks).where(inArray(tasks.id, ids));
      return rows.every((t) => t.status === "COMPLETED");
    });
    const rows = await db.select().from(tasks).where(inArray(tasks.id, ids));
    expect(rows.map((t) => t.attempts)).toEqual(ids.map(() => 1));
    await eventually(async () => (await pendingCount()) === 0);
  });
});
