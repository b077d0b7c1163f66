import "../helpers/env";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getTaskById, insertTask } from "@/lib/db/queries/tasks";
import { StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import type { TaskType } from "@/lib/queue/names";
import { publishTask } from "@/lib/queue/producer";
import { eventually } from "../helpers/fixtures";
import { queueTestKit } from "./kit";

let ownerId: string;
const kit = queueTestKit((id) => (ownerId = id));
const { db, redis, log, running } = kit;

describe("fair reading across task types of one lane", () => {
  it("a task of another type published behind a backlog starts within a few claims, not after the backlog", async () => {
    const order: string[] = [];
    const handler = (type: TaskType): TaskHandler<{ n: number }> => ({
      type,
      payloadSchema: z.object({ n: z.number() }),
      async process({ task }) {
        order.push(task.id);
        await new Promise((r) => setTimeout(r, 50));
        return async () => undefined;
      },
    });
    const concurrency = 2;
    // Registered first, as resume.analyze is in worker/index.ts: before, its stream was always read first.
    const consumer = new StreamConsumer({ db, redis, log }, [handler("resume.analyze"), handler("interview.plan")], {
      concurrency,
      blockMs: 100,
      leaseMs: 5_000,
      shutdownGraceMs: 2_000,
    });
    await consumer.start();
    running.push(consumer);

    const backlog: string[] = [];
    for (let i = 0; i < 20; i++) {
      const t = await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: { n: i } });
      await publishTask(redis, db, t);
      backlog.push(t.id);
    }
    await eventually(async () => order.length >= concurrency);
    const other = await insertTask(db, { type: "interview.plan", lane: "interactive", ownerId, payload: { n: 0 } });
    const startedBeforePublish = order.length;
    await publishTask(redis, db, other);
    await eventually(async () => (await getTaskById(db, { id: other.id }))?.status === "COMPLETED");

    const backlogStartedAfterPublish = order.indexOf(other.id) - startedBeforePublish;
    expect(backlogStartedAfterPublish).toBeGreaterThanOrEqual(0);
    expect(backlogStartedAfterPublish).toBeLessThanOrEqual(2 * concurrency);
    await eventually(async () => order.length === backlog.length + 1);
  });
});
