import "../helpers/env";
import { afterAll, describe, expect, it } from "vitest";
import { redisSettingWarnings } from "@/lib/queue/redis-settings";
import { type PrivateRedis, startPrivateRedis } from "../chaos/harness";

// A private redis-server: its settings are changed here, never the shared one's.
let redis: PrivateRedis | undefined;
afterAll(async () => {
  await redis?.stop();
});

describe("redisSettingWarnings", () => {
  it("warns about an eviction policy and a missing AOF, each until it is set right", async () => {
    redis = await startPrivateRedis();
    await redis.client.config("SET", "maxmemory-policy", "allkeys-lru");
    await redis.client.config("SET", "appendonly", "no");
    const warnings = await redisSettingWarnings(redis.client);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/allkeys-lru.*noeviction/);
    expect(warnings[1]).toMatch(/appendonly/);
    // (AOF is not switched on here: the server would write its files into the working directory.)
    await redis.client.config("SET", "maxmemory-policy", "noeviction");
    const left = await redisSettingWarnings(redis.client);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/appendonly/);
  });
});
