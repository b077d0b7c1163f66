import "../helpers/env";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { claimTask, finishAttempt, insertTask, type TaskRow } from "@/lib/db/queries/tasks";
import { listDeliveriesForTask } from "@/lib/db/queries/webhooks";
import { tasks, webhookDeliveries } from "@/lib/db/schema";
import { createLogger } from "@/lib/log";
import { type DispatcherOptions, WebhookDispatcher, webhookIdOf } from "@/lib/webhooks/dispatcher";
import { enqueueTaskEvent } from "@/lib/webhooks/enqueue";
import type { LookupAll } from "@/lib/webhooks/url-policy";
import { createUser, eventually } from "../helpers/fixtures";
import { type Receiver, startReceiver } from "./receiver.mock";

// The file's own database (tests/helpers/env.ts): a dispatcher claims every due delivery in it.
const db = getDb();
const log = createLogger("test");
log.level = "error"; // "failed for good" warnings are expected here
const SECRET = `whsec_${Buffer.from("panelist-webhook-test-secret-32b").toString("base64")}`;
let ownerId: string;
const receivers: Receiver[] = [];
const dispatchers: WebhookDispatcher[] = [];

/** A dispatcher with test-sized timings: retries 50 ms apart, no jitter, 127.0.0.1 allowed. */
function dispatcher(opts: Partial<DispatcherOptions> = {}) {
  const d = new WebhookDispatcher(
    { db, log },
    { intervalMs: 20, retryScheduleMs: [50, 50, 50], jitterRatio: 0, timeoutMs: 2_000, secret: SECRET, allowHosts: ["127.0.0.1"], ...opts },
  );
  dispatchers.push(d);
  return d;
}

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

/** A task with a callback URL, claimed and ended with `status` in one transaction with its event, as the consumer will do. */
async function endTask(
  callbackUrl: string | null,
  status: "COMPLETED" | "FAILED" | "TERMINATED_BY_POLICY" = "COMPLETED",
  error: { code: string; message: string } | null = null,
): Promise<TaskRow> {
  const task = await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: {} });
  await db.update(tasks).set({ callbackUrl }).where(eq(tasks.id, task.id));
  const claimed = (await claimTask(db, { id: task.id, leaseMs: 60_000 }))!;
  await db.transaction(async (tx) => {
    expect(await finishAttempt(tx, { id: task.id, attempt: claimed.attempts, status, error })).toBe(true);
    await enqueueTaskEvent(tx, { task: claimed });
  });
  return claimed;
}

async function deliveryOf(taskId: string) {
  const rows = await listDeliveriesForTask(db, { taskId });
  expect(rows).toHaveLength(1);
  return rows[0];
}

async function settled(taskId: string) {
  return eventually(async () => {
    const d = await deliveryOf(taskId);
    return d.status !== "pending" ? d : undefined;
  });
}

function verify(req: { body: string; headers: Record<string, string | string[] | undefined> }) {
  return new Webhook(SECRET).verify(req.body, {
    "webhook-id": String(req.headers["webhook-id"]),
    "webhook-timestamp": String(req.headers["webhook-timestamp"]),
    "webhook-signature": String(req.headers["webhook-signature"]),
  });
}

beforeAll(async () => {
  ownerId = await createUser(db);
});

afterEach(async () => {
  while (dispatchers.length) await dispatchers.pop()!.stop();
  while (receivers.length) await receivers.pop()!.close();
  // Leave nothing due for the next test's dispatcher.
  await db.update(webhookDeliveries).set({ status: "failed" }).where(eq(webhookDeliveries.status, "pending"));
});

afterAll(async () => {
  await closeDb();
});

