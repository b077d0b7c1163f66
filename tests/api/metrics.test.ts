/**
 * `GET /api/metrics`: who may scrape (a platform admin's session or `Authorization: Bearer
 * $METRICS_TOKEN`; the authorization matrix covers the sessions too) and the gauges it computes
 * at scrape time from the real Redis state of this file's prefix (docs/finops.md, "Prometheus").
 */
import "../helpers/env";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { route } from "@/app/api/_lib/route";
import { GET } from "@/app/api/metrics/route";
import { getLlmConfig, type OnlineLlmConfig } from "@/lib/ai/config";
import { closeDb, getDb } from "@/lib/db/client";
import { deleteBudget, releaseSpend, reserveSpend, setBudget } from "@/lib/finops/budgets";
import { CONSUMER_GROUP, dlqKey, streamKey } from "@/lib/queue/names";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { getBreaker, getGovernor } from "@/lib/ratelimit/shared";
import { candidate, platformAdmin, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix, envRestorer } from "../helpers/fixtures";
import { params } from "../helpers/http";
import { parseExposition, sumOf } from "../metrics/exposition";

const TOKEN = "metrics-route-test-token-0123456789";
const restoreEnv = envRestorer(["METRICS_TOKEN", "LLM_PROVIDER", "LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_RPM", "LLM_TPM"]);
const db = getDb();
const redis = getRedis();
let admin: TestActor;
let cand: TestActor;
let rec: TestActor;

beforeAll(async () => {
  [admin, cand, rec] = await Promise.all([platformAdmin(db), candidate(), recruiter(db)]);
});
afterEach(async () => {
  restoreEnv();
  await clearPrefix(redis);
});
afterAll(async () => {
  await closeRedis();
  await closeDb();
});

function scrape(headers: Record<string, string> = {}) {
  return GET(new Request("http://localhost:3000/api/metrics", { headers }), params({}));
}

describe("GET /api/metrics: the door", () => {
  it("answers a platform admin's session in the Prometheus text format; 401 anonymous, 403 a candidate or a recruiter", async () => {
    const res = await scrape({ cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(await res.text()).toContain("# TYPE llm_requests_total counter");
    expect((await scrape()).status).toBe(401);
    expect((await scrape({ cookie: cand.cookie })).status).toBe(403);
    expect((await scrape({ cookie: rec.cookie })).status).toBe(403);
  });

  it("takes the METRICS_TOKEN bearer instead of a session; a wrong token is 401 even with an admin's cookie", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const ok = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("# TYPE task_queue_wait_seconds histogram");
    expect((await scrape({ authorization: `bearer ${TOKEN}` })).status).toBe(200); // the scheme is case-insensitive

    for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), "x"]) {
      const res = await scrape({ authorization: `Bearer ${wrong}`, cookie: admin.cookie });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
      expect(await res.json()).toMatchObject({ code: "unauthorized:auth" });
    }
    // A token does not make a candidate an admin: without one the session decides.
    expect((await scrape({ cookie: cand.cookie })).status).toBe(403);
  });

  it("accepts no token at all while METRICS_TOKEN is unset or empty", async () => {
    for (const value of [undefined, "", "  "]) {
      if (value === undefined) delete process.env.METRICS_TOKEN;
      else process.env.METRICS_TOKEN = value;
      expect((await scrape({ authorization: `Bearer ${value ?? "anything"}` })).status).toBe(401);
      expect((await scrape({ authorization: "Bearer anything" })).status).toBe(401);
    }
  });

  it("route() refuses a bearer token on a permission scoped to a person or an organisation", () => {
    const handler = async () => new Response(null);
    expect(() => route({ permission: "resume:read", bearerTokenEnv: "METRICS_TOKEN", handler })).toThrow(/platform permissions only/);
    expect(() => route({ permission: "workspace:read", bearerTokenEnv: "METRICS_TOKEN", handler })).toThrow(/platform permissions only/);
  });
});

