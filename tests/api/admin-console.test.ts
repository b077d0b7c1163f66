import "../helpers/env";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as audit } from "@/app/api/admin/audit/route";
import { GET as cost } from "@/app/api/admin/cost/route";
import { GET as overview } from "@/app/api/admin/overview/route";
import { GET as alerts, PATCH as patchAlert } from "@/app/api/admin/settings/alerts/route";
import { GET as budgets, DELETE as deleteBudget, PUT as putBudget } from "@/app/api/admin/settings/budgets/route";
import { DELETE as deletePrice, GET as prices, PUT as putPrice } from "@/app/api/admin/settings/prices/route";
import { PATCH as patchUser } from "@/app/api/admin/users/[id]/route";
import { GET as listUsers } from "@/app/api/admin/users/route";
import { GET as listResumes } from "@/app/api/resumes/route";
import {
  alertRulesBodySchema,
  auditBodySchema,
  budgetsBodySchema,
  costBodySchema,
  overviewBodySchema,
  pricesBodySchema,
  userBodySchema,
  usersBodySchema,
} from "@/lib/console/contracts";
import { closeDb, getDb } from "@/lib/db/client";
import { alertEvents, auditLog, llmUsageRollups, session, user } from "@/lib/db/schema";
import { LATENCY_BUCKETS_MS } from "@/lib/finops/latency-buckets";
import { getTaskEventHub } from "@/lib/queue/events";
import { CONSUMER_GROUP, dlqKey, streamKey } from "@/lib/queue/names";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { TASK_TYPES } from "@/lib/tasks/definitions";
import { candidate, platformAdmin, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";

/**
 * The console's APIs against rollup rows this file seeds: every number of the cost and
 * overview bodies checked against sums worked out by hand, unpriced usage shown as unpriced
 * (null), never $0; the settings and user changes recorded in audit_log with who made them.
 * Who may call each route is the authorization matrix's job; here one recruiter checks that
 * configure is refused too.
 */
const db = getDb();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let admin: TestActor;
let alice: TestActor;
let bob: TestActor;
let carol: TestActor;
let orgOwner: TestActor;

/** One rollup key's sums in one hour; the seed writes its hourly row and adds it to its day's row. */
type Seed = {
  hoursAgo: number;
  provider: string;
  model: string;
  feature: string;
  user: () => TestActor | null;
  org: () => string | null;
  requests: number;
  errors?: number;
  rateLimited?: number;
  inputTokens: number;
  cachedInputTokens?: number;
  outputTokens: number;
  costMicroUsd: number;
  unpricedRequests?: number;
  cacheHits?: number;
  savedMicroUsd?: number;
  /** `[upper bound ms, calls]` of the latency histogram. */
  latency: [number, number][];
  ttft?: [number, number][];
};

const now = Date.now();
const hourStart = (hoursAgo: number) => new Date(Math.floor(now / HOUR) * HOUR - hoursAgo * HOUR);
const dayStart = (t: Date) => new Date(Math.floor(t.getTime() / DAY) * DAY);

function histogram(entries: [number, number][]): number[] {
  const h = new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);
  for (const [bound, n] of entries) h[LATENCY_BUCKETS_MS.indexOf(bound)]! += n;
  return h;
}

const GPT = { provider: "openai", model: "gpt-4o-mini" };
const LLAMA = { provider: "selfhosted", model: "llama-local" };

