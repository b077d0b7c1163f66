import { randomUUID } from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import type Redis from "ioredis";
import { ZodError, type ZodType } from "zod";
import type { Db, Tx } from "@/lib/db/client";
import { insertTaskEvent } from "@/lib/db/queries/task-events";
import {
  attemptsHolding,
  claimTasks,
  completeAttempts,
  extendLeases,
  finishAttempt,
  getTaskById,
  isTaskId,
  releaseAttempt,
  type TaskRow,
} from "@/lib/db/queries/tasks";
import { isDatabaseUnavailable } from "@/lib/errors";
import type { Logger } from "@/lib/log";
import { observeTaskTiming } from "@/lib/metrics/registry";
import { backoffMs } from "./backoff";
import { publishTaskEvent } from "./events";
import { FairFeeder } from "./fair-feeder";
import { MicroBatcher } from "./micro-batch";
import { CONSUMER_GROUP, dlqKey, LANES, type Lane, streamKey, type TaskType, taskEventsChannel } from "./names";
import { publishTask } from "./producer";
import { createRedis } from "./redis";
import { TaskError } from "./task-error";

/** What a handler gets for one attempt. */
export type TaskContext<P> = {
  task: TaskRow;
  payload: P;
  /** 1-based attempt number; also the fencing token of this attempt. */
  attempt: number;
  /** Aborted when the attempt times out or the worker shuts down. */
  signal: AbortSignal;
  log: Logger;
};

/**
 * One task type's work (template method: the consumer parses the payload, calls `process`
 * outside any transaction, then runs the returned write and the COMPLETED transition in one
 * short transaction, then ACKs).
 */
export type TaskHandler<P = unknown> = {
  type: TaskType;
  payloadSchema: ZodType<P>;
  /** Slow work (parsing, LLM calls). Throw {@link TaskError} to choose retry or policy. */
  process(ctx: TaskContext<P>): Promise<TaskWrite>;
};

/**
 * What an attempt writes when it ends, in the completion transaction: a function of the
 * transaction, or a {@link BatchedWrite} that the attempts of one completion flush share.
 */
export type TaskWrite = ((tx: Tx) => Promise<void>) | BatchedWrite;

/** One attempt's item for a {@link BatchedWriter}: made by `writer.write(item)`. */
export type BatchedWrite = { readonly writer: BatchedWriter<never>; readonly item: unknown };

/**
 * A write that the attempts ending in the same completion flush make together: the flush calls
 * `writeAll` once per writer with every such attempt's item, in the flush's order (one multi-row
 * INSERT for a batch's result rows instead of one statement per attempt, as PostgreSQL's group
 * commit does for their COMMITs). Attempts share a call only when they use the same writer
 * object, so define it once, beside the handler — a writer made per attempt writes alone. When
 * the batch fails and each attempt commits alone, `writeAll` gets that attempt's one item.
 */
export class BatchedWriter<T> {
  /** @param writeAll writes every item of one flush in `tx`; throwing fails the flush (each attempt is then retried alone). */
  constructor(readonly writeAll: (tx: Tx, items: T[]) => Promise<void>) {}

  /** The write of `item`, to return from a handler's `process`. */
  write(item: T): BatchedWrite {
    return { writer: this as BatchedWriter<never>, item };
  }
}

/** Runs the writes of some attempts in `tx`: functions one after another, then each writer's items in one call. */
async function runWrites(tx: Tx, writes: TaskWrite[]): Promise<void> {
  const batched = new Map<BatchedWriter<never>, unknown[]>();
  for (const w of writes) {
    if (typeof w === "function") await w(tx);
    else {
      const items = batched.get(w.writer);
      if (items) items.push(w.item);
      else batched.set(w.writer, [w.item]);
    }
  }
  for (const [writer, items] of batched) await (writer.writeAll as (tx: Tx, items: unknown[]) => Promise<void>)(tx, items);
}

