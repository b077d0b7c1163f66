/**
 * Metering, prices and rollups end to end (docs/finops.md): the real client code — the chat
 * route's `streamText`, the worker's queued resume analysis, `generateStructured` — against the
 * fake OpenAI-compatible server, real PostgreSQL and Redis. Each upstream call leaves exactly
 * one usage row, written by the upstream guard, with the server's tokens (or the tokenizer's
 * count when the server sends none), priced from the catalog or an override; the rollups equal
 * the sums of the completed rows.
 */
import "../helpers/env";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { openaiModels } from "tokenlens/providers/openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as chat } from "@/app/api/interviews/[id]/chat/route";
import { getLlmConfig, type OnlineLlmConfig } from "@/lib/ai/config";
import { generateStructured } from "@/lib/ai/structured";
import { guardUpstreamCall } from "@/lib/ai/upstream-guard";
import { closeDb, createDb, getDb } from "@/lib/db/client";
import { listMessages } from "@/lib/db/queries/interviews";
import { getTaskById } from "@/lib/db/queries/tasks";
import { completeUsage, insertInFlightUsage } from "@/lib/db/queries/usage";
import { auditLog, llmUsage, llmUsageRollups } from "@/lib/db/schema";
import { budgetStatuses, deleteBudget, setBudget } from "@/lib/finops/budgets";
import { bucketIndex, HISTOGRAM_LENGTH, oneHot } from "@/lib/finops/latency-buckets";
import { deletePriceOverride, priceFor, setPriceOverride } from "@/lib/finops/prices";
import { withUsageScope } from "@/lib/finops/scope";
import { createLogger } from "@/lib/log";
import { StreamConsumer } from "@/lib/queue/consumer";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { OutboxRelay } from "@/lib/queue/relay";
import { acceptResumeUpload } from "@/lib/resume/service";
import { type FakeLlm, type RecordedRequest, startFakeLlm } from "@/scripts/fake-llm/server";
import { resumeAnalyzeHandler } from "@/worker/handlers/resume-analyze";
import { CORPUS_DIR } from "../corpus-dir";
import { recruiter } from "../helpers/actors";
import { clearModelState } from "../helpers/fake-llm";
import { clearPrefix, envRestorer, eventually } from "../helpers/fixtures";
import { BASE, params, signUpCandidate } from "../helpers/http";
import { plannedInterview } from "../helpers/interviews";

const SAMPLE_RESUME = readFileSync(path.join(CORPUS_DIR, "resumes-txt-md/en_plain_sample_resume.txt"), "utf8");
const db = getDb();
const redis = getRedis();
const log = createLogger("test");
const restoreEnv = envRestorer(["LLM_PROVIDER", "LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_FALLBACK_MODEL"]);
let llm: FakeLlm;
let consumer: StreamConsumer;
let relay: OutboxRelay;
let alice: Awaited<ReturnType<typeof signUpCandidate>>;
/** Every user whose rows this file writes: the rollup check compares exactly these. */
const users: string[] = [];

/** gpt-4o-mini's catalog rates, USD per million tokens = micro-dollars per token. */
const MINI = openaiModels.models["gpt-4o-mini"].cost as { input: number; output: number; cache_read: number };

beforeAll(async () => {
  llm = await startFakeLlm();
  alice = await signUpCandidate();
  users.push(alice.userId);
  consumer = new StreamConsumer({ db, redis, log }, [resumeAnalyzeHandler(db)], { blockMs: 100, backoffBaseMs: 20, backoffCapMs: 100 });
  await consumer.start();
  relay = new OutboxRelay({ db, redis, log }, { intervalMs: 50 });
  relay.start();
});

afterEach(async () => {
  // The breaker and the governor live in Redis: one test's failures must not reach the next.
  await clearModelState(redis);
  llm.reset();
  restoreEnv();
});

afterAll(async () => {
  await relay.stop();
  await consumer.stop();
  await llm.close();
  await clearPrefix(redis);
  await closeRedis();
  await closeDb();
});

/** The fake server as the model, labelled `provider` (`openai` is in the catalog; `openai-compatible` is not). */
function useModel(model = "gpt-4o-mini", provider = "openai"): OnlineLlmConfig {
  process.env.LLM_PROVIDER = provider;
  process.env.LLM_BASE_URL = llm.url;
  process.env.LLM_API_KEY = "test";
  process.env.LLM_MODEL = model;
  delete process.env.LLM_FALLBACK_MODEL;
  return getLlmConfig() as OnlineLlmConfig;
}

