/**
 * The governor's Lua scripts: a sliding-window LOG per provider+model, one entry per granted
 * request (RPM) and one weighted entry per reservation (TPM), kept in sorted sets scored by the
 * grant time, and on top of it a PACE (GCRA) per dimension. All scripts share one prelude and
 * touch only the keys of one model (one hash tag), so each runs atomically in one slot, also on
 * Redis Cluster.
 *
 * Algorithm 1 — sliding window log: Peter Hayes, "Better Rate Limiting With Redis Sorted Sets",
 * ClassDojo Engineering (2015; npm `rolling-rate-limiter`): ZREMRANGEBYSCORE the entries older
 * than the window, ZCARD, ZADD. We add a token weight per entry (a hash) and a running sum that
 * is decreased as entries leave the window, so the TPM check is O(log n) amortised, not a scan.
 * The log is exact in any sliding window (an upstream such as OpenAI counts a rolling minute, and
 * the chaos test holds us to "never more than RPM in any sliding 60-second window"); its cost is
 * memory O(requests per window) per model, small for LLM quotas.
 *
 * Algorithm 2 — pacing: GCRA, the Generic Cell Rate Algorithm in its "virtual scheduling" form
 * (ATM Forum, Traffic Management Specification 4.0, 1996; ITU-T I.371), as Brandur Leach,
 * "Rate Limiting, Cells, and GCRA" (2015) describes it. The log alone lets a backlog spend the
 * whole minute in its first seconds, and providers may enforce a per-minute limit over shorter
 * periods (OpenAI, "Rate limits": "60,000 RPM may be enforced as 1,000 requests per second").
 * GCRA alone would let a full burst and then the refill into one minute (up to ~2× the quota in
 * some window), so a grant needs both: the log keeps the minute exact, the pace spreads it.
 * Per dimension one number in `st`, the theoretical arrival time TAT (`tr` requests, `tt`
 * tokens; ms, 17 significant digits). With emission interval T (ms per request or per token =
 * window / limit) and burst tolerance B (ms), a charge of `cost` at `now` conforms at
 *
 *   allowAt = TAT − max(0, B − cost × T)          (grant ⇔ allowAt ≤ now; retry after allowAt − now)
 *   on a grant  TAT ← max(TAT, now) + cost × T
 *
 * so B/T cells may go at once, then one every T, and any span L holds fewer than
 * (L + max(B, T))/T. A
 * charge larger than the burst (cost × T > B) conforms only when TAT ≤ now (an empty bucket):
 * it runs alone, late, instead of never.
 *
 * Time is Redis' own clock (TIME; effects replication, Redis ≥ 5), so processes on different
 * machines agree on the window without synchronised clocks; the last ARGV of every script is a
 * clock override (epoch ms, 0 = TIME) for tests. An entry granted at `s` counts while
 * `now - s < window` and is dropped at `now >= s + window`, where `window` (ARGV[1]) is
 * governor.ts' windowMs + marginMs.
 *
 * Return values are Lua tables (Redis converts Lua numbers to integers).
 */
import { LuaScript } from "./script";

