import { EventEmitter } from "node:events";
import type Redis from "ioredis";
import { createRedis } from "./redis";
import { taskEventsChannel } from "./names";

export type TaskEvent = { taskId: string; status: string };

/** How long to wait for the subscription before degrading to polling, ms. */
const SUBSCRIBE_TIMEOUT_MS = 1_000;
/** Wake-up interval while degraded, ms. */
const POLL_FALLBACK_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Announces a task status change on the events channel. Best effort: the database holds the
 * status, and every reader re-reads it, so a lost event only delays a waiter to its timeout.
 */
export async function publishTaskEvent(redis: Redis, event: TaskEvent): Promise<void> {
  await redis.publish(taskEventsChannel(), JSON.stringify(event)).catch(() => undefined);
}

/**
 * One Redis subscriber per process fanned out in-process by task id, so 500 long-pollers
 * cost one connection, not 500.
 */
class TaskEventHub {
  private readonly emitter = new EventEmitter();
  private subscriber: Redis | undefined;
  private ready: Promise<void> | undefined;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  private ensure(): Promise<void> {
    if (!this.ready) {
      const sub = createRedis("events-sub", { maxRetriesPerRequest: null });
      this.subscriber = sub;
      sub.on("message", (_channel, raw) => {
        try {
          const ev = JSON.parse(raw) as TaskEvent;
          this.emitter.emit(ev.taskId, ev);
        } catch {
          // a malformed event is ignored: readers re-read the database anyway
        }
      });
      sub.on("error", () => undefined);
      this.ready = sub.subscribe(taskEventsChannel()).then(
        () => undefined,
        (err) => {
          // Let the next watcher try again (ioredis resubscribes by itself after a reconnect).
          this.ready = undefined;
          this.subscriber = undefined;
          sub.disconnect();
          throw err;
        },
      );
    }
    return this.ready;
  }

  /**
   * Subscribes first, so a change that happens while the caller reads the database is not
   * missed; `next()` resolves on the next change (or one buffered since subscribing), after
   * `timeoutMs`, or when `signal` aborts (then null).
   */
  async watch(taskId: string): Promise<{ next(timeoutMs: number, signal?: AbortSignal): Promise<TaskEvent | null>; close(): void }> {
    const buffered: TaskEvent[] = [];
    let wake: ((ev: TaskEvent | null) => void) | undefined;
    const listener = (ev: TaskEvent) => {
      if (wake) wake(ev);
      else buffered.push(ev);
    };
    this.emitter.on(taskId, listener);
    const close = () => void this.emitter.off(taskId, listener);
    // While Redis is unreachable the subscription cannot be confirmed: degrade to a wake-up
    // every POLL_FALLBACK_MS (callers re-read the database) instead of hanging.
    const subscribed = await Promise.race([this.ensure().then(() => true, () => false), sleep(SUBSCRIBE_TIMEOUT_MS).then(() => false)]);
    if (!subscribed) {
      return {
        close,
        next: (timeoutMs: number, signal?: AbortSignal) =>
          new Promise<TaskEvent | null>((resolve) => {
            const ready = buffered.shift();
            if (ready) return resolve(ready);
            const t = setTimeout(() => resolve(timeoutMs > POLL_FALLBACK_MS ? { taskId, status: "unknown" } : null), Math.min(timeoutMs, POLL_FALLBACK_MS));
            signal?.addEventListener("abort", () => (clearTimeout(t), resolve(null)), { once: true });
          }),
      };
    }
    return {
      close,
      next(timeoutMs, signal) {
        const ready = buffered.shift();
        if (ready) return Promise.resolve(ready);
        return new Promise((resolve) => {
          const done = (ev: TaskEvent | null) => {
            clearTimeout(timer);
            wake = undefined;
            resolve(ev);
          };
          const timer = setTimeout(() => done(null), timeoutMs);
          if (signal?.aborted) return done(null);
          signal?.addEventListener("abort", () => done(null), { once: true });
          wake = done;
        });
      },
    };
  }

  async close(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = undefined;
    this.ready = undefined;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}

const globalHub = globalThis as unknown as { __panelistTaskEvents?: TaskEventHub };

/** The process-wide hub (kept on globalThis so Next's dev reloads don't leak subscribers). */
export function getTaskEventHub(): TaskEventHub {
  globalHub.__panelistTaskEvents ??= new TaskEventHub();
  return globalHub.__panelistTaskEvents;
}
