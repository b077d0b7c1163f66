import "../helpers/env";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as upload } from "@/app/api/resumes/route";
import { closeDb, getDb } from "@/lib/db/client";
import { getTaskById } from "@/lib/db/queries/tasks";
import { listDeliveriesForTask } from "@/lib/db/queries/webhooks";
import { createLogger } from "@/lib/log";
import { StreamConsumer } from "@/lib/queue/consumer";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { enqueueTaskEvent } from "@/lib/webhooks/enqueue";
import { webhookSecret } from "@/lib/webhooks/secret";
import { resumeAnalyzeHandler } from "@/worker/handlers/resume-analyze";
import { clearPrefix, eventually } from "../helpers/fixtures";
import { params, signUpCandidate, uploadRequest } from "../helpers/http";
import { type Receiver, startReceiver } from "./receiver.mock";

/** The callback wiring end to end: upload with `callbackUrl` → worker ends the task → signed POST. */
const db = getDb();
const redis = getRedis();
const log = createLogger("test");
let cookie: string;
let consumer: StreamConsumer;
let dispatcher: WebhookDispatcher;
let receiver: Receiver;

function uploadWith(callbackUrl: string, text: string) {
  const req = uploadRequest({ cookie, bytes: new TextEncoder().encode(text), fileName: "r.txt" });
  return req.formData().then((form) => {
    form.set("callbackUrl", callbackUrl);
    return upload(new Request(req.url, { method: "POST", headers: { cookie }, body: form }), params({}));
  });
}

beforeAll(async () => {
  process.env.LLM_PROVIDER = "offline";
  process.env.WEBHOOK_ALLOW_HOSTS = "127.0.0.1";
  cookie = (await signUpCandidate()).cookie;
  receiver = await startReceiver([{ status: 200 }]);
  consumer = new StreamConsumer({ db, redis, log }, [resumeAnalyzeHandler(db)], {
    blockMs: 100,
    onTaskEnded: (tx, task) => enqueueTaskEvent(tx, { task }).then(() => undefined),
  });
  await consumer.start();
  dispatcher = new WebhookDispatcher({ db, log }, { intervalMs: 50, allowHosts: ["127.0.0.1"] });
  dispatcher.start();
});

afterAll(async () => {
  await dispatcher.stop();
  await consumer.stop();
  await receiver.close();
  await clearPrefix(redis);
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

describe("task callbacks", () => {
  it("a task with a callbackUrl POSTs one signed event when it ends; the library verifies it", async () => {
    const res = await uploadWith(receiver.url, `Jane Doe\njane@example.com\nExperience\nEngineer, Acme 2019 - 2023\nSkills: Go, SQL\n${Math.random()}`);
    expect(res.status).toBe(202);
    const { taskId } = (await res.json()) as { taskId: string };
    await eventually(async () => receiver.received.length >= 1);
    const task = await getTaskById(db, { id: taskId });
    const got = receiver.received[0];
    const event = new Webhook(webhookSecret()).verify(got.body, {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    }) as { type: string; data: { taskId: string; status: string } };
    expect(event.data).toMatchObject({ taskId, status: task!.status });
    expect(["task.completed", "task.terminated"]).toContain(event.type);
    // One event was enqueued, and it is done: delivered on its first attempt, nothing left due
    // (the rows are what the dispatcher sends from), so no second POST can follow.
    const deliveries = await eventually(async () => {
      const rows = await listDeliveriesForTask(db, { taskId });
      return rows.every((d) => d.status === "delivered") ? rows : undefined;
    });
    expect(deliveries.map((d) => [d.status, d.attempts])).toEqual([["delivered", 1]]);
    expect(receiver.received).toHaveLength(1);
  });

  it("refuses a private or loopback callbackUrl that is not allow-listed with 422, writing nothing", async () => {
    for (const url of ["http://10.0.0.7/hook", "http://169.254.169.254/latest/meta-data", "http://[::1]:8080/x", "ftp://example.com/x"]) {
      const res = await uploadWith(url, `resume ${Math.random()}`);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { issues: { path: string }[] };
      expect(body.issues[0].path).toBe("callbackUrl");
    }
  });
});
