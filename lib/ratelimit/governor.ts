/**
 * The upstream governor (docs/governor.md): one limiter in Redis,
 * shared by every web and worker process, per provider+model, that keeps requests per minute
 * (RPM) and tokens per minute (TPM) under the configured quota and slows every process down
 * together when upstream says so.
 *
 * - `reserve()` asks once and never blocks: a grant carries a reservation id and the tokens
 *   charged; a refusal carries how long to wait (`retryAfterMs`) and why.
 * - `acquire()` waits for a grant: sleeps retryAfterMs plus jitter, honours an AbortSignal and a
 *   maximum wait (then throws {@link QuotaWaitExceededError}, retryable, with retryAfterMs).
 * - `settle()` replaces the reserved estimate with the real usage (refund or charge);
 *   `release()` gives the request and its tokens back for a call that never reached upstream.
 * - `observe()` reads an upstream answer (status + headers): 429 / Retry-After /
 *   `x-ratelimit-remaining-*: 0` set a shared pause for the model, so every process's next
 *   `reserve()` is refused for the rest of the pause; `x-ratelimit-remaining-*` lower than our
 *   own view tightens it until upstream's reset.
 * - Priority: above 85 % of the RPM or TPM quota, `batch` is refused (reason `priority`) while
 *   `interactive` still passes, so bulk work slows first and the last 15 % serves people. While
 *   no interactive call has asked for `lendIdleMs` (default one window), that 15 % is lent to
 *   batch, so a backlog alone can use the whole quota; the next interactive ask ends the loan.
 *
 * - Pacing: on top of the per-minute log, a GCRA per dimension (ATM Forum TM 4.0; Brandur
 *   Leach, "Rate Limiting, Cells, and GCRA") spreads the quota at RPM/min and TPM/min with a
 *   burst of `LLM_BURST_SECONDS` (default 1) seconds' worth, so no second carries more than
 *   RPM/60 × (1 + burst) — providers may enforce a minute's limit per second. Refused for pace
 *   (reason `pace`), retryAfterMs is exactly when the cell conforms. Batch gets 85 % of the burst
 *   (all of it while lending); the rest is interactive's headroom. `LLM_PACING=off` turns it off.
 *
 * Algorithm (sliding window log, exact in any window; each grant counted for window + margin,
 * default margin window/60, against send-latency jitter; GCRA pace) and keys: see
 * `governor-scripts.ts`, `keys.ts` and docs/governor.md. Quota from `LLM_RPM` / `LLM_TPM`, pace
 * from `LLM_PACING` / `LLM_BURST_SECONDS` (`config.ts`); an unset quota means no count and no
 * pace of our own, but upstream pauses still hold.
 *
 * Errors: every method rejects with the ioredis error when Redis cannot be reached; the caller
 * decides (a task retries later, chat answers 503). Losing Redis' data only resets the window.
 */

import { limitsFromEnv, type PacingConfig, pacingFromEnv, type QuotaLimits } from "./config";
import { observeScript, releaseScript, reserveScript, settleScript, snapshotScript } from "./governor-scripts";
import { parseRateLimitHeaders, type RateLimitInfo, retryAfterMsFromHeaders } from "./headers";
import { type GovernorKeys, governorKeys, type ModelRef } from "./keys";
import type { RedisClient } from "./script";
import { abortReason, type JitterOptions, jitteredDelayMs, sleep } from "./sleep";

export type Priority = "interactive" | "batch";
type DenyReason = "paused" | "rpm" | "tpm" | "priority" | "pace";

const DEFAULT_WINDOW_MS = 60_000;
/** Share of the quota batch work may use; above it only interactive passes (docs/governor.md, "The 85 % rule"). */
const DEFAULT_BATCH_THRESHOLD = 0.85;
/** Pause after a 429 that said nothing about how long (no Retry-After, no reset header). */
const DEFAULT_PAUSE_MS = 1_000;
/** Longest pause one upstream answer can impose; a longer Retry-After is cut to it (then re-probed). */
const DEFAULT_MAX_PAUSE_MS = 300_000;
/** acquire()'s default longest wait: one window. */
export const DEFAULT_MAX_WAIT_MS = 60_000;
/** acquire() re-asks at least this often while refused on tokens (see GovernorOptions.settlePollMs). */
const DEFAULT_SETTLE_POLL_MS = 1_000;

