/**
 * The sign-in throttle and the sign-up ceiling (docs/security.md, "Sign-in"), in front of
 * better-auth's `POST /api/auth/sign-in/email` and `POST /api/auth/sign-up/email`.
 *
 * Sign-in counts **failed** attempts only, on three dimensions, all judged by Redis' clock:
 * 1. the (client address, account) back-off: after `n` failures in a row from one address on one
 *    account, the next attempt from there is refused until `base × 2^(n-1)` ms after the last
 *    failure, at most {@link SIGN_IN_BACKOFF_MAX_MS} (exponential back-off, OWASP Authentication
 *    Cheat Sheet, "Login Throttling"); a success from that address clears it;
 * 2. failures per account per hour, from anywhere (`sign_in.user.hour.failures`): a botnet with
 *    one address per guess still gets ten guesses an hour;
 * 3. failures per client address per hour, any account (`sign_in.ip.hour.failures`): a high
 *    ceiling against one address trying many accounts. Only failures count, so an office behind
 *    one NAT whose people sign in fine never meets it, and one person's typos lock only their own
 *    account from that address. The allow-list (an office range) raises or lifts this ceiling
 *    only — never the per-account count nor the back-off.
 *
 * The account is the e-mail address trimmed, lower-cased and NFKC-normalised, hashed with SHA-256:
 * keys hold no e-mail address. An unknown address is counted exactly like a known one, so the
 * answers (status, body, throttling) never tell which accounts exist.
 *
 * The hourly counts are sliding-window logs (a sorted set of failure times per key, trimmed to
 * the last hour on every check — exact, and small: a refused attempt adds nothing, so a key holds
 * at most its limit plus the attempts in flight when it was reached). Every key shares the hash
 * tag `{auth}`, so the one script below runs in one slot on Redis Cluster too; sign-in traffic is
 * far too small to need spreading.
 *
 *   <prefix>panelist:{auth}:signin:pair:<ip key>:<account hash>  HASH  n (failures in a row), last (ms)
 *   <prefix>panelist:{auth}:signin:acct:<account hash>           ZSET  nonce → failure time (ms)
 *   <prefix>panelist:{auth}:signin:ip:<ip key>                   ZSET  nonce → failure time (ms)
 *   <prefix>panelist:{auth}:signup:ip:<ip key>                   ZSET  nonce → sign-up time (ms)
 *
 * Redis unreachable: both fail closed (`POLICY_WHEN_REDIS_DOWN`): 503 `unavailable:auth` with
 * `Retry-After`, logged — a brute force must not get through while the counters cannot be read.
 */
import { createHash, randomUUID } from "node:crypto";
import { PanelistError } from "@/lib/errors";
import { createLogger, type Logger } from "@/lib/log";
import { redisPrefix } from "@/lib/queue/names";
import { getRedis } from "@/lib/queue/redis";
import { type ClientAddress, clientAddress } from "@/lib/ratelimit/client-ip";
import { recordRefusal } from "@/lib/ratelimit/hits";
import { getLimitSettings } from "@/lib/ratelimit/limit-settings";
import { PERIOD_SECONDS, SIGN_IN_BACKOFF_MAX_MS, signInBackoffBaseMs } from "@/lib/ratelimit/policies";
import { delayInWords, rateLimitHeaders } from "@/lib/ratelimit/rate-limit-headers";
import { LuaScript, type RedisClient } from "@/lib/ratelimit/script";

export const SIGN_IN_ACCOUNT_RULE = "sign_in.user.hour.failures";
export const SIGN_IN_IP_RULE = "sign_in.ip.hour.failures";
export const SIGN_UP_IP_RULE = "sign_up.ip.hour";
/** The name the back-off goes by in the RateLimit headers: one attempt per back-off period. */
export const SIGN_IN_BACKOFF_POLICY = "sign_in.backoff";
/** What a refusal for lack of Redis asks the client to wait, seconds. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

const HOUR_MS = PERIOD_SECONDS.hour * 1000;
/** The back-off's "failures in a row" outlive the longest back-off: forgotten an hour after the last failure. */
const PAIR_TTL_MS = Math.max(HOUR_MS, SIGN_IN_BACKOFF_MAX_MS);

const defaultLog = createLogger("auth");

/**
 * One script for every sign-in step, so the three keys are read and written together at one
 * instant of Redis' clock (`TIME`).
 * KEYS: pair, account, ip. ARGV: op (`check` | `fail` | `ok`), window ms, account limit,
 * ip limit (-1: no ceiling), back-off base ms, back-off cap ms, pair TTL ms, nonce.
 * - `check` → {now, refused (0/1), which (0 none, 1 back-off, 2 account, 3 ip), retry ms,
 *   back-off ms (of the refusal), account failures, ip failures}; nothing written but trimming.
 * - `fail`  → {now, failures in a row}: one failure on all three.
 * - `ok`    → {now}: the pair's back-off and its count cleared.
 */
