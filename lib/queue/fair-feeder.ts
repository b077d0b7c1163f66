import { randomUUID } from "node:crypto";
import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { type FairCandidate, findFairCandidates } from "@/lib/db/queries/fair-queue";
import type { Logger } from "@/lib/log";
import { fairFeederLockKey, type Lane } from "./names";
import { publishTasks, submitTasks } from "./producer";

export type FairFeederOptions = {
  /**
   * Tasks an organisation of weight 1 may have admitted and unfinished at once (in the stream or
   * running); weight w gets w × this. Default `BATCH_FAIR_WINDOW` or 8: the default fleet (two
   * workers of 4 slots, docs/deploy.md) can run one organisation's batch on every slot while
   * nobody else queues, and a newcomer's first task waits behind at most this many (× weight)
   * of each other organisation's tasks. Every process must use the same value.
   */
  windowPerWeight: number;
  /** The feeder's Redis lock expires after this long, so a feeder that died mid-pass frees it, ms. Default 5 000 (a pass is one query, one pipeline, one UPDATE). */
  lockMs: number;
  /** {@link FairFeeder.feedSoon} gathers the requests of this long into one pass; also the wait before trying again while another feeder holds the lock, ms. Default 25. */
  coalesceMs: number;
  /** A pass that finds the lock taken is tried this many more times, `coalesceMs` apart, then left to the next relay tick. Default 4. */
  busyRetries: number;
};

function defaultFeederOptions(overrides: Partial<FairFeederOptions>): FairFeederOptions {
  return {
    windowPerWeight: Math.max(1, Number(process.env.BATCH_FAIR_WINDOW ?? 8)),
    lockMs: 5_000,
    coalesceMs: 25,
    busyRetries: 4,
    ...overrides,
  };
}

/**
 * The fair feeder of the batch lane (docs/recruiting.md, "Fair queuing on the batch lane"):
 * tasks with a `fair_key` (an organisation) are not XADDed by their producer; a pass admits
 * them into their stream, each group up to `windowPerWeight × batch_weight` admitted-and-
 * unfinished tasks ({@link findFairCandidates}), in {@link deficitRoundRobin} order, so the
 * stream itself reads A1 B1 A2 B2 … and a 5-file batch queued after a 200-file one waits
 * behind at most one window of it. Passes run after a bulk insert commits
 * ({@link submitFairTasks}), on every relay tick, and soon after a fair task ends (the consumer's
 * {@link feedSoon}).
 *
 * One pass at a time across all processes, under a short Redis lock (`SET NX PX`, released only
 * by its token): two passes reading the same counts would each fill the same room. Redis rather
 * than a PostgreSQL advisory lock because a pass must hold it across its XADDs and the UPDATE
 * that records them — an advisory lock would pin a pooled connection (or an open transaction)
 * across Redis round trips — and without Redis there is nothing to admit into anyway. If the
 * lock expires mid-pass (a pass slower than `lockMs`), the overlap admits at most one window
 * too many, which the next passes absorb (nothing is admitted until a group is under its
 * window again); a duplicate XADD is harmless, the claim being a conditional update.
 */
