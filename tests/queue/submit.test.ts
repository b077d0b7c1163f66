import "../helpers/env";
import Redis from "ioredis";
import { describe, expect, it } from "vitest";
import { insertTask, insertTasks } from "@/lib/db/queries/tasks";
import type { Logger } from "@/lib/log";
import { streamKey } from "@/lib/queue/names";
import { submitTask, submitTasks } from "@/lib/queue/producer";
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

describe("submitTask (after the outbox commit)", () => {
  it("XADDs the committed task and records the entry id on its row", async () => {
    const { log, warnings } = recordingLog();
    const task = await insertTask(db, analysisTask());
    const id = await submitTask({ db, redis, log }, task);

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

describe("submitTasks (the bulk form)", () => {
  it("publishes in one round trip; a failed XADD leaves only that task to the relay, and says which", async () => {
    const { log, warnings } = recordingLog();
    // A stream key holding a string: XADD to it fails (WRONGTYPE) while the others succeed.
    await redis.set(streamKey("interview.plan", "interactive"), "not a stream");
    const [ok, broken] = await insertTasks(db, [analysisTask(), newTask("interview.plan", { ownerId, payload: { interviewId: crypto.randomUUID() } })]);
    const ids = await submitTasks({ db, redis, log }, [ok, broken]);

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