/** KEYS: req, tok, w, st, pause. ARGV[1] = window (ms); ARGV[#ARGV] = clock override (ms, 0 = Redis TIME). */
const PRELUDE = `
local REQ, TOK, W, ST, PAUSE = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local WINDOW = tonumber(ARGV[1])
local CLOCK = tonumber(ARGV[#ARGV]) or 0

local function nowMs()
  if CLOCK > 0 then return CLOCK end
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end

local function num(v) return tonumber(v) or 0 end

-- Drops entries that left the window; returns the tokens still in it.
local function prune(now)
  local cutoff = now - WINDOW
  redis.call('ZREMRANGEBYSCORE', REQ, '-inf', cutoff)
  local freed = 0
  while true do
    local old = redis.call('ZRANGEBYSCORE', TOK, '-inf', cutoff, 'LIMIT', 0, 500)
    if #old == 0 then break end
    local ws = redis.call('HMGET', W, unpack(old))
    for i = 1, #ws do freed = freed + num(ws[i]) end
    redis.call('HDEL', W, unpack(old))
    redis.call('ZREM', TOK, unpack(old))
  end
  local sum = num(redis.call('HGET', ST, 'sum')) - freed
  if sum < 0 or redis.call('ZCARD', TOK) == 0 then sum = 0 end
  if freed > 0 then redis.call('HSET', ST, 'sum', sum) end
  return sum
end

-- Usage that upstream reported beyond our own count (x-ratelimit-remaining-*), until its reset.
local function phantom(now, field, untilField)
  local u = num(redis.call('HGET', ST, untilField))
  if u > now then return num(redis.call('HGET', ST, field)), u end
  return 0, 0
end

-- A TAT as stored: 17 significant digits, so a token's fraction of a millisecond never rounds away.
local function setTat(field, tat) redis.call('HSET', ST, field, string.format('%.17g', tat)) end

-- Gives back pacing time (ms) of TAT field f, never below now: a refund can at most empty the
-- bucket (a TAT in the past is the same as now). Returns the new TAT.
local function refundTat(f, ms, now)
  local tat = num(redis.call('HGET', ST, f))
  if ms <= 0 or tat <= now then return tat end
  tat = math.max(now, tat - ms)
  setTat(f, tat)
  return tat
end

-- Charges pacing time (ms) to TAT field f. Returns the new TAT.
local function chargeTat(f, ms, now)
  local tat = math.max(num(redis.call('HGET', ST, f)), now) + ms
  setTat(f, tat)
  return tat
end

local function touch(now, extraUntil)
  local ttl = WINDOW + 1000
  redis.call('PEXPIRE', REQ, ttl)
  redis.call('PEXPIRE', TOK, ttl)
  redis.call('PEXPIRE', W, ttl)
  local stTtl = ttl
  if extraUntil and extraUntil - now + 1000 > stTtl then stTtl = extraUntil - now + 1000 end
  if redis.call('PTTL', ST) < stTtl then redis.call('PEXPIRE', ST, stTtl) end
end
`;

/**
 * reserve — KEYS: req, tok, w, st, pause.
 * ARGV: window, cost (tokens), rpmCeil, tpmCeil, rpmLimit, tpmLimit (0 = unlimited),
 *       priority (interactive | batch), lendIdleMs (0 = never lend),
 *       reqIntervalMs, tokIntervalMs (GCRA emission intervals, 0 = not paced), burstMs, batchBurstMs,
 *       clock.
 * The ceilings are the limits for interactive and the 85 % ceilings for batch; likewise the
 * burst tolerance is burstMs for interactive and batchBurstMs for batch.
 * → {1, id, grantedAtMs} | {0, retryAfterMs, reason}, reason ∈ paused | rpm | tpm | priority | pace.
 *
 * Lending: every interactive ask (granted or not) stamps `st.ia`. A batch ask made when no
 * interactive one came within lendIdleMs is held to the full limits and the full burst instead
 * of the 85 % ones — the reserve nobody is using is lent to the backlog, and the first
 * interactive ask takes it back at once (batch is then refused until the window drains below 85 %).
 *
 * A request fits the log when used + cost ≤ ceiling, or when nothing at all is in the window (so
 * a single request larger than the whole quota still runs, alone, instead of waiting forever).
 * When it does not fit, retryAfterMs is the earliest time at which enough of the oldest entries
 * (and upstream's phantom usage) will have left the window for it to fit. It fits the pace when
 * both GCRA cells conform (see the header); `pace` is the reason only when the log had room, and
 * retryAfterMs is then exactly the time until the later cell conforms. A grant records the log
 * entries and advances both TATs, and remembers its id as the latest (`st.pl`) for release.
 */
