import "../helpers/env";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type EvaluateDeps, evaluateAlerts } from "@/lib/alerts/evaluate";
import { listActiveAlerts, listRecentAlerts } from "@/lib/alerts/events";
import type { AlertWebhookOptions } from "@/lib/alerts/notify";
import { listAlertRules, updateAlertRule } from "@/lib/alerts/rules";
import type { BudgetStatus } from "@/lib/alerts/sources";
import { closeDb, getDb } from "@/lib/db/client";
import { insertTask } from "@/lib/db/queries/tasks";
import { alertEvents, alertRules, auditLog, llmUsageRollups, tasks } from "@/lib/db/schema";
import { LATENCY_BUCKETS_MS } from "@/lib/finops/latency-buckets";
import { createLogger } from "@/lib/log";
import { CONSUMER_GROUP, streamKey } from "@/lib/queue/names";
import { createRedis } from "@/lib/queue/redis";
import { queueStats } from "@/lib/queue/stats";
import { clearPrefix, createUser } from "../helpers/fixtures";
import { type Receiver, startReceiver } from "../webhooks/receiver.mock";

const db = getDb();
const redis = createRedis("test");
const log = createLogger("test");
log.level = "error"; // "alert fired" warnings are the point here
const SECRET = `whsec_${Buffer.from("panelist-alert-test-secret-32byt").toString("base64")}`;
const STREAM = streamKey("resume.analyze", "batch");
const receivers: Receiver[] = [];
let adminId: string;
let ownerId: string;

/** What `budgetStatuses(db)` answers in these tests. */
let budgets: BudgetStatus[] = [];

function budget(utilization: number, resetsAt = new Date("2031-01-01T00:00:00Z")): BudgetStatus {
  const limitMicroUsd = 100_000_000;
  const spentMicroUsd = Math.round(utilization * limitMicroUsd);
  return {
    key: "global::month",
    scope: "global",
    scopeId: "",
    period: "month",
    limitMicroUsd,
    spentMicroUsd,
    reservedMicroUsd: 0,
    remainingMicroUsd: Math.max(0, limitMicroUsd - spentMicroUsd),
    utilization,
    resetsAt,
  };
}

/** One pass; every signal must have been read (a failed insert or query would otherwise hide in `failedKinds`). */
async function pass(extra: Partial<EvaluateDeps> = {}) {
  const result = await evaluateAlerts({ db, redis, log, webhook: null, sources: { budgetStatuses: async () => budgets }, ...extra });
  if (!extra.sources?.queueStats) expect(result.failedKinds).toEqual([]);
  return result;
}

function eventsOf(kind: string) {
  return db.select().from(alertEvents).where(eq(alertEvents.kind, kind));
}

/** A stream with its group and `n` entries not yet delivered (lag n). */
async function streamWithLag(n: number) {
  await redis.xgroup("CREATE", STREAM, CONSUMER_GROUP, "$", "MKSTREAM");
  const p = redis.pipeline();
  for (let i = 0; i < n; i++) p.xadd(STREAM, "*", "taskId", `t${i}`);
  await p.exec();
}

/** Delivers everything waiting to a consumer: the lag drops to 0 (the entries become pending). */
async function drainStream() {
  await redis.xreadgroup("GROUP", CONSUMER_GROUP, "c1", "COUNT", 100_000, "STREAMS", STREAM, ">");
}

type RollupRow = typeof llmUsageRollups.$inferInsert;
async function rollup(r: Partial<RollupRow> & { bucketStart: Date }) {
  await db.insert(llmUsageRollups).values({ granularity: "hour", provider: "openai", model: "gpt-4o-mini", feature: "resume.analyze", ...r });
}

/** A latency histogram: `n` calls in the bucket whose upper bound is `boundMs`. */
function histogram(entries: [boundMs: number, n: number][]): number[] {
  const counts = new Array(LATENCY_BUCKETS_MS.length + 1).fill(0);
  for (const [bound, n] of entries) counts[LATENCY_BUCKETS_MS.indexOf(bound)] += n;
  return counts;
}

function verify(req: { body: string; headers: Record<string, string | string[] | undefined> }) {
  return new Webhook(SECRET).verify(req.body, {
    "webhook-id": String(req.headers["webhook-id"]),
    "webhook-timestamp": String(req.headers["webhook-timestamp"]),
    "webhook-signature": String(req.headers["webhook-signature"]),
  }) as { type: string; timestamp: string; data: Record<string, unknown> };
}

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

