import "../helpers/env";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getTaskById, insertTask } from "@/lib/db/queries/tasks";
import { tasks } from "@/lib/db/schema";
import { type ConsumerOptions, StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import { CONSUMER_GROUP, dlqKey, relayEpochKey, streamKey } from "@/lib/queue/names";
import { publishTask } from "@/lib/queue/producer";
import { OutboxRelay } from "@/lib/queue/relay";
import { eventually } from "../helpers/fixtures";
import { captureLog } from "../helpers/log-capture";
import { queueTestKit } from "./kit";

/**
 * The consumer's branches that only a fault reaches (lib/queue/consumer.ts): an attempt that
 * runs past `taskTimeoutMs` and whose result comes in late, an attempt that lost its claim to
 * another worker, a message redelivered past `maxDeliveries` before any attempt was recorded
 * (the poison guard) — and a copy of a task a live attempt holds, which is not poison —, an
 * attempt stuck in its write past its timeout (its lease is let go), a reclaimed task whose
 * attempts were all spent (`attempts_exhausted`), and an entry whose task id is not a UUID
 * (dropped at once, its batchmates unharmed; one in upper case runs).
 * Each test sets the fault up by hand, shows it was in place, then asserts the outcome.
 */
const STREAM = () => streamKey("resume.analyze", "interactive");
let ownerId: string;
const kit = queueTestKit((id) => (ownerId = id));
const { db, redis, deps, running } = kit;

/** A deferred: a promise and the function that resolves it. */
function gate<T = void>() {
  let open!: (v: T) => void;
  const p = new Promise<T>((r) => (open = r));
  return { p, open };
}

/**
 * A handler whose attempts the test scripts: `run(attempt, signal)` is the slow work; the write it
 * returns records `writtenBy: attempt` in the task's payload (a column the COMPLETED transition
 * leaves alone), so a write that commits is visible in the row and one rolled back is not.
 */
function scripted(run: (attempt: number, signal: AbortSignal) => Promise<void>): TaskHandler<{ n: number }> & { ran: number[] } {
  const ran: number[] = [];
  return {
    ran,
    type: "resume.analyze",
    payloadSchema: z.object({ n: z.number() }),
    async process({ task, attempt, signal }) {
      ran.push(attempt);
      await run(attempt, signal);
      return async (tx) => {
        await tx.execute(sql`update tasks set payload = payload || jsonb_build_object('writtenBy', ${attempt}::int) where id = ${task.id}`);
      };
    },
  };
}

async function startConsumer(h: TaskHandler<unknown>, opts: Partial<ConsumerOptions>, log = deps.log) {
  const c = new StreamConsumer({ ...deps, log }, [h], { blockMs: 100, backoffBaseMs: 20, backoffCapMs: 50, shutdownGraceMs: 2_000, ...opts });
  await c.start();
  running.push(c);
  return c;
}

/** The relay, for promoting retries; Redis has lost nothing here, so no republish-all pass duplicates a message. */
async function startRelay() {
  await redis.set(relayEpochKey(), "test");
  const r = new OutboxRelay(deps, { intervalMs: 50, graceMs: 0 });
  r.start();
  running.push(r);
}

async function newTask(n = 1) {
  return insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: { n } });
}

async function row(id: string) {
  return (await getTaskById(db, { id }))!;
}

/** The delivery count XPENDING reports for one entry (0 when it is not pending). */
async function deliveries(id: string): Promise<number> {
  const rows = (await redis.xpending(STREAM(), CONSUMER_GROUP, id, id, 1)) as [string, string, number, number][];
  return rows[0]?.[3] ?? 0;
}

/**
 * Publishes `task` and leaves its entry in the PEL of a consumer that died: read by "dead",
 * idle for an hour, delivered `times` times in all. Returns the entry id.
 */
async function leftByDeadConsumer(task: { id: string; type: string; lane: "interactive" | "batch" }, times: number): Promise<string> {
  await redis.xgroup("CREATE", STREAM(), CONSUMER_GROUP, "0", "MKSTREAM").catch(() => undefined);
  const entryId = await publishTask(redis, db, task);
  await redis.xreadgroup("GROUP", CONSUMER_GROUP, "dead", "COUNT", 1, "STREAMS", STREAM(), ">");
  await redis.xclaim(STREAM(), CONSUMER_GROUP, "dead", 0, entryId, "IDLE", 3_600_000, "RETRYCOUNT", times, "JUSTID");
  expect(await deliveries(entryId)).toBe(times);
  return entryId;
}