const chatCalls = () => llm.requests().filter((r) => r.method === "POST" && r.path.endsWith("/chat/completions"));

/** Asks the first question of a new interview of alice's through the chat route and reads the stream to its end. */
async function firstTurn(): Promise<{ interviewId: string; text: string }> {
  const { id } = await plannedInterview(db, alice.userId);
  const res = await chat(
    new Request(`${BASE}/api/interviews/${id}/chat`, {
      method: "POST",
      headers: { cookie: alice.cookie, "content-type": "application/json" },
      body: JSON.stringify({ id, action: "start", messages: [] }),
    }),
    params({ id }),
  );
  const raw = await res.text();
  expect(res.status, raw).toBe(200);
  const text = raw
    .split("\n")
    .filter((l) => l.startsWith("data: ") && l !== "data: [DONE]")
    .map((l) => JSON.parse(l.slice(6)) as { type: string; delta?: string })
    .filter((c) => c.type === "text-delta")
    .map((c) => c.delta ?? "")
    .join("");
  return { interviewId: id, text };
}

/** Alice's chat usage rows, oldest first. */
async function chatRows() {
  return db
    .select()
    .from(llmUsage)
    .where(and(eq(llmUsage.userId, alice.userId), eq(llmUsage.feature, "interview.chat")))
    .orderBy(llmUsage.createdAt);
}

/** A structured call of alice's under a usage scope of its own feature. */
function structuredCall(feature: string, system = "You answer in JSON.", organizationId: string | null = null) {
  return withUsageScope({ db, userId: alice.userId, organizationId, feature, taskId: null, attempt: null }, () =>
    generateStructured({ schema: z.object({ answer: z.string() }), system, prompt: "Say something short.", name: "answer" }),
  );
}

const rowsOf = (feature: string) => db.select().from(llmUsage).where(eq(llmUsage.feature, feature)).orderBy(llmUsage.createdAt);

/** Micro-dollars a call costs at gpt-4o-mini's catalog rates, unrounded. */
const miniCost = (u: { inputTokens: number; cachedInputTokens: number; outputTokens: number }) =>
  (u.inputTokens - u.cachedInputTokens) * MINI.input + u.cachedInputTokens * MINI.cache_read + u.outputTokens * MINI.output;

/** The server's own usage of a recorded request. */
function served(r: RecordedRequest | undefined) {
  expect(r?.usage, "the fake server recorded the call's usage").toBeDefined();
  return { inputTokens: r!.usage!.prompt_tokens, cachedInputTokens: r!.usage!.prompt_tokens_details.cached_tokens, outputTokens: r!.usage!.completion_tokens };
}

