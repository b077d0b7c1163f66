/**
 * The request limiter against the real Redis, in both modes: `atomic` (one script over every
 * key) and `per-key` (the Redis Cluster path, forced here on the single Redis: one script per
 * key, refunds when another key refused). GCRA's figures are checked against the clock the
 * script read (its `nowUs`, itself bracketed by Redis TIME readings), never the test's own.
 */
import Redis from "ioredis";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { AllowlistRow } from "@/lib/db/queries/rate-limits";
import { createRedis } from "@/lib/queue/redis";
import { buildSettings } from "./limit-settings";
import { limitsFromEnv } from "./policies";
import { type LimitMode, RedisUnavailableError, RequestLimiter, type RequestSubject } from "./request-limiter";
import { refundScript } from "./request-limiter-scripts";
import { bracketed, deletePrefix, uniquePrefix } from "./test-redis";

const PREFIX = uniquePrefix("request-limiter");
const redis = createRedis("test-request-limiter");

afterAll(async () => {
  await deletePrefix(redis, PREFIX);
  await redis.quit();
});
afterEach(() => vi.restoreAllMocks());

let n = 0;
/** A subject of its own per test, so tests share no keys. */
function subject(over: Partial<RequestSubject> = {}): RequestSubject {
  n++;
  return { userId: `user-${n}`, organizationId: `org-${n}`, address: { ip: `198.51.100.${n}`, key: `198.51.100.${n}` }, ...over };
}

function allow(row: Partial<AllowlistRow> & Pick<AllowlistRow, "kind" | "value" | "multiplier">): AllowlistRow {
  return { id: `entry-${row.value}`, note: "", createdBy: null, createdAt: new Date(), ...row };
}

/** A limiter whose limits are the built-in defaults with `limits` over them, and `allowlist`. */
function limiter(mode: LimitMode, limits: Record<string, number> = {}, allowlist: AllowlistRow[] = []): RequestLimiter {
  const settings = buildSettings(limitsFromEnv({}), new Map(Object.entries(limits)), allowlist);
  return new RequestLimiter(redis, { mode, prefix: PREFIX, settings: async () => settings });
}

const HOUR_US = 3_600_000_000;