interface ReserveRequest extends ModelRef {
  /** Tokens to charge now: input estimate + max output (see `tokens.ts`). Rounded up; ≥ 0. */
  estimatedTokens: number;
  priority: Priority;
}

export interface Grant {
  granted: true;
  /** Opaque; pass to settle()/release(). */
  reservationId: string;
  /** Tokens charged to the TPM window. */
  tokens: number;
  /** Redis time (epoch ms) of the grant. */
  grantedAtMs: number;
}

export interface Denial {
  granted: false;
  /** How long until the request would fit (ms, ≥ 1); for `pace`, exactly until its cell conforms. */
  retryAfterMs: number;
  reason: DenyReason;
}

export type ReserveResult = Grant | Denial;

interface AcquireRequest extends ReserveRequest {
  signal?: AbortSignal;
  /** Longest total wait (ms); default {@link DEFAULT_MAX_WAIT_MS}. */
  maxWaitMs?: number;
}

interface SettleRequest {
  reservationId: string;
  /** Real usage: input + output tokens the provider reported. */
  actualTokens: number;
}

interface SettleResult {
  outcome: "settled" | "late" | "unknown";
  /** Tokens charged (> 0) or refunded (< 0) to the window. */
  deltaTokens: number;
}

interface ObserveInput extends ModelRef {
  /** HTTP status of the upstream answer (200 for a success). */
  status?: number;
  /** Raw response headers (fetch Headers or a plain record). */
  headers?: Headers | Record<string, string | string[] | undefined> | null;
  /** Already parsed `x-ratelimit-*` (e.g. `LlmError.rateLimit`); used when headers are absent. */
  rateLimit?: RateLimitInfo;
  /** Already parsed Retry-After (e.g. `LlmError.retryAfterMs`); used when headers are absent. */
  retryAfterMs?: number;
}

interface ObserveResult {
  /** Remaining shared pause after this observation (0 = none). */
  pausedForMs: number;
  /** Requests / tokens upstream says are used beyond our own count, until its reset. */
  phantomRequests: number;
  phantomTokens: number;
}

interface GovernorSnapshot {
  requests: number;
  tokens: number;
  pausedForMs: number;
  phantomRequests: number;
  phantomTokens: number;
  limits: QuotaLimits;
  /** How far each pace's TAT lies ahead of now (ms; 0 = an empty bucket, a burst may go). */
  paceAheadMs: { requests: number; tokens: number };
}

/** GCRA parameters of one reserve (ms); intervals 0 = that dimension is not paced. */
export interface PaceParams {
  /** Emission interval per request: effective window / RPM. */
  requestIntervalMs: number;
  /** Emission interval per token: effective window / TPM. */
  tokenIntervalMs: number;
  /** Burst tolerance: burstSeconds of the window's "second" (windowMs / 60). */
  burstMs: number;
}

export interface GovernorOptions {
  /** Length of upstream's sliding window (ms); default 60 000 (per minute). Tests use shorter ones. */
  windowMs?: number;
  /**
   * Extra time each grant is counted for (ms); default windowMs / 60 (1 s per minute). Upstream
   * counts a request when it arrives, we when we grant it; the send latency varies, so two
   * grants exactly one window apart could land within one upstream window. The margin absorbs
   * that, at a cost of margin / (window + margin) of the quota (≈ 1.6 %).
   */
  marginMs?: number;
  /** Share of each quota open to batch (0..1]; default 0.85. */
  batchThreshold?: number;
  /**
   * Batch may use the whole quota once no interactive call has asked for this long (ms);
   * default windowMs. 0 = never (batch always stops at batchThreshold).
   */
  lendIdleMs?: number;
  /**
   * Pacing (docs/governor.md, "Pacing"): `{ burstSeconds }` or `false` for the log alone.
   * Default: `LLM_PACING` / `LLM_BURST_SECONDS`, read per call.
   */
  pacing?: PacingConfig | false;
  /**
   * Clock for the scripts (epoch ms) instead of Redis' TIME — for tests that step time to
   * exact values. Leave it unset in production: every process must judge by one clock.
   */
  clock?: () => number;
  /** Quota per window; a fixed value or per model. Default: `LLM_RPM`/`LLM_TPM`, read per call. */
  limits?: QuotaLimits | ((ref: ModelRef) => QuotaLimits);
  /** Key prefix; default `PANELIST_REDIS_PREFIX`. */
  prefix?: string;
  defaultPauseMs?: number;
  maxPauseMs?: number;
  maxWaitMs?: number;
  /**
   * acquire() re-asks at least this often (ms) while refused on tokens (default 1 000).
   * `retryAfterMs` counts only entries ageing out, but in-flight reservations hold the max
   * output and settle far lower within seconds; sleeping the full wait lost a whole window of
   * quota in bench/quota-use.ts (bursts of 54 instead of 60 at RPM 60).
   */
  settlePollMs?: number;
  jitter?: JitterOptions;
}

