import { randomUUID } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { createRedis } from "@/lib/queue/redis";
import { LuaScript } from "./script";

const redis = createRedis("test-ratelimit-script");
afterAll(async () => {
  await redis.quit();
});

it("runs a script the server has never seen (NOSCRIPT → EVAL), then by its SHA", async () => {
  // A body unique to this run, so it cannot already be in the server's script cache.
  const script = new LuaScript("echo", `-- ${randomUUID()}\nreturn {KEYS[1], ARGV[1]}`);
  expect(await redis.script("EXISTS", script.sha)).toEqual([0]);
  expect(await script.run(redis, ["k"], ["v"])).toEqual(["k", "v"]);
  expect(await redis.script("EXISTS", script.sha)).toEqual([1]);
  expect(await script.run(redis, ["k2"], [7])).toEqual(["k2", "7"]);
});

it("passes script errors through", async () => {
  const script = new LuaScript("boom", `-- ${randomUUID()}\nreturn redis.error_reply('boom')`);
  await expect(script.run(redis, [], [])).rejects.toThrow("boom");
});