describe("metering: one usage row per upstream call, written by the guard", () => {
  it("a streamed chat turn leaves one row with the server's tokens, the catalog's cost and its TTFT", async () => {
    useModel();
    const before = (await chatRows()).length;
    await firstTurn();
    const rows = (await chatRows()).slice(before);
    expect(rows).toHaveLength(1);
    const call = chatCalls().at(-1)!;
    expect(call.stream).toBe(true);
    const tokens = served(call);
    expect(tokens.inputTokens).toBeGreaterThan(0);
    expect(tokens.outputTokens).toBeGreaterThan(0);
    const [row] = rows;
    expect(row).toMatchObject({ ...tokens, provider: "openai", model: "gpt-4o-mini", outcome: "ok", estimated: false, organizationId: null, taskId: null });
    expect(Math.abs(row!.costMicroUsd! - miniCost(tokens))).toBeLessThanOrEqual(0.5);
    expect(row!.ttftMs).not.toBeNull();
    expect(row!.ttftMs!).toBeLessThanOrEqual(row!.latencyMs);
  });

  it("a queued resume analysis leaves one row with the server's tokens and the catalog's cost", async () => {
    useModel();
    const marker = `meter-${Math.random().toString(36).slice(2)}`;
    const { task } = await acceptResumeUpload(
      { db, redis, log },
      { ownerId: alice.userId, fileName: "resume.txt", bytes: Buffer.from(`${SAMPLE_RESUME}\nReference code: ${marker}\n`), jobDescription: null },
    );
    const done = await eventually(async () => {
      const t = await getTaskById(db, { id: task.id });
      return t && ["COMPLETED", "FAILED", "TERMINATED_BY_POLICY"].includes(t.status) ? t : undefined;
    }, 30_000);
    expect(done.status).toBe("COMPLETED");
    const rows = await db.select().from(llmUsage).where(eq(llmUsage.taskId, task.id));
    expect(rows).toHaveLength(1);
    const calls = chatCalls().filter((r) => JSON.stringify(r.body).includes(marker));
    expect(calls).toHaveLength(1);
    const tokens = served(calls[0]);
    expect(rows[0]).toMatchObject({
      ...tokens,
      feature: "resume.analyze",
      attempt: 1,
      userId: alice.userId,
      model: "gpt-4o-mini",
      outcome: "ok",
      ttftMs: null,
    });
    expect(Math.abs(rows[0]!.costMicroUsd! - miniCost(tokens))).toBeLessThanOrEqual(0.5);
  });

  it("a stream without usage is counted with the tokenizer: tokens > 0, marked estimated, priced", async () => {
    useModel();
    llm.control({ omitUsage: true });
    const before = (await chatRows()).length;
    const { interviewId } = await firstTurn();
    expect(chatCalls().at(-1)).toMatchObject({ stream: true, usageOmitted: true });
    const rows = (await chatRows()).slice(before);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    const [said] = (await listMessages(db, { interviewId })).filter((m) => m.role === "assistant");
    expect(row).toMatchObject({ estimated: true, outcome: "ok" });
    expect(row!.inputTokens).toBeGreaterThan(0);
    expect(row!.outputTokens).toBe(countTokens(said!.text));
    expect(row!.outputTokens).toBeGreaterThan(0);
    expect(Math.abs(row!.costMicroUsd! - miniCost(row!))).toBeLessThanOrEqual(0.5);
  });

  it("a model without a known price is unpriced: cost null, never 0", async () => {
    useModel("gpt-4o-mini", "openai-compatible"); // a self-hosted server: not in the catalog
    await structuredCall("test.unpriced");
    useModel("fake-model", "openai"); // a label the catalog knows, a model it does not
    await structuredCall("test.unpriced");
    const rows = await rowsOf("test.unpriced");
    expect(rows.map((r) => [r.provider, r.model, r.outcome, r.costMicroUsd])).toEqual([
      ["openai-compatible", "gpt-4o-mini", "ok", null],
      ["openai", "fake-model", "ok", null],
    ]);
    expect(rows.every((r) => r.inputTokens > 0 && r.outputTokens > 0)).toBe(true);
  });

  it("a price override changes the cost at once (audit-logged, whatever case it was typed in), and removing it brings the catalog's price back", async () => {
    useModel();
    const admin = await recruiter(db);
    users.push(admin.userId);
    await setPriceOverride(db, {
      provider: "OpenAI",
      model: "GPT-4o-mini",
      inputMicroUsdPerMTok: 1_000_000,
      cachedInputMicroUsdPerMTok: 500_000,
      outputMicroUsdPerMTok: 2_000_000,
      actorId: admin.userId,
    });
    await structuredCall("test.override");
    expect(await deletePriceOverride(db, { provider: "openai", model: "GPT-4O-MINI", actorId: admin.userId })).toBe(true);
    await structuredCall("test.override");
    const [overridden, catalog] = await rowsOf("test.override");
    // 1 µUSD per input token, 2 per output token: exact.
    expect(overridden!.costMicroUsd).toBe(
      overridden!.inputTokens - overridden!.cachedInputTokens + overridden!.cachedInputTokens / 2 + 2 * overridden!.outputTokens,
    );
    expect(Math.abs(catalog!.costMicroUsd! - miniCost(catalog!))).toBeLessThanOrEqual(0.5);
    const audit = await db.select().from(auditLog).where(eq(auditLog.actorId, admin.userId)).orderBy(auditLog.createdAt);
    expect(audit.map((a) => [a.action, a.target, a.before === null, a.after === null])).toEqual([
      ["price.set", "openai/gpt-4o-mini", true, false],
      ["price.delete", "openai/gpt-4o-mini", false, true],
    ]);

    // A self-hosted model becomes priced by an override alone.
    useModel("fake-model", "openai-compatible");
    await setPriceOverride(db, {
      provider: "openai-compatible",
      model: "fake-model",
      inputMicroUsdPerMTok: 3_000_000,
      cachedInputMicroUsdPerMTok: 3_000_000,
      outputMicroUsdPerMTok: 0,
      actorId: admin.userId,
    });
    await structuredCall("test.override-self-hosted");
    const [selfHosted] = await rowsOf("test.override-self-hosted");
    expect(selfHosted!.costMicroUsd).toBe(3 * selfHosted!.inputTokens);
  });

  it("cached input tokens are priced at the cached rate", async () => {
    useModel();
    // A prefix (system prompt + schema) of ≥ 1024 tokens seen before is served from the fake's prompt cache.
    const system = `You answer in JSON. ${"Background that repeats on every call, so the provider caches it. ".repeat(90)}`;
    await structuredCall("test.cached", system);
    await structuredCall("test.cached", system);
    const [first, second] = await rowsOf("test.cached");
    expect(first!.cachedInputTokens).toBe(0);
    expect(second!.cachedInputTokens).toBeGreaterThanOrEqual(1024);
    expect(second).toMatchObject(served(chatCalls().at(-1)));
    expect(Math.abs(second!.costMicroUsd! - miniCost(second!))).toBeLessThanOrEqual(0.5);
    // Not the input rate: ≥ 1024 tokens × (0.15 − 0.08) µUSD is far beyond rounding.
    const atInputRate = second!.inputTokens * MINI.input + second!.outputTokens * MINI.output;
    expect(second!.costMicroUsd!).toBeLessThan(atInputRate - 70);
  });

  it("a failed call's row has its error code; a call made for an organisation is attributed to it", async () => {
    useModel();
    const { organizationId, userId } = await recruiter(db);
    users.push(userId);
    llm.control({ mode: "500", count: 1 });
    await expect(
      withUsageScope({ db, userId, organizationId, feature: "test.org", taskId: null, attempt: null }, () =>
        generateStructured({ schema: z.object({ answer: z.string() }), system: "JSON.", prompt: "Hi.", name: "answer" }),
      ),
    ).rejects.toMatchObject({ code: "upstream_5xx" });
    await withUsageScope({ db, userId, organizationId, feature: "test.org", taskId: null, attempt: null }, () =>
      generateStructured({ schema: z.object({ answer: z.string() }), system: "JSON.", prompt: "Hi.", name: "answer" }),
    );
    const rows = await rowsOf("test.org");
    // The 500 generated nothing: 0 tokens, priced at 0 (not unpriced).
    expect(rows.map((r) => [r.outcome, r.organizationId, r.inputTokens > 0, r.costMicroUsd === 0])).toEqual([
      ["upstream_5xx", organizationId, false, true],
      ["ok", organizationId, true, false],
    ]);
  });
});

