import { randomUUID } from "node:crypto";
import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { withdrawFairAdmissions } from "@/lib/db/queries/fair-queue";
import { findRelayCandidates, listPendingTasks, promoteDueRetries } from "@/lib/db/queries/tasks";
import type { Logger } from "@/lib/log";
import { publishTaskEvent } from "./events";
import { FairFeeder } from "./fair-feeder";
import { CONSUMER_GROUP, relayEpochKey, relayLockKey, relayRepublishKey, streamKey, type TaskType } from "./names";
import { publishTasks } from "./producer";
import { trimAcked } from "./trim";

/** The relay's publishes wait for their entry ids: its next pass (or a peer's) finds unpublished rows by `message_id` null. */
const WAIT_FOR_IDS = { waitForIds: true } as const;

type RelayOptions = {
  /** How often the relay runs, ms. Default 1 000. */
  intervalMs: number;
  /** A PENDING task left unpublished is published after this long since it became PENDING, ms (its XADD may still be on its way). Default 5 000. */
  graceMs: number;
  /** Tasks handled per query page of the retry and orphan passes. Default 500. */
  batchSize: number;
  /** PENDING tasks read and XADDed per page of the republish after a Redis loss (one SELECT, one XADD pipeline, one UPDATE). Default 1 000. */
  republishPageSize: number;
  /**
   * Pages of that republish per tick, so a tick stays short however large the backlog: at the
   * defaults 5 000 tasks a tick, far above what a worker drains; the rest waits for the next
   * ticks (the cursor is kept in Redis). Default 5.
   */
  republishPagesPerTick: number;
  /** How often ACKed history is trimmed off the task streams, ms. Default 60 000. */
  trimIntervalMs: number;
  /** The streams to trim (the consumer's). Default none. */
  streams: string[];
  /** Admits fair tasks at the end of each tick (lib/queue/fair-feeder.ts). Default one with its default options. */
  fairFeeder: FairFeeder;
};

/** Moves the republish cursor on (KEYS[1]) from ARGV[1] to ARGV[2]; 0 when it is not ARGV[1] any more (Redis lost it). */
const ADVANCE_REPUBLISH = "if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('set', KEYS[1], ARGV[2]) return 1 else return 0 end";
/** Ends the republish: the cursor (KEYS[1]) still ARGV[1] → the epoch key (KEYS[2]) set to ARGV[2], the cursor deleted. */
const FINISH_REPUBLISH =
  "if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('set', KEYS[2], ARGV[2]) redis.call('del', KEYS[1]) return 1 else return 0 end";

/**
 * The outbox relay (docs/architecture.md, "Relay"): PostgreSQL is the source of truth, a stream message only
 * a hint. Each tick, under a short Redis lock so one worker does it at a time:
 * 1. if the epoch key is gone, Redis lost its data: republish every PENDING task, a few keyset
 *    pages a tick ({@link OutboxRelay.republishPages}), then set it (fair tasks have their
 *    admission withdrawn instead: the feeder re-admits them);
 * 2. RETRYING tasks whose backoff is over become PENDING (unpublished) and are published
 *    (fair ones are left to the feeder);
 * 3. PENDING tasks left unpublished past `graceMs` (a failed XADD, a promote or release cut
 *    short), and PROCESSING tasks whose lease expired and whose message no longer exists, are
 *    published again (not a fair task waiting for admission: no entry is its normal wait);
 * 4. the fair feeder runs one pass (lib/queue/fair-feeder.ts);
 * 5. every `trimIntervalMs`, ACKed history is trimmed off the streams (never a pending entry).
 * Duplicates are harmless: the claim is a conditional update.
 */
export class OutboxRelay {
  readonly options: RelayOptions;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private readonly token = randomUUID();
  private lastTrimAt = 0;