describe.each(["atomic", "per-key"] as const)("RequestLimiter, %s mode", (mode) => {
  it("checks every rule of the policy the cost names, for the dimensions the subject has", async () => {
    const l = limiter(mode);
    const s = subject();
    const d = await l.check({ policy: "upload", subject: s });
    // Requests only: the byte rule is not charged at the door.
    expect(d.results.map((r) => [r.ruleId, r.subject])).toEqual([
      ["upload.user.minute", s.userId],
      ["upload.user.day", s.userId],
      ["upload.ip.minute", s.address.key],
      ["upload.route.minute", "all"],
    ]);
    expect(d.results[0]!.key).toBe(`${PREFIX}panelist:rl:upload.user.minute:${s.userId}`);
    // A bearer-token request (no user, no organisation) counts by address only.
    const machine = await l.check({ policy: "write", subject: subject({ userId: null, organizationId: null }) });
    expect(machine.results.map((r) => r.ruleId)).toEqual(["write.ip.minute"]);
    const member = await l.check({ policy: "write", subject: s });
    expect(member.results.map((r) => r.ruleId)).toEqual(["write.user.minute", "write.ip.minute", "write.organization.minute"]);
  });

  it("GCRA: a burst of the whole limit, then a refusal whose retry is one emission interval after the burst, by Redis' clock", async () => {
    // interview_create: 20 an hour → T = 180 s.
    const l = limiter(mode);
    const s = subject();
    const first = await bracketed(redis, () => l.check({ policy: "interview_create", subject: s, cost: { requests: 20 } }));
    expect(first.value.allowed).toBe(true);
    const t1 = first.value.nowUs;
    expect(Math.floor(t1 / 1000)).toBeGreaterThanOrEqual(first.before);
    expect(Math.floor(t1 / 1000)).toBeLessThanOrEqual(first.after);
    expect(first.value.results[0]).toMatchObject({ allowed: true, charged: true, limit: 20, cost: 20, remaining: 0, resetMs: 3_600_000, retryAfterMs: 0 });
    // The stored TAT is the arrival time plus 20 intervals, and the key lives until then.
    const key = first.value.results[0]!.key;
    expect(Number(await redis.get(key))).toBe(t1 + HOUR_US);
    const pttl = await redis.pttl(key);
    expect(pttl).toBeGreaterThan(3_600_000 - (first.after - first.before) - 1000);
    expect(pttl).toBeLessThanOrEqual(3_600_001);

    const second = await bracketed(redis, () => l.check({ policy: "interview_create", subject: s }));
    const t2 = second.value.nowUs;
    expect(Math.floor(t2 / 1000)).toBeGreaterThanOrEqual(second.before);
    expect(Math.floor(t2 / 1000)).toBeLessThanOrEqual(second.after);
    expect(second.value.allowed).toBe(false);
    // allowAt = TAT + T − period = t1 + T.
    expect(second.value.results[0]).toMatchObject({
      allowed: false,
      charged: false,
      remaining: 0,
      retryAfterMs: Math.ceil((t1 + 180_000_000 - t2) / 1000),
      resetMs: Math.ceil((t1 + HOUR_US - t2) / 1000),
    });
    expect(Number(await redis.get(key))).toBe(t1 + HOUR_US); // a refusal charges nothing
  });

  it("a cost above 1 takes that many units; remaining counts down from the limit", async () => {
    const l = limiter(mode, { "upload.user.day.bytes": 1000 });
    const s = subject();
    const a = await l.check({ policy: "upload", subject: s, cost: { bytes: 400 } });
    expect(a.results.map((r) => [r.ruleId, r.allowed, r.remaining])).toEqual([["upload.user.day.bytes", true, 600]]);
    const b = await l.check({ policy: "upload", subject: s, cost: { bytes: 700 } });
    expect(b.results[0]).toMatchObject({ allowed: false, charged: false, remaining: 600 });
    expect(b.results[0]!.retryAfterMs).toBeGreaterThan(0);
    const c = await l.check({ policy: "upload", subject: s, cost: { bytes: 600 } });
    expect(c.results[0]).toMatchObject({ allowed: true, remaining: 0 });
    // More than the whole limit can never pass: refused with one period to wait.
    const d = await l.check({ policy: "upload", subject: subject(), cost: { bytes: 1001 } });
    expect(d.results[0]).toMatchObject({ allowed: false, retryAfterMs: 86_400_000 });
  });

  it("all or nothing: a request refused on one dimension is charged on none", async () => {
    const refunds = vi.spyOn(refundScript, "run");
    const l = limiter(mode, { "upload.user.minute": 10, "upload.ip.minute": 2 });
    const s = subject();
    for (let i = 0; i < 2; i++) expect((await l.check({ policy: "upload", subject: s })).allowed).toBe(true);
    const userKey = l.key("upload.user.minute", s.userId!);
    const before = Number(await redis.get(userKey));

    const refused = await l.check({ policy: "upload", subject: s });
    expect(refused.allowed).toBe(false);
    expect(refused.results.filter((r) => !r.allowed).map((r) => r.ruleId)).toEqual(["upload.ip.minute"]);
    expect(refused.results.every((r) => !r.charged)).toBe(true);
    expect(refused.results.find((r) => r.ruleId === "upload.user.minute")).toMatchObject({ allowed: true, remaining: 8 });
    // The user's count is where it was (per-key: charged, then refunded to within float rounding).
    expect(Math.abs(Number(await redis.get(userKey)) - before)).toBeLessThan(1);

    if (mode === "per-key") {
      // The fault this mode exists for fired: the three keys that passed were charged and given back.
      expect(refunds.mock.calls.map(([, keys]) => keys[0]).sort()).toEqual(
        ["upload.user.minute", "upload.user.day", "upload.route.minute"].map((id) => l.key(id, id.includes("route") ? "all" : s.userId!)).sort(),
      );
    } else {
      expect(refunds).not.toHaveBeenCalled();
    }

    // The same user from another address: the user's minute still has 8 left before this one.
    const other = await l.check({ policy: "upload", subject: { ...s, address: { ip: "203.0.113.9", key: `203.0.113.9-${n}` } } });
    expect(other.allowed).toBe(true);
    expect(other.results.find((r) => r.ruleId === "upload.user.minute")!.remaining).toBe(7);
  });

  it("refund() gives back what an allowed check charged", async () => {
    const l = limiter(mode, { "chat.user.minute": 3 });
    const s = subject();
    const a = await l.check({ policy: "chat", subject: s });
    const b = await l.check({ policy: "chat", subject: s });
    expect(b.results[0]!.remaining).toBe(1);
    await l.refund(b.results);
    await l.refund(a.results);
    expect(await redis.exists(a.results[0]!.key)).toBe(0); // back to a full bucket
    expect((await l.check({ policy: "chat", subject: s })).results[0]!.remaining).toBe(2);
  });

  it("the allow-list: a multiplier raises every limit; null lifts them and asks Redis nothing", async () => {
    const s = subject();
    const raised = limiter(mode, { "chat.user.minute": 2 }, [allow({ kind: "user", value: s.userId!, multiplier: 3 })]);
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await raised.check({ policy: "chat", subject: s }));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, true, false]);
    expect(results[0]!.results[0]!.limit).toBe(6);

    const t = subject();
    const office = limiter(mode, { "chat.user.minute": 0 }, [allow({ kind: "ip_range", value: "198.51.100.0/24", multiplier: null })]);
    const free = await office.check({ policy: "chat", subject: t });
    expect(free).toEqual({ allowed: true, unlimited: true, results: [], nowUs: 0 });
    expect(await redis.exists(office.key("chat.user.minute", t.userId!))).toBe(0);
  });

  it("a limit of 0 refuses everything and writes nothing", async () => {
    const l = limiter(mode, { "interview_create.user.hour": 0 });
    const s = subject();
    const d = await l.check({ policy: "interview_create", subject: s });
    expect(d.allowed).toBe(false);
    expect(d.results[0]).toMatchObject({ limit: 0, remaining: 0, retryAfterMs: 3_600_000 });
    expect(await redis.exists(d.results[0]!.key)).toBe(0);
  });
});