function webhookTo(url: string, o: Partial<AlertWebhookOptions> = {}): AlertWebhookOptions {
  return { url, secret: SECRET, allowHosts: ["127.0.0.1"], timeoutMs: 2_000, retryDelaysMs: [20], ...o };
}

beforeAll(async () => {
  adminId = await createUser(db, { role: "admin" });
  ownerId = await createUser(db);
});

afterEach(async () => {
  budgets = [];
  while (receivers.length) await receivers.pop()!.close();
  await db.delete(alertEvents);
  await db.delete(alertRules);
  await db.delete(auditLog);
  await db.delete(llmUsageRollups);
  await db.delete(tasks);
  await clearPrefix(redis);
});

afterAll(async () => {
  await redis.quit();
  await closeDb();
});

describe("budget alerts", () => {
  it("80 % fires once — over two passes and two concurrent evaluators — and clears when the budget recovers", async () => {
    budgets = [budget(0.85)];
    const [a, b] = await Promise.all([pass(), pass()]);
    expect([...a.fired, ...b.fired].map((e) => e.kind)).toEqual(["budget_80"]);
    expect((await pass()).fired).toEqual([]);

    const [row] = await eventsOf("budget_80");
    expect(row).toMatchObject({ subject: "global::month", value: 0.85, threshold: 0.8, clearedAt: null, webhookStatus: "none" });
    expect(row.periodKey).toBe("month-until-2031-01-01T00:00:00.000Z");
    expect(row.message).toContain("85.0 %");
    expect(await eventsOf("budget_95")).toEqual([]);
    expect((await listActiveAlerts(db)).map((e) => [e.kind, e.title])).toEqual([["budget_80", "Budget at 80 %"]]);

    // The limit is raised: utilization falls under 80 %.
    budgets = [budget(0.5)];
    const [c, d] = await Promise.all([pass(), pass()]);
    expect([...c.cleared, ...d.cleared].map((e) => e.id)).toEqual([row.id]);
    expect(await listActiveAlerts(db)).toEqual([]);
    const [cleared] = await eventsOf("budget_80");
    expect(cleared.clearedAt).toBeInstanceOf(Date);

    // Back over 80 % in the same budget period: it already fired in this period, so it does not again.
    budgets = [budget(0.9)];
    expect((await pass()).fired).toEqual([]);
    expect(await eventsOf("budget_80")).toHaveLength(1);
  });

  it("each level fires on its own; a new budget period is a new alert and ends the old one", async () => {
    budgets = [budget(1.02)];
    expect((await pass()).fired.map((e) => e.kind).sort()).toEqual(["budget_100", "budget_80", "budget_95"]);

    budgets = [budget(0.81, new Date("2031-02-01T00:00:00Z"))];
    const next = await pass();
    expect(next.cleared.map((e) => e.kind).sort()).toEqual(["budget_100", "budget_80", "budget_95"]);
    expect(next.fired.map((e) => [e.kind, e.periodKey])).toEqual([["budget_80", "month-until-2031-02-01T00:00:00.000Z"]]);
    expect((await listRecentAlerts(db, { limit: 10 })).map((e) => e.kind)).toHaveLength(4);
  });
});