describe("consumer: an attempt past its deadline", () => {
  it("times out and is retried; its late result is discarded and the retry's result stands", async () => {
    const captured = captureLog("info");
    const lateResult = gate();
    const firstAborted = gate<boolean>();
    const h = scripted(async (attempt, signal) => {
      if (attempt !== 1) return;
      // The first attempt ignores its abort and finishes only when the test lets it.
      signal.addEventListener("abort", () => firstAborted.open(true), { once: true });
      await lateResult.p;
    });
    await startConsumer(h, { taskTimeoutMs: 300, leaseMs: 10_000 }, captured.log);
    await startRelay();
    const task = await newTask();
    await publishTask(redis, db, task);

    // The deadline fired (the handler's signal was aborted) and the attempt ended RETRYING/timeout.
    expect(await firstAborted.p).toBe(true);
    await eventually(async () => (await row(task.id)).status === "COMPLETED");
    const ended = captured.records.filter((r) => r.msg === "attempt ended");
    expect(ended.map((r) => [r.attempt, r.status, r.code])).toEqual([[1, "RETRYING", "timeout"]]);
    expect(h.ran).toEqual([1, 2]);

    // Attempt 1's work now returns its write, after attempt 2 completed: it is never run.
    lateResult.open();
    while (running.length) await running.pop()!.stop(); // waits for anything still in flight
    const t = await row(task.id);
    expect(t).toMatchObject({ status: "COMPLETED", attempts: 2 });
    expect(t.payload).toEqual({ n: 1, writtenBy: 2 });
    expect(await kit.pendingCount(STREAM())).toBe(0);
  });
});

/**
 * A handler whose attempt 1 returns at once but whose write never ends until `unstick` (as a
 * write on a connection that died under it): the timeout's abort cannot reach it, only the
 * lease can. Attempts are recorded in `ran`; a write that commits sets `writtenBy`.
 */
function stuckWrite(ran: number[], unstick: Promise<void>, wrote: number[] = []): TaskHandler<{ n: number }> {
  return {
    type: "resume.analyze",
    payloadSchema: z.object({ n: z.number() }),
    async process({ task, attempt }) {
      ran.push(attempt);
      return async (tx) => {
        if (attempt === 1) await unstick;
        await tx.execute(sql`update tasks set payload = payload || jsonb_build_object('writtenBy', ${attempt}::int) where id = ${task.id}`);
        wrote.push(attempt);
      };
    },
  };
}

describe("consumer: an attempt stuck where its abort does not reach", () => {
  it("stops renewing its lease a lease after its timeout; the task is reclaimed and completed by another attempt", async () => {
    const captured = captureLog("warn");
    const unstick = gate();
    const ran: number[] = [];
    const h = stuckWrite(ran, unstick.p);
    // The flush bound past the test: only the heartbeat's cut-off can end this attempt
    // (the bound itself is tests/queue/lost-reply.test.ts's).
    const opts = { taskTimeoutMs: 300, leaseMs: 1_000, reclaimIntervalMs: 500, dbFlushTimeoutMs: 600_000 };
    await startConsumer(h, opts, captured.log);
    const task = await newTask();
    await publishTask(redis, db, task);
    await eventually(async () => ran.length === 1);
    // Another worker, which will find the message idle once the stuck attempt stops vouching for it.
    await startConsumer(h, opts, captured.log);

    await eventually(async () => captured.count(/attempt outlived its timeout; lease no longer renewed/) === 1);
    await eventually(async () => (await row(task.id)).status === "COMPLETED");
    expect(ran).toEqual([1, 2]);
    unstick.open();
    while (running.length) await running.pop()!.stop();
    const t = await row(task.id);
    expect(t).toMatchObject({ status: "COMPLETED", attempts: 2 });
    expect(t.payload).toEqual({ n: 1, writtenBy: 2 }); // the stuck attempt's late write was rolled back
    expect(await kit.pendingCount(STREAM())).toBe(0);
  });

  it("with one worker alone: its own reclaim supersedes the stuck handler, the task completes and nothing stays pending", async () => {
    const captured = captureLog("warn");
    const unstick = gate();
    const ran: number[] = [];
    const h = stuckWrite(ran, unstick.p);
    // No other worker and no relay: only this consumer's XAUTOCLAIM can bring the entry back,
    // and the entry is still "in flight" here under the stuck handler.
    await startConsumer(h, { taskTimeoutMs: 300, leaseMs: 1_000, reclaimIntervalMs: 500, dbFlushTimeoutMs: 600_000 }, captured.log);
    const task = await newTask();
    await publishTask(redis, db, task);

    await eventually(async () => (await row(task.id)).status === "COMPLETED");
    expect(captured.count(/its handler is superseded/)).toBe(1);
    expect(ran).toEqual([1, 2]);
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
    // The stuck write comes back late: fenced out, and it ACKs nothing that is no longer its own.
    unstick.open();
    while (running.length) await running.pop()!.stop();
    const t = await row(task.id);
    expect(t).toMatchObject({ status: "COMPLETED", attempts: 2 });
    expect(t.payload).toEqual({ n: 1, writtenBy: 2 });
    expect(await kit.pendingCount(STREAM())).toBe(0);
  });
});

