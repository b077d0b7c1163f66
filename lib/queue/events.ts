import type Redis from "ioredis";
import { getDb } from "@/lib/db/client";
import { readTaskStatuses } from "@/lib/db/queries/tasks";
import { isEnded } from "@/lib/tasks/status";
import { taskEventsChannel } from "./names";
import { createRedis } from "./redis";

/** `status` is a task status, or `"unknown"` for a resync (re-read the database, an event may be lost). */
type TaskEvent = { taskId: string; status: string };

/** One task's wait: `next()` parks until a change; `close()` must be called when done. */
type TaskWatch = {
  /**
   * Resolves with the next event for the task (or one buffered since `watch()`), with null
   * after `timeoutMs` ms or when `signal` aborts.
   */
  next(timeoutMs: number, signal?: AbortSignal): Promise<TaskEvent | null>;
  close(): void;
};

/** How long to wait for the subscription before degrading to timed wake-ups, ms. */
const SUBSCRIBE_TIMEOUT_MS = 1_000;
/** Wake-up interval while degraded (Redis unreachable), ms. */
const POLL_FALLBACK_MS = 1_000;
/** Most ids per sweep query (one `id = any($1)` parameter each). */
const SWEEP_BATCH = 1_000;

/**
 * Interval of the hub's safety sweep, ms (`PANELIST_EVENTS_SWEEP_MS`, default 30 000; 0 turns it
 * off). The sweep catches an event lost while the subscriber stayed connected — a worker dying
 * between its commit and its PUBLISH — with one query for all watched tasks, however many
 * waiters there are; wake-ups stay pub/sub's job.
 */
function sweepIntervalMs(): number {
  const raw = process.env.PANELIST_EVENTS_SWEEP_MS?.trim();
  const ms = raw ? Number(raw) : 30_000;
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`PANELIST_EVENTS_SWEEP_MS must be a number of ms ≥ 0 (got "${raw}")`);
  return ms;
}

type ReadStatuses = (ids: string[]) => Promise<{ id: string; status: string }[]>;

/**
 * Announces a task status change on the events channel. Best effort: the database holds the
 * status, and every reader re-reads it, so a lost event only delays a waiter to its timeout.
 */
export async function publishTaskEvent(redis: Redis, event: TaskEvent): Promise<void> {
  await redis.publish(taskEventsChannel(), JSON.stringify(event)).catch(() => undefined);
}

type Listener = (ev: TaskEvent) => void;

/**
 * One Redis subscriber per process fanned out in-process by task id, so 500 long-pollers
 * cost one connection, not 500, and a waiter touches the database only when its task's event
 * arrives (or after a reconnect, when events may have been missed).
 */
class TaskEventHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscriber: Redis | undefined;
  private ready: Promise<void> | undefined;
  private parked = 0;
  /** Last status the hub saw for each watched task (from an event or a sweep). */
  private readonly seen = new Map<string, string>();
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping = false;
  private sweeps = 0;

  /** @param readStatuses reads the statuses of many tasks in one query (the sweep). */
  constructor(private readonly readStatuses: ReadStatuses) {}

  private ensure(): Promise<void> {
    if (!this.ready) {
      const sub = createRedis("events-sub", { maxRetriesPerRequest: null });
      this.subscriber = sub;
      let lost = false;
      sub.on("message", (_channel, raw) => {
        let ev: TaskEvent;
        try {
          ev = JSON.parse(raw) as TaskEvent;
        } catch {
          return; // a malformed event is ignored: readers re-read the database anyway
        }
        if (typeof ev?.taskId !== "string") return;
        if (this.listeners.has(ev.taskId) && typeof ev.status === "string" && ev.status !== "unknown") this.seen.set(ev.taskId, ev.status);
        this.emit(ev.taskId, ev);
      });
      sub.on("close", () => (lost = true));
      // Events published while the connection was down are gone: once the subscription is
      // back (ioredis resubscribes; our own SUBSCRIBE is answered after its one), every waiter
      // re-reads the database once.
      sub.on("ready", () => {
        if (!lost) return;
        lost = false;
        sub.subscribe(taskEventsChannel()).then(
          () => this.resync(),
          () => undefined,
        );
      });
      this.ready = sub.subscribe(taskEventsChannel()).then(
        () => undefined,
        (err) => {
          // Let the next watcher try again.
          this.ready = undefined;
          this.subscriber = undefined;
          sub.disconnect();
          throw err;
        },
      );
    }
    return this.ready;
  }

  private emit(taskId: string, ev: TaskEvent): void {
    for (const l of this.listeners.get(taskId) ?? []) l(ev);
  }

  private resync(): void {
    for (const taskId of this.listeners.keys()) this.emit(taskId, { taskId, status: "unknown" });
  }

  /**
   * Reads every watched task's status (one query per 1,000 tasks) and wakes the waiters of a
   * task whose status changed since the hub last saw it, or that has ended (its end event may
   * be the one that was lost). A failed read is skipped: the next sweep tries again.
   */
  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const ids = [...this.listeners.keys()];
      for (let i = 0; i < ids.length; i += SWEEP_BATCH) {
        const rows = await this.readStatuses(ids.slice(i, i + SWEEP_BATCH)).catch(() => []);
        for (const { id, status } of rows) {
          if (!this.listeners.has(id)) continue;
          const before = this.seen.get(id);
          this.seen.set(id, status);
          if (before === undefined ? isEnded(status) : before !== status) this.emit(id, { taskId: id, status });
        }
      }
      this.sweeps++;
    } finally {
      this.sweeping = false;
    }
  }

  private startSweeper(): void {
    const ms = sweepIntervalMs();
    if (this.sweeper || ms === 0) return;
    this.sweeper = setInterval(() => void this.sweep(), ms);
    this.sweeper.unref();
  }

  private stopSweeperWhenIdle(): void {
    if (this.listeners.size > 0 || !this.sweeper) return;
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  /**
   * Subscribes first, so a change that happens while the caller reads the database is not
   * missed; `next()` resolves on the next change (or one buffered since subscribing), after
   * `timeoutMs`, or when `signal` aborts (then null). While Redis is unreachable the
   * subscription cannot be confirmed within 1 s: the watch then degrades to a wake-up every
   * second (status `"unknown"`), so callers re-read the database instead of hanging.
   */
  async watch(taskId: string): Promise<TaskWatch> {
    const buffered: TaskEvent[] = [];
    let wake: ((ev: TaskEvent | null) => void) | undefined;
    const listener: Listener = (ev) => {
      if (wake) wake(ev);
      else buffered.push(ev);
    };
    let set = this.listeners.get(taskId);
    if (!set) {
      set = new Set();
      this.listeners.set(taskId, set);
    }
    set.add(listener);
    this.startSweeper();
    const close = () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(taskId) === set) {
        this.listeners.delete(taskId);
        this.seen.delete(taskId);
        this.stopSweeperWhenIdle();
      }
    };
    let giveUp: NodeJS.Timeout | undefined;
    const subscribed = await Promise.race([
      this.ensure().then(
        () => true,
        () => false,
      ),
      new Promise<false>((r) => (giveUp = setTimeout(() => r(false), SUBSCRIBE_TIMEOUT_MS))),
    ]);
    clearTimeout(giveUp);
    const degraded = !subscribed;
    return {
      close,
      next: (timeoutMs, signal) => {
        const ready = buffered.shift();
        if (ready) return Promise.resolve(ready);
        return new Promise<TaskEvent | null>((resolve) => {
          const tick = degraded && timeoutMs > POLL_FALLBACK_MS;
          const done = (ev: TaskEvent | null) => {
            if (!wake) return;
            clearTimeout(timer);
            signal?.removeEventListener("abort", onAbort);
            wake = undefined;
            this.parked--;
            resolve(ev);
          };
          const onAbort = () => done(null);
          const timer = setTimeout(() => done(tick ? { taskId, status: "unknown" } : null), tick ? POLL_FALLBACK_MS : timeoutMs);
          wake = done;
          this.parked++;
          if (signal?.aborted) return done(null);
          signal?.addEventListener("abort", onAbort, { once: true });
        });
      },
    };
  }

  /**
   * For metrics and tests: `watches` open, `tasks` watched, `parked` waits in `next()` now,
   * `subscribed` whether this process holds its (single) subscriber connection, `sweeps` run.
   */
  stats(): { watches: number; tasks: number; parked: number; subscribed: boolean; sweeps: number } {
    let watches = 0;
    for (const s of this.listeners.values()) watches += s.size;
    return { watches, tasks: this.listeners.size, parked: this.parked, subscribed: this.subscriber?.status === "ready", sweeps: this.sweeps };
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    const sub = this.subscriber;
    this.subscriber = undefined;
    this.ready = undefined;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}

const globalHub = globalThis as unknown as { __panelistTaskEvents?: TaskEventHub };

/** The process-wide hub (kept on globalThis so Next's dev reloads don't leak subscribers). */
export function getTaskEventHub(): TaskEventHub {
  globalHub.__panelistTaskEvents ??= new TaskEventHub((ids) => readTaskStatuses(getDb(), { ids }));
  return globalHub.__panelistTaskEvents;
}