describe("enqueueTaskEvent", () => {
  it("records one event per task end, in the ending transaction, with the status and error just written", async () => {
    const task = await endTask("https://example.com/hook", "FAILED", { code: "upstream_5xx", message: "upstream answered 500" });
    const d = await deliveryOf(task.id);
    expect(d).toMatchObject({ eventType: "task.failed", url: "https://example.com/hook", status: "pending", attempts: 0 });
    const finished = (await db.select().from(tasks).where(eq(tasks.id, task.id)))[0];
    expect(JSON.parse(d.payload)).toEqual({
      type: "task.failed",
      timestamp: finished.finishedAt!.toISOString(),
      data: { taskId: task.id, type: "resume.analyze", status: "FAILED", error: { code: "upstream_5xx", message: "upstream answered 500" } },
    });
    // A second call for the same end (a retried transaction, a double call) adds nothing.
    await db.transaction((tx) => enqueueTaskEvent(tx, { task }));
    expect(await listDeliveriesForTask(db, { taskId: task.id })).toHaveLength(1);
  });

  it("does nothing for a task without a callback URL, or one that has not ended", async () => {
    const none = await endTask(null);
    expect(await listDeliveriesForTask(db, { taskId: none.id })).toHaveLength(0);
    const open = await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: {} });
    await db.update(tasks).set({ callbackUrl: "https://example.com/hook" }).where(eq(tasks.id, open.id));
    expect(await enqueueTaskEvent(db, { task: { id: open.id, callbackUrl: "https://example.com/hook" } })).toBeUndefined();
  });

  it("is rolled back with the transaction that would have ended the task", async () => {
    const task = await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: {} });
    await db.update(tasks).set({ callbackUrl: "https://example.com/hook" }).where(eq(tasks.id, task.id));
    const claimed = (await claimTask(db, { id: task.id, leaseMs: 60_000 }))!;
    await expect(
      db.transaction(async (tx) => {
        await finishAttempt(tx, { id: task.id, attempt: claimed.attempts, status: "COMPLETED" });
        await enqueueTaskEvent(tx, { task: claimed });
        throw new Error("the result write failed");
      }),
    ).rejects.toThrow();
    expect(await listDeliveriesForTask(db, { taskId: task.id })).toHaveLength(0);
  });
});

