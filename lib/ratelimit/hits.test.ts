/**
 * The refusal record against the real Redis, under a key prefix of this file's own (set before
 * anything reads `redisPrefix()`).
 */
import Redis from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createRedis } from "@/lib/queue/redis";
import { deletePrefix, uniquePrefix } from "./test-redis";

const PREFIX = uniquePrefix("hits");
const savedPrefix = process.env.PANELIST_REDIS_PREFIX;
process.env.PANELIST_REDIS_PREFIX = PREFIX;
const { DAY_KEPT_S, RECENT_HITS_KEPT, recentRefusals, recordRefusal, refusalCounts } = await import("./hits");
const { processRegistry } = await import("@/lib/metrics/registry");
const redis = createRedis("test-hits");

afterAll(async () => {
  await deletePrefix(redis, PREFIX);
  await redis.quit();
  if (savedPrefix === undefined) delete process.env.PANELIST_REDIS_PREFIX;
  else process.env.PANELIST_REDIS_PREFIX = savedPrefix;
});

const hit = (i: number) => ({
  policy: "upload" as const,
  ruleId: `upload.user.minute`,
  dimension: "user" as const,
  subject: `user-${i}`,
  route: "POST /api/resumes",
});

describe("recordRefusal / recentRefusals / refusalCounts", () => {
  it("keeps the newest 200, newest first, counts every one per UTC day, and counts them for Prometheus", async () => {
    const counter = async () =>
      (await processRegistry().getMetricsAsJSON())
        .find((m) => m.name === "panelist_rate_limit_refusals_total")
        ?.values.find((v) => v.labels.rule === "upload.user.minute")?.value ?? 0;
    const before = await counter();
    for (let i = 0; i < RECENT_HITS_KEPT + 5; i++) await recordRefusal(redis, hit(i));
    await recordRefusal(redis, { ...hit(999), policy: "chat", ruleId: "chat.user.minute" });

    const recent = await recentRefusals(redis, { limit: 1000 });
    expect(recent).toHaveLength(RECENT_HITS_KEPT);
    expect(recent[0]).toMatchObject({ policy: "chat", ruleId: "chat.user.minute", subject: "user-999" });
    expect(recent[1]).toMatchObject({ subject: `user-${RECENT_HITS_KEPT + 4}`, route: "POST /api/resumes", dimension: "user" });
    expect(Date.parse(recent[0]!.at)).not.toBeNaN();
    expect(await recentRefusals(redis, { limit: 3 })).toHaveLength(3);

    expect(await refusalCounts(redis, {})).toEqual({ "upload.user.minute": RECENT_HITS_KEPT + 5, "chat.user.minute": 1 });
    const today = `${PREFIX}panelist:{rl-hits}:day:${new Date().toISOString().slice(0, 10)}`;
    expect(await redis.ttl(today)).toBeGreaterThan(DAY_KEPT_S - 60);
    expect((await counter()) - before).toBe(RECENT_HITS_KEPT + 5);
  });

  it("sums the last `days` UTC days", async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await redis.hset(`${PREFIX}panelist:{rl-hits}:day:${yesterday}`, "chat.user.minute", 4);
    await redis.hset(`${PREFIX}panelist:{rl-hits}:day:${old}`, "chat.user.minute", 10);
    const today = (await refusalCounts(redis, { days: 1 }))["chat.user.minute"]!;
    expect((await refusalCounts(redis, { days: 2 }))["chat.user.minute"]).toBe(today + 4);
    expect((await refusalCounts(redis, { days: 7 }))["chat.user.minute"]).toBe(today + 14);
  });

  it("never throws when Redis is gone (the refusal is logged instead)", async () => {
    const gone = new Redis({ port: 1, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    gone.on("error", () => undefined);
    try {
      await expect(recordRefusal(gone, hit(1))).resolves.toBeUndefined();
    } finally {
      gone.disconnect();
    }
  });
});