const SIGN_IN_SCRIPT = new LuaScript(
  "sign-in-throttle",
  `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local op = ARGV[1]
local windowMs = tonumber(ARGV[2])
if op == 'ok' then
  redis.call('DEL', KEYS[1])
  return {now}
end
if op == 'fail' then
  local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
  redis.call('HSET', KEYS[1], 'last', now)
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[7]))
  for i = 2, 3 do
    redis.call('ZADD', KEYS[i], now, ARGV[8])
    redis.call('PEXPIRE', KEYS[i], windowMs)
  end
  return {now, n}
end
local refused, which, retry, backoff = 0, 0, 0, 0
local function consider(w, ms, b)
  if ms > retry then refused, which, retry, backoff = 1, w, ms, b end
end
-- (address, account) back-off
local base, cap = tonumber(ARGV[5]), tonumber(ARGV[6])
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
if n > 0 and base > 0 then
  local wait = cap
  if n <= 40 then wait = math.min(base * 2 ^ (n - 1), cap) end
  if now < last + wait then consider(1, last + wait - now, wait) end
end
-- hourly failures: sliding-window logs
local counts = {}
for i = 2, 3 do
  local limit = tonumber(ARGV[i + 1])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - windowMs)
  local count = redis.call('ZCARD', KEYS[i])
  counts[i] = count
  if limit >= 0 and count >= limit then
    -- below the limit again once the (count - limit + 1)-th oldest failure leaves the window
    local oldest = redis.call('ZRANGE', KEYS[i], count - limit, count - limit, 'WITHSCORES')
    local ms = windowMs
    if oldest[2] then ms = tonumber(oldest[2]) + windowMs - now end
    consider(i, math.max(ms, 1), 0)
  end
end
return {now, refused, which, retry, backoff, counts[2], counts[3]}
`,
);

/**
 * Sign-ups per address in the last window (sliding-window log), taken if there is room.
 * KEYS: log. ARGV: window ms, limit (-1: none), nonce.
 * → {now, taken (0/1), count after, retry ms}.
 */
const SIGN_UP_SCRIPT = new LuaScript(
  "sign-up-ceiling",
  `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local windowMs, limit = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - windowMs)
local count = redis.call('ZCARD', KEYS[1])
if limit >= 0 and count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  local ms = windowMs
  if oldest[2] then ms = tonumber(oldest[2]) + windowMs - now end
  return {now, 0, count, math.max(ms, 1)}
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], windowMs)
return {now, 1, count + 1, 0}
`,
);

/**
 * The account an e-mail address stands for in the throttle's keys: SHA-256 (hex) of the address
 * trimmed, NFKC-normalised and lower-cased. Anything but a string counts as the empty address.
 */
export function accountKey(email: unknown): string {
  const normalised = typeof email === "string" ? email.trim().normalize("NFKC").toLowerCase() : "";
  return createHash("sha256").update(normalised).digest("hex");
}

/** The Redis keys of one (address, account), under the prefix in force (`PANELIST_REDIS_PREFIX`). */
export function signInKeys(address: ClientAddress, email: unknown): { pair: string; account: string; ip: string } {
  const base = `${redisPrefix()}panelist:{auth}:signin`;
  const ip = encodeURIComponent(address.key);
  const account = accountKey(email);
  return { pair: `${base}:pair:${ip}:${account}`, account: `${base}:acct:${account}`, ip: `${base}:ip:${ip}` };
}

function signUpKey(address: ClientAddress): string {
  return `${redisPrefix()}panelist:{auth}:signup:ip:${encodeURIComponent(address.key)}`;
}

/** A refusal: which rule, its figures for the headers, and how long to wait (ms, ≥ 1). */
export interface ThrottleRefusal {
  /** The rule id (`sign_in.user.hour.failures`, `sign_in.ip.hour.failures`, `sign_up.ip.hour`) or {@link SIGN_IN_BACKOFF_POLICY}. */
  policy: string;
  /** Units the rule allows per window (1 for the back-off). */
  limit: number;
  /** The rule's window, seconds (the back-off's current period for the back-off). */
  windowS: number;
  retryAfterMs: number;
}

/** The refusal's headers, as every request limit's (lib/ratelimit/rate-limit-headers.ts): `Retry-After`, `RateLimit-Policy`/`RateLimit`, `X-RateLimit-*`. */
export function refusalHeaders(r: ThrottleRefusal): Record<string, string> {
  const rule = {
    ruleId: r.policy,
    unit: "failures",
    periodMs: r.windowS * 1000,
    limit: r.limit,
    remaining: 0,
    resetMs: r.retryAfterMs,
    retryAfterMs: r.retryAfterMs,
  } as const;
  return rateLimitHeaders(rule, { refused: true });
}