/** Thrown by acquire() when no grant can come within its maximum wait. Retryable. */
export class QuotaWaitExceededError extends Error {
  override readonly name = "QuotaWaitExceededError";
  readonly code = "quota_wait_exceeded";
  readonly retryable = true;
  constructor(
    /** How long the governor last said to wait (ms). */
    readonly retryAfterMs: number,
    readonly reason: DenyReason,
    readonly maxWaitMs: number,
  ) {
    super(`Upstream quota: no slot within ${maxWaitMs} ms (${reason}; next in ~${retryAfterMs} ms)`);
  }
}

/** Reservation ids: `<provider>:<model>:<grantMs>-<seq>-<tokens>`, provider/model URI-encoded. */
export function formatReservationId(ref: ModelRef, member: string): string {
  return `${encodeURIComponent(ref.provider)}:${encodeURIComponent(ref.model)}:${member}`;
}

export function parseReservationId(id: string): ModelRef & { member: string; grantedAtMs: number; tokens: number } {
  const parts = id.split(":");
  const m = parts.length === 3 ? /^(\d+)-(\d+)-(\d+)$/.exec(parts[2]!) : null;
  if (!m) throw new TypeError(`Not a governor reservation id: ${id}`);
  return {
    provider: decodeURIComponent(parts[0]!),
    model: decodeURIComponent(parts[1]!),
    member: parts[2]!,
    grantedAtMs: Number(m[1]),
    tokens: Number(m[3]),
  };
}

/**
 * GCRA parameters for a quota: T = effectiveWindowMs / limit per request and per token (the
 * margin paces at the log's own rate, so the log rarely binds), burst = burstSeconds × windowMs / 60
 * (seconds of a scaled minute). Unlimited dimensions and `pacing: false` give interval 0.
 */
export function paceParams(limits: QuotaLimits, pacing: PacingConfig | false, windowMs: number, effectiveWindowMs: number): PaceParams {
  if (!pacing) return { requestIntervalMs: 0, tokenIntervalMs: 0, burstMs: 0 };
  return {
    requestIntervalMs: limits.rpm ? effectiveWindowMs / limits.rpm : 0,
    tokenIntervalMs: limits.tpm ? effectiveWindowMs / limits.tpm : 0,
    burstMs: (pacing.burstSeconds * windowMs) / 60,
  };
}

/** The 85 % rule: batch may fill the window up to floor(limit × threshold), at least 1. */
export function ceilingFor(limit: number | undefined, priority: Priority, threshold: number): number {
  if (!limit) return 0; // unlimited
  if (priority === "interactive") return limit;
  return Math.max(1, Math.floor(limit * threshold + 1e-9));
}

function wholeTokens(n: number, what: string): number {
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0) throw new TypeError(`${what} must be a finite number ≥ 0 (got ${n})`);
  return Math.ceil(n);
}

export class Governor {
  readonly windowMs: number;
  readonly marginMs: number;
  /** windowMs + marginMs: how long a grant counts. */
  readonly effectiveWindowMs: number;
  readonly batchThreshold: number;
  readonly lendIdleMs: number;
  readonly settlePollMs: number;
  private readonly opts: GovernorOptions;

  constructor(
    private readonly redis: RedisClient,
    opts: GovernorOptions = {},
  ) {
    this.opts = opts;
    this.windowMs = opts.windowMs ?? DEFAULT_WINDOW_MS;
    this.marginMs = opts.marginMs ?? Math.round(this.windowMs / 60);
    this.effectiveWindowMs = this.windowMs + this.marginMs;
    this.batchThreshold = opts.batchThreshold ?? DEFAULT_BATCH_THRESHOLD;
    this.lendIdleMs = opts.lendIdleMs ?? this.windowMs;
    if (!(this.lendIdleMs >= 0)) throw new RangeError("lendIdleMs must be ≥ 0");
    this.settlePollMs = opts.settlePollMs ?? DEFAULT_SETTLE_POLL_MS;
    if (!(this.settlePollMs > 0)) throw new RangeError("settlePollMs must be > 0");
    if (!(this.windowMs > 0)) throw new RangeError("windowMs must be > 0");
    if (!(this.marginMs >= 0)) throw new RangeError("marginMs must be ≥ 0");
    if (!(this.batchThreshold > 0 && this.batchThreshold <= 1)) throw new RangeError("batchThreshold must be in (0, 1]");
  }

