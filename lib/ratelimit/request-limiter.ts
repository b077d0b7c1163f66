/**
 * The request limiter (docs/request-limits.md): one Redis limiter for every web process that
 * checks all the dimensions of a request — each rule of its policy (lib/ratelimit/policies.ts):
 * per user, per client address, per organisation, per route; per minute, hour or day; in
 * requests, files or bytes — in one round trip, and charges either all of them or none, so a
 * request refused on one dimension costs nothing on the others.
 *
 * Algorithm: GCRA, the Generic Cell Rate Algorithm (ITU-T I.371; ATM Forum TM 4.0), as in
 * Brandur Leach's redis-cell and throttled; the formulas are in request-limiter-scripts.ts.
 * One number per key (no log of requests, so a 500 MB byte allowance costs what a 10-a-minute
 * rule costs), an exact `retryAfterMs`, and costs of any size. Its burst is the whole limit and
 * then one unit every period / limit: ten uploads at once, then one every six seconds.
 *
 * Keys: `<prefix>panelist:rl:<ruleId>:<subject>` (`redisPrefix()`), subject = the user id, the
 * client-address key (IPv4, or the IPv6 /64), the organisation id, or `all` for a route rule.
 *
 * Modes (`mode`, detected from the client: a `Cluster` is `per-key`, anything else `atomic`):
 * - `atomic` — one script over every key: checks all, then charges all or none. Exact.
 * - `per-key` — on Redis Cluster the keys of one request hash to different slots, which one
 *   script may not touch together. Each key then gets its own run of the same script, all sent
 *   at once (ioredis writes them back to back, one round trip per node; it refuses a
 *   `pipeline()` whose keys span slots), and the keys that passed are **refunded** when another
 *   refused. Between the charge and the refund another request may see those keys charged and
 *   be refused: the mode errs towards refusing, never towards letting through.
 *
 * Allow-list: the limits are those of `getLimitSettings()` (console override ?? `RATE_LIMIT_*`
 * ?? default) × the subject's allow-list multiplier (`allowanceFor`); a multiplier of null lifts
 * every limit (nothing is asked of Redis). A limit of 0 refuses everything.
 *
 * Errors: every Redis call is bounded by `timeoutMs` (default 2 000 ms); a timeout or any Redis
 * error rejects with {@link RedisUnavailableError}. A call that timed out may still be executed
 * by Redis later (it charged, nobody waited): a charge with no request behind it, never the reverse.
 */
import { Cluster } from "ioredis";
import { redisPrefix } from "@/lib/queue/names";
import { getLimitSettings, type LimitSettings } from "./limit-settings";
import { type LimitDimension, type LimitPolicy, type LimitRule, type LimitUnit, PERIOD_SECONDS, rulesOf } from "./policies";
import { gcraScript, refundScript } from "./request-limiter-scripts";
import type { RedisClient } from "./script";

export type LimitMode = "atomic" | "per-key";

/** Who a request is. */
export interface RequestSubject {
  /** The signed-in person; null for a machine client (a bearer token), which counts by address only. */
  userId: string | null;
  /** The actor's active organisation, when the route acts in one. */
  organizationId: string | null;
  /** The client address (lib/ratelimit/client-ip.ts `clientAddress`): `ip` for the allow-list, `key` for the counters. */
  address: { ip: string; key: string };
}

/** What one request costs, per unit; a rule of the policy is checked only when its unit is listed here. */
export type LimitCost = Partial<Record<LimitUnit, number>>;

/** One rule's verdict. */
export interface RuleResult {
  ruleId: string;
  policy: LimitPolicy;
  dimension: LimitDimension;
  unit: LimitUnit;
  /** The rule's period, ms. */
  periodMs: number;
  /** Who was counted: a user id, an address key, an organisation id, or `all`. */
  subject: string;
  key: string;
  /** The limit in force: the settings' value × the allow-list multiplier. */
  limit: number;
  /** Units this request asked for. */
  cost: number;
  /** Whether this rule alone would let the request through. */
  allowed: boolean;
  /** Whether this rule was charged (and stays charged): every rule of an allowed request, none of a refused one. */
  charged: boolean;
  /** Units left after this request (before it, when nothing was charged), ≥ 0. */
  remaining: number;
  /** Until the rule's count is back to zero, ms. */
  resetMs: number;
  /** 0 when allowed; else how long until this rule would let the same cost through, ms (one period when it never can). */
  retryAfterMs: number;
}