function refusedError(r: ThrottleRefusal, what: "sign-in" | "sign-up"): PanelistError {
  const wait = delayInWords(r.retryAfterMs);
  const message =
    what === "sign-in"
      ? r.policy === SIGN_IN_ACCOUNT_RULE
        ? `Too many failed sign-ins for this account. Try again in ${wait}.`
        : `Too many sign-in attempts. Try again in ${wait}.`
      : `Too many new accounts from this network. Try again in ${wait}.`;
  return new PanelistError("rate_limited:auth", message, { headers: refusalHeaders(r) });
}

function unavailableError(cause: unknown): PanelistError {
  return new PanelistError("unavailable:auth", "Signing in is unavailable for a moment. Please try again shortly.", {
    headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S) },
    cause,
  });
}

/** Options of the throttle's entry points; the defaults are the process' shared Redis and logger. */
export interface ThrottleOptions {
  redis?: RedisClient;
  log?: Logger;
}

type Limits = { accountLimit: number; ipLimit: number };

/** The limits in force for this address: the allow-list raises (× multiplier) or lifts (-1) the per-address ceiling only. */
async function signInLimits(address: ClientAddress): Promise<Limits> {
  const settings = await getLimitSettings();
  const allowance = settings.allowanceFor({ ip: address.ip });
  const ipBase = settings.limits.get(SIGN_IN_IP_RULE)!;
  return {
    accountLimit: settings.limits.get(SIGN_IN_ACCOUNT_RULE)!,
    ipLimit: allowance.multiplier === null ? -1 : Math.floor(ipBase * allowance.multiplier),
  };
}

/** What one sign-in check found (tests read it; the wrapper turns a refusal into a 429). */
export interface SignInCheck {
  /** Redis' clock at the check, ms. */
  now: number;
  refusal: ThrottleRefusal | null;
  accountFailures: number;
  ipFailures: number;
}

/**
 * Asks whether a sign-in from `address` for `email` may reach better-auth. Writes nothing but the
 * trimming of old failures.
 * @throws whatever Redis or the limit settings throw (the wrapper fails closed on it).
 */
export async function checkSignIn(redis: RedisClient, address: ClientAddress, email: unknown): Promise<SignInCheck> {
  const keys = signInKeys(address, email);
  const { accountLimit, ipLimit } = await signInLimits(address);
  const r = await SIGN_IN_SCRIPT.run<number[]>(
    redis,
    [keys.pair, keys.account, keys.ip],
    ["check", HOUR_MS, accountLimit, ipLimit, signInBackoffBaseMs(), SIGN_IN_BACKOFF_MAX_MS, PAIR_TTL_MS, ""],
  );
  const [now, refused, which, retry, backoff, accountFailures, ipFailures] = r.map(Number) as [number, number, number, number, number, number, number];
  let refusal: ThrottleRefusal | null = null;
  if (refused === 1) {
    if (which === 1) refusal = { policy: SIGN_IN_BACKOFF_POLICY, limit: 1, windowS: Math.ceil(backoff / 1000), retryAfterMs: retry };
    else if (which === 2) refusal = { policy: SIGN_IN_ACCOUNT_RULE, limit: accountLimit, windowS: PERIOD_SECONDS.hour, retryAfterMs: retry };
    else refusal = { policy: SIGN_IN_IP_RULE, limit: ipLimit, windowS: PERIOD_SECONDS.hour, retryAfterMs: retry };
  }
  return { now, refusal, accountFailures, ipFailures };
}

/**
 * Records a failed sign-in on all three dimensions.
 * @returns Redis' clock at the write (ms) and the failures in a row from this address on this account.
 */
export async function recordSignInFailure(redis: RedisClient, address: ClientAddress, email: unknown): Promise<{ now: number; inARow: number }> {
  const keys = signInKeys(address, email);
  const r = await SIGN_IN_SCRIPT.run<number[]>(redis, [keys.pair, keys.account, keys.ip], ["fail", HOUR_MS, 0, 0, 0, 0, PAIR_TTL_MS, randomUUID()]);
  return { now: Number(r[0]), inARow: Number(r[1]) };
}

/** Records a successful sign-in: this address' back-off on this account and its count are cleared (the hourly per-account count stays). */
export async function recordSignInSuccess(redis: RedisClient, address: ClientAddress, email: unknown): Promise<void> {
  const keys = signInKeys(address, email);
  await SIGN_IN_SCRIPT.run(redis, [keys.pair, keys.account, keys.ip], ["ok", HOUR_MS, 0, 0, 0, 0, PAIR_TTL_MS, ""]);
}