export const reserveScript = new LuaScript(
  "governor.reserve",
  `${PRELUDE}
local cost = tonumber(ARGV[2])
local rpmCeil, tpmCeil = tonumber(ARGV[3]), tonumber(ARGV[4])
local rpmLimit, tpmLimit = tonumber(ARGV[5]), tonumber(ARGV[6])
local priority, lendIdle = ARGV[7], tonumber(ARGV[8])
local reqInt, tokInt = tonumber(ARGV[9]), tonumber(ARGV[10])
local burst, batchBurst = tonumber(ARGV[11]), tonumber(ARGV[12])
local now = nowMs()

if priority == 'interactive' then
  redis.call('HSET', ST, 'ia', now)
  local keep = math.max(WINDOW, lendIdle) + 1000
  if redis.call('PTTL', ST) < keep then redis.call('PEXPIRE', ST, keep) end
elseif lendIdle > 0 and now - num(redis.call('HGET', ST, 'ia')) >= lendIdle then
  rpmCeil, tpmCeil = rpmLimit, tpmLimit
else
  burst = batchBurst
end

local pausedUntil = num(redis.call('GET', PAUSE))
if pausedUntil > now then return {0, pausedUntil - now, 'paused'} end

local sum = prune(now)

-- Earliest time at which the oldest entries of zset z have freed at least 'need'
-- (weights from W when weighted, else 1 each); false when they never can.
local function freedAt(z, weighted, need)
  if need <= 0 then return now end
  if not weighted then
    local e = redis.call('ZRANGE', z, need - 1, need - 1, 'WITHSCORES')
    if #e == 0 then return false end
    return tonumber(e[2]) + WINDOW
  end
  local acc, off = 0, 0
  while true do
    local e = redis.call('ZRANGE', z, off, off + 99, 'WITHSCORES')
    if #e == 0 then return false end
    local members = {}
    for i = 1, #e, 2 do members[#members + 1] = e[i] end
    local ws = redis.call('HMGET', W, unpack(members))
    for i = 1, #members do
      acc = acc + num(ws[i])
      if acc >= need then return tonumber(e[2 * i]) + WINDOW end
    end
    off = off + 100
  end
end

-- Earliest time at which own(t) + phantom(t) + cost <= ceil, or the window is empty.
local function waitUntil(z, weighted, own, ph, phUntil, c, ceil)
  local best = freedAt(z, weighted, own + ph + c - ceil)
  if ph > 0 then
    local t2 = freedAt(z, weighted, own + c - ceil)
    if t2 then
      if t2 < phUntil then t2 = phUntil end
      if not best or t2 < best then best = t2 end
    end
  end
  if not best then
    local last = redis.call('ZRANGE', z, -1, -1, 'WITHSCORES')
    best = now
    if #last > 0 then best = tonumber(last[2]) + WINDOW end
    if ph > 0 and phUntil > best then best = phUntil end
  end
  return best
end

local untilT, reason = now, nil
if rpmCeil > 0 then
  local own = redis.call('ZCARD', REQ)
  local ph, phU = phantom(now, 'phr', 'phrUntil')
  local used = own + ph
  if used > 0 and used + 1 > rpmCeil then
    local t = waitUntil(REQ, false, own, ph, phU, 1, rpmCeil)
    if t > untilT then untilT = t end
    if used + 1 <= rpmLimit then reason = 'priority' else reason = 'rpm' end
  end
end
if tpmCeil > 0 then
  local ph, phU = phantom(now, 'pht', 'phtUntil')
  local used = sum + ph
  if used > 0 and used + cost > tpmCeil then
    local t = waitUntil(TOK, true, sum, ph, phU, cost, tpmCeil)
    if t > untilT then untilT = t end
    if reason ~= 'rpm' then
      if used + cost <= tpmLimit then reason = reason or 'priority' else reason = 'tpm' end
    end
  end
end
-- GCRA: the time at which a charge of c cells of interval t conforms (see the header).
local function conformsAt(field, t, c)
  return num(redis.call('HGET', ST, field)) - math.max(0, burst - c * t)
end
if reqInt > 0 then
  local at = conformsAt('tr', reqInt, 1)
  if at > now then
    if at > untilT then untilT = at end
    reason = reason or 'pace'
  end
end
if tokInt > 0 then
  local at = conformsAt('tt', tokInt, cost)
  if at > now then
    if at > untilT then untilT = at end
    reason = reason or 'pace'
  end
end

if reason then
  local wait = math.ceil(untilT - now)
  if wait < 1 then wait = 1 end
  return {0, wait, reason}
end

local seq = redis.call('HINCRBY', ST, 'seq', 1)
local id = string.format('%d-%d-%d', now, seq, cost)
redis.call('ZADD', REQ, now, id)
redis.call('ZADD', TOK, now, id)
redis.call('HSET', W, id, cost)
redis.call('HSET', ST, 'sum', sum + cost)
local paceUntil = now
if reqInt > 0 then paceUntil = math.max(paceUntil, chargeTat('tr', reqInt, now)) end
if tokInt > 0 then paceUntil = math.max(paceUntil, chargeTat('tt', tokInt * cost, now)) end
if reqInt > 0 or tokInt > 0 then redis.call('HSET', ST, 'pl', id) end
touch(now, paceUntil)
return {1, id, now}
`,
);