/** This hour: alice in the organisation (priced), carol alone on a model without a price. Last hour: bob's chat. 50 h ago: an expensive hour outside 48 h; 40 days ago: alice, only in 90 days. */
const SEEDS: Seed[] = [
  {
    hoursAgo: 0,
    ...GPT,
    feature: "resume.analyze",
    user: () => alice,
    org: () => orgOwner.organizationId,
    requests: 10,
    errors: 1,
    rateLimited: 1,
    inputTokens: 10_000,
    cachedInputTokens: 2_000,
    outputTokens: 3_000,
    costMicroUsd: 5_000,
    cacheHits: 2,
    savedMicroUsd: 1_000,
    latency: [[1000, 10]],
  },
  {
    hoursAgo: 0,
    ...LLAMA,
    feature: "resume.analyze",
    user: () => carol,
    org: () => orgOwner.organizationId,
    requests: 5,
    inputTokens: 500,
    outputTokens: 100,
    costMicroUsd: 0,
    unpricedRequests: 5,
    latency: [[2500, 5]],
  },
  {
    hoursAgo: 1,
    ...GPT,
    feature: "interview.chat",
    user: () => bob,
    org: () => null,
    requests: 30,
    inputTokens: 6_000,
    outputTokens: 9_000,
    costMicroUsd: 15_000,
    latency: [[250, 30]],
    ttft: [[100, 30]],
  },
  {
    // 40 days ago: inside a whole UTC month of the 90-day range, so the spenders read it from a month row.
    hoursAgo: 40 * 24,
    ...GPT,
    feature: "interview.plan",
    user: () => alice,
    org: () => null,
    requests: 3,
    inputTokens: 300,
    outputTokens: 300,
    costMicroUsd: 7_000,
    latency: [[1000, 3]],
  },
  {
    hoursAgo: 50,
    ...GPT,
    feature: "interview.chat",
    user: () => bob,
    org: () => null,
    requests: 2,
    inputTokens: 1_000,
    outputTokens: 1_000,
    costMicroUsd: 1_000_000,
    latency: [[10000, 2]],
  },
];

/**
 * Writes the seeds as the meter keeps them: three cubes in one table (docs/finops.md,
 * "Rollups") — totals by hour and day (user and organisation ''), per user by day and month,
 * per organisation by day and month — so a query that reads the wrong cube, or a day twice
 * (as a day row and in its month's row), counts a call twice and fails. Seeds that share a key
 * add up.
 */
async function seedRollups() {
  const rows = new Map<string, typeof llmUsageRollups.$inferInsert & { requests: number }>();
  for (const s of SEEDS) {
    const hour = hourStart(s.hoursAgo);
    const userId = s.user()?.userId ?? "";
    const organizationId = s.org() ?? "";
    const day = dayStart(hour);
    const month = new Date(Date.UTC(hour.getUTCFullYear(), hour.getUTCMonth(), 1));
    type Cube = { granularity: "hour" | "day" | "month"; bucketStart: Date; userId: string; organizationId: string };
    const cubes: Cube[] = [
      { granularity: "hour", bucketStart: hour, userId: "", organizationId: "" },
      { granularity: "day", bucketStart: day, userId: "", organizationId: "" },
      ...(userId ? (["day", "month"] as const).map((g): Cube => ({ granularity: g, bucketStart: g === "day" ? day : month, userId, organizationId: "" })) : []),
      ...(organizationId
        ? (["day", "month"] as const).map((g): Cube => ({ granularity: g, bucketStart: g === "day" ? day : month, userId: "", organizationId }))
        : []),
    ];
    for (const cube of cubes) {
      const key = [cube.granularity, cube.bucketStart.toISOString(), s.provider, s.model, s.feature, cube.userId, cube.organizationId].join("|");
      const was = rows.get(key);
      const add = (a: number | undefined, b: number | undefined) => (a ?? 0) + (b ?? 0);
      const addH = (a: number[] | undefined, b: number[]) => b.map((n, i) => n + (a?.[i] ?? 0));
      rows.set(key, {
        ...cube,
        provider: s.provider,
        model: s.model,
        feature: s.feature,
        requests: add(was?.requests, s.requests),
        errors: add(was?.errors, s.errors),
        rateLimited: add(was?.rateLimited, s.rateLimited),
        inputTokens: add(was?.inputTokens, s.inputTokens),
        cachedInputTokens: add(was?.cachedInputTokens, s.cachedInputTokens),
        outputTokens: add(was?.outputTokens, s.outputTokens),
        costMicroUsd: add(was?.costMicroUsd, s.costMicroUsd),
        unpricedRequests: add(was?.unpricedRequests, s.unpricedRequests),
        cacheHits: add(was?.cacheHits, s.cacheHits),
        savedMicroUsd: add(was?.savedMicroUsd, s.savedMicroUsd),
        latencyBuckets: addH(was?.latencyBuckets, histogram(s.latency)),
        ttftCount: add(
          was?.ttftCount,
          (s.ttft ?? []).reduce((n, [, c]) => n + c, 0),
        ),
        ttftBuckets: addH(was?.ttftBuckets, histogram(s.ttft ?? [])),
      });
    }
  }
  await db.insert(llmUsageRollups).values([...rows.values()]);
}

