/**
 * Circuit breaker per provider+model, in Redis, shared by every process (docs/governor.md, "The circuit breaker").
 *
 *   closed ──(N consecutive failures, or failure rate ≥ R over the rolling window
 *             with at least M calls)──> open
 *   open ──(cool-down elapsed; the first canCall() takes the probe, atomically)──> half_open
 *   half_open ──recordSuccess()──> closed        half_open ──recordFailure()──> open (new cool-down)
 *
 * In half_open exactly one caller holds the probe; everyone else is refused until it reports.
 * A probe that never reports (its process died) is given up after `probeLeaseMs`, and the next
 * canCall() becomes the probe. Results that arrive while open (calls started before it opened)
 * are ignored, so they neither extend nor end the cool-down.
 *
 * Sources: Michael Nygard, "Release It!" (2007), ch. "Circuit Breaker"; Martin Fowler,
 * "CircuitBreaker" (bliki, 2014) for the three states. The rolling window of buckets and the
 * "minimum calls before the rate counts" rule are Netflix Hystrix's (metrics.rollingStats:
 * 10 buckets; circuitBreaker.requestVolumeThreshold = 20, errorThresholdPercentage = 50).
 *
 * Defaults (our choices where not the sources'):
 *   failureThreshold     5        consecutive failures open the circuit
 *   failureRateThreshold 0.5      share of failures over the window (Hystrix: 50 %)
 *   minimumCalls         20       calls in the window before the rate counts (Hystrix: 20)
 *   windowMs             60 000   rolling window, in `buckets` = 10 buckets (Hystrix: 10)
 *   cooldownMs           30 000   open → half_open (Hystrix 5 s is short for an LLM outage,
 *                                 Resilience4j's waitDurationInOpenState is 60 s)
 *   probeLeaseMs         120 000  longer than one LLM call's deadline (lib/ai: 90 s)
 *
 * What is a failure is the caller's call: upstream 5xx, timeouts and connection failures
 * ({@link isBreakerFailure}). Not 429 (the governor's business), not invalid output, not a
 * 4xx about the request, not the caller's own cancel.
 *
 * Each default can be set for every breaker of a process from the environment
 * ({@link breakerOptionsFromEnv}: `LLM_BREAKER_COOLDOWN_MS`, …); options passed to the
 * constructor win over both.
 *
 * Key: `<prefix>panelist:{cb:<provider>:<model>}` — one hash, so every step is one atomic
 * script on one slot. Time is Redis' clock. Losing the key (Redis flushed) means closed.
 */
import { breakerKey, type ModelRef } from "./keys";
import { LuaScript, type RedisClient } from "./script";

export type BreakerState = "closed" | "open" | "half_open";

export interface BreakerOptions {
  failureThreshold?: number;
  failureRateThreshold?: number;
  minimumCalls?: number;
  windowMs?: number;
  buckets?: number;
  cooldownMs?: number;
  probeLeaseMs?: number;
  /** Key prefix; default `PANELIST_REDIS_PREFIX`. */
  prefix?: string;
}

export const BREAKER_DEFAULTS = {
  failureThreshold: 5,
  failureRateThreshold: 0.5,
  minimumCalls: 20,
  windowMs: 60_000,
  buckets: 10,
  cooldownMs: 30_000,
  probeLeaseMs: 120_000,
} as const;

interface CanCallResult {
  allowed: boolean;
  /** When refused: how long until the circuit may let a call through (ms). 0 when allowed. */
  retryAfterMs: number;
  /** The state the call was judged in. */
  state: BreakerState;
  /** True when this caller holds the half-open probe: report its outcome. */
  probe: boolean;
}

export interface BreakerSnapshot {
  state: BreakerState;
  consecutiveFailures: number;
  /** Remaining cool-down while open (ms). */
  openForMs: number;
  /** Remaining probe lease while half-open (ms). */
  probeLeaseLeftMs: number;
  /** How many times this circuit opened (since the key last expired). */
  timesOpened: number;
}

type Env = Record<string, string | undefined>;

/** Environment variable → option. Integers in ms or counts; the rate is a share in (0, 1]. */
const ENV_KNOBS = {
  LLM_BREAKER_FAILURE_THRESHOLD: "failureThreshold",
  LLM_BREAKER_FAILURE_RATE: "failureRateThreshold",
  LLM_BREAKER_MINIMUM_CALLS: "minimumCalls",
  LLM_BREAKER_WINDOW_MS: "windowMs",
  LLM_BREAKER_COOLDOWN_MS: "cooldownMs",
  LLM_BREAKER_PROBE_LEASE_MS: "probeLeaseMs",
} as const satisfies Record<string, keyof typeof BREAKER_DEFAULTS>;