/**
 * settle — KEYS: req, tok, w, st, pause. ARGV: window, id, actualTokens, tokIntervalMs (0 = not paced), clock.
 * → {outcome, deltaTokens}; outcome ∈
 *   settled  the reservation is still in the window: its weight becomes the actual usage
 *            (delta < 0 refunds, delta > 0 charges);
 *   late     it already left the window: a positive difference is charged now, as an extra
 *            token-only entry `<id>~late` (no request counted); a refund is moot;
 *   unknown  released, or not one of ours.
 * The token pace follows the same delta: a charge advances the TPM TAT by delta × T, a refund
 * moves it back (never below now, so a refund at most empties the bucket). Without the refund
 * the pace would charge max output for every call and cap throughput at actual / estimate.
 */
export const settleScript = new LuaScript(
  "governor.settle",
  `${PRELUDE}
local id, actual, tokInt = ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
local now = nowMs()
local sum = prune(now)

-- The token pace follows the log's delta (see above); returns how long the TAT lies ahead.
local function pace(delta)
  if tokInt <= 0 or delta == 0 then return now end
  if delta > 0 then return chargeTat('tt', delta * tokInt, now) end
  return refundTat('tt', -delta * tokInt, now)
end

local w = redis.call('HGET', W, id)
if w then
  local delta = actual - tonumber(w)
  redis.call('HSET', W, id, actual)
  redis.call('HSET', ST, 'sum', sum + delta)
  touch(now, pace(delta))
  return {'settled', delta}
end
local grantedAt, est = string.match(id, '^(%d+)%-%d+%-(%d+)$')
if not grantedAt then return {'unknown', 0} end
if tonumber(grantedAt) + WINDOW > now then return {'unknown', 0} end
local delta = actual - tonumber(est)
if delta <= 0 then return {'late', 0} end
local late = id .. '~late'
if redis.call('ZADD', TOK, 'NX', now, late) == 1 then
  redis.call('HSET', W, late, delta)
  redis.call('HSET', ST, 'sum', sum + delta)
  touch(now, pace(delta))
end
return {'late', delta}
`,
);

/**
 * release — KEYS: req, tok, w, st, pause. ARGV: window, id, reqIntervalMs, tokIntervalMs, clock.
 * Gives back the request and its tokens of a call that never reached upstream.
 * Pacing: the tokens go back to the token pace as a refund would (settle to 0); the request's
 * cell goes back only when this was the latest grant (`st.pl`) — then the pace is as if it had
 * never been granted. An older grant's cell lies in the past, behind later grants; giving it
 * back would add a cell now, above the pace.
 * → 1 released | 0 unknown (already released, aged out, or not ours).
 */