beforeAll(async () => {
  [admin, alice, bob, carol, orgOwner] = await Promise.all([platformAdmin(db), candidate(), candidate(), candidate(), recruiter(db)]);
  await seedRollups();
});

afterAll(async () => {
  await clearPrefix(getRedis());
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

function send(method: string, path: string, cookie: string, body: unknown): Request {
  return new Request(`${BASE}${path}`, { method, headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) });
}
const noParams = params({});

async function costOf(query: string) {
  const res = await cost(get(`/api/admin/cost${query}`, admin.cookie), noParams);
  expect(res.status).toBe(200);
  return costBodySchema.parse(await res.json());
}

describe("GET /api/admin/cost", () => {
  it("48 h hourly: totals, per model, per feature — unpriced usage counted as unpriced, never as $0", async () => {
    const body = await costOf("?range=48h");
    expect(body.granularity).toBe("hour");
    expect(body.totals).toMatchObject({
      requests: 45,
      errors: 1,
      rateLimited: 1,
      inputTokens: 16_500,
      cachedInputTokens: 2_000,
      outputTokens: 12_100,
      costMicroUsd: 20_000,
      unpricedRequests: 5,
      cacheHits: 2,
      savedMicroUsd: 1_000,
    });
    expect(body.totals.errorRate).toBeCloseTo(1 / 45);
    expect(body.totals.cacheHitRate).toBeCloseTo(2 / 45);

    const [gpt, llama] = body.models;
    expect(gpt).toMatchObject({ ...GPT, requests: 40, errors: 1, costMicroUsd: 20_000, unpricedRequests: 0 });
    expect(gpt!.errorRate).toBeCloseTo(1 / 40);
    expect(llama).toMatchObject({ ...LLAMA, requests: 5, costMicroUsd: null, unpricedRequests: 5 });

    expect(body.features.map((f) => [f.feature, f.costMicroUsd, f.requests])).toEqual([
      ["interview.chat", 15_000, 30],
      ["resume.analyze", 5_000, 15],
    ]);
  });

  it("latency and TTFT percentiles come from the summed histograms", async () => {
    const body = await costOf("?range=48h");
    // All models: 30 calls in (100, 250], 10 in (500, 1000], 5 in (1000, 2500]; p50 is rank 22.5.
    expect(body.totals.latencyMs.p50).toBeCloseTo(100 + 150 * (22.5 / 30));
    // gpt-4o-mini: 40 calls; p95 is rank 38, the 8th of the 10 in (500, 1000].
    const gpt = body.models.find((m) => m.model === GPT.model)!;
    expect(gpt.latencyMs.p50).toBeCloseTo(100 + 150 * (20 / 30));
    expect(gpt.latencyMs.p95).toBeCloseTo(500 + 500 * (8 / 10));
    expect(gpt.ttftMs.p50).toBeCloseTo(75);
    const llama = body.models.find((m) => m.model === LLAMA.model)!;
    expect(llama.latencyMs.p99).toBeCloseTo(1000 + 1500 * 0.99);
    expect(llama.ttftMs.p50).toBeNull();
  });

  it("the stacked series put each bucket's cost under its model and feature, zeros elsewhere", async () => {
    const body = await costOf("?range=48h");
    const { byModel, byFeature, tokens } = body.series;
    expect(byModel.points).toHaveLength(48);
    expect(byModel.keys).toEqual(["openai/gpt-4o-mini", "selfhosted/llama-local"]);
    const at = (iso: string) => byModel.points.find((p) => p.bucketStart === iso)!.costMicroUsd;
    expect(at(hourStart(0).toISOString())).toEqual([5_000, 0]);
    expect(at(hourStart(1).toISOString())).toEqual([15_000, 0]);
    expect(byModel.points.filter((p) => p.costMicroUsd.some((c) => c > 0))).toHaveLength(2);
    expect(byFeature.keys).toEqual(["interview.chat", "resume.analyze"]);
    const thisHour = hourStart(0).toISOString();
    expect(byFeature.points.find((p) => p.bucketStart === thisHour)).toEqual({ bucketStart: thisHour, costMicroUsd: [0, 5_000] });
    expect(tokens.find((p) => p.bucketStart === thisHour)).toEqual({ bucketStart: thisHour, inputTokens: 10_500, outputTokens: 3_100, requests: 15 });
  });

  it("top users and organisations come from their own daily cubes: most expensive first; one with only unpriced usage is unpriced", async () => {
    const body = await costOf("?range=48h");
    // The spenders cover the range's whole UTC days: the hour 50 h ago may fall on the first one.
    const since = new Date(body.spendersFrom).getTime();
    expect(since).toBe(dayStart(new Date(body.from)).getTime());
    const early = dayStart(hourStart(50)).getTime() >= since;
    expect(body.topUsers.map((u) => [u.email, u.costMicroUsd, u.requests, u.unpricedRequests])).toEqual([
      [bob.email, early ? 1_015_000 : 15_000, early ? 32 : 30, 0],
      [alice.email, 5_000, 10, 0],
      [carol.email, null, 5, 5],
    ]);
    expect(body.topOrganizations).toEqual([
      expect.objectContaining({ organizationId: orgOwner.organizationId, costMicroUsd: 5_000, requests: 15, unpricedRequests: 5, inputTokens: 10_500 }),
    ]);
  });

  it("over 90 days the spenders count each day once, from month rows for whole months and day rows for the rest", async () => {
    const body = await costOf("?range=90d");
    expect(body.topUsers.map((u) => [u.email, u.costMicroUsd, u.requests])).toEqual([
      [bob.email, 1_015_000, 32],
      [alice.email, 12_000, 13],
      [carol.email, null, 5],
    ]);
    expect(body.totals.costMicroUsd).toBe(1_027_000);
    expect(body.topOrganizations.map((o) => [o.organizationId, o.costMicroUsd, o.requests])).toEqual([[orgOwner.organizationId, 5_000, 15]]);
  });

  it("30 d daily reaches the hour 50 h ago", async () => {
    const body = await costOf("?range=30d");
    expect(body.granularity).toBe("day");
    expect(body.series.byModel.points).toHaveLength(30);
    expect(body.totals.costMicroUsd).toBe(1_020_000);
    expect(body.models[0]).toMatchObject({ ...GPT, requests: 42, costMicroUsd: 1_020_000 });
  });

  it("refuses hourly buckets past 7 days and unknown ranges (422 with the field)", async () => {
    for (const [query, field] of [
      ["?range=30d&granularity=hour", "granularity"],
      ["?range=1y", "range"],
      ["?granularity=minute", "granularity"],
    ] as const) {
      const res = await cost(get(`/api/admin/cost${query}`, admin.cookie), noParams);
      expect(res.status, query).toBe(422);
      expect(await res.json()).toMatchObject({ code: "unprocessable:api", issues: [{ path: field }] });
    }
  });
});

describe("GET /api/admin/overview", () => {
  it("today's and the month's cost from the daily rollups, the projection and the global budget", async () => {
    const put = await putBudget(
      send("PUT", "/api/admin/settings/budgets", admin.cookie, { scope: "global", period: "month", limitMicroUsd: 2_000_000 }),
      noParams,
    );
    expect(put.status).toBe(200);

    const res = await overview(get("/api/admin/overview", admin.cookie), noParams);
    expect(res.status).toBe(200);
    const body = overviewBodySchema.parse(await res.json());
    // Expectations from the seeds, by the UTC day and month the answer was computed in.
    const at = new Date(body.generatedAt);
    const today = dayStart(at).getTime();
    const monthStart = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
    const sum = (keep: (t: number) => boolean) => {
      const rows = SEEDS.filter((s) => keep(dayStart(hourStart(s.hoursAgo)).getTime()));
      return { cost: rows.reduce((n, s) => n + s.costMicroUsd, 0), requests: rows.reduce((n, s) => n + s.requests, 0) };
    };
    const todays = sum((t) => t === today);
    const months = sum((t) => t >= monthStart);
    expect(body.today).toMatchObject({ costMicroUsd: todays.cost, requests: todays.requests, unpricedRequests: 5 });
    expect(body.month).toMatchObject({ costMicroUsd: months.cost, requests: months.requests });
    expect(body.month.projectedMicroUsd).toBeGreaterThanOrEqual(months.cost);
    expect(body.month.budget).toEqual({
      limitMicroUsd: 2_000_000,
      utilization: months.cost / 2_000_000,
      projectedUtilization: body.month.projectedMicroUsd! / 2_000_000,
    });
  });

  it("lists the alerts firing now, not the cleared ones, and every stream's health", async () => {
    await db.insert(alertEvents).values([
      { kind: "stream_lag", subject: "resume.analyze:batch", periodKey: "p1", value: 2000, threshold: 1000, message: "lag 2000" },
      { kind: "dlq_growing", subject: "interview.plan", periodKey: "p1", value: 12, threshold: 10, message: "dlq +12", clearedAt: new Date() },
    ]);
    const redis = getRedis();
    await redis.xgroup("CREATE", streamKey("resume.analyze", "batch"), CONSUMER_GROUP, "0", "MKSTREAM");
    await redis.xadd(streamKey("resume.analyze", "batch"), "*", "taskId", "t1");
    await redis.xadd(dlqKey("interview.plan"), "*", "taskId", "t2");

    const body = overviewBodySchema.parse(await (await overview(get("/api/admin/overview", admin.cookie), noParams)).json());
    expect(body.alerts.map((a) => [a.kind, a.subject, a.value])).toEqual([["stream_lag", "resume.analyze:batch", 2000]]);
    expect(body.queues.available).toBe(true);
    expect(body.queues.streams).toHaveLength(TASK_TYPES.length * 2);
    expect(body.queues.streams.find((s) => s.type === "resume.analyze" && s.lane === "batch")).toMatchObject({ length: 1, lag: 1, pending: 0 });
    expect(body.queues.totals).toMatchObject({ length: 1, dlqLength: 1 });
  });
});

describe("users", () => {
  const patch = (actor: TestActor, id: string, body: unknown) => patchUser(send("PATCH", `/api/admin/users/${id}`, actor.cookie, body), params({ id }));

  it("an admin makes a user an admin and back; each change is an audit row naming them", async () => {
    const target = await candidate();
    const res = await patch(admin, target.userId, { role: "admin" });
    expect(res.status).toBe(200);
    expect(userBodySchema.parse(await res.json()).user).toMatchObject({ id: target.userId, role: "admin", banned: false });
    expect((await db.select({ role: user.role }).from(user).where(eq(user.id, target.userId)))[0]!.role).toBe("admin");
    await patch(admin, target.userId, { role: "user" });
    const rows = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${target.userId}`))
      .orderBy(auditLog.createdAt);
    expect(rows.map((r) => [r.action, r.actorId, r.before, r.after])).toEqual([
      ["user.set_role", admin.userId, { role: "user" }, { role: "admin" }],
      ["user.set_role", admin.userId, { role: "admin" }, { role: "user" }],
    ]);
  });

  it("a ban signs the user out at once and is recorded with its reason; lifting it too", async () => {
    const target = await candidate();
    expect((await listResumes(get("/api/resumes", target.cookie), noParams)).status).toBe(200);
    const res = await patch(admin, target.userId, { banned: true, banReason: "abuse" });
    expect(userBodySchema.parse(await res.json()).user).toMatchObject({ banned: true, banReason: "abuse" });
    expect(await db.select().from(session).where(eq(session.userId, target.userId))).toEqual([]);
    expect((await listResumes(get("/api/resumes", target.cookie), noParams)).status).toBe(401);

    await patch(admin, target.userId, { banned: false });
    const rows = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${target.userId}`))
      .orderBy(auditLog.createdAt);
    expect(rows.map((r) => [r.action, r.actorId, r.after])).toEqual([
      ["user.ban", admin.userId, { banned: true, banReason: "abuse" }],
      ["user.unban", admin.userId, { banned: false, banReason: null }],
    ]);
  });

  it("the same value again writes nothing; the admin's own account is 409; a missing user 404; an empty change 422", async () => {
    const target = await candidate();
    expect((await patch(admin, target.userId, { role: "user" })).status).toBe(200);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `user:${target.userId}`)),
    ).toEqual([]);
    const self = await patch(admin, admin.userId, { role: "user" });
    expect([self.status, ((await self.json()) as { code: string }).code]).toEqual([409, "conflict:admin"]);
    expect((await patch(admin, "no-such-user", { banned: true })).status).toBe(404);
    expect((await patch(admin, target.userId, {})).status).toBe(422);
    expect((await patch(admin, target.userId, { role: "owner" })).status).toBe(422);
  });

  it("a recruiter may not change anyone (403), and the list finds users by e-mail", async () => {
    expect((await patch(orgOwner, alice.userId, { role: "admin" })).status).toBe(403);
    const res = await listUsers(get(`/api/admin/users?q=${encodeURIComponent(alice.email.toUpperCase())}`, admin.cookie), noParams);
    const body = usersBodySchema.parse(await res.json());
    expect(body.items.map((u) => u.email)).toEqual([alice.email]);
    expect(body.total).toBe(1);
  });
});