describe("queue alerts", () => {
  it("lag above 1,000 fires once — over two passes and two concurrent evaluators — and clears when the workers catch up", async () => {
    await streamWithLag(1_001);
    const [a, b] = await Promise.all([pass(), pass()]);
    const fired = [...a.fired, ...b.fired];
    expect(fired.map((e) => [e.kind, e.subject, e.value])).toEqual([["stream_lag", "resume.analyze:batch", 1_001]]);
    expect((await pass()).fired).toEqual([]);
    expect(await eventsOf("stream_lag")).toHaveLength(1);

    await drainStream();
    const [c, d] = await Promise.all([pass(), pass()]);
    expect([...c.cleared, ...d.cleared].map((e) => e.id)).toEqual([fired[0].id]);
    expect(await listActiveAlerts(db)).toEqual([]);
  });

  it("at exactly the threshold nothing fires (above 1,000, not at it)", async () => {
    await streamWithLag(1_000);
    expect((await pass()).fired).toEqual([]);
  });

  it("a queue that cannot be read, or whose lag Redis cannot tell, leaves its alerts as they are", async () => {
    await streamWithLag(1_001);
    const [fired] = (await pass()).fired;
    const down = await pass({
      sources: {
        budgetStatuses: async () => budgets,
        queueStats: async () => {
          throw new Error("connect ECONNREFUSED");
        },
      },
    });
    expect(down.failedKinds.sort()).toEqual(["oldest_pending", "stream_lag"]);
    expect(down.cleared).toEqual([]);
    expect((await listActiveAlerts(db)).map((e) => e.id)).toEqual([fired.id]);

    // Redis answers, but cannot tell the lag (nil after some deletions): the alert is neither confirmed nor cleared.
    await drainStream();
    const unknownLag = await pass({
      sources: { budgetStatuses: async () => budgets, queueStats: async (r) => (await queueStats(r)).map((s) => ({ ...s, lag: null })) },
    });
    expect(unknownLag.failedKinds).toEqual([]);
    expect(unknownLag.cleared).toEqual([]);
    expect((await listActiveAlerts(db)).map((e) => e.id)).toEqual([fired.id]);
    // Once it can tell again, the alert clears.
    expect((await pass()).cleared.map((e) => e.id)).toEqual([fired.id]);
  });
});

describe("threshold edits", () => {
  it("a lowered threshold fires on the next pass, a raised one clears; each edit is audited", async () => {
    await streamWithLag(300);
    expect((await pass()).fired).toEqual([]);

    const lowered = await updateAlertRule(db, { kind: "stream_lag", threshold: 200, actorId: adminId });
    expect(lowered).toMatchObject({ kind: "stream_lag", threshold: 200, defaultThreshold: 1_000, enabled: true, updatedBy: adminId });
    const fired = await pass();
    expect(fired.fired.map((e) => [e.kind, e.threshold])).toEqual([["stream_lag", 200]]);

    await updateAlertRule(db, { kind: "stream_lag", threshold: 500, actorId: adminId });
    expect((await pass()).cleared.map((e) => e.id)).toEqual([fired.fired[0].id]);

    const audit = await db.select().from(auditLog).where(eq(auditLog.target, "alert_rule:stream_lag")).orderBy(auditLog.createdAt);
    expect(audit.map((r) => [r.actorId, r.action, (r.before as { threshold: number }).threshold, (r.after as { threshold: number }).threshold])).toEqual([
      [adminId, "alert_rule.update", 1_000, 200],
      [adminId, "alert_rule.update", 200, 500],
    ]);
  });

  it("disabling a rule clears its alerts and stops it firing", async () => {
    budgets = [budget(0.85)];
    await pass();
    await updateAlertRule(db, { kind: "budget_80", threshold: 0.8, enabled: false, actorId: adminId });
    expect((await pass()).cleared.map((e) => e.kind)).toEqual(["budget_80"]);
    expect((await listAlertRules(db)).find((r) => r.kind === "budget_80")?.enabled).toBe(false);
  });

  it("lists every rule with its defaults until edited; params merge; bad input is a 404 or a 422 naming the field", async () => {
    const rules = await listAlertRules(db);
    expect(rules.map((r) => [r.kind, r.threshold])).toEqual([
      ["budget_80", 0.8],
      ["budget_95", 0.95],
      ["budget_100", 1],
      ["stream_lag", 1_000],
      ["oldest_pending", 10],
      ["llm_p99_latency", 30],
      ["llm_rate_anomaly", 5],
      ["dlq_growing", 0],
      ["upstream_429_rate", 0.05],
      ["unpriced_model", 0],
    ]);
    expect(await db.select().from(alertRules)).toEqual([]); // nothing seeded: defaults apply on read

    const edited = await updateAlertRule(db, { kind: "llm_rate_anomaly", threshold: 8, params: { direction: "high" }, actorId: adminId });
    expect(edited.params).toEqual({ baselineHours: 24, minBaselineRequests: 100, minWindowRequests: 50, minWindowMinutes: 10, direction: "high" });

    await expect(updateAlertRule(db, { kind: "nope", threshold: 1, actorId: adminId })).rejects.toMatchObject({ status: 404, code: "not_found:admin" });
    await expect(updateAlertRule(db, { kind: "budget_80", threshold: -1, actorId: adminId })).rejects.toMatchObject({
      status: 422,
      issues: [expect.objectContaining({ path: "threshold" })],
    });
    await expect(updateAlertRule(db, { kind: "llm_p99_latency", threshold: 30, params: { minRequests: 0, bogus: 1 }, actorId: adminId })).rejects.toMatchObject(
      {
        status: 422,
        issues: expect.arrayContaining([expect.objectContaining({ path: "params.minRequests" }), expect.objectContaining({ path: "params.bogus" })]),
      },
    );
    // Refused edits write nothing.
    expect((await listAlertRules(db)).find((r) => r.kind === "llm_p99_latency")?.params).toEqual({ minRequests: 20 });
    expect(await db.select().from(auditLog)).toHaveLength(1);
  });
});