describe("WebhookDispatcher", () => {
  it("POSTs a signed task.completed event that the standardwebhooks library verifies", async () => {
    const r = await receiver();
    const task = await endTask(r.url);
    await dispatcher().tick();

    expect(r.received).toHaveLength(1);
    const req = r.received[0];
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/hook");
    expect(req.headers["content-type"]).toBe("application/json");
    const d = await deliveryOf(task.id);
    expect(req.headers["webhook-id"]).toBe(webhookIdOf(d));
    expect(Math.abs(Number(req.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(10);
    expect(req.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verify(req)).toMatchObject({ type: "task.completed", data: { taskId: task.id, type: "resume.analyze", status: "COMPLETED", error: null } });
    // A tampered body does not verify.
    expect(() => verify({ ...req, body: req.body.replace("COMPLETED", "FAILED") })).toThrow();

    expect(d).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200, lastError: null });
    expect(d.deliveredAt).not.toBeNull();
    expect(d.attemptLog).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200, error: null })]);
  });

  it("a receiver answering 500 twice then 200 gets three attempts with the same webhook-id, each recorded", async () => {
    const r = await receiver([{ status: 500 }, { status: 500 }, { status: 200 }]);
    const task = await endTask(r.url);
    dispatcher().start();
    const d = await settled(task.id);

    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((q) => q.headers["webhook-id"]))).toEqual(new Set([webhookIdOf(d)]));
    expect(new Set(r.received.map((q) => q.body)).size).toBe(1); // the same bytes every time
    for (const q of r.received) expect(verify(q)).toMatchObject({ type: "task.completed" });
    expect(d).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 200 });
    expect(d.attemptLog.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, 500, "http_500"],
      [2, 500, "http_500"],
      [3, 200, null],
    ]);
  });

  it("gives up after the schedule: failed, every attempt recorded", async () => {
    const r = await receiver([{ status: 503 }]);
    const task = await endTask(r.url);
    dispatcher({ retryScheduleMs: [20, 20] }).start();
    const d = await settled(task.id);
    expect(d).toMatchObject({ status: "failed", attempts: 3, lastStatusCode: 503, lastError: "http_503" });
    expect(r.received).toHaveLength(3);
  });

  it("does not follow a 302: the redirect target never hears of it, and the attempt counts as failed", async () => {
    const target = await receiver();
    const r = await receiver([{ status: 302, headers: { location: target.url } }]);
    const task = await endTask(r.url);
    await dispatcher({ retryScheduleMs: [60_000] }).tick();

    expect(r.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
    const d = await deliveryOf(task.id);
    expect(d).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 302, lastError: "redirect_not_followed" });
    const [{ inFuture }] = await db.execute<{ inFuture: boolean }>(
      sql`select next_attempt_at > now() + interval '50 seconds' as "inFuture" from webhook_deliveries where id = ${d.id}`,
    );
    expect(inFuture).toBe(true);
  });

  it("a hanging receiver times out and the event is retried with the same webhook-id", async () => {
    const r = await receiver(["hang", { status: 204 }]);
    const task = await endTask(r.url);
    dispatcher({ timeoutMs: 300 }).start();
    const d = await settled(task.id);

    // The first attempt ended by its deadline (recorded as a timeout, not before the 300 ms);
    // how promptly after it is no test's business (docs/testing.md, "Rules").
    expect(d).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 204 });
    expect(d.attemptLog[0]).toMatchObject({ attempt: 1, statusCode: null, error: "timeout" });
    expect(d.attemptLog[0].durationMs).toBeGreaterThanOrEqual(290);
    expect(r.received.map((q) => q.headers["webhook-id"])).toEqual([webhookIdOf(d), webhookIdOf(d)]);
  });

  it("410 Gone stops the retries at once", async () => {
    const r = await receiver([{ status: 410 }]);
    const task = await endTask(r.url);
    dispatcher().start();
    const d = await settled(task.id);
    expect(d).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 410, lastError: "gone" });
  });

  it("a loopback receiver that is not allow-listed is never called", async () => {
    const r = await receiver();
    const task = await endTask(r.url);
    await dispatcher({ allowHosts: [] }).tick();
    expect(r.received).toHaveLength(0);
    expect(await deliveryOf(task.id)).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: null, lastError: "forbidden_address" });
  });

  it("connects to the address it checked, keeping the URL's host name in the Host header", async () => {
    const r = await receiver();
    // receiver.test exists in no DNS: the request can only reach 127.0.0.1 through the pinned address.
    const lookup: LookupAll = async (host) => (host === "receiver.test" ? [{ address: "127.0.0.1", family: 4 }] : []);
    const url = `http://receiver.test:${r.port}/hook?source=panelist`;

    const refused = await endTask(url);
    await dispatcher({ lookup, allowHosts: ["127.0.0.1"] }).tick();
    expect(await deliveryOf(refused.id)).toMatchObject({ status: "failed", lastError: "forbidden_address" });
    expect(r.received).toHaveLength(0);

    const allowed = await endTask(url);
    await dispatcher({ lookup, allowHosts: ["receiver.test"] }).tick();
    expect(await deliveryOf(allowed.id)).toMatchObject({ status: "delivered" });
    expect(r.received).toHaveLength(1);
    expect(r.received[0].headers.host).toBe(`receiver.test:${r.port}`);
    expect(r.received[0].path).toBe("/hook?source=panelist");
  });

  it("two dispatchers ticking together share the due events: each is sent exactly once (SKIP LOCKED)", async () => {
    const r = await receiver();
    const ended = await Promise.all(Array.from({ length: 12 }, () => endTask(r.url)));
    const a = dispatcher({ concurrency: 5 });
    const b = dispatcher({ concurrency: 5 });
    await eventually(async () => {
      await Promise.all([a.tick(), b.tick()]);
      const rows = await Promise.all(ended.map((t) => deliveryOf(t.id)));
      return rows.every((d) => d.status === "delivered");
    });
    const ids = r.received.map((q) => q.headers["webhook-id"]);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });

  it("an attempt whose dispatcher died is attempted again after the lease, with the same webhook-id", async () => {
    const r = await receiver();
    const task = await endTask(r.url);
    // A dispatcher claimed it (attempt 1) and died before recording anything.
    await db.update(webhookDeliveries).set({ attempts: 1, nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(webhookDeliveries.taskId, task.id));
    await dispatcher().tick();
    const d = await deliveryOf(task.id);
    expect(d).toMatchObject({ status: "delivered", attempts: 2 });
    expect(r.received.map((q) => q.headers["webhook-id"])).toEqual([webhookIdOf(d)]);
  });

  it("no retry is scheduled past the age limit", async () => {
    const r = await receiver([{ status: 500 }]);
    const task = await endTask(r.url);
    await dispatcher({ retryScheduleMs: [1_000], maxAgeMs: 500 }).tick();
    expect(await deliveryOf(task.id)).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 500 });
  });
});
