import "../helpers/env";
import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ensureOrganizationWithOwner } from "@/lib/db/queries/organizations";
import { claimTask, finishAttempt, insertTask, insertTasks } from "@/lib/db/queries/tasks";
import { organizationSettings, tasks } from "@/lib/db/schema";
import { StreamConsumer, type TaskContext, type TaskHandler } from "@/lib/queue/consumer";
import { FairFeeder, submitFairTasks } from "@/lib/queue/fair-feeder";
import { CONSUMER_GROUP, relayEpochKey, streamKey } from "@/lib/queue/names";
import { submitTask } from "@/lib/queue/producer";
import { OutboxRelay } from "@/lib/queue/relay";
import { TaskError } from "@/lib/queue/task-error";
import { clearPrefix, eventually } from "../helpers/fixtures";
import { queueTestKit } from "./kit";

/**
 * Fair queuing across organisations on the batch lane (lib/queue/fair-feeder.ts,
 * docs/recruiting.md "Fair queuing on the batch lane"), with the real consumer, relay, PostgreSQL
 * and Redis. Claim order is the handler's log (one entry per attempt, in the order attempts
 * started), never a timing.
 */
const WINDOW = 4;
const BATCH = () => streamKey("resume.analyze", "batch");
let ownerId: string;
const kit = queueTestKit((id) => (ownerId = id));
const { db, redis, deps, running } = kit;
const feederOptions = { windowPerWeight: WINDOW };

// The feeder and the relay read every open task of the database: each test starts with none.
beforeEach(async () => {
  await db.delete(tasks).where(eq(tasks.ownerId, ownerId));
});

/** A gate attempts wait at (`passed`) until the test opens it once; open, it lets all through. */
function opening() {
  let open: () => void = () => undefined;
  const passed = new Promise<void>((r) => {
    open = r;
  });
  return { passed, open: () => open() };
}

/** A trivial handler logging each attempt's task id; `hook` may throw or wait per attempt. */
function logging(order: string[], hook: (ctx: TaskContext<{ n: number }>) => Promise<void> = async () => undefined): TaskHandler<{ n: number }> {
  return {
    type: "resume.analyze",
    payloadSchema: z.object({ n: z.number() }),
    async process(ctx) {
      order.push(ctx.task.id);
      await hook(ctx);
      return async () => undefined;
    },
  };
}

async function startConsumer(h: TaskHandler<unknown>, opts: Partial<ConstructorParameters<typeof StreamConsumer>[2]> = {}) {
  const c = new StreamConsumer(deps, [h], {
    blockMs: 100,
    leaseMs: 5_000,
    shutdownGraceMs: 2_000,
    backoffBaseMs: 20,
    backoffCapMs: 50,
    fairFeeder: new FairFeeder(deps, feederOptions),
    ...opts,
  });
  await c.start();
  running.push(c);
  return c;
}

function startRelay() {
  const r = new OutboxRelay(deps, { intervalMs: 50, graceMs: 0, fairFeeder: new FairFeeder(deps, feederOptions) });
  r.start();
  running.push(r);
  return r;
}

/** A fresh organisation (the fair key), with `weight` in its settings when given. */
async function newOrg(weight?: number): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const { organizationId } = await ensureOrganizationWithOwner(db, { id: `org_${tag}`, name: `Org ${tag}`, slug: `org-${tag}`, ownerId });
  if (weight !== undefined) await db.insert(organizationSettings).values({ organizationId, batchWeight: weight });
  return organizationId;
}

function fairRows(org: string, n: number) {
  return Array.from({ length: n }, (_, i) => ({
    type: "resume.analyze",
    lane: "batch" as const,
    ownerId,
    payload: { n: i },
    organizationId: org,
    fairKey: org,
  }));
}

