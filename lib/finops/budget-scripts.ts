/**
 * The budgets' Lua scripts (docs/finops.md, "Budgets"). Each call's budgets are checked and
 * charged in one script over keys of the one `{budget}` hash tag (budget-keys.ts), so the check
 * and the hold are atomic across every process: 100 concurrent calls against room for exactly 10
 * admit exactly 10.
 *
 * A counter (HASH) holds `spent` — settled spend of its period, micro-dollars, seeded from
 * PostgreSQL's usage rollups when it is created — `reserved` — the sum of open holds — and
 * `created` (Redis ms). Each open hold is a member of the counter's lease ZSET (score = lease
 * expiry) with its amount in the holds HASH. Expired holds are swept lazily by every script that
 * touches the counter, before it reads `reserved` — a call that died gives its room back once its
 * lease is over, with no sweeper process.
 *
 * Time is Redis' own clock (TIME; effects replication, Redis ≥ 5), so processes on different
 * machines agree on leases and on which period a call falls in.
 *
 * Lua numbers are doubles: amounts stay exact up to 2^53 µUSD (≈ 9 × 10^9 USD). Return values are
 * Lua tables (Redis converts numbers to integers).
 */
import { LuaScript } from "@/lib/ratelimit/script";

const PRELUDE = `
local function nowMs()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end

local function num(v) return tonumber(v) or 0 end

-- Drops the holds whose lease ran out; returns what is still reserved.
local function sweep(C, L, A, now)
  local reserved = num(redis.call('HGET', C, 'reserved'))
  local freed = 0
  while true do
    local ids = redis.call('ZRANGEBYSCORE', L, '-inf', now, 'LIMIT', 0, 500)
    if #ids == 0 then break end
    local amounts = redis.call('HMGET', A, unpack(ids))
    for i = 1, #amounts do freed = freed + num(amounts[i]) end
    redis.call('HDEL', A, unpack(ids))
    redis.call('ZREM', L, unpack(ids))
  end
  if freed > 0 then
    reserved = math.max(0, reserved - freed)
    redis.call('HSET', C, 'reserved', reserved)
  end
  return reserved
end

-- Takes one hold off a counter; returns its amount, or false when it is not (or no longer) held.
-- Never creates a counter that is missing (its holds went with it).
local function unhold(C, L, A, id)
  if redis.call('EXISTS', C) == 0 then return false end
  local amount = redis.call('HGET', A, id)
  if not amount then return false end
  redis.call('HDEL', A, id)
  redis.call('ZREM', L, id)
  redis.call('HSET', C, 'reserved', math.max(0, num(redis.call('HGET', C, 'reserved')) - tonumber(amount)))
  return tonumber(amount)
end
`;

/**
 * reserve — KEYS: version, then per counter: counter, leases, holds.
 * ARGV: version expected, amount (µUSD, ≥ 0), leaseMs, reservation member id, then per counter:
 *       limit (µUSD), period start, period end, key expiry (epoch ms).
 * → {'stale'}                    the budgets changed since the caller read them (reload, ask again)
 *   {'period', now}              Redis' clock is in another period than the caller's (recompute)
 *   {'seed', now, i…}            counters i… do not exist: seed them from PostgreSQL, ask again
 *   {'refused', now, i, used, exhausted, leaseUntil}
 *                                counter i has no room; exhausted = 1 when settled spend alone
 *                                leaves none (the wait is the period), else leaseUntil = the latest
 *                                of the refusing counters' earliest lease expiries
 *   {'ok', now}                  held on every counter until now + leaseMs
 *
 * Room: used = spent + reserved (expired holds swept first). A priced call fits when
 * used + amount ≤ limit; an unpriced one (amount 0) while used < limit — at 100 % nothing passes.
 * When several counters refuse, an exhausted one wins over a held one, and among those the one
 * whose period ends last (that is when the call can pass).
 */
export const reserveScript = new LuaScript(
  "budget.reserve",
  `${PRELUDE}
if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return {'stale'} end
local amount, leaseMs, id = tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
local n = (#KEYS - 1) / 3
local now = nowMs()

for i = 1, n do
  local b = 4 + 4 * (i - 1)
  if now < tonumber(ARGV[b + 2]) or now >= tonumber(ARGV[b + 3]) then return {'period', now} end
end

local missing = {'seed', now}
for i = 1, n do
  if redis.call('EXISTS', KEYS[3 * i - 1]) == 0 then missing[#missing + 1] = i end
end
if #missing > 2 then return missing end

local pick, pickEnd, pickUsed, pickExhausted, leaseUntil = 0, -1, 0, false, 0
for i = 1, n do
  local C, L, A = KEYS[3 * i - 1], KEYS[3 * i], KEYS[3 * i + 1]
  local b = 4 + 4 * (i - 1)
  local limit, periodEnd = tonumber(ARGV[b + 1]), tonumber(ARGV[b + 3])
  local reserved = sweep(C, L, A, now)
  local spent = num(redis.call('HGET', C, 'spent'))
  local used = spent + reserved
  local fits, fitsSettled
  if amount > 0 then
    fits, fitsSettled = used + amount <= limit, spent + amount <= limit
  else
    fits, fitsSettled = used < limit, spent < limit
  end
  if not fits then
    local exhausted = not fitsSettled
    if not exhausted then
      local first = redis.call('ZRANGE', L, 0, 0, 'WITHSCORES')
      if #first > 0 and tonumber(first[2]) > leaseUntil then leaseUntil = tonumber(first[2]) end
    end
    if (exhausted and not pickExhausted) or (exhausted == pickExhausted and periodEnd > pickEnd) then
      pick, pickEnd, pickUsed, pickExhausted = i, periodEnd, used, exhausted
    end
  end
end
if pick > 0 then return {'refused', now, pick, pickUsed, pickExhausted and 1 or 0, leaseUntil} end

for i = 1, n do
  local C, L, A = KEYS[3 * i - 1], KEYS[3 * i], KEYS[3 * i + 1]
  local expireAt = ARGV[4 + 4 * (i - 1) + 4]
  redis.call('HINCRBY', C, 'reserved', amount)
  redis.call('HSET', A, id, amount)
  redis.call('ZADD', L, now + leaseMs, id)
  redis.call('PEXPIREAT', C, expireAt)
  redis.call('PEXPIREAT', L, expireAt)
  redis.call('PEXPIREAT', A, expireAt)
end
return {'ok', now}
`,
);