  constructor(
    private readonly deps: { db: Db; redis: Redis; log: Logger },
    options: Partial<RelayOptions> = {},
  ) {
    this.options = {
      intervalMs: 1_000,
      graceMs: 5_000,
      batchSize: 500,
      republishPageSize: 1_000,
      republishPagesPerTick: 5,
      trimIntervalMs: 60_000,
      streams: [],
      ...options,
      fairFeeder: options.fairFeeder ?? new FairFeeder(deps),
    };
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = this.tick()
        .then(
          () => undefined,
          (err) => this.deps.log.warn({ err: String(err) }, "relay tick failed"),
        )
        .finally(() => (this.ticking = undefined));
    }, this.options.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.ticking;
  }

  /** One relay pass; returns how many tasks it published. */
  async tick(): Promise<number> {
    const { redis } = this.deps;
    const locked = await redis.set(relayLockKey(), this.token, "PX", this.options.intervalMs * 5, "NX");
    if (!locked) return 0;
    try {
      let published = 0;
      if (!(await redis.exists(relayEpochKey()))) published += await this.republishPages();
      published += await this.promoteRetries();
      published += await this.republishOrphans();
      published += (await this.options.fairFeeder.feed()) ?? 0;
      if (Date.now() - this.lastTrimAt >= this.options.trimIntervalMs) {
        this.lastTrimAt = Date.now();
        for (const stream of this.options.streams) await trimAcked(redis, stream);
      }
      return published;
    } finally {
      // Release only our own lock.
      await redis.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", 1, relayLockKey(), this.token);
    }
  }

  /**
   * Redis lost its data: every PENDING task is published again — but a fair task's admission
   * is only withdrawn (its entry is gone), so the feeder re-admits those a window per group at a
   * time. The pass goes by keyset pages in id order (`listPendingTasks`, index
   * `tasks_pending_id_idx`: each page costs its own size, not the backlog's), at most
   * `republishPagesPerTick` pages a tick. Its cursor, `<pass id> <tasks so far> <last id>`, lives in Redis
   * beside the epoch key and is advanced only if it is still the value this pass wrote
   * (compare-and-set): if Redis loses data again mid-pass the cursor goes with it and the next
   * tick starts the pass over, so no task published into the lost data is stranded. The last
   * page sets the epoch key and deletes the cursor in one script. Duplicates (a task published
   * both by its producer and by the pass) are harmless: the claim is a conditional update.
   * @returns how many tasks this tick published.
   */
  private async republishPages(): Promise<number> {
    const { db, redis, log } = this.deps;
    const { republishPageSize: size, republishPagesPerTick: pages } = this.options;
    let cursor = await redis.get(relayRepublishKey());
    if (cursor === null) {
      const withdrawn = await withdrawFairAdmissions(db);
      if (withdrawn > 0) log.warn({ withdrawn }, "Redis had lost its data; fair tasks go back through the feeder");
      cursor = `${randomUUID()} 0 `;
      await redis.set(relayRepublishKey(), cursor);
    }
    const [pass, count, after] = cursor.split(" ");
    let afterId: string | null = after || null;
    let total = Number(count);
    let n = 0;
    for (let page = 0; page < pages; page++) {
      const rows = await listPendingTasks(db, { afterId, limit: size });
      await publishTasks(redis, db, rows, WAIT_FOR_IDS);
      n += rows.length;
      total += rows.length;
      const last = rows.length < size;
      afterId = rows.length > 0 ? rows[rows.length - 1].id : afterId;
      const next = `${pass} ${total} ${afterId ?? ""}`;
      const kept = last
        ? await redis.eval(FINISH_REPUBLISH, 2, relayRepublishKey(), relayEpochKey(), cursor, `${new Date().toISOString()} ${pass}`)
        : await redis.eval(ADVANCE_REPUBLISH, 1, relayRepublishKey(), cursor, next);
      if (kept !== 1) {
        log.warn({ published: n }, "Redis lost data again during the republish pass; it starts over");
        return n;
      }
      cursor = next;
      await this.renewLock();
      if (last) {
        if (total > 0) log.warn({ republished: total }, "Redis had lost its data; republished every PENDING task");
        return n;
      }
    }
    log.info({ republished: total, pageSize: size }, "republishing every PENDING task after a Redis loss: pages published so far");
    return n;
  }

  /** Keeps the relay lock through a long pass (a second relay must not start one alongside). */
  private async renewLock(): Promise<void> {
    await this.deps.redis.eval(
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end",
      1,
      relayLockKey(),
      this.token,
      String(this.options.intervalMs * 5),
    );
  }

  /**
   * Due retries become PENDING (and unpublished) in one UPDATE, then are XADDed in one pipeline;
   * fair ones are not, the feeder admits them (this tick's pass, after this).
   * If this dies or Redis fails in between, the tasks are PENDING with no message id, which
   * {@link republishOrphans} picks up after its grace: nothing is stranded.
   */
  private async promoteRetries(): Promise<number> {
    const { db, redis } = this.deps;
    const due = await promoteDueRetries(db, { limit: this.options.batchSize });
    if (due.length === 0) return 0;
    await publishTasks(
      redis,
      db,
      due.filter((t) => t.fairKey === null),
      WAIT_FOR_IDS,
    );
    // Not awaited one by one: the PUBLISHes go out back to back on one connection.
    await Promise.all(due.map((t) => publishTaskEvent(redis, { taskId: t.id, status: "PENDING" })));
    return due.length;
  }

  private async republishOrphans(): Promise<number> {
    const { db, redis } = this.deps;
    const candidates = await findRelayCandidates(db, { graceMs: this.options.graceMs, limit: this.options.batchSize });
    const orphans = [];
    for (const t of candidates) {
      if (t.messageId && t.status === "PROCESSING") {
        // Its lease expired. Only a message still in the PEL will come back through XAUTOCLAIM;
        // an entry that was ACKed (or lost with Redis) never will, so publish a fresh one.
        const pending = (await redis.xpending(streamKey(t.type as TaskType, t.lane), CONSUMER_GROUP, t.messageId, t.messageId, 1)) as unknown[];
        if (pending.length > 0) continue;
      }
      orphans.push(t);
    }
    await publishTasks(redis, db, orphans, WAIT_FOR_IDS);
    return orphans.length;
  }
}