export class FairFeeder {
  readonly options: FairFeederOptions;
  private timer: NodeJS.Timeout | undefined;
  /** The latest pass this instance started; later ones chain after it (never two at once here). */
  private pass: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: { db: Db; redis: Redis; log: Logger },
    options: Partial<FairFeederOptions> = {},
  ) {
    this.options = defaultFeederOptions(options);
  }

  /**
   * One pass under the lock: reads the candidates, XADDs them in one pipeline in DRR order and
   * records their entry ids (a failed XADD leaves its task unadmitted for the next pass).
   * @returns how many tasks were admitted, or null when another feeder holds the lock.
   * @throws ioredis or database errors (nothing admitted that was not recorded, see above).
   */
  async feed(): Promise<number | null> {
    const { db, redis } = this.deps;
    const key = fairFeederLockKey();
    const token = randomUUID();
    if (!(await redis.set(key, token, "PX", this.options.lockMs, "NX"))) return null;
    try {
      const order = deficitRoundRobin(await findFairCandidates(db, { windowPerWeight: this.options.windowPerWeight }));
      // Waits for the entry ids: the next pass counts admissions and finds candidates by them.
      const ids = await publishTasks(redis, db, order, { waitForIds: true });
      return ids.filter((id) => id !== null).length;
    } finally {
      await redis.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", 1, key, token);
    }
  }

  /**
   * {@link feed}, tried again `busyRetries` times `coalesceMs` apart while another feeder holds
   * the lock (its pass may have read the counts before the change that asked for this one).
   * @returns as {@link feed}; null when the lock stayed taken (the next relay tick feeds).
   */
  async feedUntilDone(): Promise<number | null> {
    for (let i = 0; ; i++) {
      const n = await this.feed();
      if (n !== null || i >= this.options.busyRetries) return n;
      await new Promise((r) => setTimeout(r, this.options.coalesceMs));
    }
  }

  /**
   * Asks for a pass `coalesceMs` from now without waiting for it (a consumer's slot is not held):
   * requests made before it starts share it; failures are logged, the relay's tick feeds anyway.
   */
  feedSoon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pass = this.pass.then(() =>
        this.feedUntilDone().then(
          () => undefined,
          (err) => this.deps.log.warn({ err: String(err) }, "fair feeder pass failed; the relay feeds on its next tick"),
        ),
      );
    }, this.options.coalesceMs);
  }

  /** Drops a requested pass not yet started and waits for a running one. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.pass;
  }
}

/**
 * Orders one pass's admissions by deficit round robin (M. Shreedhar and G. Varghese, "Efficient
 * Fair Queuing Using Deficit Round Robin", SIGCOMM 1995): in each round every group with tasks
 * left gains its weight as credit (the quantum) and admits tasks while the credit covers one
 * (every task costs 1); a group whose tasks run out loses its credit. So weights 1 and 1 give
 * A1 B1 A2 B2 …, weights 2 and 1 give A1 A2 B1 A3 A4 B2 …. Groups keep their input order within
 * a round (the caller puts the longest-waiting first), tasks their order within a group. Credit
 * is not kept between passes: each group's window already bounds what it holds between them.
 * @param candidates grouped by `fairKey` or not (only first appearance orders the groups).
 * @returns the same items, interleaved.
 */
export function deficitRoundRobin<T extends Pick<FairCandidate, "fairKey" | "weight">>(candidates: T[]): T[] {
  const groups = new Map<string, { weight: number; queue: T[]; next: number; credit: number }>();
  for (const c of candidates) {
    const g = groups.get(c.fairKey) ?? { weight: Math.max(1, c.weight), queue: [], next: 0, credit: 0 };
    g.queue.push(c);
    groups.set(c.fairKey, g);
  }
  const out: T[] = [];
  let active = [...groups.values()];
  while (active.length > 0) {
    for (const g of active) {
      g.credit += g.weight;
      while (g.credit >= 1 && g.next < g.queue.length) {
        out.push(g.queue[g.next++]);
        g.credit -= 1;
      }
      if (g.next === g.queue.length) g.credit = 0;
    }
    active = active.filter((g) => g.next < g.queue.length);
  }
  return out;
}

/**
 * Submits tasks a transaction has just committed (the outbox contract of `submitTasks`), fair
 * ones through the feeder: tasks with a `fairKey` (a recruiter's bulk work on the batch lane)
 * are left for the fair feeder and one pass runs now ({@link FairFeeder.feedUntilDone}); the
 * others are XADDed at once ({@link submitTasks}). Nothing is thrown: a failed XADD or pass is
 * logged and the relay's next tick publishes or feeds.
 * @param feederOptions the feeder's options (defaults as {@link FairFeederOptions}).
 * @returns how many tasks this pass admitted (any group's, not only these), 0 when left to the relay.
 */
export async function submitFairTasks(
  deps: { redis: Redis; db: Db; log: Logger },
  list: { id: string; type: string; lane: Lane; fairKey: string | null }[],
  feederOptions: Partial<FairFeederOptions> = {},
): Promise<number> {
  const now = list.filter((t) => t.fairKey === null);
  if (now.length > 0) await submitTasks(deps, now);
  if (now.length === list.length) return 0;
  try {
    return (await new FairFeeder(deps, feederOptions).feedUntilDone()) ?? 0;
  } catch (err) {
    deps.log.warn({ err: String(err), tasks: list.length - now.length }, "fair feeder pass failed; the relay feeds on its next tick");
    return 0;
  }
}