describe("metering and budgets", () => {
  it("a call holds its estimate on its scope's budgets while it runs and settles at its row's cost", async () => {
    useModel();
    const { userId } = await recruiter(db);
    users.push(userId);
    await setBudget(db, { scope: "user", scopeId: userId, period: "day", limitMicroUsd: 1_000_000, actorId: null });
    let heldWhileRunning: number | undefined;
    const config = getLlmConfig() as OnlineLlmConfig;
    await withUsageScope({ db, userId, organizationId: null, feature: "test.budget", taskId: null, attempt: null }, () =>
      guardUpstreamCall(config, { system: "JSON.", prompt: "Hi.", maxOutputTokens: 1_000, priority: "interactive" }, async () => {
        heldWhileRunning = (await budgetStatuses(db)).find((b) => b.key === `user:${userId}:day`)?.reservedMicroUsd;
        return { value: null, usage: { inputTokens: 1_000, outputTokens: 100 } };
      }),
    );
    // Held: the estimate, input + the 1 000-token output cap at gpt-4o-mini's rates (≥ 600 µUSD).
    expect(heldWhileRunning).toBeGreaterThanOrEqual(600);
    const [row] = await rowsOf("test.budget");
    expect(row!.costMicroUsd).toBe(Math.round(1_000 * MINI.input + 100 * MINI.output));
    const after = (await budgetStatuses(db)).find((b) => b.key === `user:${userId}:day`);
    expect(after).toMatchObject({ spentMicroUsd: row!.costMicroUsd, reservedMicroUsd: 0 });
    await deleteBudget(db, { scope: "user", scopeId: userId, period: "day", actorId: null });
  });

  it("a scope whose budget has no room is refused before anything leaves: budget_exhausted, no usage row", async () => {
    useModel();
    const { userId } = await recruiter(db);
    users.push(userId);
    await setBudget(db, { scope: "user", scopeId: userId, period: "day", limitMicroUsd: 0, actorId: null });
    const sent = chatCalls().length;
    await expect(
      withUsageScope({ db, userId, organizationId: null, feature: "test.budget-refused", taskId: null, attempt: null }, () =>
        generateStructured({ schema: z.object({ answer: z.string() }), system: "JSON.", prompt: "Hi.", name: "answer" }),
      ),
    ).rejects.toMatchObject({ code: "budget_exhausted", retryable: true });
    expect(chatCalls().length).toBe(sent);
    expect(await rowsOf("test.budget-refused")).toEqual([]);
    await deleteBudget(db, { scope: "user", scopeId: userId, period: "day", actorId: null });
  });
});

