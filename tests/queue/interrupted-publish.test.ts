import "../helpers/env";
import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { claimTask, findRelayCandidates, insertTask, promoteDueRetries, releaseAttempt } from "@/lib/db/queries/tasks";
import { tasks } from "@/lib/db/schema";
import { StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import { CONSUMER_GROUP, relayEpochKey, streamKey } from "@/lib/queue/names";
import { publishTask } from "@/lib/queue/producer";
import { OutboxRelay } from "@/lib/queue/relay";
import { eventually } from "../helpers/fixtures";
import { queueTestKit } from "./kit";

/**
 * A promote (RETRYING → PENDING) or a shutdown release commits the status, then XADDs. A crash
 * or a failed XADD in between must not leave a PENDING task behind an entry that was already
 * ACKed: the relay's orphan pass has to publish it again.
 */
const STREAM = () => streamKey("resume.analyze", "interactive");
let ownerId: string;
const kit = queueTestKit((id) => (ownerId = id));
const { db, redis, deps, running } = kit;

const noop: TaskHandler<{ n: number }> = {
  type: "resume.analyze",
  payloadSchema: z.object({ n: z.number() }),
  async process() {
    return async () => undefined;
  },
};

async function startPipeline() {
  const c = new StreamConsumer(deps, [noop], { blockMs: 100, leaseMs: 2_000, shutdownGraceMs: 2_000 });
  await c.start();
  running.push(c);
  const r = new OutboxRelay(deps, { intervalMs: 50, graceMs: 0 });
  r.start();
  running.push(r);
}

/** Publishes `n` tasks and has an earlier consumer read and ACK every entry (its attempt ended). */
async function publishedAndAcked(n: number) {
  await redis.xgroup("CREATE", STREAM(), CONSUMER_GROUP, "0", "MKSTREAM");
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: { n: i } });
    await publishTask(redis, db, t);
    ids.push(t.id);
  }
  const read = (await redis.xreadgroup("GROUP", CONSUMER_GROUP, "earlier", "COUNT", n, "STREAMS", STREAM(), ">")) as [string, [string, string[]][]][];
  return { ids, entries: read[0][1].map(([id]) => id) };
}

describe("a publish cut short after its status change", () => {
  it("promote: due retries committed PENDING but never XADDed are republished by the orphan pass and complete", async () => {
    // Redis has not lost data: the epoch pass (which republishes every PENDING task) must not run.
    await redis.set(relayEpochKey(), "test");
    const { ids, entries } = await publishedAndAcked(6);
    await redis.xack(STREAM(), CONSUMER_GROUP, ...entries);
    // Each task's first attempt failed retryably and its backoff is over; created long ago.
    await db
      .update(tasks)
      .set({ status: "RETRYING", attempts: 1, availableAt: sql`now() - interval '1 second'`, createdAt: sql`now() - interval '1 hour'` })
      .where(inArray(tasks.id, ids));

    // The relay's promote UPDATE commits, then the process dies before any XADD.
    const promoted = await promoteDueRetries(db, { limit: 500 });
    expect(promoted.map((t) => t.id).sort()).toEqual([...ids].sort());
    expect((await kit.rows(ids)).every((t) => t.status === "PENDING" && t.messageId === null)).toBe(true);
    // The grace counts from the promote, not from creation: a task whose XADD may be on its
    // way right now is not a candidate yet.
    const candidates = await findRelayCandidates(db, { graceMs: 60_000, limit: 500 });
    expect(candidates.filter((c) => ids.includes(c.id))).toEqual([]);

    await startPipeline();
    await eventually(async () => (await kit.rows(ids)).every((t) => t.status === "COMPLETED"));
    expect((await kit.rows(ids)).map((t) => t.attempts)).toEqual(ids.map(() => 2));
  });

  it("release: a shutdown release whose fresh XADD failed (old entry ACKed) is republished and completes", async () => {
    await redis.set(relayEpochKey(), "test");
    const { ids, entries } = await publishedAndAcked(1);
    const claimed = await claimTask(db, { id: ids[0], leaseMs: 60_000 });
    expect(await releaseAttempt(db, { id: ids[0], attempt: claimed!.attempts })).toBe(true);
    // The release's XADD failed (Redis blipped) but its XACK of the old entry went through.
    await redis.xack(STREAM(), CONSUMER_GROUP, ...entries);

    await startPipeline();
    await eventually(async () => (await kit.rows(ids))[0].status === "COMPLETED");
    expect((await kit.rows(ids))[0].attempts).toBe(1);
  });
});