export interface LimitDecision {
  allowed: boolean;
  /** True when the allow-list lifted every limit (then `results` is empty). */
  unlimited: boolean;
  results: RuleResult[];
  /** Redis' clock when the scripts ran, µs (0 when Redis was not asked). */
  nowUs: number;
}

/** Redis could not answer within the timeout, or answered with an error. */
export class RedisUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "RedisUnavailableError";
  }
}

export interface RequestLimiterOptions {
  /** Default: `per-key` for a `Cluster` client, `atomic` otherwise. */
  mode?: LimitMode;
  /** Key prefix; default `redisPrefix()` read at call time. */
  prefix?: string;
  /** Longest wait for Redis, ms (default 2 000: past it Redis is taken as down, and the policy fails closed or open). */
  timeoutMs?: number;
  /** Where the limits come from (default `getLimitSettings`). */
  settings?: () => Promise<LimitSettings>;
}

const DEFAULT_TIMEOUT_MS = 2_000;

export class RequestLimiter {
  readonly mode: LimitMode;
  private readonly timeoutMs: number;
  private readonly settings: () => Promise<LimitSettings>;

  constructor(
    readonly redis: RedisClient,
    private readonly opts: RequestLimiterOptions = {},
  ) {
    this.mode = opts.mode ?? (redis instanceof Cluster ? "per-key" : "atomic");
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.settings = opts.settings ?? (() => getLimitSettings());
  }

  /** `<prefix>panelist:rl:<ruleId>:<subject>`; characters outside `[A-Za-z0-9._:/-]` are %-encoded (no `{` can make a hash tag). */
  key(ruleId: string, subject: string): string {
    const safe = subject.replace(/[^A-Za-z0-9._:/-]/g, (c) => encodeURIComponent(c));
    return `${this.opts.prefix ?? redisPrefix()}panelist:rl:${ruleId}:${safe}`;
  }

  /**
   * Checks and charges the rules of `policy` whose unit `cost` lists, for `subject`. Rules of a
   * dimension the subject lacks (no user, no organisation) are skipped.
   * @returns every checked rule's verdict; `allowed` when all allowed (all charged), else none charged.
   * @throws {RedisUnavailableError} on a Redis error or after `timeoutMs`.
   * @throws {Error} when a `RATE_LIMIT_*` variable is malformed (from the settings).
   */
  async check({ policy, subject, cost = { requests: 1 } }: { policy: LimitPolicy; subject: RequestSubject; cost?: LimitCost }): Promise<LimitDecision> {
    const settings = await this.settings();
    const { multiplier } = settings.allowanceFor({ userId: subject.userId, organizationId: subject.organizationId, ip: subject.address.ip });
    if (multiplier === null) return { allowed: true, unlimited: true, results: [], nowUs: 0 };
    const checks: Omit<RuleResult, "allowed" | "charged" | "remaining" | "resetMs" | "retryAfterMs">[] = [];
    for (const rule of rulesOf(policy)) {
      const units = cost[rule.unit];
      if (units === undefined) continue;
      const who = subjectOf(rule, subject);
      if (who === null) continue;
      const limit = (settings.limits.get(rule.id) ?? rule.defaultLimit) * multiplier;
      checks.push({
        ruleId: rule.id,
        policy,
        dimension: rule.dimension,
        unit: rule.unit,
        periodMs: PERIOD_SECONDS[rule.period] * 1000,
        subject: who,
        key: this.key(rule.id, who),
        limit,
        cost: Math.max(0, Math.ceil(units)),
      });
    }
    if (checks.length === 0) return { allowed: true, unlimited: false, results: [], nowUs: 0 };
    return this.mode === "atomic" ? this.atomic(checks) : this.perKey(checks);
  }