/** Every option, named with its unit, defaulted, and when to change it (after BullMQ's WorkerOptions). */
export type ConsumerOptions = {
  /** Unique per process; shows in XINFO CONSUMERS. Default `<host>-<pid>-<random>`. */
  consumerName: string;
  /** Attempts run at once by this process. Default `WORKER_CONCURRENCY` or 4. Raise for I/O-bound LLM work. */
  concurrency: number;
  /** Share of `concurrency` kept for the interactive lane (0–1). Default 0.7; the idle lane lends its slots. */
  interactiveShare: number;
  /** Extra time past `blockMs` before a silent read is declared stalled and the reader reconnects, ms. Default 5 000. */
  watchdogSlackMs: number;
  /** A claim lasts this long without a heartbeat; messages idle longer are reclaimed (XAUTOCLAIM). Default `TASK_LEASE_MS` or 60 000 ms. */
  leaseMs: number;
  /** How long an idle consumer blocks waiting for new entries (XREAD BLOCK), ms. Default 2 000. Lower only makes shutdown snappier. */
  blockMs: number;
  /**
   * How often this process looks for messages of dead consumers (and sweeps dead consumer names),
   * ms. Default leaseMs / 2 (≥ 500). A pass that fills every free slot goes on as slots free,
   * before new entries are read, until the PEL has nothing idle left; one also runs at start.
   */
  reclaimIntervalMs: number;
  /**
   * A consumer name in the group with no pending entries, idle longer than this, is deleted
   * (`XGROUP DELCONSUMER`) by the reclaim pass, ms. Default 3 600 000. Names with pending
   * entries are never deleted (their entries would leave the PEL). A live consumer deleted
   * by mistake is recreated by its next read.
   */
  deadConsumerIdleMs: number;
  /**
   * While the database is unreachable, a claim is retried in place, holding its slot (so a full
   * set of held slots stops further reads and the PEL does not grow), after this first delay,
   * doubling up to `claimRetryCapMs`, ms. Defaults 250 and 5 000.
   */
  claimRetryBaseMs: number;
  claimRetryCapMs: number;
  /** Claim retries stop after this long and the message is left pending for reclaim, ms. Default leaseMs. */
  claimRetryForMs: number;
  /**
   * An attempt running longer is aborted and retried, ms. Default `TASK_TIMEOUT_MS` or 300 000.
   * An attempt still not ended `leaseMs` after that (stuck where no abort reaches, such as a
   * database write whose connection died under it) stops renewing its lease, so another worker
   * reclaims the task; its late result, if it ever comes, is discarded (the claim is lost).
   */
  taskTimeoutMs: number;
  /**
   * Deliveries of one message after which it is dead-lettered when no attempt of its task was
   * ever recorded (poison guard: it kills consumers before the claim). Default 10. A copy of a
   * task another attempt holds is not poison, however often it comes back.
   */
  maxDeliveries: number;
  /** Retry backoff base and cap, ms (see backoffMs). Defaults 1 000 and 60 000. */
  backoffBaseMs: number;
  backoffCapMs: number;
  /**
   * Called inside the transaction that ends a task (COMPLETED, FAILED, TERMINATED_BY_POLICY) with
   * the claimed row, so side effects such as a callback event commit with the status or not at
   * all. Default none.
   */
  onTaskEnded?: (tx: Tx, task: TaskRow) => Promise<void>;
  /** On shutdown, in-flight attempts get this long to finish before they are released, ms. Default 30 000. */
  shutdownGraceMs: number;
  /**
   * Admits fair tasks (lib/queue/fair-feeder.ts): asked for a pass (`feedSoon`, not awaited)
   * whenever a fair task's attempt ends, so its group's next task enters the stream without
   * waiting for the relay's tick; a released fair task goes back through it too. Default one
   * with its default options.
   */
  fairFeeder: FairFeeder;
  /**
   * Most messages claimed by one conditional UPDATE (`id = any($ids)`). The entries of one read
   * are claimed together; while `claimFlushes` claims are in flight, later ones queue and go in
   * the next. Default 100. 1 claims one task per statement.
   */
  claimBatchMax: number;
  /** Claim statements in flight at once. Default 2. */
  claimFlushes: number;
  /**
   * Most ended attempts committed by one transaction (the handlers' writes, one fenced UPDATE
   * to COMPLETED for all, `onTaskEnded` for each, one COMMIT), micro-batched without a timer:
   * attempts that end while `completeFlushes` commits are in flight go in the next one. A batch
   * that fails (one write throws, a claim was lost) is rolled back and committed again one task
   * per transaction, so one handler's failure fails only its own attempt. Default 50. 1 commits
   * each attempt alone, as before batching.
   */
  completeBatchMax: number;
  /** Completion transactions in flight at once (each holds a pool connection). Default 2. */
  completeFlushes: number;
  /**
   * A claim or completion flush not answered after this long is given up, ms: its attempts go
   * on as if it had failed and its slot is free again. A completion given up ends its attempt
   * through the fenced {@link StreamConsumer.endAttempt}, which finds the task COMPLETED when
   * the commit did land, and the entry is ACKed. Without it, a statement whose reply never comes
   * (a half-open connection, or postgres.js losing a reply when the server restarts:
   * porsager/postgres#1186) holds its flush's slot, and its attempts' entries, for good.
   * Default leaseMs. Above the slowest healthy flush: one given up needlessly costs an attempt,
   * never a duplicate (every write is fenced). A claim given up whose UPDATE commits after all
   * leaves its tasks PROCESSING under attempts nobody runs, as a worker that died after its claim
   * does: they are claimed again once their leases run out (docs/architecture.md).
   */
  dbFlushTimeoutMs: number;
};

function defaultConsumerOptions(deps: { db: Db; redis: Redis; log: Logger }, overrides: Partial<ConsumerOptions> = {}): ConsumerOptions {
  const leaseMs = overrides.leaseMs ?? Number(process.env.TASK_LEASE_MS ?? 60_000);
  return {
    consumerName: `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`,
    concurrency: Number(process.env.WORKER_CONCURRENCY ?? 4),
    interactiveShare: 0.7,
    leaseMs,
    blockMs: 2_000,
    watchdogSlackMs: 5_000,
    reclaimIntervalMs: Math.max(500, Math.floor(leaseMs / 2)),
    deadConsumerIdleMs: 3_600_000,
    claimRetryBaseMs: 250,
    claimRetryCapMs: 5_000,
    claimRetryForMs: leaseMs,
    taskTimeoutMs: Number(process.env.TASK_TIMEOUT_MS ?? 300_000),
    maxDeliveries: 10,
    backoffBaseMs: 1_000,
    backoffCapMs: 60_000,
    shutdownGraceMs: 30_000,
    claimBatchMax: 100,
    claimFlushes: 2,
    completeBatchMax: 50,
    completeFlushes: 2,
    dbFlushTimeoutMs: leaseMs,
    ...overrides,
    fairFeeder: overrides.fairFeeder ?? new FairFeeder(deps),
  };
}

type Message = { stream: string; id: string; taskId: string | undefined };

/** One ended attempt waiting for its completion transaction. */
type Completion = { task: TaskRow; attempt: number; write: TaskWrite };

/** One ACK waiting for its pipeline, with the task event to publish alongside. */
type Ack = { msg: Message; event?: { taskId: string; status: string } };

/** A message being handled by this process (from its read or reclaim until its ACK or give-up). */
type Inflight = { abort: AbortController; done: Promise<void>; lane: Lane };

/** A running attempt, as the heartbeat sees it. */
type Running = { taskId: string; attempt: number; msg: Message; runStart: number };

class LostClaimError extends Error {}

/**
 * The generic stream consumer: XREADGROUP over every lane of the registered task types,
 * claim by conditional update, run the handler, write + COMPLETED in one transaction, XACK.
 * Retries with backoff (RETRYING → the relay makes it PENDING when due), dead-letters after
 * `maxAttempts`, reclaims messages of dead consumers with XAUTOCLAIM.
 */
