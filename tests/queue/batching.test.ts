import "../helpers/env";
import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Db, Tx } from "@/lib/db/client";
import { claimTasks, completeAttempts, extendLeases, insertTasks } from "@/lib/db/queries/tasks";
import { tasks } from "@/lib/db/schema";
import { BatchedWriter, StreamConsumer, type TaskHandler, type TaskWrite } from "@/lib/queue/consumer";
import { streamKey } from "@/lib/queue/names";
import { publishTasks } from "@/lib/queue/producer";
import { eventually } from "../helpers/fixtures";
import { queueTestKit } from "./kit";

/**
 * The consumer's batched database work (docs/architecture.md, "The task pipeline"): the claim of
 * many entries in one conditional UPDATE, the completion of many attempts in one transaction
 * (and what happens when one of them fails or lost its claim), the one heartbeat for every
 * running attempt. Each fault is set up by hand and shown to be in place.
 */
const STREAM = () => streamKey("resume.analyze", "interactive");
let ownerId: string;
const kit = queueTestKit((id) => (ownerId = id));
const { db, redis, deps, running } = kit;

const newTasks = (n: number) =>
  insertTasks(
    db,
    Array.from({ length: n }, (_, i) => ({ type: "resume.analyze", lane: "interactive" as const, ownerId, payload: { n: i } })),
  );

