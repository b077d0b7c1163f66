import { inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { tasks } from "@/lib/db/schema";
import { createLogger } from "@/lib/log";
import { CONSUMER_GROUP } from "@/lib/queue/names";
import { createRedis } from "@/lib/queue/redis";
import { clearPrefix, createUser } from "../helpers/fixtures";

/**
 * What every queue test file sets up the same way: the file's database pool and a Redis
 * connection under its prefix, a fresh owner for its tasks (handed to `onOwner` before the
 * first test), and the lifecycle — every consumer or relay pushed on `running` is stopped and the
 * prefix cleared after each test; the connections are closed after the file.
 */
export function queueTestKit(onOwner: (ownerId: string) => void) {
  const db = getDb();
  const redis = createRedis("test");
  const log = createLogger("test");
  const running: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    onOwner(await createUser(db));
  });
  afterEach(async () => {
    while (running.length) await running.pop()!.stop();
    await clearPrefix(redis);
  });
  afterAll(async () => {
    await redis.quit();
    await closeDb();
  });

  return {
    db,
    redis,
    log,
    deps: { db, redis, log },
    running,
    /** Entries delivered and not yet ACKed on `stream` (the group's PEL size). */
    async pendingCount(stream: string): Promise<number> {
      const summary = (await redis.xpending(stream, CONSUMER_GROUP)) as [number, ...unknown[]];
      return summary[0];
    },
    /** The task rows of `ids`. */
    rows(ids: string[]) {
      return db.select().from(tasks).where(inArray(tasks.id, ids));
    },
  };
}