  limitsFor(ref: ModelRef): QuotaLimits {
    const l = this.opts.limits;
    if (l === undefined) return limitsFromEnv();
    return typeof l === "function" ? l(ref) : l;
  }

  pacingFor(): PacingConfig | false {
    return this.opts.pacing ?? pacingFromEnv();
  }

  /** The GCRA parameters a reserve of this model uses now. */
  paceFor(ref: ModelRef): PaceParams {
    return paceParams(this.limitsFor(ref), this.pacingFor(), this.windowMs, this.effectiveWindowMs);
  }

  private clock(): number {
    return this.opts.clock?.() ?? 0;
  }

  private keys(ref: ModelRef): GovernorKeys {
    return governorKeys(ref, this.opts.prefix);
  }

  private keyList(ref: ModelRef): string[] {
    const k = this.keys(ref);
    return [k.req, k.tok, k.weights, k.state, k.pause];
  }

  /** One atomic check-and-record. Never waits inside Redis. */
  async reserve(req: ReserveRequest): Promise<ReserveResult> {
    const cost = wholeTokens(req.estimatedTokens, "estimatedTokens");
    if (req.priority !== "interactive" && req.priority !== "batch") throw new TypeError(`Unknown priority: ${req.priority}`);
    const limits = this.limitsFor(req);
    const { rpm, tpm } = limits;
    const pace = paceParams(limits, this.pacingFor(), this.windowMs, this.effectiveWindowMs);
    const r = await reserveScript.run<[number, string | number, string | number]>(this.redis, this.keyList(req), [
      this.effectiveWindowMs,
      cost,
      ceilingFor(rpm, req.priority, this.batchThreshold),
      ceilingFor(tpm, req.priority, this.batchThreshold),
      rpm ?? 0,
      tpm ?? 0,
      req.priority,
      this.lendIdleMs,
      pace.requestIntervalMs,
      pace.tokenIntervalMs,
      pace.burstMs,
      pace.burstMs * this.batchThreshold,
      this.clock(),
    ]);
    if (r[0] === 1) {
      return { granted: true, reservationId: formatReservationId(req, String(r[1])), tokens: cost, grantedAtMs: Number(r[2]) };
    }
    return { granted: false, retryAfterMs: Number(r[1]), reason: r[2] as DenyReason };
  }

  /**
   * Waits until granted: reserve, and while refused sleep retryAfterMs + jitter (at most
   * settlePollMs when refused on tokens, which settle refunds can free before they age out;
   * a `pace` refusal is slept exactly, its retryAfterMs being when the cell conforms).
   * Rejects with the signal's reason when it aborts, and with {@link QuotaWaitExceededError}
   * as soon as the next possible grant lies beyond `maxWaitMs` (no pointless sleeping).
   */
  async acquire(req: AcquireRequest): Promise<Grant> {
    const maxWait = req.maxWaitMs ?? this.opts.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    const deadline = performance.now() + maxWait;
    for (;;) {
      if (req.signal?.aborted) throw abortReason(req.signal);
      const r = await this.reserve(req);
      if (r.granted) {
        if (req.signal?.aborted) {
          await this.release({ reservationId: r.reservationId });
          throw abortReason(req.signal);
        }
        return r;
      }
      const left = deadline - performance.now();
      if (r.retryAfterMs > left) throw new QuotaWaitExceededError(r.retryAfterMs, r.reason, maxWait);
      // Token refusals may end early (settle refunds); a request count or a pause cannot.
      const wait = r.reason === "tpm" || r.reason === "priority" ? Math.min(r.retryAfterMs, this.settlePollMs) : r.retryAfterMs;
      await sleep(Math.min(jitteredDelayMs(wait, this.opts.jitter), Math.max(1, left)), req.signal);
    }
  }