describe("the alert webhook", () => {
  it("POSTs fired and cleared alerts signed like task callbacks, verifiable with standardwebhooks", async () => {
    const r = await receiver([{ status: 204 }]);
    budgets = [budget(0.85)];
    const { fired } = await pass({ webhook: webhookTo(r.url) });
    expect(r.received).toHaveLength(1);
    const event = verify(r.received[0]);
    expect(event).toMatchObject({
      type: "alert.fired",
      timestamp: fired[0].firedAt.toISOString(),
      data: { id: fired[0].id, kind: "budget_80", title: "Budget at 80 %", subject: "global::month", value: 0.85, threshold: 0.8, clearedAt: null },
    });
    expect(r.received[0].headers["webhook-id"]).toBe(`msg_alert_${fired[0].id}_fired`);
    expect(() => verify({ ...r.received[0], body: r.received[0].body.replace("0.85", "0.5") })).toThrow();
    expect((await eventsOf("budget_80"))[0].webhookStatus).toBe("delivered");

    budgets = [];
    await pass({ webhook: webhookTo(r.url) });
    expect(r.received).toHaveLength(2);
    const cleared = verify(r.received[1]);
    expect(cleared).toMatchObject({ type: "alert.cleared", data: { id: fired[0].id, kind: "budget_80" } });
    expect(cleared.data.clearedAt).toEqual(expect.any(String));
    expect(r.received[1].headers["webhook-id"]).toBe(`msg_alert_${fired[0].id}_cleared`);
  });

  it("a failing receiver gets bounded attempts, is recorded failed, and does not stop evaluation", async () => {
    const r = await receiver([{ status: 500 }]);
    budgets = [budget(0.96)];
    await streamWithLag(1_001);
    const result = await pass({ webhook: webhookTo(r.url, { retryDelaysMs: [10, 10] }) });
    expect(result.fired.map((e) => e.kind).sort()).toEqual(["budget_80", "budget_95", "stream_lag"]);
    expect(r.received).toHaveLength(9); // 3 alerts × 3 attempts, then no more
    for (const row of await db.select().from(alertEvents)) expect(row.webhookStatus).toBe("failed");
    // The same message id on every attempt of one alert.
    const ids = r.received.map((q) => String(q.headers["webhook-id"]));
    expect(new Set(ids).size).toBe(3);
  });

  it("holds ALERT_WEBHOOK_URL to the callbacks' URL policy: a loopback address not allow-listed is refused, not retried", async () => {
    const r = await receiver([{ status: 204 }]);
    budgets = [budget(0.85)];
    await pass({ webhook: webhookTo(r.url, { allowHosts: [] }) });
    expect(r.received).toHaveLength(0);
    expect((await eventsOf("budget_80"))[0].webhookStatus).toBe("failed");
  });
});