describe("RequestLimiter, Redis unreachable", () => {
  it("an error from Redis is RedisUnavailableError", async () => {
    const gone = new Redis({ port: 1, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    gone.on("error", () => undefined);
    try {
      const l = new RequestLimiter(gone, { mode: "atomic", prefix: PREFIX, settings: async () => buildSettings(limitsFromEnv({}), new Map(), []) });
      const err = await l.check({ policy: "upload", subject: subject() }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RedisUnavailableError);
      expect(String((err as Error).cause)).toMatch(/Stream isn't writeable|ECONNREFUSED|enableOfflineQueue/);
    } finally {
      gone.disconnect();
    }
  });

  it("a Redis that never answers is RedisUnavailableError after the timeout", async () => {
    // Commands queue while the client keeps reconnecting to a closed port: no answer, ever.
    const stuck = new Redis({ port: 1, maxRetriesPerRequest: null, enableOfflineQueue: true, retryStrategy: () => 50 });
    stuck.on("error", () => undefined);
    try {
      const l = new RequestLimiter(stuck, {
        mode: "per-key",
        prefix: PREFIX,
        timeoutMs: 200,
        settings: async () => buildSettings(limitsFromEnv({}), new Map(), []),
      });
      const err = await l.check({ policy: "upload", subject: subject() }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RedisUnavailableError);
      expect((err as Error).message).toBe("Redis did not answer the request limiter within 200 ms");
    } finally {
      stuck.disconnect();
    }
  });
});