  /** Replaces the reservation's estimate with the real usage. Call once, after the call. */
  async settle(req: SettleRequest): Promise<SettleResult> {
    const actual = wholeTokens(req.actualTokens, "actualTokens");
    const id = parseReservationId(req.reservationId);
    const [outcome, delta] = await settleScript.run<[SettleResult["outcome"], number]>(this.redis, this.keyList(id), [
      this.effectiveWindowMs,
      id.member,
      actual,
      this.paceFor(id).tokenIntervalMs,
      this.clock(),
    ]);
    return { outcome, deltaTokens: Number(delta) };
  }

  /**
   * For a call that never reached upstream: gives back its request and tokens — to the log, to
   * the token pace, and its request cell to the request pace when it is the latest grant.
   */
  async release(req: { reservationId: string }): Promise<boolean> {
    const id = parseReservationId(req.reservationId);
    const pace = this.paceFor(id);
    const r = await releaseScript.run<number>(this.redis, this.keyList(id), [
      this.effectiveWindowMs,
      id.member,
      pace.requestIntervalMs,
      pace.tokenIntervalMs,
      this.clock(),
    ]);
    return r === 1;
  }

  /**
   * Reads an upstream answer. Pause (shared by all processes, the longest wins):
   * - 429: Retry-After / retry-after-ms, else the reset of an exhausted `x-ratelimit-*`,
   *   else {@link DEFAULT_PAUSE_MS};
   * - 503 with Retry-After: that;
   * - any status with `x-ratelimit-remaining-requests|tokens: 0`: that dimension's reset.
   * Capped at maxPauseMs. Tightening: remaining-requests/-tokens below our own remaining adds
   * the difference as usage until the reset (or one window when no reset is given).
   */
  async observe(input: ObserveInput): Promise<ObserveResult> {
    const now = Date.now();
    const retryAfter = input.headers ? retryAfterMsFromHeaders(input.headers, now) : undefined;
    const rl = (input.headers ? parseRateLimitHeaders(input.headers) : undefined) ?? input.rateLimit ?? {};
    const retryAfterMs = retryAfter ?? input.retryAfterMs;

    const exhausted = [rl.remainingRequests === 0 ? (rl.resetRequestsMs ?? 0) : 0, rl.remainingTokens === 0 ? (rl.resetTokensMs ?? 0) : 0];
    const exhaustedMs = Math.max(...exhausted);
    let pauseMs = exhaustedMs;
    if (input.status === 429) pauseMs = retryAfterMs ?? (exhaustedMs || (this.opts.defaultPauseMs ?? DEFAULT_PAUSE_MS));
    else if (input.status === 503 && retryAfterMs !== undefined) pauseMs = Math.max(pauseMs, retryAfterMs);
    pauseMs = Math.min(Math.ceil(pauseMs), this.opts.maxPauseMs ?? DEFAULT_MAX_PAUSE_MS);

    const { rpm, tpm } = this.limitsFor(input);
    const reset = (ms: number | undefined) => Math.ceil(ms && ms > 0 ? ms : this.windowMs);
    const r = await observeScript.run<[number, number, number]>(this.redis, this.keyList(input), [
      this.effectiveWindowMs,
      pauseMs,
      rpm ?? 0,
      tpm ?? 0,
      rl.remainingRequests ?? -1,
      reset(rl.resetRequestsMs),
      rl.remainingTokens ?? -1,
      reset(rl.resetTokensMs),
      this.clock(),
    ]);
    return {
      pausedForMs: Number(r[0]),
      phantomRequests: Number(r[1]),
      phantomTokens: Number(r[2]),
    };
  }

  /** What the window holds now (for metrics, the admin page and tests). */
  async snapshot(ref: ModelRef): Promise<GovernorSnapshot> {
    const r = await snapshotScript.run<number[]>(this.redis, this.keyList(ref), [this.effectiveWindowMs, this.clock()]);
    const [now, requests, tokens, pausedUntil, phr, pht, paceReq, paceTok] = r.map(Number) as [number, number, number, number, number, number, number, number];
    return {
      requests,
      tokens,
      pausedForMs: pausedUntil > 0 ? pausedUntil - now : 0,
      phantomRequests: phr,
      phantomTokens: pht,
      limits: this.limitsFor(ref),
      paceAheadMs: { requests: paceReq, tokens: paceTok },
    };
  }
}