describe("consumer: a completion flush that does not end", () => {
  it("is given up after dbFlushTimeoutMs: the attempt ends RETRYING at once, and the stuck write, when it ends, is rolled back", async () => {
    const unstick = gate();
    const ran: number[] = [];
    const wrote: number[] = [];
    const h = stuckWrite(ran, unstick.p, wrote);
    // Lease and task timeout far beyond the test: only the flush bound can end this attempt.
    const c = await startConsumer(h, { taskTimeoutMs: 600_000, leaseMs: 600_000, dbFlushTimeoutMs: 300 });
    const task = await newTask();
    await publishTask(redis, db, task);

    await eventually(async () => (await row(task.id)).status === "RETRYING");
    expect(await row(task.id)).toMatchObject({ attempts: 1, errorCode: "internal" });
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
    expect(c.inflightCount).toBe(0);
    // The abandoned transaction goes on: its write runs, then its fenced COMPLETED finds the task
    // RETRYING and it rolls back. Reading the row FOR UPDATE waits for that transaction to end.
    unstick.open();
    await eventually(async () => wrote.length === 1);
    const [locked] = await db.execute<{ payload: Record<string, unknown>; status: string }>(
      sql`select payload, status from tasks where id = ${task.id} for update`,
    );
    expect(locked).toEqual({ payload: { n: 1 }, status: "RETRYING" });
    expect(ran).toEqual([1]);
  });
});

describe("consumer: an attempt that lost its claim", () => {
  it("rolls its write back and ACKs its message; the task stays with the attempt that took it over", async () => {
    const captured = captureLog("warn");
    const started = gate();
    const finish = gate();
    const h = scripted(async () => {
      started.open();
      await finish.p;
    });
    await startConsumer(h, { leaseMs: 2_000 }, captured.log);
    const task = await newTask();
    await publishTask(redis, db, task);
    await started.p;

    // Another worker takes the task over, as a claim after the lease ran out does — one
    // statement, so no heartbeat of attempt 1 can land between the expiry and the claim.
    const [taken] = await db.execute<{ attempts: number }>(sql`
      update tasks set attempts = attempts + 1, lease_expires_at = now() + interval '60 seconds', updated_at = now()
      where id = ${task.id} and status = 'PROCESSING' and attempts = 1 returning attempts`);
    expect(taken.attempts).toBe(2);

    finish.open();
    await eventually(async () => captured.count(/attempt lost its claim; late result discarded/) === 1);
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
    const t = await row(task.id);
    expect(t).toMatchObject({ status: "PROCESSING", attempts: 2 });
    expect(t.payload).toEqual({ n: 1 }); // attempt 1's write did not commit
    expect(h.ran).toEqual([1]);
  });
});

