import "../helpers/env";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { LlmError } from "@/lib/ai/errors";
import { closeDb, getDb } from "@/lib/db/client";
import { cacheSummary, storeCacheEntry } from "@/lib/db/queries/cache";
import { appendMessage, getInterviewById } from "@/lib/db/queries/interviews";
import { analyses, interviewReports, llmCache, llmUsage } from "@/lib/db/schema";
import { cachedResult } from "@/lib/finops/cache";
import { tallyCall } from "@/lib/finops/call-tally";
import { withUsageScope } from "@/lib/finops/scope";
import { createInterview, endInterview, evaluateInterview, planInterview } from "@/lib/interview/service";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { RESUME_ANALYSIS_PROMPT_VERSION } from "@/lib/resume/llm/resume-analysis";
import { acceptResumeUpload, analyseResume } from "@/lib/resume/service";
import type { TaskAttempt } from "@/lib/tasks/attempt";
import { withFakeLlmModel } from "../helpers/fake-llm";
import { createUser, envRestorer } from "../helpers/fixtures";
import { plannedInterview } from "../helpers/interviews";

const db = getDb();
const log = createLogger("test");
const { llm, chatRequests } = withFakeLlmModel();
const restoreEnv = envRestorer(["LLM_CACHE", "LLM_CACHE_MAX_AGE_DAYS"]);

beforeEach(async () => {
  // This file's own database: every entry in it was made by this file's tests.
  await db.delete(llmCache);
});
afterEach(restoreEnv);
afterAll(closeDb);

/** The first attempt of task `taskId`, as the worker hands it to a service. */
function attempt<P>(taskId: string, ownerId: string, payload: P): TaskAttempt & P {
  return { taskId, ownerId, organizationId: null, attempt: 1, lane: "interactive", signal: new AbortController().signal, preferFallback: false, ...payload };
}

function usageOf(taskId: string) {
  return db.select().from(llmUsage).where(eq(llmUsage.taskId, taskId)).orderBy(llmUsage.createdAt);
}

/** A plain-text resume; `marker` keeps one test's resumes apart from another's. */
function resumeText(marker: string): string {
  return [
    "Jane Doe",
    "Backend engineer · jane@example.test · Berlin",
    "Experience",
    "Acme Payments, Senior Backend Engineer, 2019–2024",
    "- Built the settlement service in Go and PostgreSQL handling 2M transactions a day",
    "- Cut p99 latency of the ledger API from 900 ms to 120 ms",
    "Skills: Go, PostgreSQL, Kafka, Kubernetes",
    "Education: BSc Computer Science, TU Berlin, 2015",
    `Reference: ${marker}`,
  ].join("\n");
}

/** A fresh candidate uploads `text` (with `jd`) and the `resume.analyze` task's work runs and commits, as the worker does. */
async function analyse(text: string, jd: string | null) {
  const ownerId = await createUser(db);
  const { resume, task } = await acceptResumeUpload(
    { db, redis: getRedis(), log },
    { ownerId, fileName: "resume.txt", bytes: Buffer.from(text), jobDescription: jd },
  );
  const write = await analyseResume({ db }, attempt(task.id, ownerId, { resumeId: resume.id }));
  await db.transaction(write);
  const [row] = await db.select().from(analyses).where(eq(analyses.taskId, task.id));
  return { ownerId, taskId: task.id, analysis: row.result, usage: await usageOf(task.id) };
}

const entries = () => db.select().from(llmCache);
const sumCost = (rows: { costMicroUsd: number | null }[]) => rows.reduce((s, r) => s + (r.costMicroUsd ?? 0), 0);