export class StreamConsumer {
  readonly options: ConsumerOptions;
  private readonly handlers = new Map<string, TaskHandler<unknown>>();
  private reader: Redis;
  private readonly inflight = new Map<string, Inflight>();
  private running = false;
  private loopDone: Promise<void> | undefined;
  private reclaimTimer: NodeJS.Timeout | undefined;
  private slotFreed: (() => void) | undefined;
  /** Aborted by stop(): cuts short the waits between claim retries. */
  private stopping = new AbortController();
  /** A reclaim pass stopped for want of free slots: the read loop goes on with it first. */
  private reclaimBacklog = false;
  private reclaiming: Promise<number> | undefined;
  /** Where each lane's next read starts in the list of task types (round-robin). */
  private readonly readTurn: Record<Lane, number> = { interactive: 0, batch: 0 };
  /** Attempts running now, by message key: one heartbeat renews all their leases. */
  private readonly attemptsRunning = new Map<string, Running>();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private beating = false;
  private readonly claims: MicroBatcher<string, TaskRow | undefined>;
  private readonly completions: MicroBatcher<Completion, boolean>;
  private readonly acks: MicroBatcher<Ack, undefined>;

  constructor(
    private readonly deps: { db: Db; redis: Redis; log: Logger },
    handlers: TaskHandler<unknown>[],
    options: Partial<ConsumerOptions> = {},
  ) {
    this.options = defaultConsumerOptions(deps, options);
    for (const h of handlers) this.handlers.set(h.type, h);
    this.reader = this.newReader();
    const o = this.options;
    this.claims = new MicroBatcher((ids) => this.claimBatch(ids), {
      maxSize: o.claimBatchMax,
      maxFlushes: o.claimFlushes,
      flushTimeoutMs: o.dbFlushTimeoutMs,
    });
    this.completions = new MicroBatcher((list) => this.completeBatch(list), {
      maxSize: o.completeBatchMax,
      maxFlushes: o.completeFlushes,
      flushTimeoutMs: o.dbFlushTimeoutMs,
    });
    this.acks = new MicroBatcher((list) => this.ackBatch(list), { maxSize: 1_000, maxFlushes: 1 });
  }

  /** A blocking read holds its connection: the reader never shares one. */
  private newReader(): Redis {
    const r = createRedis(`reader:${this.options.consumerName}`, { maxRetriesPerRequest: null });
    r.on("error", () => undefined);
    return r;
  }