/**
 * Runs better-auth's sign-in (`run`) behind the throttle: refused → 429 `rate_limited:auth`
 * (with `Retry-After` and the RateLimit headers) before better-auth is asked; after it, a 401
 * (wrong password or unknown address alike) is a failure and a 2xx a success. Any other answer
 * (400 malformed e-mail, better-auth's own 429) counts for nothing.
 * @param email the request body's `email` (anything; see {@link accountKey}).
 * @throws {PanelistError} 429 `rate_limited:auth`; 503 `unavailable:auth` with `Retry-After` when
 *   Redis cannot be asked (logged).
 */
export async function withSignInThrottle(headers: Headers, email: unknown, run: () => Promise<Response>, opts: ThrottleOptions = {}): Promise<Response> {
  const redis = opts.redis ?? getRedis();
  const log = opts.log ?? defaultLog;
  const address = clientAddress(headers);
  let check: SignInCheck;
  try {
    check = await checkSignIn(redis, address, email);
  } catch (err) {
    log.error({ err: String(err), ip: address.ip }, "sign-in throttle: Redis unreachable; refusing sign-in (fails closed)");
    throw unavailableError(err);
  }
  if (check.refusal) {
    // The console's refusal log (lib/ratelimit/hits.ts): the account by its key's first 12 hex
    // digits (never the e-mail), the address for the per-address rules.
    const perAccount = check.refusal.policy === SIGN_IN_ACCOUNT_RULE;
    await recordRefusal(redis, {
      policy: "sign_in",
      ruleId: check.refusal.policy,
      dimension: perAccount ? "user" : "ip",
      subject: perAccount ? `account ${accountKey(email).slice(0, 12)}` : address.key,
      route: "POST /api/auth/sign-in/email",
    });
    log.info({ ip: address.ip, policy: check.refusal.policy, retryAfterMs: check.refusal.retryAfterMs }, "sign-in refused by the throttle");
    throw refusedError(check.refusal, "sign-in");
  }
  const res = await run();
  try {
    if (res.status === 401) await recordSignInFailure(redis, address, email);
    else if (res.status >= 200 && res.status < 300) await recordSignInSuccess(redis, address, email);
  } catch (err) {
    // The answer stands; the next check (which fails closed) sees whether Redis is back.
    log.error({ err: String(err), ip: address.ip, status: res.status }, "sign-in throttle: could not record the outcome");
  }
  return res;
}

/**
 * Runs better-auth's sign-up (`run`) under `sign_up.ip.hour`: a place in the address' hourly log is
 * taken before, and given back when the answer is not a 2xx (a refused password, a taken e-mail),
 * so the rule counts new accounts. The allow-list raises or lifts it like the other per-address rules.
 * @throws {PanelistError} 429 `rate_limited:auth`; 503 `unavailable:auth` when Redis cannot be asked (logged).
 */
export async function withSignUpLimit(headers: Headers, run: () => Promise<Response>, opts: ThrottleOptions = {}): Promise<Response> {
  const redis = opts.redis ?? getRedis();
  const log = opts.log ?? defaultLog;
  const address = clientAddress(headers);
  const key = signUpKey(address);
  const nonce = randomUUID();
  let limit: number;
  let taken: number[];
  try {
    const settings = await getLimitSettings();
    const allowance = settings.allowanceFor({ ip: address.ip });
    const base = settings.limits.get(SIGN_UP_IP_RULE)!;
    limit = allowance.multiplier === null ? -1 : Math.floor(base * allowance.multiplier);
    taken = (await SIGN_UP_SCRIPT.run<number[]>(redis, [key], [HOUR_MS, limit, nonce])).map(Number);
  } catch (err) {
    log.error({ err: String(err), ip: address.ip }, "sign-up ceiling: Redis unreachable; refusing sign-up (fails closed)");
    throw unavailableError(err);
  }
  if (taken[1] !== 1) {
    await recordRefusal(redis, { policy: "sign_up", ruleId: SIGN_UP_IP_RULE, dimension: "ip", subject: address.key, route: "POST /api/auth/sign-up/email" });
    throw refusedError({ policy: SIGN_UP_IP_RULE, limit, windowS: PERIOD_SECONDS.hour, retryAfterMs: taken[3]! }, "sign-up");
  }
  const res = await run();
  if (res.status < 200 || res.status >= 300) {
    await redis.zrem(key, nonce).catch((err: unknown) => log.error({ err: String(err) }, "sign-up ceiling: could not give a place back"));
  }
  return res;
}
