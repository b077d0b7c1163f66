import "../helpers/env";
import { sql } from "drizzle-orm";
import Redis from "ioredis";
import { describe, expect, it } from "vitest";
import { insertTask, insertTasks } from "@/lib/db/queries/tasks";
import type { Logger } from "@/lib/log";
import { streamKey } from "@/lib/queue/names";
import { drainPublishMarks, publishTask, submitTask, submitTasks } from "@/lib/queue/producer";
import { OutboxRelay } from "@/lib/queue/relay";
import { newTask } from "@/lib/tasks/definitions";
import { eventually } from "../helpers/fixtures";
import { queueTestKit } from "./kit";

let ownerId: string;
const kit = queueTestKit((id) => (ownerId = id));
const { db, redis, running } = kit;

/** A logger that keeps its warnings, to see what an operator would read. */
function recordingLog(): { log: Logger; warnings: { fields: Record<string, unknown>; msg: string }[] } {
  const warnings: { fields: Record<string, unknown>; msg: string }[] = [];
  const log = { warn: (fields: Record<string, unknown>, msg: string) => warnings.push({ fields, msg }) } as unknown as Logger;
  return { log, warnings };
}

const analysisTask = () => newTask("resume.analyze", { ownerId, payload: { resumeId: crypto.randomUUID() } });

/** Holds `id`'s row lock (as a consumer's claim does) in a transaction of its own until `release()`; `holder` settles when it has ended. */
async function holdRowLock(id: string): Promise<{ release: () => void; holder: Promise<void> }> {
  let release!: () => void;
  const locked = new Promise<void>((r) => (release = r));
  let lockTaken!: () => void;
  const taken = new Promise<void>((r) => (lockTaken = r));
  const holder = db.transaction(async (tx) => {
    await tx.execute(sql`select id from tasks where id = ${id} for no key update`);
    lockTaken();
    await locked;
  });
  await taken;
  return { release, holder };
}