describe("settings", () => {
  it("budgets: set, change, remove — each an audit row with before and after; a global budget takes no scope id", async () => {
    const key = { scope: "feature", scopeId: "interview.chat", period: "day" } as const;
    const set = async (limitMicroUsd: number) =>
      budgetsBodySchema.parse(await (await putBudget(send("PUT", "/api/admin/settings/budgets", admin.cookie, { ...key, limitMicroUsd }), noParams)).json());
    expect((await set(1_000_000)).items).toContainEqual(expect.objectContaining({ ...key, limitMicroUsd: 1_000_000, updatedBy: admin.userId }));
    const changed = await set(3_000_000);
    // Where it stands now (budgetStatuses): its own subject, in today's UTC period.
    const status = changed.items.find((b) => b.scope === "feature")!.status!;
    expect(status).toMatchObject({ subjectId: "interview.chat", reservedMicroUsd: 0 });
    expect(status.utilization).toBeCloseTo(status.spentMicroUsd / 3_000_000);
    expect(status.resetsAt).toBe(new Date(dayStart(new Date()).getTime() + DAY).toISOString());
    const gone = budgetsBodySchema.parse(await (await deleteBudget(send("DELETE", "/api/admin/settings/budgets", admin.cookie, key), noParams)).json());
    expect(gone.items.find((b) => b.scope === "feature")).toBeUndefined();
    expect(budgetsBodySchema.parse(await (await budgets(get("/api/admin/settings/budgets", admin.cookie), noParams)).json()).items).toEqual(gone.items);

    const rows = await db.select().from(auditLog).where(eq(auditLog.target, "feature:interview.chat:day")).orderBy(auditLog.createdAt);
    expect(rows.map((r) => [r.action, r.actorId, r.before, r.after])).toEqual([
      ["budget.set", admin.userId, null, { limitMicroUsd: 1_000_000 }],
      ["budget.set", admin.userId, { limitMicroUsd: 1_000_000 }, { limitMicroUsd: 3_000_000 }],
      ["budget.delete", admin.userId, { limitMicroUsd: 3_000_000 }, null],
    ]);

    const bad = await putBudget(
      send("PUT", "/api/admin/settings/budgets", admin.cookie, { scope: "global", scopeId: "x", period: "day", limitMicroUsd: 1 }),
      noParams,
    );
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ issues: [{ path: "scopeId" }] });
    const recruiterPut = await putBudget(send("PUT", "/api/admin/settings/budgets", orgOwner.cookie, { ...key, limitMicroUsd: 1 }), noParams);
    expect(recruiterPut.status).toBe(403);
  });

  it("alert rules: defaults until changed; a change is kept and recorded; an unknown kind is 404, a threshold out of bounds 422", async () => {
    const before = alertRulesBodySchema.parse(await (await alerts(get("/api/admin/settings/alerts", admin.cookie), noParams)).json());
    const lag = before.items.find((r) => r.kind === "stream_lag")!;
    expect(lag.updatedAt).toBeNull();
    const res = await patchAlert(send("PATCH", "/api/admin/settings/alerts", admin.cookie, { kind: "stream_lag", threshold: 250, enabled: false }), noParams);
    expect(res.status).toBe(200);
    expect(alertRulesBodySchema.parse(await res.json()).items.find((r) => r.kind === "stream_lag")).toMatchObject({
      threshold: 250,
      enabled: false,
      updatedBy: admin.userId,
    });
    const [row] = await db.select().from(auditLog).where(eq(auditLog.target, "alert_rule:stream_lag"));
    expect(row).toMatchObject({ action: "alert_rule.update", actorId: admin.userId, after: { threshold: 250, enabled: false, params: {} } });
    expect((row!.before as { threshold: number }).threshold).toBe(lag.threshold);

    const unknown = await patchAlert(send("PATCH", "/api/admin/settings/alerts", admin.cookie, { kind: "no_such_rule", threshold: 1 }), noParams);
    expect(unknown.status).toBe(404);
    const outOfBounds = await patchAlert(send("PATCH", "/api/admin/settings/alerts", admin.cookie, { kind: "stream_lag", threshold: 0 }), noParams);
    expect(outOfBounds.status).toBe(422);
    expect(await outOfBounds.json()).toMatchObject({ issues: [{ path: "threshold" }] });
  });

  it("price overrides: the models seen unpriced are listed; an override is set, then removed, both recorded", async () => {
    const listed = pricesBodySchema.parse(await (await prices(get("/api/admin/settings/prices", admin.cookie), noParams)).json());
    expect(listed.unpricedModels).toEqual([{ ...LLAMA, unpricedRequests: 5 }]);
    const price = { ...LLAMA, inputMicroUsdPerMTok: 100_000, cachedInputMicroUsdPerMTok: 50_000, outputMicroUsdPerMTok: 400_000 };
    const set = pricesBodySchema.parse(await (await putPrice(send("PUT", "/api/admin/settings/prices", admin.cookie, price), noParams)).json());
    expect(set.items).toEqual([expect.objectContaining({ ...price, updatedBy: admin.userId })]);
    expect(set.unpricedModels).toEqual([]);
    const gone = pricesBodySchema.parse(await (await deletePrice(send("DELETE", "/api/admin/settings/prices", admin.cookie, LLAMA), noParams)).json());
    expect(gone.items).toEqual([]);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, "selfhosted/llama-local"), eq(auditLog.actorId, admin.userId)))
      .orderBy(auditLog.createdAt);
    expect(rows.map((r) => r.action)).toEqual(["price.set", "price.delete"]);
    const negative = await putPrice(send("PUT", "/api/admin/settings/prices", admin.cookie, { ...price, outputMicroUsdPerMTok: -1 }), noParams);
    expect(negative.status).toBe(422);
  });

  it("the recent changes list names who made each one, newest first", async () => {
    const key = { scope: "organization", scopeId: "*", period: "month" } as const;
    await putBudget(send("PUT", "/api/admin/settings/budgets", admin.cookie, { ...key, limitMicroUsd: 7 }), noParams);
    const res = await audit(get("/api/admin/audit?limit=5", admin.cookie), noParams);
    const body = auditBodySchema.parse(await res.json());
    expect(body.items).toHaveLength(5);
    expect(body.items[0]).toMatchObject({ action: "budget.set", target: "organization:*:month", actor: { id: admin.userId, email: admin.email } });
    const times = body.items.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