describe("consumer: the poison guard", () => {
  it("dead-letters a message delivered more than maxDeliveries times before any attempt was recorded; one at the limit still runs", async () => {
    const poison = await newTask(1);
    const atLimit = await newTask(2);
    // Both were read by consumers that died before claiming; the reclaim adds one delivery.
    const poisonEntry = await leftByDeadConsumer(poison, 3); // 4th delivery > 3
    await leftByDeadConsumer(atLimit, 2); // 3rd delivery = 3
    const h = scripted(async () => undefined);
    await startConsumer(h, { maxDeliveries: 3, leaseMs: 1_000, reclaimIntervalMs: 3_600_000 });

    await eventually(async () => (await row(atLimit.id)).status === "COMPLETED");
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
    const dlq = await redis.xrange(dlqKey("resume.analyze"), "-", "+");
    expect(dlq.map(([, fields]) => fields)).toEqual([["taskId", poison.id, "code", "poison_message", "deliveries", "4"]]);
    expect(await deliveries(poisonEntry)).toBe(0); // ACKed
    // No attempt of the poison task ran or was recorded.
    expect(h.ran).toEqual([1]);
    expect(await row(poison.id)).toMatchObject({ status: "PENDING", attempts: 0 });
  });
});

describe("consumer: a copy of a task another attempt holds", () => {
  it("is not dead-lettered as poison however often it is redelivered; it stays pending behind the live attempt", async () => {
    const task = await newTask();
    const entry = await leftByDeadConsumer(task, 5); // past maxDeliveries: 3
    // Another worker's attempt holds the task, its lease renewed far ahead.
    await db.update(tasks).set({ status: "PROCESSING", attempts: 1, leaseExpiresAt: sql`now() + interval '1 hour'` }).where(eq(tasks.id, task.id));
    const h = scripted(async () => undefined);
    const c = await startConsumer(h, { maxDeliveries: 3, leaseMs: 1_000, reclaimIntervalMs: 3_600_000 });

    await c.reclaim();
    expect(await deliveries(entry)).toBe(6); // reclaimed once more, and kept
    expect(await redis.xrange(dlqKey("resume.analyze"), "-", "+")).toEqual([]);
    expect(h.ran).toEqual([]);
    expect(await row(task.id)).toMatchObject({ status: "PROCESSING", attempts: 1 });
  });
});

describe("consumer: attempts exhausted", () => {
  it("a reclaimed task whose last attempt died mid-way ends FAILED with attempts_exhausted, without running again", async () => {
    const task = await newTask();
    await leftByDeadConsumer(task, 1);
    // Its third and last attempt was running when its worker died: the lease has run out.
    await db
      .update(tasks)
      .set({ status: "PROCESSING", attempts: task.maxAttempts, leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(tasks.id, task.id));
    const h = scripted(async () => undefined);
    await startConsumer(h, { leaseMs: 1_000, reclaimIntervalMs: 3_600_000 });

    await eventually(async () => (await row(task.id)).status === "FAILED");
    const t = await row(task.id);
    expect(t).toMatchObject({ errorCode: "attempts_exhausted", attempts: task.maxAttempts + 1 });
    expect(h.ran).toEqual([]);
    const dlq = await redis.xrange(dlqKey("resume.analyze"), "-", "+");
    expect(dlq).toHaveLength(1);
    expect(dlq[0][1]).toEqual(expect.arrayContaining(["taskId", task.id, "code", "attempts_exhausted"]));
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
  });
});

describe("consumer: an entry whose task id is not a UUID", () => {
  it("is ACKed and dropped at once, and the tasks read with it complete (one named in upper case too)", async () => {
    const good = [await newTask(1), await newTask(2), await newTask(3)];
    await redis.xgroup("CREATE", STREAM(), CONSUMER_GROUP, "0", "MKSTREAM").catch(() => undefined);
    await redis.xadd(STREAM(), "*", "taskId", "not-a-task-id");
    for (const t of good.slice(0, 2)) await publishTask(redis, db, t);
    await redis.xadd(STREAM(), "*", "taskId", good[2].id.toUpperCase());
    const captured = captureLog("warn");
    const h = scripted(async () => undefined);
    // Read in one batch, claimed in one statement: the malformed id must not fail the others.
    await startConsumer(h, { concurrency: 10, leaseMs: 60_000, reclaimIntervalMs: 3_600_000 }, captured.log);

    for (const t of good) await eventually(async () => (await row(t.id)).status === "COMPLETED");
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
    expect(h.ran).toEqual([1, 1, 1]);
    expect(captured.count(/^stream entry with a malformed task id dropped$/)).toBe(1);
  });
});
