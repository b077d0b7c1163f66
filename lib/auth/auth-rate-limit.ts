/**
 * better-auth's own request limiter, moved to the shared Redis and to our client address
 * (docs/security.md, "Sign-in"). better-auth keeps it in process memory by default — a counter
 * per web process that a restart forgets — and keys it by a raw `X-Forwarded-For`; here its
 * storage is Redis (`rateLimit.customStorage`, never `secondaryStorage`, which would also move
 * sessions into a store that may lose everything) and the address it sees is the one
 * lib/ratelimit/client-ip.ts decides under `TRUSTED_PROXIES`, passed in {@link CLIENT_IP_HEADER}.
 *
 * It is a per-address request ceiling on each better-auth path; failed passwords are counted by
 * the sign-in throttle (lib/auth/sign-in-throttle.ts), which runs before it.
 *
 *   <prefix>panelist:auth-rl:<better-auth key>   STRING  requests in the window, PX = the window
 */
import type { BetterAuthRateLimitOptions } from "better-auth";
import { createLogger } from "@/lib/log";
import { redisPrefix } from "@/lib/queue/names";
import { getRedis } from "@/lib/queue/redis";
import { LuaScript, type RedisClient } from "@/lib/ratelimit/script";

/**
 * The request header carrying our client address to better-auth (`advanced.ipAddress.ipAddressHeaders`).
 * Only app/api/auth/[...all]/route.ts sets it, after deleting any copy a client sent.
 */
export const CLIENT_IP_HEADER = "x-panelist-client-ip";

/** Every better-auth path without a rule below: per address, per path. */
export const AUTH_RATE_DEFAULT = { window: 60, max: 1200 } as const;

/**
 * Per address and path, per `window` seconds. These replace better-auth's built-in 3 per 10 s on
 * sign-in and sign-up, which locked a whole office behind one NAT out at nine in the morning:
 * failures are the throttle's business, this is only a ceiling on requests. The endpoints that
 * check a current password or send mail stay tight.
 */
export const AUTH_RATE_RULES = {
  "/sign-in/*": { window: 60, max: 120 },
  "/sign-up/*": { window: 60, max: 30 },
  "/change-password": { window: 60, max: 5 },
  "/change-email": { window: 60, max: 5 },
  "/verify-password": { window: 60, max: 5 },
  "/delete-user": { window: 60, max: 5 },
  "/reset-password": { window: 60, max: 5 },
  "/request-password-reset": { window: 60, max: 3 },
  "/send-verification-email": { window: 60, max: 3 },
} as const;

/**
 * A fixed-window counter per key (better-auth's own shape: `max` requests per `window` seconds).
 * KEYS: counter. ARGV: window ms, max. → {allowed (0/1), ms until the window ends}.
 * A refused request is not counted, so a client that keeps knocking does not extend its wait.
 */
const CONSUME = new LuaScript(
  "auth-rate-limit",
  `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[2]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = tonumber(ARGV[1]) end
  return {0, ttl}
end
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1])) end
return {1, 0}
`,
);

const log = createLogger("auth");

type RateLimitStorage = NonNullable<BetterAuthRateLimitOptions["customStorage"]>;

/** The Redis key of one better-auth limiter key (`<ip>|<path>`), under the prefix in force. */
export function authRateKey(key: string): string {
  return `${redisPrefix()}panelist:auth-rl:${encodeURIComponent(key)}`;
}

/**
 * better-auth's `rateLimit.customStorage` on Redis (its `consume(key, rule)` contract, 1.7:
 * one atomic check-and-count; the older `get`/`set` pair is gone).
 *
 * When Redis cannot be asked the request goes through, logged: this limiter also guards reads
 * such as `get-session`, which fail open (lib/ratelimit/policies.ts); sign-in and sign-up have
 * already been refused by the throttle in front of it, which fails closed.
 * @param redis default: the process' shared connection, taken at each call.
 */
export function redisRateLimitStorage(redis?: () => RedisClient): RateLimitStorage {
  return {
    async consume(key, rule) {
      try {
        const [allowed, ms] = (await CONSUME.run<number[]>((redis ?? getRedis)(), [authRateKey(key)], [rule.window * 1000, rule.max])).map(Number);
        return allowed === 1 ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: Math.max(1, Math.ceil(ms! / 1000)) };
      } catch (err) {
        log.error({ err: String(err), key }, "better-auth rate limit: Redis unreachable; request let through");
        return { allowed: true, retryAfter: null };
      }
    },
  };
}