/**
 * seed — KEYS: per counter: counter, leases, holds. ARGV: per counter: spent (µUSD), key expiry.
 * Creates each counter that still does not exist with the spent given (PostgreSQL's rollups) and
 * nothing reserved, dropping holds left over from a counter that was lost. A counter that exists
 * (another process seeded it first, and calls may have settled into it since) is left alone, so
 * concurrent seeders cannot overwrite each other or a settle: the first one wins.
 * → how many counters were created.
 */
export const seedScript = new LuaScript(
  "budget.seed",
  `${PRELUDE}
local now = nowMs()
local created = 0
for i = 1, #KEYS / 3 do
  local C, L, A = KEYS[3 * i - 2], KEYS[3 * i - 1], KEYS[3 * i]
  if redis.call('EXISTS', C) == 0 then
    redis.call('DEL', L, A)
    redis.call('HSET', C, 'spent', ARGV[2 * i - 1], 'reserved', 0, 'created', now)
    redis.call('PEXPIREAT', C, ARGV[2 * i])
    created = created + 1
  end
end
return created
`,
);

/**
 * settle — KEYS: per counter of the reservation: counter, leases, holds.
 * ARGV: reservation member id, actual cost (µUSD, ≥ 0), reserved at (Redis ms).
 * Per counter → 'settled' (the hold is replaced by the actual cost), 'late' (the hold's lease had
 * run out, its room was already given back: the actual cost is charged now — real spend), or
 * 'lost' (the counter was lost with Redis' data and seeded again after the reservation, or is
 * missing: PostgreSQL's rollups hold the cost and the next seed reads it; charging it here could
 * count it twice).
 */
export const settleScript = new LuaScript(
  "budget.settle",
  `${PRELUDE}
local id, actual, reservedAt = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local now = nowMs()
local out = {}
for i = 1, #KEYS / 3 do
  local C, L, A = KEYS[3 * i - 2], KEYS[3 * i - 1], KEYS[3 * i]
  if redis.call('EXISTS', C) == 0 then
    out[i] = 'lost'
  elseif unhold(C, L, A, id) then
    redis.call('HINCRBY', C, 'spent', actual)
    out[i] = 'settled'
  elseif num(redis.call('HGET', C, 'created')) <= reservedAt then
    redis.call('HINCRBY', C, 'spent', actual)
    out[i] = 'late'
  else
    out[i] = 'lost'
  end
  if redis.call('EXISTS', C) == 1 then sweep(C, L, A, now) end
end
return out
`,
);

/**
 * release — KEYS: per counter of the reservation: counter, leases, holds. ARGV: reservation member id.
 * Gives the hold back (a call that never went upstream, or whose cost is unknown).
 * → how many counters still held it.
 */
export const releaseScript = new LuaScript(
  "budget.release",
  `${PRELUDE}
local released = 0
for i = 1, #KEYS / 3 do
  if unhold(KEYS[3 * i - 2], KEYS[3 * i - 1], KEYS[3 * i], ARGV[1]) then released = released + 1 end
end
return released
`,
);

/**
 * peek — KEYS: per counter: counter, leases, holds. → {now, exists₁, spent₁, reserved₁, …}
 * (expired holds swept first; exists 0 = no counter, spent and reserved then 0).
 */
export const peekScript = new LuaScript(
  "budget.peek",
  `${PRELUDE}
local now = nowMs()
local out = {now}
for i = 1, #KEYS / 3 do
  local C, L, A = KEYS[3 * i - 2], KEYS[3 * i - 1], KEYS[3 * i]
  if redis.call('EXISTS', C) == 0 then
    out[#out + 1], out[#out + 2], out[#out + 3] = 0, 0, 0
  else
    local reserved = sweep(C, L, A, now)
    out[#out + 1], out[#out + 2], out[#out + 3] = 1, num(redis.call('HGET', C, 'spent')), reserved
  end
end
return out
`,
);
