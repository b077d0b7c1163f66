import "../helpers/env";
import { describe, expect, it } from "vitest";
import { CONSUMER_GROUP, dlqKey, streamKey } from "@/lib/queue/names";
import { queueStats } from "@/lib/queue/stats";
import { queueTestKit } from "./kit";

const kit = queueTestKit(() => undefined);
const { redis } = kit;

/** Redis' clock, ms. */
async function redisNowMs(): Promise<number> {
  const [s, us] = await redis.time();
  return Number(s) * 1000 + Math.floor(Number(us) / 1000);
}

describe("queueStats", () => {
  it("reads an empty, never-used stream as zeros", async () => {
    const stats = await queueStats(redis);
    const s = stats.find((x) => x.type === "resume.analyze" && x.lane === "batch")!;
    expect(s).toMatchObject({ length: 0, lag: 0, pending: 0, oldestWaitingAgeMs: 0, oldestPendingAgeMs: 0, consumers: [], dlqLength: 0 });
    expect(stats.length).toBeGreaterThanOrEqual(2);
  });

  it("tells a stalled stream from an idle one: lag, PEL, the oldest waiting and pending ages, consumers", async () => {
    const key = streamKey("resume.analyze", "interactive");
    const now = await redisNowMs();
    // Entries added 5, 4 and 3 minutes ago (explicit ids), so their ages are known.
    await redis.xgroup("CREATE", key, CONSUMER_GROUP, "0", "MKSTREAM");
    for (const minutes of [5, 4, 3]) await redis.xadd(key, `${now - minutes * 60_000}-0`, "taskId", `t${minutes}`);
    await redis.xreadgroup("GROUP", CONSUMER_GROUP, "c1", "COUNT", 1, "STREAMS", key, ">");
    await redis.xadd(dlqKey("resume.analyze"), "*", "taskId", "dead");

    const s = (await queueStats(redis)).find((x) => x.stream === key)!;
    expect(s.length).toBe(3);
    expect(s.lag).toBe(2);
    expect(s.pending).toBe(1);
    expect(s.oldestPendingAgeMs).toBeGreaterThanOrEqual(5 * 60_000);
    // The oldest entry not yet delivered is the 4-minute-old one.
    expect(s.oldestWaitingAgeMs).toBeGreaterThanOrEqual(4 * 60_000);
    expect(s.oldestWaitingAgeMs).toBeLessThan(5 * 60_000);
    expect(s.consumers).toEqual([expect.objectContaining({ name: "c1", pending: 1 })]);
    expect(s.dlqLength).toBe(1);

    // Everything read and ACKed: idle, not stalled.
    const read = (await redis.xreadgroup("GROUP", CONSUMER_GROUP, "c1", "COUNT", 10, "STREAMS", key, ">")) as [string, [string, string[]][]][];
    const ids = [(await redis.xrange(key, "-", "+"))[0][0], ...read[0][1].map(([id]) => id)];
    await redis.xack(key, CONSUMER_GROUP, ...ids);
    const idle = (await queueStats(redis)).find((x) => x.stream === key)!;
    expect(idle).toMatchObject({ lag: 0, pending: 0, oldestWaitingAgeMs: 0, oldestPendingAgeMs: 0, oldestPendingIdleMs: 0 });
  });
});
