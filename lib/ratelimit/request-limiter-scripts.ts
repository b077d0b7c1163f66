/**
 * The request limiter's Lua scripts (docs/request-limits.md): GCRA, the Generic Cell Rate
 * Algorithm (ITU-T I.371 and the ATM Forum's Traffic Management 4.0, the "virtual scheduling"
 * form), as Brandur Leach's redis-cell and throttled implement it ("Rate Limiting, Cells, and
 * GCRA", 2015). Each key holds one number, the theoretical arrival time (TAT): when the bucket
 * would be empty again at the sustained rate.
 *
 * For a rule of `limit` units per `period`, the emission interval is T = period / limit and the
 * tolerance period − T, so `limit` units may go at once and then one every T (redis-cell's
 * `max_burst = limit − 1`). A charge of `cost` units at `now`:
 *
 *   tat'    = max(TAT, now) + cost × T
 *   allowed ⇔ tat' − period ≤ now          (retry after tat' − period − now)
 *   remaining = ⌊(period − (tat' − now)) / T⌋,  reset = tat' − now
 *
 * A cost above the limit (and any cost under limit 0) can never pass: refused, retry after one
 * period. Cost 0 passes and changes nothing.
 *
 * Times are microseconds of Redis' own clock (TIME; effects replication, Redis ≥ 5), so every
 * web process judges by one clock; the TAT is stored with 17 significant digits so no rounding
 * accumulates (a byte rule's T is a fraction of a microsecond). A key expires when its TAT has
 * passed: an absent key is a full bucket.
 *
 * `gcraScript` checks every key it is given and then either charges all of them or none: the
 * atomic mode, for keys that one script may touch together (a single Redis). On Redis Cluster
 * the keys of one request lie in different slots, so request-limiter.ts runs the same script
 * once per key and gives back, with `refundScript`, what passed when another refused.
 *
 * Return values are Lua tables (Redis converts Lua numbers to integers).
 */
import { LuaScript } from "./script";

/**
 * gcra — KEYS: one TAT key per rule. ARGV: per key, `periodMs, limit, cost`.
 * Returns `{nowUs, charged (0|1), then per key: allowed (0|1), remaining, resetMs, retryAfterMs}`;
 * `charged` is 1 only when every key allowed (then every key was charged).
 */
export const gcraScript = new LuaScript(
  "request-limit-gcra",
  `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local n = #KEYS
local tats, newTats, allowed, retry, periods, limits = {}, {}, {}, {}, {}, {}
local all = true
for i = 1, n do
  local period = tonumber(ARGV[3 * i - 2]) * 1000
  local limit = tonumber(ARGV[3 * i - 1])
  local cost = tonumber(ARGV[3 * i])
  local tat = tonumber(redis.call('GET', KEYS[i]) or '') or now
  if tat < now then tat = now end
  tats[i], periods[i], limits[i] = tat, period, limit
  if cost <= 0 then
    allowed[i], retry[i] = 1, 0
  elseif limit <= 0 or cost > limit then
    allowed[i], retry[i] = 0, period
  else
    local newTat = tat + cost * (period / limit)
    local allowAt = newTat - period
    -- 1 ns of slack for the floating-point sum; the clock itself is whole microseconds.
    if allowAt - now <= 0.001 then
      allowed[i], retry[i], newTats[i] = 1, 0, newTat
    else
      allowed[i], retry[i] = 0, allowAt - now
    end
  end
  if allowed[i] == 0 then all = false end
end
local out = {now, all and 1 or 0}
for i = 1, n do
  local tat = tats[i]
  if all and newTats[i] then
    tat = newTats[i]
    redis.call('SET', KEYS[i], string.format('%.17g', tat), 'PX', math.ceil((tat - now) / 1000) + 1)
  end
  local remaining = 0
  if limits[i] > 0 then
    remaining = math.floor((periods[i] - (tat - now)) * limits[i] / periods[i] + 0.000001)
    if remaining < 0 then remaining = 0 end
  end
  out[#out + 1] = allowed[i]
  out[#out + 1] = remaining
  out[#out + 1] = math.ceil((tat - now) / 1000)
  out[#out + 1] = math.ceil(retry[i] / 1000)
end
return out
`,
);

/**
 * refund — KEYS: one TAT key. ARGV: `periodMs, limit, cost` as it was charged.
 * Moves the TAT back by cost × T (deletes the key when that is in the past). Returns 1 when
 * the key existed, 0 otherwise. Charges made in between by other requests stay: subtraction
 * commutes with them.
 */
export const refundScript = new LuaScript(
  "request-limit-refund",
  `
local tat = tonumber(redis.call('GET', KEYS[1]) or '')
if not tat then return 0 end
local period = tonumber(ARGV[1]) * 1000
local limit = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
if limit <= 0 or cost <= 0 then return 1 end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local newTat = tat - cost * (period / limit)
if newTat <= now then
  redis.call('DEL', KEYS[1])
else
  redis.call('SET', KEYS[1], string.format('%.17g', newTat), 'PX', math.ceil((newTat - now) / 1000) + 1)
end
return 1
`,
);