export const releaseScript = new LuaScript(
  "governor.release",
  `${PRELUDE}
local id, reqInt, tokInt = ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
local now = nowMs()
local sum = prune(now)
local w = redis.call('HGET', W, id)
if not w then return 0 end
redis.call('ZREM', REQ, id)
redis.call('ZREM', TOK, id)
redis.call('HDEL', W, id)
redis.call('HSET', ST, 'sum', math.max(0, sum - tonumber(w)))
if tokInt > 0 then refundTat('tt', tonumber(w) * tokInt, now) end
if redis.call('HGET', ST, 'pl') == id then
  if reqInt > 0 then refundTat('tr', reqInt, now) end
  redis.call('HDEL', ST, 'pl')
end
return 1
`,
);

/**
 * observe — KEYS: req, tok, w, st, pause.
 * ARGV: window, pauseMs (0 = none), rpmLimit, tpmLimit (0 = unlimited),
 *       remainingRequests, resetRequestsMs, remainingTokens, resetTokensMs (-1 = not reported), clock.
 * → {pauseRemainingMs (0 = not paused), phantomRequests, phantomTokens}.
 *
 * Pause: pause-until = max(current, now + pauseMs), so concurrent observations only lengthen it.
 * Tighten: when upstream's remaining is below ours (limit − own count), the difference is kept
 * as "phantom" usage until upstream's reset; the latest observation replaces the previous one.
 */
export const observeScript = new LuaScript(
  "governor.observe",
  `${PRELUDE}
local pauseMs = tonumber(ARGV[2])
local rpmLimit, tpmLimit = tonumber(ARGV[3]), tonumber(ARGV[4])
local remReq, resetReq = tonumber(ARGV[5]), tonumber(ARGV[6])
local remTok, resetTok = tonumber(ARGV[7]), tonumber(ARGV[8])
local now = nowMs()

local pausedUntil = num(redis.call('GET', PAUSE))
if pauseMs > 0 and now + pauseMs > pausedUntil then
  pausedUntil = now + pauseMs
  redis.call('SET', PAUSE, pausedUntil, 'PX', pauseMs)
end
local pauseLeft = 0
if pausedUntil > now then pauseLeft = pausedUntil - now end

local phr, pht, extra = 0, 0, now
if rpmLimit > 0 and remReq >= 0 and resetReq > 0 then
  prune(now)
  phr = math.max(0, (rpmLimit - redis.call('ZCARD', REQ)) - remReq)
  redis.call('HSET', ST, 'phr', phr, 'phrUntil', now + resetReq)
  extra = math.max(extra, now + resetReq)
end
if tpmLimit > 0 and remTok >= 0 and resetTok > 0 then
  local sum = prune(now)
  pht = math.max(0, (tpmLimit - sum) - remTok)
  redis.call('HSET', ST, 'pht', pht, 'phtUntil', now + resetTok)
  extra = math.max(extra, now + resetTok)
end
if extra > now then touch(now, extra) end
return {pauseLeft, phr, pht}
`,
);

/**
 * snapshot — KEYS: req, tok, w, st, pause. ARGV: window, clock.
 * → {now, requests, tokens, pausedUntil, phr, pht, requestPaceAheadMs, tokenPaceAheadMs}
 * (how far each TAT lies ahead of now: 0 = an empty bucket).
 */
export const snapshotScript = new LuaScript(
  "governor.snapshot",
  `${PRELUDE}
local now = nowMs()
local sum = prune(now)
local pausedUntil = num(redis.call('GET', PAUSE))
if pausedUntil <= now then pausedUntil = 0 end
local phr = phantom(now, 'phr', 'phrUntil')
local pht = phantom(now, 'pht', 'phtUntil')
local function ahead(f) return math.max(0, math.ceil(num(redis.call('HGET', ST, f)) - now)) end
return {now, redis.call('ZCARD', REQ), sum, pausedUntil, phr, pht, ahead('tr'), ahead('tt')}
`,
);