/** Commits `n` fair batch tasks of `org` in one insert, then submits them as the bulk upload does. */
async function fairBatch(org: string, n: number): Promise<string[]> {
  const rows = await insertTasks(db, fairRows(org, n));
  await submitFairTasks(deps, rows, feederOptions);
  return rows.map((r) => r.id);
}

/**
 * Commits `n` fair tasks one transaction each and submits none: the order they were created in
 * is the order the feeder admits them (one bulk insert shares one `created_at`, ordered by id).
 */
async function fairOneByOne(org: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (const row of fairRows(org, n)) ids.push((await insertTask(db, row)).id);
  return ids;
}

/** The group's admitted-and-unfinished tasks (PENDING with an entry, or PROCESSING). */
async function admitted(org: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(and(eq(tasks.fairKey, org), or(eq(tasks.status, "PROCESSING"), and(eq(tasks.status, "PENDING"), isNotNull(tasks.messageId)))));
  return row.n;
}

async function allCompleted(ids: string[]): Promise<boolean> {
  return (await kit.rows(ids)).every((t) => t.status === "COMPLETED");
}

/** The task ids of the batch stream's entries, in stream order. */
async function streamTaskIds(): Promise<string[]> {
  return (await redis.xrange(BATCH(), "-", "+")).map(([, f]) => f[f.indexOf("taskId") + 1]);
}

describe("fair queuing across organisations on the batch lane", () => {
  it("a 200-task batch is admitted a window at a time, not all XADDed by its producer", async () => {
    const a = await newOrg();
    const ids = await fairBatch(a, 200);
    const stream = await streamTaskIds();
    expect(stream).toHaveLength(WINDOW);
    expect(stream.every((id) => ids.includes(id))).toBe(true);
    expect(await admitted(a)).toBe(WINDOW);
  });

  it("(a) a candidate's interactive task submitted after an organisation's 200 queued ones is claimed before them", async () => {
    const order: string[] = [];
    const concurrency = 2;
    const gate = opening();
    await startConsumer(
      logging(order, () => gate.passed),
      { concurrency },
    );
    const a = await newOrg();
    const batch = await fairBatch(a, 200);
    // Every slot holds one of A's tasks while the candidate submits.
    await eventually(async () => order.length === concurrency);
    const upload = await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload: { n: 0 } });
    await submitTask(deps, upload);
    gate.open();
    await eventually(() => allCompleted([...batch, upload.id]), 60_000);

    // Interactive is read first: the first slot to free takes it, ahead of A's admitted window
    // (a slot freeing at the same moment may start one of A's a moment before its claim lands).
    expect(order.indexOf(upload.id)).toBeGreaterThanOrEqual(concurrency);
    expect(order.indexOf(upload.id)).toBeLessThan(2 * concurrency);
    expect(order.filter((id) => batch.includes(id))).toHaveLength(200);
  });

  it("(b) a second organisation's 5-task batch submitted after another's 200 is claimed interleaved, not after them", async () => {
    const order: string[] = [];
    const concurrency = 2;
    const gate = opening();
    await startConsumer(
      logging(order, () => gate.passed),
      { concurrency },
    );
    const a = await newOrg();
    const b = await newOrg();
    const big = await fairBatch(a, 200);
    // A's window is in: two running, two queued in the stream, 196 waiting for admission.
    await eventually(async () => order.length === concurrency);
    const small = await fairBatch(b, 5);
    gate.open();
    await eventually(() => allCompleted([...big, ...small]), 60_000);

    // B's tasks by when they were claimed (one bulk insert is admitted in id order, not input order).
    const bClaims = order.map((id, at) => ({ id, at })).filter((c) => small.includes(c.id));
    expect(bClaims).toHaveLength(5);
    // B's first window went in right behind the queued part of A's window; B's fifth, admitted
    // when one of B's ends, behind at most one more window of A's re-admissions. FIFO: ~196.
    for (const [k, c] of bClaims.entries()) {
      const aClaimsBefore = order.slice(concurrency, c.at).filter((x) => big.includes(x)).length;
      expect(aClaimsBefore).toBeLessThanOrEqual((k < WINDOW ? WINDOW : 2 * WINDOW) + concurrency);
    }
  });

  it("(c) weight 2 gets twice the admissions of weight 1 while both have work queued", async () => {
    const order: string[] = [];
    const heavy = await newOrg(2);
    const light = await newOrg(1);
    const h = await fairBatch(heavy, 80);
    const l = await fairBatch(light, 40);
    // One window each before any worker ran: 2 × 4 and 4.
    expect(await admitted(heavy)).toBe(2 * WINDOW);
    expect(await admitted(light)).toBe(WINDOW);
    await startConsumer(logging(order), { concurrency: 1 });
    await eventually(async () => order.length >= 60);

    // Each group keeps its window full and the stream is served in order, so claims split as
    // the windows do, 2 : 1, give or take what one set of windows (12 tasks) can shift.
    const first60 = order.slice(0, 60);
    const heavyClaims = first60.filter((id) => h.includes(id)).length;
    expect(first60.filter((id) => l.includes(id)).length).toBe(60 - heavyClaims);
    expect(heavyClaims).toBeGreaterThanOrEqual(36);
    expect(heavyClaims).toBeLessThanOrEqual(44);
    await eventually(() => allCompleted([...h, ...l]), 60_000);
  });

  it("the interleave of one pass is deficit round robin: A1 B1 A2 B2 for equal weights, A A B for 2 : 1", async () => {
    const a = await newOrg();
    const b = await newOrg();
    const c = await newOrg(2);
    // Committed without a pass, as if the submitter died right after its commit.
    const as = await fairOneByOne(a, 6);
    const bs = await fairOneByOne(b, 6);
    const cs = await fairOneByOne(c, 10);
    expect(await new FairFeeder(deps, { windowPerWeight: 2 }).feed()).toBe(2 + 2 + 4);
    expect(await streamTaskIds()).toEqual([as[0], bs[0], cs[0], cs[1], as[1], bs[1], cs[2], cs[3]]);
  });
});