describe("the result cache on the model path of resume.analyze", () => {
  it("serves a second identical analysis from the cache: no upstream request, the same analysis, one hit row (cost 0, saved = the first's cost)", async () => {
    process.env.LLM_PROVIDER = "openai"; // the fake serves gpt-4o-mini under a label the price catalog knows
    const text = resumeText(randomUUID());
    const jd = "Senior backend engineer: Go, PostgreSQL, Kafka.";
    const first = await analyse(text, jd);
    expect(chatRequests()).toHaveLength(1);
    expect(first.usage).toHaveLength(1);
    expect(first.usage[0]).toMatchObject({ cacheHit: false, outcome: "ok" });
    expect(first.usage[0].costMicroUsd).toBeGreaterThan(0);

    const second = await analyse(text, jd);
    expect(chatRequests()).toHaveLength(1);
    expect(second.analysis).toEqual(first.analysis);
    expect(second.usage).toHaveLength(1);
    expect(second.usage[0]).toMatchObject({
      cacheHit: true,
      costMicroUsd: 0,
      savedMicroUsd: sumCost(first.usage),
      provider: first.usage[0].provider,
      model: first.usage[0].model,
      inputTokens: 0,
      cachedInputTokens: 0,
      outputTokens: 0,
      outcome: "ok",
      feature: "resume.analyze",
      userId: second.ownerId,
      attempt: 1,
    });

    const [entry, ...more] = await entries();
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      feature: "resume.analyze",
      provider: first.usage[0].provider,
      model: first.usage[0].model,
      promptVersion: RESUME_ANALYSIS_PROMPT_VERSION,
      language: "en",
      hits: 1,
      costMicroUsd: sumCost(first.usage),
    });
    expect(entry.lastHitAt).toBeInstanceOf(Date);
  });

  it("a different job description or model misses and goes upstream; each is then cached under its own key", async () => {
    const text = resumeText(randomUUID());
    await analyse(text, "Go and Kafka");
    const otherJd = await analyse(text, "Python and Django");
    expect(chatRequests()).toHaveLength(2);
    expect(otherJd.usage[0].cacheHit).toBe(false);

    process.env.LLM_MODEL = "gpt-4o";
    const otherModel = await analyse(text, "Go and Kafka");
    expect(chatRequests()).toHaveLength(3);
    expect(chatRequests()[2].body).toMatchObject({ model: "gpt-4o" });
    expect(otherModel.usage[0]).toMatchObject({ cacheHit: false, model: "gpt-4o" });

    delete process.env.LLM_MODEL;
    const again = await analyse(text, "Python and Django");
    expect(chatRequests()).toHaveLength(3);
    expect(again.analysis).toEqual(otherJd.analysis);
    expect((await entries()).map((e) => e.model).sort()).toEqual(["gpt-4o", "gpt-4o-mini", "gpt-4o-mini"]);
  });

  it("LLM_CACHE=off: every identical analysis goes upstream, nothing is stored and no hit is recorded", async () => {
    process.env.LLM_CACHE = "off";
    const text = resumeText(randomUUID());
    const a = await analyse(text, null);
    const b = await analyse(text, null);
    expect(chatRequests()).toHaveLength(2);
    expect([...a.usage, ...b.usage].map((u) => u.cacheHit)).toEqual([false, false]);
    expect(await entries()).toHaveLength(0);
  });

  it("a failed model result is not cached: the next identical analysis goes upstream, and its success is what is cached", async () => {
    const text = resumeText(randomUUID());
    llm().control({ mode: "broken_json", count: 1 });
    const err = await analyse(text, null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).code).toBe("invalid_output");
    expect(await entries()).toHaveLength(0);

    const ok = await analyse(text, null);
    expect(chatRequests()).toHaveLength(2);
    expect(ok.usage[0].cacheHit).toBe(false);
    const hit = await analyse(text, null);
    expect(chatRequests()).toHaveLength(2);
    expect(hit.usage[0].cacheHit).toBe(true);
    expect(hit.analysis).toEqual(ok.analysis);
  });
});

