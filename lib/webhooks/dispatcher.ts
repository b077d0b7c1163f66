import type { Db } from "@/lib/db/client";
import { claimDueDeliveries, recordAttempt, type WebhookDeliveryRow } from "@/lib/db/queries/webhooks";
import type { Logger } from "@/lib/log";
import { type DeliveryResult, deliverWebhook } from "./deliver";
import { DEFAULT_JITTER_RATIO, DEFAULT_MAX_AGE_MS, DEFAULT_RETRY_SCHEDULE_MS, nextAttemptDelayMs } from "./retry-schedule";
import { webhookSecret } from "./secret";
import { type LookupAll, webhookAllowHosts } from "./url-policy";

/** Every option, with its unit, default and when to change it (after BullMQ's WorkerOptions). */
export type DispatcherOptions = {
  /** How often the dispatcher looks for due deliveries, ms. Default 1 000: an event leaves within about a second of the task's end. */
  intervalMs: number;
  /** Attempts in flight at once in this process. Default 16. Raise if many receivers are slow. */
  concurrency: number;
  /** One attempt's deadline (DNS + connect + answer), ms. Default 10 000. */
  timeoutMs: number;
  /** A claimed delivery whose dispatcher died is attempted again after this long, ms. Default timeoutMs + 30 000; must exceed timeoutMs. */
  leaseMs: number;
  /** Delays before attempt 2, 3, …, ms. Default {@link DEFAULT_RETRY_SCHEDULE_MS} (5 s … 12 h). Tests shorten it. */
  retryScheduleMs: readonly number[];
  /** ± fraction applied to each delay. Default 0.1. */
  jitterRatio: number;
  /** No attempt is scheduled later than this after the event, ms. Default 24 h. */
  maxAgeMs: number;
  /** Signing secret `whsec_…`. Default {@link webhookSecret} (WEBHOOK_SECRET, else derived from BETTER_AUTH_SECRET). */
  secret: string;
  /** Hosts exempt from the address policy. Default `WEBHOOK_ALLOW_HOSTS`. */
  allowHosts: string[];
  /** Resolver (tests inject one). Default the system's `dns.lookup`. */
  lookup?: LookupAll;
};

function defaultDispatcherOptions(overrides: Partial<DispatcherOptions> = {}): DispatcherOptions {
  const timeoutMs = overrides.timeoutMs ?? 10_000;
  return {
    intervalMs: 1_000,
    concurrency: 16,
    retryScheduleMs: DEFAULT_RETRY_SCHEDULE_MS,
    jitterRatio: DEFAULT_JITTER_RATIO,
    maxAgeMs: DEFAULT_MAX_AGE_MS,
    ...overrides,
    timeoutMs,
    leaseMs: overrides.leaseMs ?? timeoutMs + 30_000,
    secret: overrides.secret ?? webhookSecret(),
    allowHosts: overrides.allowHosts ?? webhookAllowHosts(),
  };
}

/**
 * Sends the task events recorded by `enqueueTaskEvent` (docs/webhooks.md). Runs in every
 * worker; each tick claims due deliveries (`FOR UPDATE SKIP LOCKED`, so workers share the
 * work without a lock), sends each one outside any transaction, and records the outcome:
 * delivered on a 2xx, else due again per the retry schedule, or failed when the schedule or
 * the 24 h budget is spent, or at once on 410 Gone or a refused address. At-least-once: a
 * worker that dies mid-attempt leaves the delivery due again after `leaseMs`, with the same
 * `webhook-id`, which receivers use to drop duplicates.
 */
export class WebhookDispatcher {
  readonly options: DispatcherOptions;
  private timer: NodeJS.Timeout | undefined;
  private claiming = false;
  /** Ticks started by the timer (a tick resolves once its attempts are recorded). */
  private readonly ticks = new Set<Promise<unknown>>();
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly deps: { db: Db; log: Logger },
    options: Partial<DispatcherOptions> = {},
  ) {
    this.options = defaultDispatcherOptions(options);
    if (this.options.leaseMs <= this.options.timeoutMs) {
      throw new Error(`WebhookDispatcher: leaseMs (${this.options.leaseMs}) must exceed timeoutMs (${this.options.timeoutMs}).`);
    }
  }

  /** Starts the periodic ticks. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const t = this.tick()
        .catch((err) => this.deps.log.warn({ err: String(err) }, "webhook dispatcher tick failed"))
        .finally(() => this.ticks.delete(t));
      this.ticks.add(t);
    }, this.options.intervalMs);
  }

  /** Stops ticking and waits for the attempts in flight (each ends within `timeoutMs`). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.ticks, ...this.inflight]);
  }

  get inflightCount(): number {
    return this.inflight.size;
  }

  /**
   * One pass: claims as many due deliveries as there are free slots, attempts them, and
   * resolves once those attempts are recorded. Returns how many it claimed (0 when another
   * tick of this process is still claiming).
   */
  async tick(): Promise<number> {
    if (this.claiming) return 0;
    this.claiming = true;
    let claimed: WebhookDeliveryRow[];
    try {
      claimed = await claimDueDeliveries(this.deps.db, {
        limit: this.options.concurrency - this.inflight.size,
        leaseMs: this.options.leaseMs,
      });
    } finally {
      this.claiming = false;
    }
    const attempts = claimed.map((d) => {
      const p = this.attempt(d)
        .catch((err) => this.deps.log.error({ err: String(err), deliveryId: d.id }, "webhook attempt not recorded; retried after the lease"))
        .finally(() => this.inflight.delete(p));
      this.inflight.add(p);
      return p;
    });
    await Promise.all(attempts);
    return claimed.length;
  }

  private async attempt(d: WebhookDeliveryRow): Promise<void> {
    const { db, log } = this.deps;
    const o = this.options;
    const at = new Date();
    const result = await deliverWebhook(
      { url: d.url, webhookId: webhookIdOf(d), payload: d.payload },
      { secret: o.secret, allowHosts: o.allowHosts, lookup: o.lookup, timeoutMs: o.timeoutMs },
    );
    const retryInMs = nextDelay(result, d.attempts, o);
    const status = await recordAttempt(db, {
      id: d.id,
      attempt: d.attempts,
      delivered: result.ok,
      retryInMs,
      maxAgeMs: o.maxAgeMs,
      entry: { attempt: d.attempts, at: at.toISOString(), durationMs: result.durationMs, statusCode: result.statusCode, error: result.error },
    });
    const fields = { deliveryId: d.id, taskId: d.taskId, attempt: d.attempts, statusCode: result.statusCode, error: result.error, status };
    if (status === "failed") log.warn({ ...fields, url: d.url }, "webhook delivery failed for good");
    else if (!result.ok) log.info({ ...fields, retryInMs }, "webhook attempt failed; will retry");
  }
}

/** The Standard Webhooks message id of a delivery: the same on every attempt. */
export function webhookIdOf(d: { id: string }): string {
  return `msg_${d.id}`;
}

function nextDelay(result: DeliveryResult, attempt: number, o: DispatcherOptions): number | null {
  if (result.ok || !result.retryable) return null;
  return nextAttemptDelayMs(attempt, { scheduleMs: o.retryScheduleMs, jitterRatio: o.jitterRatio, retryAfterMs: result.retryAfterMs });
}