describe("LLM and DLQ signals, from the hour rollups and the tasks table", () => {
  // A fixed clock half-way through an hour: the window is this hour and the previous one.
  const NOW = new Date("2030-01-15T10:30:00Z");
  const THIS_HOUR = new Date("2030-01-15T10:00:00Z");
  const hoursAgo = (h: number) => new Date(THIS_HOUR.getTime() - h * 3_600_000);
  const at = (extra: Partial<EvaluateDeps> = {}) => pass({ now: NOW, ...extra });

  it("p99 latency above 30 s fires per model, from the rollups' histogram", async () => {
    // 100 calls: 97 fast, 3 between 30 and 60 s → p99 in the (30 s, 60 s] bucket.
    await rollup({
      bucketStart: THIS_HOUR,
      requests: 50,
      latencyBuckets: histogram([
        [1_000, 49],
        [60_000, 1],
      ]),
    });
    await rollup({
      bucketStart: hoursAgo(1),
      feature: "interview.plan",
      requests: 50,
      latencyBuckets: histogram([
        [1_000, 48],
        [60_000, 2],
      ]),
    });
    // Another model, fast; and an older hour outside the window that would push it over.
    await rollup({ bucketStart: THIS_HOUR, model: "gpt-4o", requests: 40, latencyBuckets: histogram([[2_500, 40]]) });
    await rollup({ bucketStart: hoursAgo(2), model: "gpt-4o", requests: 40, latencyBuckets: histogram([[120_000, 40]]) });

    const { fired } = await at();
    expect(fired.map((e) => [e.kind, e.subject, e.periodKey])).toEqual([["llm_p99_latency", "openai:gpt-4o-mini", "2030-01-15T10"]]);
    expect(fired[0].value).toBeGreaterThan(30);
    expect(fired[0].value).toBeLessThanOrEqual(60);
  });

  it("the 429 rate and unpriced requests fire per model", async () => {
    await rollup({ bucketStart: THIS_HOUR, requests: 100, rateLimited: 10 });
    await rollup({ bucketStart: THIS_HOUR, model: "gpt-4o", requests: 100, rateLimited: 2 });
    await rollup({ bucketStart: hoursAgo(1), provider: "local", model: "llama-3", requests: 5, unpricedRequests: 5 });

    const { fired } = await at();
    expect(fired.map((e) => [e.kind, e.subject, e.value]).sort()).toEqual([
      ["unpriced_model", "local:llama-3", 5],
      ["upstream_429_rate", "openai:gpt-4o-mini", 0.1],
    ]);
  });

  it("a request rate far above its trailing average (runaway) or far below it (dead client) fires", async () => {
    // 24 previous hours at 60 requests/hour (1/min) for two features.
    for (let h = 1; h <= 24; h++) {
      await rollup({ bucketStart: hoursAgo(h), feature: "resume.analyze", requests: 60 });
      await rollup({ bucketStart: hoursAgo(h), feature: "interview.chat", requests: 60 });
    }
    // This half hour: resume.analyze at 10/min (10×), interview.chat silent.
    await rollup({ bucketStart: THIS_HOUR, feature: "resume.analyze", requests: 300 });
    const { fired } = await at();
    expect(fired.map((e) => [e.subject, Math.round(e.value * 10) / 10]).sort()).toEqual([
      ["interview.chat:drop", 0],
      ["resume.analyze:spike", 10],
    ]);

    // Only runaway loops: the drop clears.
    await updateAlertRule(db, { kind: "llm_rate_anomaly", threshold: 5, params: { direction: "high" }, actorId: adminId });
    expect((await at()).cleared.map((e) => e.subject)).toEqual(["interview.chat:drop"]);
  });

  it("DLQ growing: FAILED tasks in the window fire per type; discarding them clears it", async () => {
    const failed = [];
    for (let i = 0; i < 2; i++) {
      const t = await insertTask(db, { type: "resume.analyze", lane: "batch", ownerId, payload: {} });
      failed.push(t.id);
    }
    const old = await insertTask(db, { type: "interview.plan", lane: "interactive", ownerId, payload: {} });
    await db
      .update(tasks)
      .set({ status: "FAILED", finishedAt: new Date(NOW.getTime() - 5 * 60_000) })
      .where(eq(tasks.type, "resume.analyze"));
    await db
      .update(tasks)
      .set({ status: "FAILED", finishedAt: new Date(NOW.getTime() - 3 * 3_600_000) })
      .where(eq(tasks.id, old.id));

    const { fired } = await at();
    expect(fired.map((e) => [e.kind, e.subject, e.value])).toEqual([["dlq_growing", "resume.analyze", 2]]);
    expect(fired[0].message).toContain("2 wait in the dead-letter queue");

    await db
      .update(tasks)
      .set({ discardedAt: NOW })
      .where(and(eq(tasks.type, "resume.analyze"), eq(tasks.status, "FAILED")));
    expect((await at()).cleared.map((e) => e.kind)).toEqual(["dlq_growing"]);
  });
});