  /**
   * Runs one reader command under a watchdog: a read on a connection that died without a
   * FIN/RST (half-open TCP, a paused or partitioned server) would hang forever, so past
   * `blockMs + watchdogSlackMs` the reader is dropped and a fresh connection made.
   */
  private async watched<T>(command: (r: Redis) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const reader = this.reader;
    try {
      return await Promise.race([
        command(reader),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ReaderStalled()), this.options.blockMs + this.options.watchdogSlackMs);
        }),
      ]);
    } catch (err) {
      if (err instanceof ReaderStalled && this.running) {
        this.deps.log.warn({ consumer: this.options.consumerName }, "reader stalled; reconnecting");
        reader.disconnect();
        this.reader = this.newReader();
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Every stream this consumer reads (each task type × lane). */
  streams(): string[] {
    return [...this.handlers.keys()].flatMap((t) => LANES.map((l) => streamKey(t as TaskType, l)));
  }

  /** Creates the consumer group on each stream (from id 0, so nothing published before is skipped). */
  async ensureGroups(): Promise<void> {
    for (const key of this.streams()) {
      try {
        await this.deps.redis.xgroup("CREATE", key, CONSUMER_GROUP, "0", "MKSTREAM");
      } catch (err) {
        if (!String(err).includes("BUSYGROUP")) throw err;
      }
    }
  }

  /** Starts reading; resolves once the groups exist. A reclaim pass runs first (a predecessor's leftovers). */
  async start(): Promise<void> {
    await this.ensureGroups();
    this.running = true;
    this.stopping = new AbortController();
    this.reclaimBacklog = true;
    this.loopDone = this.readLoop();
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), Math.max(200, Math.floor(this.options.leaseMs / 3)));
    this.reclaimTimer = setInterval(() => {
      void this.reclaim();
      void this.sweepConsumers().catch((err) => this.deps.log.warn({ err: String(err) }, "consumer sweep failed"));
    }, this.options.reclaimIntervalMs);
  }

  /**
   * Graceful stop: no new reads; in-flight attempts get `shutdownGraceMs` to finish, then are
   * aborted and released (task back to PENDING without spending an attempt, message re-added).
   * Last, this consumer's name leaves the group on every stream where it holds no pending entry.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort();
    clearInterval(this.reclaimTimer);
    this.slotFreed?.();
    this.reader.disconnect();
    await this.loopDone?.catch(() => undefined);
    const all = Promise.allSettled([...this.inflight.values()].map((f) => f.done));
    const timedOut = await Promise.race([all.then(() => false), sleep(this.options.shutdownGraceMs).then(() => true)]);
    if (timedOut) {
      for (const f of this.inflight.values()) f.abort.abort(new ShutdownAbort());
      await all;
    }
    // In-flight attempts heartbeat through the grace period; none is left now.
    clearInterval(this.heartbeatTimer);
    await this.acks.drained();
    await this.options.fairFeeder.stop();
    await this.deleteConsumers(this.options.consumerName, -1).catch((err) =>
      this.deps.log.warn({ err: String(err) }, "could not remove this consumer from the group"),
    );
  }

  /**
   * Deletes consumer names with no pending entries idle longer than `deadConsumerIdleMs` from
   * the group on every stream (each worker restart adds a name; XINFO CONSUMERS would grow
   * forever). Runs with the reclaim timer.
   * @returns how many names were deleted.
   */
  async sweepConsumers(): Promise<number> {
    return this.deleteConsumers(null, this.options.deadConsumerIdleMs);
  }

  /**
   * `XGROUP DELCONSUMER` for `name` (or every consumer when null) idle longer than `minIdleMs`,
   * on each stream, only if it has no pending entry. One script per stream, so no entry can be
   * delivered to the name between the check and the delete.
   */
  private async deleteConsumers(name: string | null, minIdleMs: number): Promise<number> {
    let deleted = 0;
    for (const key of this.streams()) {
      try {
        deleted += Number(await this.deps.redis.eval(DELETE_IDLE_CONSUMERS, 1, key, CONSUMER_GROUP, name ?? "", String(minIdleMs)));
      } catch (err) {
        if (!/NOGROUP|no such key/i.test(String(err))) throw err;
      }
    }
    return deleted;
  }

  get inflightCount(): number {
    return this.inflight.size;
  }

  /**
   * Reads by lane (docs/architecture.md, "Lanes"): interactive gets `interactiveShare` of the slots and
   * batch the rest; a lane with nothing waiting lends its share to the other. Reads are
   * non-blocking and per stream, so at most `free` messages are taken; when nothing is waiting
   * anywhere the loop blocks on XREAD from the group's last-delivered ids (a wake-up, nothing
   * consumed), so no message published meanwhile is missed.
   */
  private async readLoop(): Promise<void> {
    const { log } = this.deps;
    while (this.running) {
      const free = this.options.concurrency - this.inflight.size;
      if (free <= 0) {
        await new Promise<void>((r) => (this.slotFreed = r));
        continue;
      }
      try {
        if (this.reclaimBacklog && (await this.reclaim()) > 0) continue;
        const taken = await this.readLanes(free);
        if (taken === 0 && this.running) await this.waitForWork();
      } catch (err) {
        if (!this.running) return;
        if (/NOGROUP|UNBLOCKED|no such key/i.test(String(err))) {
          // Redis lost its data (FLUSHALL, restart without persistence): recreate and go on;
          // the relay republishes from PostgreSQL.
          log.warn("consumer group missing, recreating");
          await this.ensureGroups().catch(() => undefined);
        } else if (!(err instanceof ReaderStalled)) {
          log.warn({ err: String(err) }, "XREADGROUP failed; retrying");
          await sleep(500);
        }
      }
    }
  }

  /** Slots per lane at this concurrency: interactive ⌈share·C⌉, batch the rest (≥ 1 when C ≥ 2). */
  laneCapacity(): Record<Lane, number> {
    const c = this.options.concurrency;
    const interactive = c <= 1 ? c : Math.min(c - 1, Math.max(1, Math.round(c * this.options.interactiveShare)));
    return { interactive, batch: c - interactive };
  }

  private async readLanes(free: number): Promise<number> {
    const cap = this.laneCapacity();
    const busy = { interactive: 0, batch: 0 };
    for (const f of this.inflight.values()) busy[f.lane]++;
    const got = { interactive: 0, batch: 0 };
    const want = {
      interactive: Math.min(free, Math.max(0, cap.interactive - busy.interactive)),
      batch: 0,
    };
    got.interactive = await this.readLane("interactive", want.interactive);
    want.batch = Math.min(free - got.interactive, Math.max(0, cap.batch - busy.batch));
    got.batch = await this.readLane("batch", want.batch);
    // Lending: a lane that filled its share may use what the other left idle.
    let left = free - got.interactive - got.batch;
    if (left > 0 && got.interactive === want.interactive) {
      const more = await this.readLane("interactive", left);
      got.interactive += more;
      left -= more;
    }
    if (left > 0 && got.batch === want.batch) got.batch += await this.readLane("batch", left);
    return got.interactive + got.batch;
  }

  /**
   * Non-blocking XREADGROUP of up to `count` messages from one lane, fair across task types:
   * each read starts at the next type (round-robin) and first offers every type an even share
   * of `count`; what a type leaves unused goes to the others in the second pass. So a backlog
   * of one type (resume uploads) cannot starve another (interview turns) on the same lane.
   */
  private async readLane(lane: Lane, count: number): Promise<number> {
    if (count <= 0) return 0;
    const types = [...this.handlers.keys()] as TaskType[];
    const start = this.readTurn[lane]++ % types.length;
    const order = [...types.slice(start), ...types.slice(0, start)];
    const hasMore: TaskType[] = [];
    let taken = 0;
    for (let i = 0; i < order.length && taken < count; i++) {
      const share = Math.ceil((count - taken) / (order.length - i));
      const n = await this.readStream(streamKey(order[i], lane), share);
      taken += n;
      if (n === share) hasMore.push(order[i]);
    }
    for (const type of hasMore) {
      if (taken >= count) break;
      taken += await this.readStream(streamKey(type, lane), count - taken);
    }
    return taken;
  }

  /** Non-blocking XREADGROUP of up to `count` new entries of one stream, each dispatched. */
  private async readStream(key: string, count: number): Promise<number> {
    const res = (await this.watched((r) => r.xreadgroup("GROUP", CONSUMER_GROUP, this.options.consumerName, "COUNT", count, "STREAMS", key, ">"))) as
      | [string, [string, string[]][]][]
      | null;
    let taken = 0;
    for (const [stream, entries] of res ?? []) {
      for (const [id, fields] of entries) {
        this.dispatch({ stream, id, taskId: field(fields, "taskId") });
        taken++;
      }
    }
    return taken;
  }

  /** Blocks until some stream has an entry newer than its group's last-delivered id, or `blockMs` passes. */
  private async waitForWork(): Promise<void> {
    const keys = this.streams();
    const pipeline = this.deps.redis.pipeline();
    for (const key of keys) pipeline.xinfo("GROUPS", key);
    const infos = (await pipeline.exec()) ?? [];
    const ids = infos.map(([err, groups], i) => {
      if (err) throw err;
      const g = (groups as unknown[][]).find((row) => row[1] === CONSUMER_GROUP);
      if (!g) throw new Error(`NOGROUP ${keys[i]}`);
      return String(g[g.indexOf("last-delivered-id") + 1]);
    });
    await this.watched((r) => r.xread("BLOCK", this.options.blockMs, "STREAMS", ...keys, ...ids));
  }

  /**
   * Handles `msg` in a slot of its own. A message this process already handles is skipped —
   * unless `reclaimed`: XAUTOCLAIM handed it back, so it sat idle past the lease, and nothing
   * here renews it (a live attempt's heartbeat would have). That handler is stuck where no abort
   * reaches (a claim or query on a connection that died under it) or past its timeout; it is
   * superseded: aborted, dropped from the slots, its ACK and bookkeeping disowned, and the
   * message handled afresh. Skipping it instead would leave the entry pending for good, since
   * each of this consumer's XAUTOCLAIMs resets its idle time before another worker's can.
   */
  private dispatch(msg: Message, { reclaimed = false } = {}): void {
    const key = `${msg.stream}|${msg.id}`;
    const held = this.inflight.get(key);
    if (held) {
      if (!reclaimed || this.attemptsRunning.has(key)) return;
      this.deps.log.warn({ msg }, "reclaimed a message this consumer holds but no longer renews; its handler is superseded");
      held.abort.abort(new Superseded());
      this.inflight.delete(key);
    }
    const abort = new AbortController();
    const entry: Inflight = { abort, done: Promise.resolve(), lane: msg.stream.endsWith(":batch") ? "batch" : "interactive" };
    const isCurrent = () => this.inflight.get(key) === entry;
    // In the map before the handler starts: one that ends without waiting (an entry with no task) is current.
    this.inflight.set(key, entry);
    entry.done = this.handleMessage(msg, abort.signal, isCurrent)
      .catch((err) => this.deps.log.error({ err: String(err), msg }, "message handling failed; left pending for reclaim"))
      .finally(() => {
        if (isCurrent()) this.inflight.delete(key);
        this.slotFreed?.();
        this.slotFreed = undefined;
      });
  }

  /**
   * XAUTOCLAIM messages idle longer than the lease (their consumer died) and handles them,
   * page after page while pages come back and slots are free. When the slots run out first,
   * `reclaimBacklog` makes the read loop resume the pass as slots free, before reading new
   * entries: a large PEL drains at processing speed, not one page per `reclaimIntervalMs`.
   * @returns how many messages were dispatched.
   */
  async reclaim(): Promise<number> {
    if (!this.running) return 0;
    this.reclaiming ??= this.reclaimPass().finally(() => (this.reclaiming = undefined));
    return this.reclaiming;
  }

  private async reclaimPass(): Promise<number> {
    let claimed = 0;
    let slotsRanOut = false;
    for (const key of this.streams()) {
      let cursor = "0-0";
      try {
        do {
          const free = this.options.concurrency - this.inflight.size;
          if (free <= 0 || !this.running) {
            slotsRanOut = true;
            break;
          }
          const [next, entries] = (await this.deps.redis.xautoclaim(
            key,
            CONSUMER_GROUP,
            this.options.consumerName,
            this.options.leaseMs,
            cursor,
            "COUNT",
            free,
          )) as [string, [string, string[] | null][]];
          cursor = next;
          for (const [id, fields] of entries) {
            if (!fields) continue; // entry deleted from the stream; XAUTOCLAIM dropped it from the PEL
            const deliveries = await this.deliveryCount(key, id);
            if (deliveries > this.options.maxDeliveries && !(await this.hasRecordedAttempt(field(fields, "taskId")))) {
              await this.deadLetterPoison({ stream: key, id, taskId: field(fields, "taskId") }, deliveries);
              continue;
            }
            claimed++;
            this.dispatch({ stream: key, id, taskId: field(fields, "taskId") }, { reclaimed: true });
          }
        } while (cursor !== "0-0");
      } catch (err) {
        if (String(err).includes("NOGROUP")) await this.ensureGroups().catch(() => undefined);
        else this.deps.log.warn({ err: String(err) }, "XAUTOCLAIM failed");
      }
    }
    this.reclaimBacklog = slotsRanOut;
    return claimed;
  }

  private async deliveryCount(stream: string, id: string): Promise<number> {
    const rows = (await this.deps.redis.xpending(stream, CONSUMER_GROUP, id, id, 1)) as [string, string, number, number][];
    return rows[0]?.[3] ?? 0;
  }

  /**
   * Whether the task of a message has had an attempt claimed: then a worker dying mid-way is
   * counted by its attempts (`attempts_exhausted`), and a message returning often is a copy kept
   * pending behind a live attempt, not poison. An unreadable database answers false (guard stays on).
   */
  private async hasRecordedAttempt(taskId: string | undefined): Promise<boolean> {
    if (!taskId) return false;
    const row = await getTaskById(this.deps.db, { id: taskId }).catch(() => undefined);
    return (row?.attempts ?? 0) > 0;
  }

  /** A message that keeps killing consumers before any attempt is recorded. */
  private async deadLetterPoison(msg: Message, deliveries: number): Promise<void> {
    const { redis, log } = this.deps;
    log.error({ msg, deliveries }, "poison message dead-lettered");
    const type = typeFromStream(msg.stream);
    await redis.xadd(dlqKey(type), "*", "taskId", msg.taskId ?? "", "code", "poison_message", "deliveries", String(deliveries));
    await redis.xack(msg.stream, CONSUMER_GROUP, msg.id);
  }

  /**
   * Template method: claim → parse payload → process → write+complete → ACK. `isCurrent` is false
   * once the handler was superseded ({@link dispatch}): the message is then no longer its to ACK.
   */
  private async handleMessage(msg: Message, shutdown: AbortSignal, isCurrent: () => boolean): Promise<void> {
    const { db, log } = this.deps;
    // Not awaited: it follows the attempt's commit (or there was nothing to commit), so the slot
    // is free for the next entry while the ACK pipeline flies. An XACK that fails leaves the entry
    // pending; the reclaim pass hands it to a claim that finds the task ended and ACKs it then.
    // stop() waits for the ACKs in flight.
    const ack = (event?: Ack["event"]) => {
      if (!isCurrent()) return;
      this.acks.add({ msg, event }).catch((err) => log.warn({ err: String(err), msg }, "XACK failed; the entry stays pending for reclaim"));
    };
    if (!msg.taskId || !isTaskId(msg.taskId)) {
      // Not one of ours (no task could have this id): dropped, not retried.
      if (msg.taskId) log.warn({ msg }, "stream entry with a malformed task id dropped");
      ack();
      return;
    }
    const task = await this.claimWithRetry(msg.taskId, shutdown);
    if (!task) {
      const current = await getTaskById(db, { id: msg.taskId });
      if (current?.status === "PROCESSING") {
        // Another attempt holds it (a duplicate message, or a claim whose worker may be dead).
        // Keep this copy pending: if that attempt's lease runs out, XAUTOCLAIM brings the
        // message back and the claim succeeds; once the task ends, the copy is ACKed.
        return;
      }
      // Ended, RETRYING (its retry gets a fresh message) or gone: nothing to do.
      ack();
      return;
    }
    const attempt = task.attempts;
    if (attempt > task.maxAttempts) {
      // Its last attempt's worker died mid-way: attempts are spent.
      await this.endAttempt(task, attempt, new TaskError("attempts_exhausted", "The task ran out of attempts.", true));
      ack();
      if (task.fairKey) this.options.fairFeeder.feedSoon();
      return;
    }
    // Its PROCESSING event went out with the claim flush's ({@link claimBatch}).

    // Both on the database's clock: the claim's update sets updated_at (docs/finops.md, "Prometheus").
    const queueWaitMs = Math.max(0, task.updatedAt.getTime() - task.availableAt.getTime());
    const runStart = performance.now();
    const abort = new AbortController();
    const timeout = setTimeout(() => abort.abort(new TaskTimeout()), this.options.taskTimeoutMs);
    const onShutdown = () => abort.abort(shutdown.reason);
    shutdown.addEventListener("abort", onShutdown, { once: true });
    const key = `${msg.stream}|${msg.id}`;
    const running: Running = { taskId: task.id, attempt, msg, runStart };
    this.attemptsRunning.set(key, running);

    try {
      const handler = this.handlers.get(task.type);
      if (!handler) throw TaskError.policy("unknown_task_type", `No handler for task type ${task.type}.`);
      const payload = parsePayload(handler, task.payload);
      const write = await raceAbort(
        handler.process({ task, payload, attempt, signal: abort.signal, log: log.child({ taskId: task.id, attempt }) }),
        abort.signal,
      );
      if (!(await this.completions.add({ task, attempt, write }))) throw new LostClaimError();
      // The ACK and the event go out in one pipeline with those of the attempts that ended alongside.
      ack({ taskId: task.id, status: "COMPLETED" });
    } catch (err) {
      if (err instanceof LostClaimError) {
        log.warn({ taskId: task.id, attempt }, "attempt lost its claim; late result discarded");
        ack();
        return;
      }
      if (abort.signal.reason instanceof ShutdownAbort) {
        await this.release(task, attempt, msg);
        return;
      }
      const te = toTaskError(err, abort.signal);
      await this.endAttempt(task, attempt, te);
      ack();
    } finally {
      clearTimeout(timeout);
      if (this.attemptsRunning.get(key) === running) this.attemptsRunning.delete(key);
      shutdown.removeEventListener("abort", onShutdown);
      // Its group has room again (a released one was fed already).
      if (task.fairKey && !(abort.signal.reason instanceof ShutdownAbort)) this.options.fairFeeder.feedSoon();
      observeTaskTiming({ type: task.type, lane: task.lane, queueWaitMs, runMs: performance.now() - runStart });
    }
  }

  /**
   * One heartbeat for every running attempt (every `leaseMs / 3`; a beat still in flight skips
   * the next): their leases extended by one fenced UPDATE that never waits on a locked row
   * ({@link stillHeld}), then the entries of those whose attempt still holds its task get their
   * idle times reset with one `XCLAIM … JUSTID` per stream, so XAUTOCLAIM elsewhere leaves live
   * attempts alone. An attempt that no longer holds
   * its task (it committed but never heard so, or it lost its claim) is dropped from the
   * heartbeat: its entry goes idle and a reclaim ACKs it once it finds the task ended. When the
   * UPDATE fails (the database is away) every entry is renewed still, so the attempts keep them.
   * An attempt running longer than `taskTimeoutMs + leaseMs` (its timeout's abort did not end
   * it) is left out, so its task is reclaimed. Failures are ignored: the next beat tries again,
   * well within the lease.
   */
  private async heartbeat(): Promise<void> {
    if (this.beating) return;
    this.beating = true;
    try {
      await this.beat();
    } finally {
      this.beating = false;
    }
  }

  private async beat(): Promise<void> {
    const { redis, log } = this.deps;
    const { taskTimeoutMs, leaseMs, consumerName } = this.options;
    const live: [string, Running][] = [];
    for (const [key, r] of this.attemptsRunning) {
      if (performance.now() - r.runStart > taskTimeoutMs + leaseMs) {
        this.attemptsRunning.delete(key);
        log.error({ taskId: r.taskId, attempt: r.attempt, taskTimeoutMs }, "attempt outlived its timeout; lease no longer renewed");
      } else live.push([key, r]);
    }
    if (live.length === 0) return;
    const held = await this.stillHeld(live.map(([, r]) => ({ id: r.taskId, attempt: r.attempt }))).catch(() => undefined);
    const byStream = new Map<string, string[]>();
    for (const [key, r] of live) {
      if (held && !held.has(r.taskId)) {
        // Ended (its handler may still be waiting for the answer) or taken over elsewhere.
        if (this.attemptsRunning.get(key) === r) this.attemptsRunning.delete(key);
        continue;
      }
      byStream.set(r.msg.stream, [...(byStream.get(r.msg.stream) ?? []), r.msg.id]);
    }
    if (byStream.size === 0) return;
    const pipeline = redis.pipeline();
    for (const [stream, ids] of byStream) pipeline.xclaim(stream, CONSUMER_GROUP, consumerName, 0, ...ids, "JUSTID");
    await pipeline.exec().catch(() => undefined);
  }

  /**
   * Extends the leases of `attempts` and answers which of them still hold their tasks: those
   * extended, and those whose row was locked (skipped by the UPDATE, see extendLeases) but that a
   * plain read still finds held — a completion committing now, or a transaction whose client is
   * gone, which the server ends (lib/db/client.ts, idleInTransactionTimeoutMs).
   * @throws the database's error (the caller then renews every entry).
   */
  private async stillHeld(attempts: { id: string; attempt: number }[]): Promise<Set<string>> {
    const { db } = this.deps;
    const extended = new Set(await extendLeases(db, { attempts, leaseMs: this.options.leaseMs }));
    const rest = attempts.filter((a) => !extended.has(a.id));
    if (rest.length === 0) return extended;
    for (const id of await attemptsHolding(db, { attempts: rest })) extended.add(id);
    return extended;
  }

  /**
   * The claim flush: one conditional UPDATE for every queued task id; a repeated id gets its row
   * once. The PROCESSING events of the claimed attempts that will run (not those past
   * `maxAttempts`, which end at once) go out in one pipeline, not awaited: events are best
   * effort, and it is written before any of these handlers starts, on the connection their
   * COMPLETED events use, so PROCESSING still comes first.
   */
  private async claimBatch(ids: string[]): Promise<(TaskRow | undefined)[]> {
    const rows = await claimTasks(this.deps.db, { ids, leaseMs: this.options.leaseMs });
    const starting = rows.filter((r) => r.attempts <= r.maxAttempts);
    if (starting.length > 0) {
      const events = this.deps.redis.pipeline();
      for (const r of starting) events.publish(taskEventsChannel(), JSON.stringify({ taskId: r.id, status: "PROCESSING" }));
      void events.exec().catch(() => undefined);
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => {
      // The database answers with the canonical (lower-case) form of an id written in upper case.
      const row = byId.get(id.toLowerCase());
      byId.delete(id.toLowerCase());
      return row;
    });
  }

  /**
   * The completion flush: every handler's write, one fenced UPDATE to COMPLETED for all, then
   * `onTaskEnded` for each, in one transaction. When it fails — a write threw, an attempt lost
   * its claim (its write must not commit), a deadlock — it is rolled back and each attempt
   * commits alone ({@link completeOne}), so the failure stays with its own attempt. A database
   * that is unreachable (a connection error, and a trivial query fails too) fails them all at once:
   * none would do better alone.
   * @returns per attempt true (COMPLETED) or false (the claim was lost), or its write's error.
   */
  private async completeBatch(list: Completion[]): Promise<(boolean | Error)[]> {
    if (list.length === 1 || new Set(list.map((c) => c.task.id)).size < list.length) return this.completeEach(list);
    try {
      await this.deps.db.transaction(async (tx) => {
        // One after another, not issued together: pipelined writes were faster, but interleaved on
        // one connection a write's ROLLBACK TO SAVEPOINT (a nested tx.transaction) undoes the
        // statements other writes sent after its SAVEPOINT (docs/architecture.md, "Writes issued together").
        await runWrites(
          tx,
          list.map((c) => c.write),
        );
        const held = await completeAttempts(
          tx,
          list.map((c) => ({ id: c.task.id, attempt: c.attempt })),
        );
        if (held.size < list.length) throw new LostClaimError();
        for (const c of list) await this.options.onTaskEnded?.(tx, c.task);
      });
      return list.map(() => true);
    } catch (err) {
      // A write's own connection error (a fetch or Redis call inside it) looks the same as an outage:
      // only a database that does not answer either fails the whole flush.
      if (isDatabaseUnavailable(err) && !(await this.databaseAnswers())) throw err;
      return this.completeEach(list);
    }
  }

  /** Whether PostgreSQL answers a trivial query now. */
  private async databaseAnswers(): Promise<boolean> {
    try {
      await this.deps.db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  }

  private completeEach(list: Completion[]): Promise<(boolean | Error)[]> {
    return Promise.all(list.map((c) => this.completeOne(c).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))))));
  }

  /** One attempt's write and COMPLETED in a transaction of its own; false when its claim was lost (rolled back). */
  private async completeOne(c: Completion): Promise<boolean> {
    try {
      await this.deps.db.transaction(async (tx) => {
        await runWrites(tx, [c.write]);
        const ok = await finishAttempt(tx, { id: c.task.id, attempt: c.attempt, status: "COMPLETED" });
        if (!ok) throw new LostClaimError();
        await this.options.onTaskEnded?.(tx, c.task);
      });
      return true;
    } catch (err) {
      if (err instanceof LostClaimError) return false;
      throw err;
    }
  }

  /**
   * The ACK flush: one XACK per stream with every queued entry id, and the queued task events,
   * in one pipeline (one round trip). Sent only after the attempts' commits resolved, so the
   * ACK still follows the commit. An XACK that failed fails the items of its stream (they stay
   * pending for reclaim); a failed PUBLISH is ignored (events are best effort).
   */
  private async ackBatch(list: Ack[]): Promise<(undefined | Error)[]> {
    const byStream = new Map<string, string[]>();
    for (const a of list) byStream.set(a.msg.stream, [...(byStream.get(a.msg.stream) ?? []), a.msg.id]);
    const streams = [...byStream.keys()];
    const pipeline = this.deps.redis.pipeline();
    for (const stream of streams) pipeline.xack(stream, CONSUMER_GROUP, ...byStream.get(stream)!);
    for (const a of list) if (a.event) pipeline.publish(taskEventsChannel(), JSON.stringify(a.event));
    const results = (await pipeline.exec()) ?? [];
    const failed = new Map(streams.map((stream, i) => [stream, results[i]?.[0] ?? (results[i] ? null : new Error("no reply"))]));
    return list.map((a) => failed.get(a.msg.stream) ?? undefined);
  }

  /**
   * A claim through the claim batcher ({@link claimBatch}), retried in place while the database
   * is unreachable ({@link isDatabaseUnavailable}): waits `claimRetryBaseMs` doubling to
   * `claimRetryCapMs`, holding the message's slot throughout, so a worker whose slots are all
   * waiting reads no more entries into the PEL. Gives up (the error propagates, the message
   * stays pending for reclaim) after `claimRetryForMs`, when the consumer stops or when `signal`
   * aborts (the handler was superseded).
   * @throws the claim's error when it is not a connection failure or retrying gave up.
   */
  private async claimWithRetry(taskId: string, signal: AbortSignal): Promise<TaskRow | undefined> {
    const { claimRetryBaseMs, claimRetryCapMs, claimRetryForMs } = this.options;
    const giveUpAt = Date.now() + claimRetryForMs;
    for (let failures = 1; ; failures++) {
      try {
        return await this.claims.add(taskId);
      } catch (err) {
        const delay = Math.min(claimRetryCapMs, claimRetryBaseMs * 2 ** (failures - 1));
        if (!isDatabaseUnavailable(err) || !this.running || signal.aborted || Date.now() + delay > giveUpAt) throw err;
        this.deps.log.warn({ taskId, failures, retryInMs: delay, err: String(err) }, "database unreachable; claim retried");
        await sleep(delay, AbortSignal.any([this.stopping.signal, signal]));
      }
    }
  }

  /** Chooses RETRYING, FAILED (+DLQ) or TERMINATED_BY_POLICY for a failed attempt. */
  private async endAttempt(task: TaskRow, attempt: number, te: TaskError): Promise<void> {
    const { db, redis, log } = this.deps;
    const error = { code: te.code, message: te.message };
    let status: "RETRYING" | "FAILED" | "TERMINATED_BY_POLICY";
    if (!te.retryable) status = "TERMINATED_BY_POLICY";
    else if (attempt >= task.maxAttempts && te.spendsAttempt) status = "FAILED";
    else status = "RETRYING";
    // A wait with a known end (a budget's reset) is due exactly then: no backoff, no jitter.
    const availableAt = status === "RETRYING" ? te.wait?.until : undefined;
    const retryInMs =
      status === "RETRYING" && !availableAt
        ? backoffMs(attempt, { baseMs: this.options.backoffBaseMs, capMs: this.options.backoffCapMs, retryAfterMs: te.retryAfterMs })
        : undefined;
    const ok = await db.transaction(async (tx) => {
      const done = await finishAttempt(tx, { id: task.id, attempt, status, error, retryInMs, availableAt, refundAttempt: !te.spendsAttempt });
      if (done && status !== "RETRYING") await this.options.onTaskEnded?.(tx, task);
      if (done && status === "RETRYING" && te.code === "budget_exhausted") {
        await insertTaskEvent(tx, {
          taskId: task.id,
          kind: "budget_wait",
          attempt,
          errorCode: te.code,
          message: te.message,
          detail: { ...te.wait?.detail, retryAt: (availableAt ?? new Date(Date.now() + (retryInMs ?? 0))).toISOString() },
        });
      }
      return done;
    });
    if (!ok) return;
    log.info({ taskId: task.id, attempt, status, code: te.code, retryInMs, availableAt }, "attempt ended");
    if (status === "FAILED") {
      await redis.xadd(
        dlqKey(task.type as TaskType),
        "*",
        "taskId",
        task.id,
        "type",
        task.type,
        "code",
        te.code,
        "message",
        te.message,
        "attempts",
        String(attempt),
      );
    }
    await publishTaskEvent(redis, { taskId: task.id, status });
  }

  /**
   * Hands an unfinished attempt back: PENDING again, the attempt not counted, a fresh message.
   * `releaseAttempt` clears `message_id`, so if the XADD fails (or this process dies) after the
   * old entry's ACK, the relay's orphan pass publishes the task instead of it waiting forever.
   * A fair task gets no message of its own: it is unadmitted again, and a feeder pass (this
   * one, else the next relay tick) admits it, first of its group (the oldest).
   */
  private async release(task: TaskRow, attempt: number, msg: Message): Promise<void> {
    const { db, redis, log } = this.deps;
    if (await releaseAttempt(db, { id: task.id, attempt })) {
      if (task.fairKey) await this.options.fairFeeder.feedUntilDone().catch((err) => log.warn({ err: String(err) }, "fair feeder pass failed"));
      else await publishTask(redis, db, { id: task.id, type: task.type, lane: task.lane }).catch(() => undefined);
      await publishTaskEvent(redis, { taskId: task.id, status: "PENDING" });
    }
    await redis.xack(msg.stream, CONSUMER_GROUP, msg.id);
  }

  async close(): Promise<void> {
    if (this.running) await this.stop();
    this.reader.disconnect();
  }
}

