import { describe, expect, it } from "vitest";
import { MicroBatcher, MicroBatchTimeoutError } from "./micro-batch";

/** A batcher whose flushes the test ends by hand; `runs` records each flush's items. */
function held<O>(answer: (items: number[]) => (O | Error)[], opts: ConstructorParameters<typeof MicroBatcher<number, O>>[1] = { maxSize: 10, maxFlushes: 1 }) {
  const runs: number[][] = [];
  const release: (() => void)[] = [];
  const b = new MicroBatcher<number, O>(async (items) => {
    runs.push(items);
    await new Promise<void>((r) => release.push(r));
    return answer(items);
  }, opts);
  // A few loop turns: a flush's end schedules the next flush on a turn of its own.
  const tick = async () => {
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
  };
  return { b, runs, release, tick };
}

describe("MicroBatcher (group commit without a timer)", () => {
  it("flushes the items added in one burst together, each resolving with its own result", async () => {
    const h = held((items) => items.map((n) => n * 10));
    const out = Promise.all([1, 2, 3].map((n) => h.b.add(n)));
    await h.tick();
    expect(h.runs).toEqual([[1, 2, 3]]);
    h.release.shift()!();
    expect(await out).toEqual([10, 20, 30]);
  });

  it("queues what comes while maxFlushes flushes run and sends it together in the next one, at most maxSize per flush", async () => {
    const h = held((items) => items, { maxSize: 2, maxFlushes: 1 });
    const first = h.b.add(1);
    await h.tick();
    const later = [2, 3, 4].map((n) => h.b.add(n));
    await h.tick();
    expect(h.runs).toEqual([[1]]);
    expect(h.b.size).toBe(3);
    h.release.shift()!();
    await first;
    await h.tick();
    expect(h.runs).toEqual([[1], [2, 3]]);
    h.release.shift()!();
    await h.tick();
    expect(h.runs).toEqual([[1], [2, 3], [4]]);
    h.release.shift()!();
    expect(await Promise.all(later)).toEqual([2, 3, 4]);
    await h.b.drained();
    expect(h.b.size).toBe(0);
  });

  it("rejects only the item whose result is an Error; a flush that throws rejects all of its items", async () => {
    const h = held((items) => items.map((n) => (n === 2 ? new Error("two") : n)));
    const out = [1, 2, 3].map((n) =>
      h.b.add(n).then(
        (v) => ({ v }),
        (e: Error) => ({ e: e.message }),
      ),
    );
    await h.tick();
    h.release.shift()!();
    expect(await Promise.all(out)).toEqual([{ v: 1 }, { e: "two" }, { v: 3 }]);

    const failing = new MicroBatcher<number, number>(
      async () => {
        throw new Error("down");
      },
      { maxSize: 10, maxFlushes: 1 },
    );
    const all = [1, 2].map((n) => failing.add(n).catch((e: Error) => e.message));
    expect(await Promise.all(all)).toEqual(["down", "down"]);
  });

  it("eager: an item added while idle flushes at once, alone; what comes while it runs goes together in the next flush", async () => {
    const h = held((items) => items, { maxSize: 10, maxFlushes: 1, eager: true });
    const first = h.b.add(1);
    // No loop turn: the flush started inside add().
    expect(h.runs).toEqual([[1]]);
    const later = [2, 3].map((n) => h.b.add(n));
    await h.tick();
    expect(h.runs).toEqual([[1]]);
    h.release.shift()!();
    expect(await first).toBe(1);
    await h.tick();
    expect(h.runs).toEqual([[1], [2, 3]]);
    h.release.shift()!();
    expect(await Promise.all(later)).toEqual([2, 3]);
  });

  it("flushTimeoutMs: a flush that never ends gives its slot back, its items reject, and later items flush; its late results are dropped", async () => {
    const h = held<number>((items) => items, { maxSize: 10, maxFlushes: 1, flushTimeoutMs: 50 });
    const stuck = h.b.add(1).catch((e: unknown) => e);
    await h.tick();
    expect(h.runs).toEqual([[1]]);
    const err = await stuck;
    expect(err).toBeInstanceOf(MicroBatchTimeoutError);
    expect((err as MicroBatchTimeoutError).timeoutMs).toBe(50);
    // The slot is free: the next item flushes while the stuck one is still running.
    const next = h.b.add(2);
    await h.tick();
    expect(h.runs).toEqual([[1], [2]]);
    h.release[1]!();
    expect(await next).toBe(2);
    // The stuck flush ends at last: nothing is resolved twice, and the batcher is idle.
    h.release[0]!();
    await h.tick();
    await h.b.drained();
    expect(h.b.size).toBe(0);
  });
});