/** `db` whose `transaction` calls are counted (the completion commits). */
function countingDb(): { db: Db; transactions: () => number } {
  let n = 0;
  const counted = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "transaction") {
        return (...args: Parameters<Db["transaction"]>) => {
          n++;
          return target.transaction(...args);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
  return { db: counted, transactions: () => n };
}

/** A deferred: a promise and the function that resolves it. */
function gate() {
  let open!: () => void;
  const p = new Promise<void>((r) => (open = r));
  return { p, open };
}

type Gated = TaskHandler<{ n: number }> & { started: number };

/**
 * A handler whose attempts count themselves in `started` and all wait on `release`, so they end in
 * the same tick; each then returns the write that `write` makes for it.
 */
function gated(release: Promise<void>, write: (a: { task: { id: string }; attempt: number; n: number }) => TaskWrite): Gated {
  const h: Gated = {
    started: 0,
    type: "resume.analyze",
    payloadSchema: z.object({ n: z.number() }),
    async process({ task, attempt, payload }) {
      h.started++;
      await release;
      return write({ task, attempt, n: payload.n });
    },
  };
  return h;
}

/** A gated handler whose write records `writtenBy: attempt` in the payload, and throws for the tasks whose `n` is in `failWrite`. */
function together(release: Promise<void>, failWrite: number[] = []): Gated {
  return gated(release, ({ task, attempt, n }) => async (tx: Tx) => {
    if (failWrite.includes(n)) throw new Error(`write of ${n} failed`);
    await writtenBy(tx, task.id, attempt);
  });
}

async function writtenBy(tx: Tx, id: string, attempt: number): Promise<void> {
  await tx.execute(sql`update tasks set payload = payload || jsonb_build_object('writtenBy', ${attempt}::int) where id = ${id}`);
}

async function rows(ids: string[]) {
  const list = await db.select().from(tasks).where(inArray(tasks.id, ids));
  return ids.map((id) => list.find((r) => r.id === id)!);
}

describe("claimTasks / extendLeases / completeAttempts (one statement for many tasks)", () => {
  it("claims exactly the claimable tasks of a mixed set in one UPDATE, an id given twice once", async () => {
    const [due, notDue, leased, expired, done] = await newTasks(5);
    await db.execute(sql`update tasks set available_at = now() + interval '1 hour' where id = ${notDue.id}`);
    await db.execute(sql`update tasks set status = 'PROCESSING', attempts = 1, lease_expires_at = now() + interval '1 hour' where id = ${leased.id}`);
    await db.execute(sql`update tasks set status = 'PROCESSING', attempts = 1, lease_expires_at = now() - interval '1 second' where id = ${expired.id}`);
    await db.execute(sql`update tasks set status = 'COMPLETED', attempts = 1 where id = ${done.id}`);

    const claimed = await claimTasks(db, { ids: [due.id, notDue.id, leased.id, expired.id, done.id, due.id], leaseMs: 30_000 });
    expect(claimed.map((r) => [r.id, r.attempts]).sort()).toEqual(
      [
        [due.id, 1],
        [expired.id, 2],
      ].sort(),
    );
    const after = await rows([due.id, notDue.id, leased.id, expired.id, done.id]);
    expect(after.map((r) => [r.status, r.attempts])).toEqual([
      ["PROCESSING", 1],
      ["PENDING", 0],
      ["PROCESSING", 1],
      ["PROCESSING", 2],
      ["COMPLETED", 1],
    ]);
  });

  it("extends and completes each attempt only while it still holds its task (fenced per row)", async () => {
    const [a, b] = await newTasks(2);
    await claimTasks(db, { ids: [a.id, b.id], leaseMs: 1_000 });
    // b was taken over by another attempt.
    await db.execute(sql`update tasks set attempts = 2 where id = ${b.id}`);
    expect(
      await extendLeases(db, {
        attempts: [
          { id: a.id, attempt: 1 },
          { id: b.id, attempt: 1 },
        ],
        leaseMs: 60_000,
      }),
    ).toEqual([a.id]);
    const [ra, rb] = await rows([a.id, b.id]);
    expect(ra.leaseExpiresAt!.getTime()).toBeGreaterThan(rb.leaseExpiresAt!.getTime() + 30_000);

    const held = await db.transaction((tx) =>
      completeAttempts(tx, [
        { id: a.id, attempt: 1 },
        { id: b.id, attempt: 1 },
      ]),
    );
    expect([...held]).toEqual([a.id]);
    expect((await rows([a.id, b.id])).map((r) => r.status)).toEqual(["COMPLETED", "PROCESSING"]);
  });
});

describe("consumer: attempts that end together", () => {
  async function start(h: TaskHandler<unknown>, counted = countingDb(), opts = {}) {
    const c = new StreamConsumer({ ...deps, db: counted.db }, [h], {
      concurrency: 10,
      blockMs: 100,
      completeFlushes: 1,
      backoffBaseMs: 20,
      backoffCapMs: 50,
      ...opts,
    });
    await c.start();
    running.push(c);
    return { c, transactions: counted.transactions };
  }

  /**
   * Starts a consumer with `h`, publishes `n` new tasks and waits until every attempt has started
   * (all wait on `release`); then `beforeRelease` (a fault set by hand), then lets them end together.
   */
  async function endTogether(
    h: TaskHandler<unknown> & { started: number },
    release: { open: () => void },
    n: number,
    beforeRelease?: (list: { id: string }[]) => Promise<void>,
  ) {
    const { transactions } = await start(h);
    const list = await newTasks(n);
    await publishTasks(redis, db, list);
    await eventually(async () => h.started === n);
    await beforeRelease?.(list);
    release.open();
    return { list, transactions };
  }

  it("commit their writes and COMPLETED in one transaction, and their entries are all ACKed", async () => {
    const release = gate();
    const h = together(release.p);
    const { list, transactions } = await endTogether(h, release, 6);

    await eventually(async () => (await rows(list.map((t) => t.id))).every((r) => r.status === "COMPLETED"));
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
    expect((await rows(list.map((t) => t.id))).map((r) => r.payload)).toEqual(list.map((_, i) => ({ n: i, writtenBy: 1 })));
    expect(transactions()).toBe(1);
  });

  it("a write whose nested transaction rolls back keeps the other writes of its flush", async () => {
    // Task 0's write recovers from a failure inside a savepoint (ROLLBACK TO SAVEPOINT); task 1's
    // write runs in a savepoint of its own. Interleaved on the connection (writes issued
    // together), the rollback would undo task 1's statements sent after task 0's SAVEPOINT.
    const release = gate();
    const h = gated(release.p, ({ task, attempt, n }) => async (tx: Tx) => {
      if (n === 0) {
        await tx
          .transaction(async (sp) => {
            await sp.execute(sql`select 1`);
            await sp.execute(sql`select 1`);
            await sp.execute(sql`select 1/0`);
          })
          .catch(() => undefined);
        await writtenBy(tx, task.id, attempt);
      } else await tx.transaction((sp) => writtenBy(sp, task.id, attempt));
    });
    const { list, transactions } = await endTogether(h, release, 2);

    await eventually(async () => (await rows(list.map((t) => t.id))).every((r) => r.status === "COMPLETED"));
    expect(transactions()).toBe(1); // both in one flush
    expect((await rows(list.map((t) => t.id))).map((r) => r.payload)).toEqual([
      { n: 0, writtenBy: 1 },
      { n: 1, writtenBy: 1 },
    ]);
  });

  it("one write failing fails only its own attempt: the others commit, it is retried", async () => {
    const release = gate();
    const h = together(release.p, [2]);
    const { list, transactions } = await endTogether(h, release, 4);

    // The batch rolled back, then each attempt committed alone: task 2's write threw again there
    // (RETRYING, its own transaction), the other three completed with their writes.
    await eventually(async () => {
      const r = await rows(list.map((t) => t.id));
      return r.filter((t) => t.status === "COMPLETED").length === 3 && r[2].status !== "PROCESSING";
    });
    const r = await rows(list.map((t) => t.id));
    expect(r.map((t) => t.status)).toEqual(["COMPLETED", "COMPLETED", "RETRYING", "COMPLETED"]);
    expect(r.map((t) => t.payload)).toEqual([{ n: 0, writtenBy: 1 }, { n: 1, writtenBy: 1 }, { n: 2 }, { n: 3, writtenBy: 1 }]);
    expect(r[2].errorMessage).toBe("write of 2 failed");
    // The batch, four alone, and the RETRYING transition.
    expect(transactions()).toBe(6);
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
  });

  it("a write failing with a connection error of its own (not the database's) fails only its attempt", async () => {
    const release = gate();
    const h = gated(release.p, ({ task, attempt, n }) => async (tx: Tx) => {
      if (n === 2) throw new Error("fetch failed", { cause: { code: "ECONNREFUSED" } });
      await writtenBy(tx, task.id, attempt);
    });
    const { list } = await endTogether(h, release, 4);

    await eventually(async () => {
      const r = await rows(list.map((t) => t.id));
      return r.filter((t) => t.status === "COMPLETED").length === 3 && r[2].status !== "PROCESSING";
    });
    const r = await rows(list.map((t) => t.id));
    expect(r.map((t) => [t.status, t.attempts])).toEqual([
      ["COMPLETED", 1],
      ["COMPLETED", 1],
      ["RETRYING", 1],
      ["COMPLETED", 1],
    ]);
  });

  it("a slow two-step write is not cut off by another's failure: none of its steps runs outside the transaction", async () => {
    const release = gate();
    // Task 0's write throws; the others' writes wait 100 ms, then count a step. The batch rolls
    // back with no write still issuing queries (writes issued together under Promise.all did:
    // a second step landed after the ROLLBACK, outside any transaction), so each task ends with
    // the one step of its own transaction.
    const h = gated(release.p, ({ task, n }) => async (tx: Tx) => {
      if (n === 0) throw new Error("write of 0 failed");
      await tx.execute(sql`select pg_sleep(0.1)`);
      await tx.execute(sql`update tasks set payload = payload || jsonb_build_object('steps', coalesce((payload->>'steps')::int, 0) + 1) where id = ${task.id}`);
    });
    const { list } = await endTogether(h, release, 4);

    await eventually(async () => (await rows(list.map((t) => t.id))).filter((t) => t.status === "COMPLETED").length === 3);
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0 || (await rows([list[0].id]))[0].status === "RETRYING");
    await new Promise((r) => setTimeout(r, 300)); // a stray step would have landed by now
    const r = await rows(list.map((t) => t.id));
    expect(r.map((t) => t.status)).toEqual(["RETRYING", "COMPLETED", "COMPLETED", "COMPLETED"]);
    expect(r.map((t) => t.payload)).toEqual([{ n: 0 }, { n: 1, steps: 1 }, { n: 2, steps: 1 }, { n: 3, steps: 1 }]);
  });

  /**
   * A handler whose attempts end together, like `together`: even tasks return a batched write
   * (one `writeAll` call per flush, recorded in `calls`), odd ones a function; the batched write
   * throws when it holds a task whose `n` is in `failWrite`.
   */
  function batchedTogether(release: Promise<void>, failWrite: number[] = []) {
    type Item = { id: string; attempt: number; n: number };
    const calls: number[][] = [];
    const writeAll = async (tx: Tx, items: Item[]) => {
      calls.push(items.map((i) => i.n));
      if (items.some((i) => failWrite.includes(i.n))) throw new Error(`write of ${items.map((i) => i.n).join(",")} failed`);
      await tx.execute(sql`
        update tasks set payload = payload || jsonb_build_object('writtenBy', v.attempt)
        from unnest(${`{${items.map((i) => i.id).join(",")}}`}::uuid[], ${`{${items.map((i) => i.attempt).join(",")}}`}::int[]) as v(id, attempt)
        where tasks.id = v.id`);
    };
    const writer = new BatchedWriter(writeAll);
    const h = gated(release, ({ task, attempt, n }) => (n % 2 === 0 ? writer.write({ id: task.id, attempt, n }) : (tx: Tx) => writtenBy(tx, task.id, attempt)));
    return Object.assign(h, { calls });
  }

  it("batched writes of one flush are made by one call with every item, beside the function writes", async () => {
    const release = gate();
    const h = batchedTogether(release.p);
    const { list, transactions } = await endTogether(h, release, 6);

    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
    const r = await rows(list.map((t) => t.id));
    expect(r.map((t) => t.status)).toEqual(list.map(() => "COMPLETED"));
    expect(r.map((t) => t.payload)).toEqual(list.map((_, i) => ({ n: i, writtenBy: 1 })));
    expect(h.calls).toEqual([[0, 2, 4]]);
    expect(transactions()).toBe(1);
  });

  it("a batched write that fails is made again one item per attempt: only the failing attempt fails", async () => {
    const release = gate();
    const h = batchedTogether(release.p, [2]);
    const { list } = await endTogether(h, release, 6);

    await eventually(async () => {
      const r = await rows(list.map((t) => t.id));
      return r.filter((t) => t.status === "COMPLETED").length === 5 && r[2].status !== "PROCESSING";
    });
    const r = await rows(list.map((t) => t.id));
    expect(r.map((t) => t.status)).toEqual(["COMPLETED", "COMPLETED", "RETRYING", "COMPLETED", "COMPLETED", "COMPLETED"]);
    expect(r.map((t) => t.payload)).toEqual(list.map((_, i) => (i === 2 ? { n: 2 } : { n: i, writtenBy: 1 })));
    // the flush's one call with all three, then one call per even attempt in its own transaction
    expect(h.calls[0]).toEqual([0, 2, 4]);
    expect(h.calls.slice(1, 4).sort()).toEqual([[0], [2], [4]]);
    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
  });

  it("two writers are two calls of one flush, each with its own items", async () => {
    const release = gate();
    const used: string[] = [];
    const writerOf = (name: string) =>
      new BatchedWriter(async (tx: Tx, items: { id: string }[]) => {
        used.push(`${name}:${items.length}`);
        for (const i of items) await tx.execute(sql`update tasks set payload = payload || jsonb_build_object('by', ${name}::text) where id = ${i.id}`);
      });
    const [even, odd] = [writerOf("even"), writerOf("odd")];
    const h = gated(release.p, ({ task, n }) => (n % 2 === 0 ? even : odd).write({ id: task.id }));
    const { list, transactions } = await endTogether(h, release, 4);

    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
    const r = await rows(list.map((t) => t.id));
    expect(r.map((t) => t.status)).toEqual(list.map(() => "COMPLETED"));
    expect(r.map((t) => t.payload)).toEqual([
      { n: 0, by: "even" },
      { n: 1, by: "odd" },
      { n: 2, by: "even" },
      { n: 3, by: "odd" },
    ]);
    expect(used.sort()).toEqual(["even:2", "odd:2"]);
    expect(transactions()).toBe(1);
  });

  it("a batched item of an attempt that lost its claim never commits; the others' items do", async () => {
    const release = gate();
    const writer = new BatchedWriter(async (tx: Tx, items: { id: string; attempt: number }[]) => {
      for (const i of items) await writtenBy(tx, i.id, i.attempt);
    });
    const h = gated(release.p, ({ task, attempt }) => writer.write({ id: task.id, attempt }));
    const { list } = await endTogether(h, release, 4, async (list) => {
      // another worker takes task 1 over (a claim after its lease ran out)
      await db.execute(sql`update tasks set attempts = attempts + 1, lease_expires_at = now() + interval '60 seconds' where id = ${list[1].id}`);
    });

    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
    const r = await rows(list.map((t) => t.id));
    expect(r.map((t) => [t.status, t.attempts])).toEqual([
      ["COMPLETED", 1],
      ["PROCESSING", 2],
      ["COMPLETED", 1],
      ["COMPLETED", 1],
    ]);
    expect(r.map((t) => t.payload)).toEqual([{ n: 0, writtenBy: 1 }, { n: 1 }, { n: 2, writtenBy: 1 }, { n: 3, writtenBy: 1 }]);
  });

  it("one attempt that lost its claim has its write rolled back; the others' commit", async () => {
    const release = gate();
    const h = together(release.p);
    const { list } = await endTogether(h, release, 3, async (list) => {
      // Another worker takes task 1 over (a claim after its lease ran out).
      const [taken] = await db.execute<{ attempts: number }>(sql`
        update tasks set attempts = attempts + 1, lease_expires_at = now() + interval '60 seconds'
        where id = ${list[1].id} and status = 'PROCESSING' and attempts = 1 returning attempts`);
      expect(taken.attempts).toBe(2);
    });

    await eventually(async () => (await kit.pendingCount(STREAM())) === 0);
    const r = await rows(list.map((t) => t.id));
    expect(r.map((t) => [t.status, t.attempts])).toEqual([
      ["COMPLETED", 1],
      ["PROCESSING", 2],
      ["COMPLETED", 1],
    ]);
    expect(r.map((t) => t.payload)).toEqual([{ n: 0, writtenBy: 1 }, { n: 1 }, { n: 2, writtenBy: 1 }]);
  });

  it("one heartbeat keeps every running attempt's lease, so none is reclaimed by another worker", async () => {
    const release = gate();
    const h = together(release.p);
    const leaseMs = 600;
    await start(h, countingDb(), { leaseMs, reclaimIntervalMs: 200 });
    const list = await newTasks(5);
    await publishTasks(redis, db, list);
    await eventually(async () => h.started === 5);
    // A second worker looking for idle entries the whole time.
    const other = together(Promise.resolve());
    await start(other, countingDb(), { leaseMs, reclaimIntervalMs: 200 });
    await new Promise((r) => setTimeout(r, leaseMs * 4));
    const during = await rows(list.map((t) => t.id));
    expect(during.every((t) => t.status === "PROCESSING" && t.leaseExpiresAt! > new Date())).toBe(true);
    release.open();

    await eventually(async () => (await rows(list.map((t) => t.id))).every((t) => t.status === "COMPLETED"));
    expect(other.started).toBe(0);
    expect((await rows(list.map((t) => t.id))).map((t) => t.attempts)).toEqual([1, 1, 1, 1, 1]);
  });
});