class TaskTimeout extends Error {}
class ReaderStalled extends Error {}
class ShutdownAbort extends Error {}
class Superseded extends Error {}

function parsePayload<P>(handler: TaskHandler<P>, payload: unknown): P {
  try {
    return handler.payloadSchema.parse(payload);
  } catch (err) {
    if (err instanceof ZodError) throw TaskError.policy("bad_payload", "The task's input is malformed.");
    throw err;
  }
}

function toTaskError(err: unknown, signal: AbortSignal): TaskError {
  if (err instanceof TaskError) return err;
  if (signal.reason instanceof TaskTimeout) return TaskError.transient("timeout", "The task took too long and will be retried.");
  return TaskError.transient("internal", err instanceof Error ? err.message : String(err));
}

function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function field(fields: string[], name: string): string | undefined {
  for (let i = 0; i < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

function typeFromStream(stream: string): TaskType {
  const m = /\{([^}]+)\}/.exec(stream);
  return (m?.[1] ?? "resume.analyze") as TaskType;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/**
 * Deletes consumers of group ARGV[1] on stream KEYS[1] that have no pending entry and are idle
 * longer than ARGV[3] ms — only the one named ARGV[2] when it is not empty. Atomic, so nothing
 * is delivered to a name between its check and its delete. Returns how many were deleted.
 * XINFO CONSUMERS fields: `name`, `pending`, `idle` (Redis 7.0; 7.2 adds `inactive`).
 */
const DELETE_IDLE_CONSUMERS = `
local deleted = 0
for _, c in ipairs(redis.call('XINFO', 'CONSUMERS', KEYS[1], ARGV[1])) do
  local f = {}
  for i = 1, #c, 2 do f[c[i]] = c[i + 1] end
  if (ARGV[2] == '' or f['name'] == ARGV[2]) and f['pending'] == 0 and f['idle'] > tonumber(ARGV[3]) then
    redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], f['name'])
    deleted = deleted + 1
  end
end
return deleted`;