describe("fair tasks through the rest of the pipeline", () => {
  it("the relay's orphan pass and retry promote leave fair tasks to the feeder, which keeps each group to its window", async () => {
    await redis.set(relayEpochKey(), "test"); // Redis lost nothing
    const a = await newOrg();
    // Committed, never fed (the submitter died after its commit), past any grace.
    const ids = await fairOneByOne(a, 10);
    const relay = new OutboxRelay(deps, { graceMs: 0, fairFeeder: new FairFeeder(deps, feederOptions) });
    const attempt = async (id: string, status: "RETRYING" | "COMPLETED") => {
      const claimed = await claimTask(db, { id, leaseMs: 60_000 });
      expect(await finishAttempt(db, { id, attempt: claimed!.attempts, status, retryInMs: 60_000 })).toBe(true);
    };
    await relay.tick();
    expect(await streamTaskIds()).toEqual(ids.slice(0, WINDOW));

    // The first one's attempt fails retryably; the room it frees goes to the next one.
    await attempt(ids[0], "RETRYING");
    await relay.tick();
    expect(await streamTaskIds()).toEqual(ids.slice(0, WINDOW + 1));
    // Its backoff is over while its group is at its window: promoted, but not published.
    await db.update(tasks).set({ availableAt: sql`now() - interval '1 second'` }).where(eq(tasks.id, ids[0]));
    await relay.tick();
    const [promoted] = await kit.rows([ids[0]]);
    expect(promoted.status).toBe("PENDING");
    expect(promoted.messageId).toBeNull();
    expect(await streamTaskIds()).toEqual(ids.slice(0, WINDOW + 1));
    expect(await admitted(a)).toBe(WINDOW);

    // Room frees: the group's oldest waiting task, the retry, is admitted first.
    await attempt(ids[1], "COMPLETED");
    await relay.tick();
    expect(await streamTaskIds()).toEqual([...ids.slice(0, WINDOW + 1), ids[0]]);
    expect(await admitted(a)).toBe(WINDOW);
  });

  it("(d) a fair task that fails once goes back through the feeder and completes; its group never exceeds its window", async () => {
    const order: string[] = [];
    const seen: number[] = [];
    const a = await newOrg();
    let failed = false;
    await startConsumer(
      logging(order, async ({ task }) => {
        seen.push(await admitted(a));
        if (task.payload.n === 0 && !failed) {
          failed = true;
          throw TaskError.transient("internal", "try again");
        }
      }),
      { concurrency: 4 },
    );
    startRelay();
    const ids = await fairBatch(a, 12);
    await eventually(() => allCompleted(ids));
    const [first] = await kit.rows([ids[0]]);
    expect(first.attempts).toBe(2);
    expect(order.filter((id) => id === ids[0]).length).toBe(2);
    expect(Math.max(...seen)).toBeLessThanOrEqual(WINDOW);
  });

  it("(d) after Redis lost its data, fair tasks are re-admitted a window at a time, not all dumped into the stream, and complete", async () => {
    await redis.set(relayEpochKey(), "test");
    const a = await newOrg();
    const ids = await fairBatch(a, 20);
    const plain = await insertTask(db, { type: "resume.analyze", lane: "batch", ownerId, payload: { n: 99 } });
    await submitTask(deps, plain);
    expect(await admitted(a)).toBe(WINDOW);

    await clearPrefix(redis); // this file's keys only: streams, group and epoch gone
    const relay = new OutboxRelay(deps, { graceMs: 0, fairFeeder: new FairFeeder(deps, feederOptions) });
    await relay.tick();
    const stream = await streamTaskIds();
    expect(stream).toContain(plain.id);
    expect(stream.filter((id) => ids.includes(id))).toHaveLength(WINDOW);
    expect(await admitted(a)).toBe(WINDOW);

    const order: string[] = [];
    await startConsumer(logging(order));
    startRelay();
    await eventually(() => allCompleted([...ids, plain.id]));
    expect(order.filter((id) => ids.includes(id)).length).toBe(20);
  });

  it("(d) a stopped worker's fair task is released back through the feeder, and another worker completes it without spending an attempt", async () => {
    const a = await newOrg();
    const order: string[] = [];
    const first = await startConsumer(
      logging(order, async ({ signal }) => {
        // Runs until the worker's shutdown aborts it.
        await new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
      }),
      { concurrency: 1, shutdownGraceMs: 50 },
    );
    const ids = await fairOneByOne(a, 7);
    await submitFairTasks(
      deps,
      (await kit.rows(ids)).map((t) => ({ ...t, fairKey: a })),
      feederOptions,
    );
    await eventually(async () => order.length === 1);
    expect(order[0]).toBe(ids[0]);
    // A wider feeder overfills the group by one, so no room is left once the attempt is given back.
    expect(await new FairFeeder(deps, { windowPerWeight: WINDOW + 1 }).feed()).toBe(1);
    await first.stop();
    running.splice(running.indexOf(first), 1);

    // Released: PENDING, the attempt not counted, and unadmitted — not XADDed past the window.
    const [released] = await kit.rows([ids[0]]);
    expect(released.status).toBe("PENDING");
    expect(released.attempts).toBe(0);
    expect(released.messageId).toBeNull();
    expect(await admitted(a)).toBe(WINDOW);
    const pending = (await redis.xpending(BATCH(), CONSUMER_GROUP)) as [number];
    expect(pending[0]).toBe(0);

    const done: string[] = [];
    await startConsumer(logging(done));
    startRelay();
    await eventually(() => allCompleted(ids));
    expect((await kit.rows(ids)).map((t) => t.attempts)).toEqual(ids.map(() => 1));
  });
});
