import { randomUUID } from "node:crypto";
import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import type { Logger } from "@/lib/log";
import { redisPrefix } from "@/lib/queue/names";
import { checkCallbackUrl } from "@/lib/webhooks/url-policy";
import { type EvaluateDeps, type EvaluationResult, evaluateAlerts } from "./evaluate";

/** Every option, with its unit and default. */
export type AlertEvaluatorOptions = {
  /** How often the leader evaluates every rule, ms. Default `ALERT_EVAL_INTERVAL_MS`, else 15 000; 0 turns the evaluator off in this process. */
  intervalMs: number;
  /**
   * How long the leader's lock lives without renewal, ms: a worker that dies holding it is
   * replaced this long after its last pass. Default 4 × intervalMs, at least 60 000 (longer
   * than a pass whose webhook attempts all time out).
   */
  lockTtlMs: number;
  /** Passed to each {@link evaluateAlerts} (tests fix the clock, the webhook, the sources). */
  evaluate?: Pick<EvaluateDeps, "now" | "webhook" | "sources">;
};

/** The evaluator's leader lock: `panelist:{alerts}:lock`. */
export function alertLockKey(): string {
  return `${redisPrefix()}panelist:{alerts}:lock`;
}

/**
 * `ALERT_EVAL_INTERVAL_MS` (default 15 000 ms; 0 = off).
 * @throws {Error} when it is set and not a number ≥ 0.
 */
function intervalFromEnv(): number {
  const raw = process.env.ALERT_EVAL_INTERVAL_MS?.trim();
  const ms = raw ? Number(raw) : 15_000;
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`ALERT_EVAL_INTERVAL_MS must be a number of ms ≥ 0 (got "${raw}")`);
  return ms;
}

const RENEW_OWN = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const RELEASE_OWN = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Runs {@link evaluateAlerts} every `intervalMs` in the worker, on one worker at a time
 * (docs/finops.md, "Alerts"). Leadership is a Redis lock (`SET NX PX`, like the outbox relay's)
 * that the leader renews on each tick and releases when it stops; the other workers' ticks
 * find it taken and do nothing, and take over once it expires (a dead leader) or is released.
 * A pass that outlives the lock could overlap the next leader's: harmless, a pass is safe to
 * run concurrently.
 */
export class AlertEvaluator {
  readonly options: AlertEvaluatorOptions;
  private readonly token = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<EvaluationResult | null> | undefined;

  constructor(
    private readonly deps: { db: Db; redis: Redis; log: Logger },
    options: Partial<AlertEvaluatorOptions> = {},
  ) {
    const intervalMs = options.intervalMs ?? intervalFromEnv();
    this.options = { intervalMs, lockTtlMs: Math.max(4 * intervalMs, 60_000), ...options };
  }

  /** Starts ticking (nothing when `intervalMs` is 0). Warns once when `ALERT_WEBHOOK_URL` is set but refused by the URL policy. */
  start(): void {
    if (this.timer || this.options.intervalMs === 0) return;
    const url = process.env.ALERT_WEBHOOK_URL?.trim();
    const check = url ? checkCallbackUrl(url) : null;
    if (check && !check.ok) this.deps.log.warn({ code: check.code }, `ALERT_WEBHOOK_URL is refused: ${check.message} Alerts are shown and logged only.`);
    this.timer = setInterval(() => {
      void this.tick().catch((err) => this.deps.log.warn({ err: String(err) }, "alert evaluation failed"));
    }, this.options.intervalMs);
  }

  /** Stops ticking, waits for a pass in progress, and hands leadership on at once. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    await this.deps.redis.eval(RELEASE_OWN, 1, alertLockKey(), this.token).catch(() => undefined);
  }

  /**
   * One tick: takes or renews the leader lock and, when this process leads, runs a pass.
   * @returns the pass's result, or null when another worker leads or this process's previous pass is still running.
   */
  async tick(): Promise<EvaluationResult | null> {
    if (this.running) return null;
    this.running = this.lead().finally(() => (this.running = undefined));
    return this.running;
  }

  private async lead(): Promise<EvaluationResult | null> {
    const { redis } = this.deps;
    const ttl = this.options.lockTtlMs;
    const taken = (await redis.set(alertLockKey(), this.token, "PX", ttl, "NX")) === "OK";
    if (!taken && Number(await redis.eval(RENEW_OWN, 1, alertLockKey(), this.token, ttl)) !== 1) return null;
    const result = await evaluateAlerts({ ...this.deps, ...this.options.evaluate });
    // The pass may have taken a while (webhook attempts): the lock runs from its end.
    await redis.eval(RENEW_OWN, 1, alertLockKey(), this.token, ttl);
    return result;
  }
}