describe("GET /api/metrics: scrape-time gauges", () => {
  it("reports the streams, DLQ, quota utilization and breaker of this deployment from Redis", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    Object.assign(process.env, {
      LLM_PROVIDER: "",
      LLM_BASE_URL: "http://127.0.0.1:9/v1",
      LLM_API_KEY: "test",
      LLM_MODEL: "gauge-model",
      LLM_RPM: "10",
      LLM_TPM: "1000",
    });
    const llm = getLlmConfig() as OnlineLlmConfig;
    const ref = { provider: llm.provider, model: llm.model };

    // resume.analyze batch: 3 entries added a minute ago (explicit ids on Redis' clock), 1 delivered
    // and not ACKed; 2 dead letters.
    const stream = streamKey("resume.analyze", "batch");
    await redis.xgroup("CREATE", stream, CONSUMER_GROUP, "0", "MKSTREAM");
    const [sec] = await redis.time();
    const minuteAgo = Number(sec) * 1000 - 60_000;
    for (let i = 1; i <= 3; i++) await redis.xadd(stream, `${minuteAgo}-${i}`, "taskId", `t${i}`);
    await redis.xreadgroup("GROUP", CONSUMER_GROUP, "c1", "COUNT", 1, "STREAMS", stream, ">");
    for (let i = 0; i < 2; i++) await redis.xadd(dlqKey("resume.analyze"), "*", "taskId", `d${i}`);
    // One grant of 100 tokens in the governor's window; a breaker opened by failures.
    const grant = await getGovernor().reserve({ ...ref, estimatedTokens: 100, priority: "interactive" });
    expect(grant.granted).toBe(true);
    const breaker = getBreaker(ref);
    while ((await breaker.snapshot()).state !== "open") await breaker.recordFailure();
    // A global day budget of 2 USD with 0.5 USD held by a call in flight.
    await setBudget(db, { scope: "global", scopeId: "", period: "day", limitMicroUsd: 2_000_000, actorId: null });
    const held = await reserveSpend({ db, scope: { userId: null, organizationId: null, feature: "resume.analyze" }, estimatedMicroUsd: 500_000 });

    const res = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    const e = parseExposition(await res.text());
    const s = { stream, lane: "batch" };
    expect(sumOf(e, "stream_length", s)).toBe(3);
    expect(sumOf(e, "stream_pending", s)).toBe(1);
    expect(sumOf(e, "stream_lag", s)).toBe(2);
    for (const age of ["stream_oldest_pending_age_seconds", "stream_oldest_waiting_age_seconds"]) {
      expect(sumOf(e, age, s), age).toBeGreaterThanOrEqual(60);
      expect(sumOf(e, age, s), age).toBeLessThan(3600); // seconds, not ms
    }
    expect(e.samples.filter((x) => x.name === "dlq_length" && x.labels.type === "resume.analyze")).toEqual([
      { name: "dlq_length", labels: { type: "resume.analyze" }, value: 2 },
    ]);
    expect(sumOf(e, "upstream_quota_utilization", { model: "gauge-model", kind: "rpm" })).toBeCloseTo(1 / 10, 12);
    expect(sumOf(e, "upstream_quota_utilization", { model: "gauge-model", kind: "tpm" })).toBeCloseTo(100 / 1000, 12);
    expect(sumOf(e, "circuit_breaker_open", { model: "gauge-model" })).toBe(1);
    expect(sumOf(e, "budget_limit_usd", { budget: "global:day" })).toBe(2);
    expect(sumOf(e, "budget_remaining_usd", { budget: "global:day" })).toBe(1.5);
    await releaseSpend(held);
    await deleteBudget(db, { scope: "global", scopeId: "", period: "day", actorId: null });
    for (const source of ["queues", "budgets", "quota", "breaker"]) expect(sumOf(e, "metrics_source_up", { source }), source).toBe(1);
    // Shared state is read once per scrape, never summed across processes.
    expect(e.types.get("stream_length")).toBe("gauge");
  });

  it("leaves out the quota of a model without limits, and an empty stream reads 0", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    Object.assign(process.env, {
      LLM_PROVIDER: "",
      LLM_BASE_URL: "http://127.0.0.1:9/v1",
      LLM_API_KEY: "test",
      LLM_MODEL: "unlimited-model",
      LLM_RPM: "",
      LLM_TPM: "",
    });
    const e = parseExposition(await (await scrape({ authorization: `Bearer ${TOKEN}` })).text());
    expect(e.samples.filter((x) => x.name === "upstream_quota_utilization")).toEqual([]);
    expect(sumOf(e, "circuit_breaker_open", { model: "unlimited-model" })).toBe(0);
    expect(sumOf(e, "stream_length", { stream: streamKey("interview.plan", "interactive") })).toBe(0);
    expect(e.types.get("upstream_quota_utilization")).toBe("gauge");
  });
});