describe("the ledger when the database fails", () => {
  it("when the in_flight row cannot be written, the request does not leave", async () => {
    const config = useModel();
    const own = createDb(process.env.DATABASE_URL!, { max: 1 });
    await priceFor(own.db, config); // the price is cached: the in_flight write is what meets the closed client
    await own.sql.end();
    const sent = chatCalls().length;
    await expect(
      withUsageScope({ db: own.db, userId: alice.userId, organizationId: null, feature: "test.no-ledger", taskId: null, attempt: null }, () =>
        generateStructured({ config, schema: z.object({ answer: z.string() }), system: "JSON.", prompt: "Hi.", name: "answer" }),
      ),
    ).rejects.toMatchObject({ cause: { code: "CONNECTION_ENDED" } });
    expect(chatCalls().length).toBe(sent);
    expect(await rowsOf("test.no-ledger")).toEqual([]);
  });

  it("when the completed row cannot be written, a call that succeeded rejects with the database's error and its row stays in_flight", async () => {
    const config = useModel();
    const own = createDb(process.env.DATABASE_URL!, { max: 1 });
    const scope = { db: own.db, userId: alice.userId, organizationId: null, feature: "test.lost-completion", taskId: null, attempt: null };
    await expect(
      withUsageScope(scope, () =>
        guardUpstreamCall(config, { system: "JSON.", prompt: "Hi.", maxOutputTokens: 50, priority: "interactive" }, async () => {
          const res = await fetch(`${llm.url}/chat/completions`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ model: config.model, messages: [{ role: "user", content: "Hi." }] }),
          });
          const body = (await res.json()) as { usage: { prompt_tokens: number; completion_tokens: number } };
          await own.sql.end(); // the database goes away while the call is out
          return { value: body, usage: { inputTokens: body.usage.prompt_tokens, outputTokens: body.usage.completion_tokens } };
        }),
      ),
    ).rejects.toMatchObject({ code: "CONNECTION_ENDED" });
    expect((await rowsOf("test.lost-completion")).map((r) => r.outcome)).toEqual(["in_flight"]);
  });
});