describe("the result cache on the model path of interview.plan and interview.evaluate", () => {
  const deps = () => ({ db, redis: getRedis(), log });
  const settings = { role: `platform engineer ${randomUUID().slice(0, 8)}`, level: "mid", questionCount: 5, resumeId: null, jobDescription: null } as const;

  /** A fresh candidate's interview with `language`; its plan task's work runs and commits. */
  async function plan(language: "en" | "zh") {
    const ownerId = await createUser(db);
    const { interview, task } = await createInterview(deps(), { ownerId, ...settings, language });
    await db.transaction(await planInterview({ db }, attempt(task.id, ownerId, { interviewId: interview.id })));
    return { plan: (await getInterviewById(db, { id: interview.id }))?.plan, usage: await usageOf(task.id) };
  }

  it("the same settings plan once; the second interview gets the same plan from the cache; another language misses", async () => {
    const first = await plan("en");
    expect(chatRequests()).toHaveLength(1);
    const second = await plan("en");
    expect(chatRequests()).toHaveLength(1);
    expect(second.plan).toEqual(first.plan);
    expect(second.usage).toHaveLength(1);
    expect(second.usage[0]).toMatchObject({ cacheHit: true, costMicroUsd: 0, savedMicroUsd: sumCost(first.usage), feature: "interview.plan" });

    const zh = await plan("zh");
    expect(chatRequests()).toHaveLength(2);
    expect(zh.usage[0].cacheHit).toBe(false);
  });

  /** A fresh candidate's interview with the offline plan, its first question answered with `answer`, ended and evaluated. */
  async function evaluate(answer: string) {
    const ownerId = await createUser(db);
    const { id, plan } = await plannedInterview(db, ownerId);
    const q = plan.questions[0];
    await appendMessage(db, { interviewId: id, id: randomUUID(), role: "assistant", kind: "question", questionId: q.id, text: q.question });
    await appendMessage(db, { interviewId: id, id: randomUUID(), role: "user", kind: "answer", questionId: q.id, text: answer });
    const ended = await endInterview(deps(), { id, ownerId });
    const taskId = ended!.task.id;
    await db.transaction(await evaluateInterview({ db }, attempt(taskId, ownerId, { interviewId: id })));
    const [row] = await db.select().from(interviewReports).where(eq(interviewReports.taskId, taskId));
    return { report: row.report, usage: await usageOf(taskId) };
  }

  it("the same plan and answers are evaluated once; different answers miss", async () => {
    const answer = `I would shard the queue by tenant and keep an idempotency key per message (${randomUUID()}).`;
    const first = await evaluate(answer);
    // One batch and the summary.
    expect(chatRequests()).toHaveLength(2);
    expect(first.usage.map((u) => u.cacheHit)).toEqual([false, false]);

    const second = await evaluate(answer);
    expect(chatRequests()).toHaveLength(2);
    expect(second.report).toEqual(first.report);
    expect(second.usage).toHaveLength(1);
    expect(second.usage[0]).toMatchObject({ cacheHit: true, costMicroUsd: 0, savedMicroUsd: sumCost(first.usage), feature: "interview.evaluate" });

    const other = await evaluate(`${answer} And I would add a dead-letter queue.`);
    expect(chatRequests()).toHaveLength(4);
    expect(other.usage.map((u) => u.cacheHit)).toEqual([false, false]);
  });
});

