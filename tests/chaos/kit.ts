import { afterAll, afterEach, beforeAll } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { redisPrefix } from "@/lib/queue/names";
import { createRedis } from "@/lib/queue/redis";
import { type FakeLlm, type FakeLlmOptions, startFakeLlm } from "@/scripts/fake-llm/server";
import { createUser } from "../helpers/fixtures";
import { deletePrefix, killEverything, sharedRedisUrl, type WorkerEnv } from "./harness";

/**
 * What the chaos files on the shared Redis and the file's own database set up the same way: a
 * Redis connection under the file's prefix (named `name`), the fake LLM (`llmOptions`, recording
 * up to a million requests) and a fresh owner — both handed to `onReady` before the first test —
 * and the lifecycle: after each test every process the test started is killed, the fake LLM is
 * set back to answering normally and the prefix is deleted; after the file, the same plus the
 * connections closed. `workerEnv()` is the Fleet configuration every such file starts from.
 */
export function chaosKit(name: string, llmOptions: FakeLlmOptions, onReady: (s: { llm: FakeLlm; ownerId: string }) => void) {
  const db = getDb();
  const redis = createRedis(name);
  redis.on("error", () => undefined);
  const prefix = redisPrefix();
  let llm: FakeLlm | undefined;

  beforeAll(async () => {
    llm = await startFakeLlm({ maxRecorded: 1_000_000, ...llmOptions });
    onReady({ llm, ownerId: await createUser(db) });
  });
  afterEach(async () => {
    llm?.control({ mode: "ok" });
    await killEverything(); // also when the test failed half-way
    await deletePrefix(redis, prefix);
  });
  afterAll(async () => {
    await killEverything();
    await llm?.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
    await closeDb();
  });

  return {
    db,
    redis,
    prefix,
    /** The file's database, the shared Redis under the file's prefix, the fake LLM. */
    workerEnv(): Pick<WorkerEnv, "databaseUrl" | "redisUrl" | "prefix" | "llmUrl"> {
      return { databaseUrl: process.env.DATABASE_URL!, redisUrl: sharedRedisUrl(), prefix, llmUrl: llm!.url };
    },
  };
}