describe("rollups", () => {
  it("the per-user cube (day and month) equals the sums of the completed usage rows; in_flight rows are not in it", async () => {
    // What a worker killed mid-call leaves: an in_flight row that never completes.
    await insertInFlightUsage(db, {
      callId: crypto.randomUUID(),
      userId: alice.userId,
      organizationId: null,
      feature: "test.orphan",
      taskId: null,
      attempt: null,
      provider: "openai",
      model: "gpt-4o-mini",
    });
    const rows = await db.select().from(llmUsage).where(inArray(llmUsage.userId, users));
    const completed = rows.filter((r) => r.outcome !== "in_flight");
    expect(rows.length - completed.length).toBe(2); // the orphan and the lost completion
    expect(new Set(completed.map((r) => r.feature)).size).toBeGreaterThanOrEqual(6);
    expect(completed.some((r) => r.costMicroUsd === null) && completed.some((r) => r.estimated) && completed.some((r) => r.outcome !== "ok")).toBe(true);

    const pad = (a: number[]) => [...a, ...new Array<number>(Math.max(0, HISTOGRAM_LENGTH - a.length)).fill(0)];
    const expected = new Map<string, Record<string, unknown>>();
    for (const granularity of ["day", "month"] as const) {
      for (const r of completed) {
        const t = r.createdAt;
        const bucketStart =
          granularity === "day" ? new Date(Math.floor(t.getTime() / 86_400_000) * 86_400_000) : new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
        // The per-user cube: the user's id, organisation ''.
        const key = [granularity, bucketStart.toISOString(), r.provider, r.model, r.feature, r.userId ?? "", ""].join("|");
        const e = (expected.get(key) ?? {
          requests: 0,
          errors: 0,
          rateLimited: 0,
          inputTokens: 0,
          cachedInputTokens: 0,
          outputTokens: 0,
          reasoningTokens: 0,
          costMicroUsd: 0,
          unpricedRequests: 0,
          estimatedRequests: 0,
          cacheHits: 0,
          savedMicroUsd: 0,
          latencyMsSum: 0,
          latencyBuckets: pad([]),
          ttftCount: 0,
          ttftMsSum: 0,
          ttftBuckets: pad([]),
        }) as Record<string, number> & { latencyBuckets: number[]; ttftBuckets: number[] };
        e.requests += 1;
        e.errors += r.outcome === "ok" ? 0 : 1;
        e.rateLimited += r.outcome === "rate_limited" ? 1 : 0;
        e.inputTokens += r.inputTokens;
        e.cachedInputTokens += r.cachedInputTokens;
        e.outputTokens += r.outputTokens;
        e.reasoningTokens += r.reasoningTokens;
        e.costMicroUsd += r.costMicroUsd ?? 0;
        e.unpricedRequests += r.costMicroUsd === null ? 1 : 0;
        e.estimatedRequests += r.estimated ? 1 : 0;
        e.cacheHits += r.cacheHit ? 1 : 0;
        e.savedMicroUsd += r.savedMicroUsd;
        e.latencyMsSum += r.latencyMs;
        e.latencyBuckets[bucketIndex(r.latencyMs)]! += 1;
        if (r.ttftMs !== null) {
          e.ttftCount += 1;
          e.ttftMsSum += r.ttftMs;
          e.ttftBuckets[bucketIndex(r.ttftMs)]! += 1;
        }
        expected.set(key, e);
      }
    }
    // The other cubes hold every file's calls (one database per run); the test below checks them in isolation.
    const rollups = await db
      .select()
      .from(llmUsageRollups)
      .where(and(inArray(llmUsageRollups.userId, users), eq(llmUsageRollups.organizationId, "")));
    const actual = new Map(
      rollups.map(({ granularity, bucketStart, provider, model, feature, userId, organizationId, latencyBuckets, ttftBuckets, ...sums }) => [
        [granularity, bucketStart.toISOString(), provider, model, feature, userId, organizationId].join("|"),
        { ...sums, latencyBuckets: pad(latencyBuckets), ttftBuckets: pad(ttftBuckets) },
      ]),
    );
    expect(actual).toEqual(expected);
    expect(rollups.some((r) => r.feature === "test.orphan")).toBe(false);
  });

  it("one completed row adds to every cube it belongs to: totals by hour and day, its user's and its organisation's by day and month", async () => {
    const owner = await recruiter(db);
    const feature = `test.cubes-${crypto.randomUUID().slice(0, 8)}`;
    const row = {
      callId: crypto.randomUUID(),
      userId: owner.userId,
      organizationId: owner.organizationId,
      feature,
      taskId: null,
      attempt: null,
      provider: "openai",
      model: "gpt-4o-mini",
      inputTokens: 1200,
      cachedInputTokens: 200,
      outputTokens: 300,
      reasoningTokens: 0,
      estimated: false,
      costMicroUsd: 420,
      latencyMs: 1800,
      ttftMs: null,
      outcome: "ok",
    };
    await completeUsage(db, row, { latency: oneHot(1800), ttft: [] });
    const [stored] = await db.select().from(llmUsage).where(eq(llmUsage.callId, row.callId));
    const t = stored!.createdAt;
    const hour = new Date(Math.floor(t.getTime() / 3_600_000) * 3_600_000);
    const day = new Date(Math.floor(t.getTime() / 86_400_000) * 86_400_000);
    const month = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
    const cubes = await db.select().from(llmUsageRollups).where(eq(llmUsageRollups.feature, feature));
    const keyOf = (c: { granularity: string; bucketStart: Date; userId: string; organizationId: string }) =>
      [c.granularity, c.bucketStart.toISOString(), c.userId, c.organizationId].join("|");
    expect(cubes.map(keyOf).sort()).toEqual(
      [
        ["hour", hour, "", ""],
        ["day", day, "", ""],
        ["day", day, owner.userId, ""],
        ["month", month, owner.userId, ""],
        ["day", day, "", owner.organizationId],
        ["month", month, "", owner.organizationId],
      ]
        .map(([granularity, bucketStart, userId, organizationId]) => keyOf({ granularity, bucketStart, userId, organizationId } as never))
        .sort(),
    );
    for (const c of cubes) {
      expect(c).toMatchObject({ requests: 1, inputTokens: 1200, cachedInputTokens: 200, outputTokens: 300, costMicroUsd: 420, latencyMsSum: 1800 });
      expect(c.latencyBuckets[bucketIndex(1800)]).toBe(1);
    }
  });
});