describe("cachedResult", () => {
  const schema = z.object({ answer: z.string() });
  let userId: string;
  beforeEach(async () => {
    userId = await createUser(db);
  });

  /** A request for `feature` (unique per test), as a service of this user would make it. */
  function request(feature: string, over: Partial<{ promptVersion: string; model: string; input: unknown }> = {}) {
    return {
      db,
      userId,
      organizationId: null,
      feature,
      taskId: null,
      attempt: null,
      provider: "openai",
      model: "gpt-4o-mini",
      promptVersion: "test@1",
      language: "en",
      input: { text: "hello" },
      schema,
      ...over,
    };
  }

  /** `cachedResult` as a service calls it: inside the usage scope of the request's user and feature. */
  function cached(r: ReturnType<typeof request>, produce: () => Promise<{ answer: string }>): Promise<{ answer: string }> {
    const { db: scopeDb, userId: scopeUser, organizationId, feature, taskId, attempt, ...req } = r;
    return withUsageScope({ db: scopeDb, userId: scopeUser, organizationId, feature, taskId, attempt }, () => cachedResult(req, produce));
  }

  /** A producer whose model calls complete with these costs (micro-dollars; null = unpriced), reported as the meter reports each completed row. */
  function producer(costs: (number | null)[], served = { provider: "openai", model: "gpt-4o-mini" }, value: unknown = { answer: "42" }) {
    const runs = { count: 0 };
    const produce = async () => {
      runs.count++;
      for (const costMicroUsd of costs) tallyCall({ ...served, costMicroUsd, outcome: "ok" });
      return value as { answer: string };
    };
    return { runs, produce };
  }

  const hitRows = (feature: string) => db.select().from(llmUsage).where(eq(llmUsage.feature, feature));

  it("the entry costs what its calls cost together; a hit saves that much, and counts", async () => {
    const feature = `f-${randomUUID()}`;
    const p = producer([1200, 34]);
    expect(await cached(request(feature), p.produce)).toEqual({ answer: "42" });
    expect(await cached(request(feature), p.produce)).toEqual({ answer: "42" });
    expect(p.runs.count).toBe(1);
    const [entry] = await entries();
    expect(entry).toMatchObject({ feature, costMicroUsd: 1234, hits: 1 });
    const [hit, ...more] = await hitRows(feature);
    expect(more).toHaveLength(0);
    expect(hit).toMatchObject({ cacheHit: true, costMicroUsd: 0, savedMicroUsd: 1234, userId, provider: "openai", model: "gpt-4o-mini" });
  });

  it("an unpriced call makes the entry unpriced; its hits save 0", async () => {
    const feature = `f-${randomUUID()}`;
    const p = producer([500, null]);
    await cached(request(feature), p.produce);
    await cached(request(feature), p.produce);
    expect((await entries())[0].costMicroUsd).toBeNull();
    expect((await hitRows(feature))[0]).toMatchObject({ cacheHit: true, savedMicroUsd: 0 });
  });

  it("another prompt version, model or input misses", async () => {
    const feature = `f-${randomUUID()}`;
    const p = producer([100]);
    await cached(request(feature), p.produce);
    await cached(request(feature, { promptVersion: "test@2" }), p.produce);
    await cached(request(feature, { model: "gpt-4o" }), producer([100], { provider: "openai", model: "gpt-4o" }).produce);
    await cached(request(feature, { input: { text: "hello!" } }), p.produce);
    expect(p.runs.count).toBe(3);
    expect(await entries()).toHaveLength(4);
    expect(await hitRows(feature)).toHaveLength(0);
  });

  it("a result that fails its schema is returned but not stored", async () => {
    const feature = `f-${randomUUID()}`;
    const p = producer([100], undefined, { answer: 42 });
    expect(await cached(request(feature), p.produce)).toEqual({ answer: 42 });
    await cached(request(feature), p.produce);
    expect(p.runs.count).toBe(2);
    expect(await entries()).toHaveLength(0);
  });

  it("a result another model served (the fallback, while the primary's circuit was open) is not filed under the model asked for", async () => {
    const feature = `f-${randomUUID()}`;
    const p = producer([100], { provider: "openai", model: "gpt-4o" });
    await cached(request(feature), p.produce);
    await cached(request(feature), p.produce);
    expect(p.runs.count).toBe(2);
    expect(await entries()).toHaveLength(0);
  });

  it("a producer that throws stores nothing", async () => {
    const feature = `f-${randomUUID()}`;
    await expect(cached(request(feature), () => Promise.reject(new Error("upstream down")))).rejects.toThrow("upstream down");
    expect(await entries()).toHaveLength(0);
  });

  it("an entry past the max age is a miss and is replaced; the store prunes other expired entries", async () => {
    process.env.LLM_CACHE_MAX_AGE_DAYS = "1";
    const feature = `f-${randomUUID()}`;
    await cached(request(feature), producer([100], undefined, { answer: "old" }).produce);
    await cached(request(`${feature}-other`), producer([100]).produce);
    await db.update(llmCache).set({ createdAt: sql`now() - interval '2 days'` });

    const p = producer([200], undefined, { answer: "new" });
    expect(await cached(request(feature), p.produce)).toEqual({ answer: "new" });
    expect(p.runs.count).toBe(1);
    const left = await entries();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ feature, result: { answer: "new" }, costMicroUsd: 200, hits: 0 });
    expect(await cached(request(feature), p.produce)).toEqual({ answer: "new" });
    expect(p.runs.count).toBe(1);
  });

  it("a fresh entry that no longer passes its schema (a result of an older shape) is a miss and is replaced", async () => {
    const feature = `f-${randomUUID()}`;
    await cached(request(feature), producer([100]).produce);
    await db.update(llmCache).set({ result: { reply: "older shape" } });
    const p = producer([100], undefined, { answer: "current" });
    expect(await cached(request(feature), p.produce)).toEqual({ answer: "current" });
    expect(await cached(request(feature), p.produce)).toEqual({ answer: "current" });
    expect(p.runs.count).toBe(1);
  });

  it("of two stores of one key, the first stays while fresh", async () => {
    const entry = { key: "k".repeat(64), feature: "f", provider: "openai", model: "m", promptVersion: "v", language: "en", costMicroUsd: 1 };
    const maxAgeMs = 86_400_000;
    expect(await storeCacheEntry(db, { entry: { ...entry, result: { n: 1 } }, maxAgeMs, replace: false, pruneLimit: 0 })).toBe(true);
    expect(await storeCacheEntry(db, { entry: { ...entry, result: { n: 2 } }, maxAgeMs, replace: false, pruneLimit: 0 })).toBe(false);
    expect((await entries())[0].result).toEqual({ n: 1 });
    expect(await cacheSummary(db, { maxAgeMs })).toEqual({ entries: 1, hits: 0, producedCostMicroUsd: 1 });
  });
});