describe("submitTask (after the outbox commit)", () => {
  it("XADDs the committed task and records the entry id on its row", async () => {
    const { log, warnings } = recordingLog();
    const task = await insertTask(db, analysisTask());
    const id = await submitTask({ db, redis, log }, task);
    await drainPublishMarks(db); // the entry id is recorded after the answer

    expect(id).toMatch(/^\d+-\d+$/);
    const [row] = await kit.rows([task.id]);
    expect(row.messageId).toBe(id);
    const entries = await redis.xrange(streamKey("resume.analyze", "interactive"), "-", "+");
    expect(entries).toEqual([[id, ["taskId", task.id]]]);
    expect(warnings).toEqual([]);
  });

  it("with Redis unreachable: does not throw, logs the task, leaves it to the relay, which publishes it", async () => {
    const { log, warnings } = recordingLog();
    const task = await insertTask(db, analysisTask());
    const gone = new Redis({ port: 1, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    gone.on("error", () => undefined);
    try {
      expect(await submitTask({ db, redis: gone, log }, task)).toBeNull();
    } finally {
      gone.disconnect();
    }
    expect(warnings).toEqual([{ fields: expect.objectContaining({ taskId: task.id }), msg: "XADD failed; the relay will publish the task" }]);
    expect((await kit.rows([task.id]))[0].messageId).toBeNull();

    const relay = new OutboxRelay(kit.deps, { intervalMs: 100, graceMs: 200, streams: [streamKey("resume.analyze", "interactive")] });
    relay.start();
    running.push(relay);
    await eventually(async () => (await kit.rows([task.id]))[0].messageId !== null);
    const entries = await redis.xrange(streamKey("resume.analyze", "interactive"), "-", "+");
    expect(entries.map(([, fields]) => fields[1])).toContain(task.id);
  });
});

describe("publishTask group commit (concurrent publishes share a flush)", () => {
  it("publishes made together share one XADD pipeline and one UPDATE; a failed XADD fails only its own, which the relay publishes", async () => {
    // A stream key holding a string: XADD to it fails (WRONGTYPE) while the others succeed.
    await redis.set(streamKey("interview.plan", "interactive"), "not a stream");
    const [lead, a, b, broken] = await insertTasks(db, [
      analysisTask(),
      analysisTask(),
      analysisTask(),
      newTask("interview.plan", { ownerId, payload: { interviewId: crypto.randomUUID() } }),
    ]);
    // The lead finds the batcher idle and flushes at once, alone; the three that come while it
    // is in flight go together in the next flush.
    const settled = await Promise.allSettled([lead, a, b, broken].map((t) => publishTask(redis, db, t)));
    await drainPublishMarks(db); // the entry ids are recorded in the background

    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected"]);
    expect(String((settled[3] as PromiseRejectedResult).reason)).toMatch(/WRONGTYPE/);
    const ids = settled.slice(0, 3).map((s) => (s as PromiseFulfilledResult<string>).value);
    const rows = new Map((await kit.rows([lead.id, a.id, b.id, broken.id])).map((r) => [r.id, r]));
    expect([lead, a, b].map((t) => rows.get(t.id)!.messageId)).toEqual(ids);
    // One UPDATE recorded a and b: one statement, one now() (transaction time, µs resolution).
    const publishedAt = await db.execute<{ id: string; at: string }>(
      sql`select id, published_at::text as at from tasks where id in (${lead.id}, ${a.id}, ${b.id})`,
    );
    const at = new Map(publishedAt.map((r) => [r.id, r.at]));
    expect(at.get(a.id)).toBe(at.get(b.id));
    expect(at.get(lead.id)).not.toBe(at.get(a.id));
    expect(rows.get(broken.id)!.messageId).toBeNull();
    const entries = await redis.xrange(streamKey("resume.analyze", "interactive"), "-", "+");
    expect(entries).toEqual([lead, a, b].map((t, i) => [ids[i], ["taskId", t.id]]));

    // The failed one is left to the relay: once its stream is usable again it gets published.
    await redis.del(streamKey("interview.plan", "interactive"));
    const relay = new OutboxRelay(kit.deps, {
      intervalMs: 100,
      graceMs: 200,
      streams: [streamKey("resume.analyze", "interactive"), streamKey("interview.plan", "interactive")],
    });
    relay.start();
    running.push(relay);
    await eventually(async () => (await kit.rows([broken.id]))[0].messageId !== null);
    expect((await redis.xrange(streamKey("interview.plan", "interactive"), "-", "+")).map(([, f]) => f[1])).toEqual([broken.id]);
  });

  it("resolves with the XADD, not the entry-id UPDATE: a publish whose row is locked answers at once, and the id is recorded once the lock goes", async () => {
    const [task] = await insertTasks(db, [analysisTask()]);
    const { release, holder } = await holdRowLock(task.id);
    let id: string;
    try {
      // A lone row's UPDATE waits for the lock; the publish does not wait for the UPDATE.
      id = await publishTask(redis, db, task);
      expect(id).toMatch(/^\d+-\d+$/);
      expect((await redis.xrange(streamKey("resume.analyze", "interactive"), id, id)).map(([, f]) => f[1])).toEqual([task.id]);
      expect((await kit.rows([task.id]))[0].messageId).toBeNull();
    } finally {
      release();
      await holder;
    }
    await drainPublishMarks(db);
    expect((await kit.rows([task.id]))[0].messageId).toBe(id);
  });

  it("does not wait for a row another transaction holds (a claim in progress): the others are recorded, that one stays unpublished", async () => {
    const [lead, held, free] = await insertTasks(db, [analysisTask(), analysisTask(), analysisTask()]);
    const { release, holder } = await holdRowLock(held.id);
    try {
      // The lead flushes alone (a lone row's plain UPDATE); held and free share the next flush.
      const ids = await Promise.all([lead, held, free].map((t) => publishTask(redis, db, t)));
      await drainPublishMarks(db); // does not wait for the held row either
      expect(ids.every((id) => /^\d+-\d+$/.test(id))).toBe(true);
      const rows = new Map((await kit.rows([lead.id, held.id, free.id])).map((r) => [r.id, r]));
      expect(rows.get(lead.id)!.messageId).toBe(ids[0]);
      expect(rows.get(free.id)!.messageId).toBe(ids[2]);
      expect(rows.get(held.id)!.messageId).toBeNull();
    } finally {
      release();
      await holder;
    }
  });
});

describe("submitTasks (the bulk form)", () => {
  it("publishes in one round trip; a failed XADD leaves only that task to the relay, and says which", async () => {
    const { log, warnings } = recordingLog();
    // A stream key holding a string: XADD to it fails (WRONGTYPE) while the others succeed.
    await redis.set(streamKey("interview.plan", "interactive"), "not a stream");
    const [ok, broken] = await insertTasks(db, [analysisTask(), newTask("interview.plan", { ownerId, payload: { interviewId: crypto.randomUUID() } })]);
    const ids = await submitTasks({ db, redis, log }, [ok, broken]);
    await drainPublishMarks(db);

    expect(ids[0]).toMatch(/^\d+-\d+$/);
    expect(ids[1]).toBeNull();
    const rows = new Map((await kit.rows([ok.id, broken.id])).map((r) => [r.id, r]));
    expect(rows.get(ok.id)!.messageId).toBe(ids[0]);
    expect(rows.get(broken.id)!.messageId).toBeNull();
    expect(warnings.map((w) => w.fields.taskId)).toEqual([broken.id]);
  });
});

describe("newTask (from the task definitions)", () => {
  it("takes maxAttempts and the default lane from the definition and refuses a lane or payload the type does not have", () => {
    const t = analysisTask();
    expect({ lane: t.lane, maxAttempts: t.maxAttempts, callbackUrl: t.callbackUrl }).toEqual({ lane: "interactive", maxAttempts: 3, callbackUrl: null });
    expect(newTask("resume.analyze", { ownerId, payload: t.payload as { resumeId: string }, lane: "batch" }).lane).toBe("batch");
    expect(() => newTask("interview.plan", { ownerId, payload: { interviewId: crypto.randomUUID() }, lane: "batch" })).toThrow(/interactive/);
    expect(() => newTask("interview.evaluate", { ownerId, payload: { interviewId: "nope" } })).toThrow();
  });
});