/**
 * Breaker options set in the environment (unset or empty → the default):
 *
 *   LLM_BREAKER_FAILURE_THRESHOLD  consecutive failures that open the circuit (integer ≥ 1)
 *   LLM_BREAKER_FAILURE_RATE       failure share over the window that opens it, in (0, 1]
 *   LLM_BREAKER_MINIMUM_CALLS      calls in the window before the rate counts (integer ≥ 1)
 *   LLM_BREAKER_WINDOW_MS          rolling window, ms (integer ≥ 10, the bucket count)
 *   LLM_BREAKER_COOLDOWN_MS        open → half-open, ms (integer ≥ 1)
 *   LLM_BREAKER_PROBE_LEASE_MS     how long a silent probe holds half-open, ms (integer ≥ 1)
 *
 * Read on every construction (cheap; `getBreaker()` builds one per call), like
 * `lib/ratelimit/config.ts`, so tests and scripts can change it.
 * @throws {Error} on a value that is not a number of the right kind, so a typo is seen at once.
 */
export function breakerOptionsFromEnv(env: Env = process.env): BreakerOptions {
  const out: BreakerOptions = {};
  for (const [name, option] of Object.entries(ENV_KNOBS) as [keyof typeof ENV_KNOBS, (typeof ENV_KNOBS)[keyof typeof ENV_KNOBS]][]) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    const n = Number(raw);
    const ok = option === "failureRateThreshold" ? /^\d*\.?\d+$/.test(raw) && n > 0 && n <= 1 : /^\d+$/.test(raw) && n >= 1 && Number.isSafeInteger(n);
    if (!ok) {
      throw new Error(`${name} must be ${option === "failureRateThreshold" ? "a number in (0, 1]" : "a positive integer"} (got "${env[name]}")`);
    }
    out[option] = n;
  }
  return out;
}

/** Upstream errors that count against the circuit (an `LlmError` code, lib/ai/errors.ts). */
export function isBreakerFailure(e: { code?: string } | null | undefined): boolean {
  return e?.code === "upstream_5xx" || e?.code === "timeout" || e?.code === "network";
}

/** KEYS: the hash. ARGV: op, windowMs, buckets, failureThreshold, failureRate, minimumCalls, cooldownMs, probeLeaseMs. */
const breakerScript = new LuaScript(
  "circuit-breaker",
  `
local K, op = KEYS[1], ARGV[1]
local WINDOW, NB = tonumber(ARGV[2]), tonumber(ARGV[3])
local FAIL_N, RATE, MIN_CALLS = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local COOLDOWN, LEASE = tonumber(ARGV[7]), tonumber(ARGV[8])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local BUCKET = math.max(1, math.floor(WINDOW / NB))
local ABS = math.floor(now / BUCKET)
local state = redis.call('HGET', K, 'state') or 'closed'
local function num(v) return tonumber(v) or 0 end
local function touch() redis.call('PEXPIRE', K, 2 * math.max(WINDOW, COOLDOWN + LEASE)) end
local function clearBuckets()
  for j = 0, NB - 1 do redis.call('HDEL', K, 'b' .. j) end
end
-- bucket field b<j> = "<absolute bucket>:<successes>:<failures>", j = absolute mod NB
local function readBucket(j)
  local v = redis.call('HGET', K, 'b' .. j)
  if not v then return -1, 0, 0 end
  local a, s, f = string.match(v, '^(%d+):(%d+):(%d+)$')
  return tonumber(a), tonumber(s), tonumber(f)
end
local function countCall(failed)
  local j = ABS % NB
  local a, s, f = readBucket(j)
  if a ~= ABS then s, f = 0, 0 end
  if failed then f = f + 1 else s = s + 1 end
  redis.call('HSET', K, 'b' .. j, string.format('%d:%d:%d', ABS, s, f))
end
local function totals()
  local S, F = 0, 0
  for j = 0, NB - 1 do
    local a, s, f = readBucket(j)
    if a > ABS - NB then S = S + s; F = F + f end
  end
  return S, F
end
local function open()
  redis.call('HSET', K, 'state', 'open', 'openUntil', now + COOLDOWN, 'fails', 0)
  redis.call('HDEL', K, 'probeUntil')
  redis.call('HINCRBY', K, 'opened', 1)
  clearBuckets()
  touch()
end

if op == 'can' then
  if state == 'closed' then return {1, 0, 'closed', 0} end
  if state == 'open' then
    local ou = num(redis.call('HGET', K, 'openUntil'))
    if now < ou then return {0, ou - now, 'open', 0} end
  else
    local pu = num(redis.call('HGET', K, 'probeUntil'))
    if now < pu then return {0, math.min(pu - now, COOLDOWN), 'half_open', 0} end
  end
  redis.call('HSET', K, 'state', 'half_open', 'probeUntil', now + LEASE)
  touch()
  return {1, 0, 'half_open', 1}
elseif op == 'success' then
  if state == 'open' then return 'open' end
  if state == 'half_open' then
    redis.call('HSET', K, 'state', 'closed', 'fails', 0)
    redis.call('HDEL', K, 'probeUntil', 'openUntil')
    clearBuckets()
  else
    redis.call('HSET', K, 'fails', 0)
  end
  countCall(false)
  touch()
  return 'closed'
elseif op == 'failure' then
  if state == 'open' then return 'open' end
  if state == 'half_open' then open() return 'open' end
  local fails = redis.call('HINCRBY', K, 'fails', 1)
  countCall(true)
  local S, F = totals()
  if fails >= FAIL_N or (S + F >= MIN_CALLS and F >= RATE * (S + F)) then open() return 'open' end
  touch()
  return 'closed'
elseif op == 'state' then
  local ou = num(redis.call('HGET', K, 'openUntil'))
  local pu = num(redis.call('HGET', K, 'probeUntil'))
  return {state, num(redis.call('HGET', K, 'fails')), math.max(0, ou - now), math.max(0, pu - now),
    num(redis.call('HGET', K, 'opened'))}
end
return redis.error_reply('unknown op ' .. tostring(op))
`,
);