  /**
   * Gives back what `results` charged (the `charged` ones), e.g. a request the handler refused
   * on a later allowance. Each key is refunded by its own script, all sent at once.
   * @throws {RedisUnavailableError} as {@link check}.
   */
  async refund(results: readonly RuleResult[]): Promise<void> {
    const charged = results.filter((r) => r.charged && r.cost > 0);
    if (charged.length === 0) return;
    await this.bounded(Promise.all(charged.map((r) => refundScript.run(this.redis, [r.key], [r.periodMs, r.limit, r.cost]))));
  }

  private async atomic(checks: RuleCheck[]): Promise<LimitDecision> {
    const args = checks.flatMap((c) => [c.periodMs, c.limit, c.cost]);
    const reply = await this.bounded(
      gcraScript.run<number[]>(
        this.redis,
        checks.map((c) => c.key),
        args,
      ),
    );
    const charged = reply[1] === 1;
    const results = checks.map((c, i) => verdict(c, reply.slice(2 + 4 * i, 6 + 4 * i), charged));
    return { allowed: charged, unlimited: false, results, nowUs: reply[0]! };
  }

  private async perKey(checks: RuleCheck[]): Promise<LimitDecision> {
    const replies = await this.bounded(Promise.all(checks.map((c) => gcraScript.run<number[]>(this.redis, [c.key], [c.periodMs, c.limit, c.cost]))));
    const allowed = replies.every((r) => r[1] === 1);
    const results = checks.map((c, i) => verdict(c, replies[i]!.slice(2, 6), replies[i]![1] === 1));
    if (!allowed) {
      await this.refund(results);
      // Reported as if never charged: the units and the reset time the refund gave back.
      for (const r of results.filter((x) => x.charged)) {
        r.remaining = Math.min(r.limit, r.remaining + r.cost);
        r.resetMs = Math.max(0, r.resetMs - Math.floor((r.cost * r.periodMs) / r.limit));
        r.charged = false;
      }
    }
    return { allowed, unlimited: false, results, nowUs: Math.max(...replies.map((r) => r[0]!)) };
  }

  /** `p`, or RedisUnavailableError after `timeoutMs` or on its rejection. */
  private async bounded<T>(p: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      // The verdict waits one more turn of the event loop (setImmediate runs after the poll phase):
      // in a process starved of CPU the timer and Redis' reply can be due at once, and the reply,
      // already in the socket, must win — a busy web process is not a Redis outage.
      timer = setTimeout(
        () => setImmediate(() => reject(new RedisUnavailableError(`Redis did not answer the request limiter within ${this.timeoutMs} ms`))),
        this.timeoutMs,
      );
    });
    try {
      return await Promise.race([p, timeout]);
    } catch (err) {
      if (err instanceof RedisUnavailableError) throw err;
      throw new RedisUnavailableError(`the request limiter could not ask Redis: ${String(err)}`, { cause: err });
    } finally {
      clearTimeout(timer);
      p.catch(() => undefined); // a late rejection after the timeout is expected, not unhandled
    }
  }
}

type RuleCheck = Omit<RuleResult, "allowed" | "charged" | "remaining" | "resetMs" | "retryAfterMs">;

/** The subject a rule counts, or null when the request has none for its dimension. */
function subjectOf(rule: LimitRule, s: RequestSubject): string | null {
  switch (rule.dimension) {
    case "user":
      return s.userId;
    case "organization":
      return s.organizationId;
    case "ip":
      return s.address.key;
    case "route":
      return "all";
  }
}

function verdict(c: RuleCheck, [allowed, remaining, resetMs, retryAfterMs]: number[], charged: boolean): RuleResult {
  return { ...c, allowed: allowed === 1, charged, remaining: remaining!, resetMs: resetMs!, retryAfterMs: retryAfterMs! };
}