export class CircuitBreaker {
  private readonly key: string;
  private readonly o: Required<Omit<BreakerOptions, "prefix">>;

  constructor(
    private readonly redis: RedisClient,
    readonly ref: ModelRef,
    opts: BreakerOptions = {},
  ) {
    this.key = breakerKey(ref, opts.prefix);
    const { prefix: _prefix, ...rest } = opts;
    this.o = {
      ...BREAKER_DEFAULTS,
      ...breakerOptionsFromEnv(),
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    };
    if (this.o.failureThreshold < 1) throw new RangeError("failureThreshold must be ≥ 1");
    if (!(this.o.failureRateThreshold > 0 && this.o.failureRateThreshold <= 1)) throw new RangeError("failureRateThreshold must be in (0, 1]");
    if (this.o.buckets < 1 || this.o.windowMs < this.o.buckets) throw new RangeError("need windowMs ≥ buckets ≥ 1");
  }

  /** The options in force (defaults ← environment ← constructor), for logs and tests. */
  get options(): Readonly<Required<Omit<BreakerOptions, "prefix">>> {
    return this.o;
  }

  private run<T>(op: "can" | "success" | "failure" | "state"): Promise<T> {
    const o = this.o;
    return breakerScript.run<T>(
      this.redis,
      [this.key],
      [op, o.windowMs, o.buckets, o.failureThreshold, o.failureRateThreshold, o.minimumCalls, o.cooldownMs, o.probeLeaseMs],
    );
  }

  /** May a call go upstream now? In half_open only the one caller given `probe: true`. */
  async canCall(): Promise<CanCallResult> {
    const [allowed, wait, state, probe] = await this.run<[number, number, BreakerState, number]>("can");
    return { allowed: allowed === 1, retryAfterMs: Number(wait), state, probe: probe === 1 };
  }

  /** The call succeeded (upstream answered). Closes a half-open circuit. Returns the new state. */
  recordSuccess(): Promise<BreakerState> {
    return this.run<BreakerState>("success");
  }

  /** The call failed in a way that counts ({@link isBreakerFailure}). Returns the new state. */
  recordFailure(): Promise<BreakerState> {
    return this.run<BreakerState>("failure");
  }

  /** The stored state, read-only (never takes the half-open probe): for logs, dashboards, tests. */
  async snapshot(): Promise<BreakerSnapshot> {
    const [state, fails, openFor, lease, opened] = await this.run<[BreakerState, number, number, number, number]>("state");
    return {
      state,
      consecutiveFailures: Number(fails),
      openForMs: Number(openFor),
      probeLeaseLeftMs: Number(lease),
      timesOpened: Number(opened),
    };
  }
}
