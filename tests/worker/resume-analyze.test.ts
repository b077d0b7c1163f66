import "../helpers/env";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as getResume } from "@/app/api/resumes/[id]/route";
import { closeDb, getDb } from "@/lib/db/client";
import { getTaskById } from "@/lib/db/queries/tasks";
import { analyses, llmUsage } from "@/lib/db/schema";
import { createLogger } from "@/lib/log";
import { StreamConsumer } from "@/lib/queue/consumer";
import { dlqKey } from "@/lib/queue/names";
import { createRedis } from "@/lib/queue/redis";
import { OutboxRelay } from "@/lib/queue/relay";
import { analysisSchema, DIMENSION_MAX } from "@/lib/resume/analysis-schema";
import { acceptResumeUpload } from "@/lib/resume/service";
import { type FakeLlm, startFakeLlm } from "@/scripts/fake-llm/server";
import { resumeAnalyzeHandler } from "@/worker/handlers/resume-analyze";
import { CORPUS_DIR } from "../corpus-dir";
import { clearModelState } from "../helpers/fake-llm";
import { clearPrefix, eventually } from "../helpers/fixtures";
import { get, params, signUpCandidate } from "../helpers/http";

const CORPUS = CORPUS_DIR;
const db = getDb();
const redis = createRedis("test");
const log = createLogger("test");
const deps = { db, redis, log };
let candidate: Awaited<ReturnType<typeof signUpCandidate>>;
let llm: FakeLlm;
let consumer: StreamConsumer;
let relay: OutboxRelay;

/** The sample resume with a unique marker line, so each test's upstream calls can be told apart. */
function resumeText(marker = `run-${Math.random().toString(36).slice(2)}`) {
  return new TextEncoder().encode(`${readFileSync(path.join(CORPUS, "resumes-txt-md/en_plain_sample_resume.txt"), "utf8")}\nReference code: ${marker}\n`);
}

async function upload(bytes: Uint8Array, jobDescription: string | null = null) {
  return acceptResumeUpload(deps, { ownerId: candidate.userId, fileName: "resume.txt", bytes: Buffer.from(bytes), jobDescription });
}

async function ended(taskId: string) {
  return eventually(async () => {
    const t = await getTaskById(db, { id: taskId });
    return t && ["COMPLETED", "FAILED", "TERMINATED_BY_POLICY"].includes(t.status) ? t : undefined;
  }, 30_000);
}

function usageOf(taskId: string) {
  return db.select().from(llmUsage).where(eq(llmUsage.taskId, taskId)).orderBy(llmUsage.createdAt);
}

beforeAll(async () => {
  candidate = await signUpCandidate();
  llm = await startFakeLlm();
  consumer = new StreamConsumer(deps, [resumeAnalyzeHandler(db)], { blockMs: 100, backoffBaseMs: 20, backoffCapMs: 100 });
  await consumer.start();
  relay = new OutboxRelay(deps, { intervalMs: 50 });
  relay.start();
});

afterEach(async () => {
  // Each test starts with the model's circuit closed and its quota unused: the breaker and the
  // governor live in Redis and would otherwise carry one test's failures into the next.
  await clearModelState(redis);
  llm.reset();
  delete process.env.LLM_BASE_URL;
  delete process.env.LLM_API_KEY;
  process.env.LLM_PROVIDER = "offline";
});

afterAll(async () => {
  await relay.stop();
  await consumer.stop();
  await llm.close();
  await clearPrefix(redis);
  await redis.quit();
  await closeDb();
});

function useFakeLlm() {
  delete process.env.LLM_PROVIDER;
  process.env.LLM_BASE_URL = llm.url;
  process.env.LLM_API_KEY = "test";
  process.env.LLM_MODEL = "gpt-4o-mini";
}

describe("resume.analyze end to end (upload → stream → worker → analysis)", () => {
  it("offline engine: completes, the API shows the analysis with engine 'offline', one usage row with cost 0", async () => {
    const jd = readFileSync(path.join(CORPUS, "jobs/en_swe_full-stack-engineer_resume-matcher.txt"), "utf8");
    const { resume, task } = await upload(resumeText(), jd);
    expect((await ended(task.id)).status).toBe("COMPLETED");
    const res = await getResume(get(`/api/resumes/${resume.id}`, candidate.cookie), params({ id: resume.id }));
    const body = (await res.json()) as { status: string; language: string; analysis: unknown };
    expect(body.status).toBe("COMPLETED");
    expect(body.language).toBe("en");
    const analysis = analysisSchema.parse(body.analysis);
    expect(analysis.engine).toBe("offline");
    expect(analysis.dimensions.map((d) => [d.key, d.max])).toEqual(Object.entries(DIMENSION_MAX));
    expect(analysis.overallScore).toBeCloseTo(
      analysis.dimensions.reduce((s, d) => s + d.score, 0),
      5,
    );
    expect(analysis.matchPercent).not.toBeNull();
    const usage = await usageOf(task.id);
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ model: "offline", costMicroUsd: 0, outcome: "ok", feature: "resume.analyze", userId: candidate.userId });
  });

  it("model path: the analysis comes from the fake OpenAI-compatible server, with its usage recorded", async () => {
    useFakeLlm();
    const { task } = await upload(resumeText());
    const done = await ended(task.id);
    expect(done.status).toBe("COMPLETED");
    const [row] = await db.select().from(analyses).where(eq(analyses.taskId, task.id));
    const analysis = analysisSchema.parse(row.result);
    expect(analysis.engine).toBe("gpt-4o-mini");
    expect(analysis.overallScore).toBeCloseTo(
      analysis.dimensions.reduce((s, d) => s + d.score, 0),
      5,
    );
    expect(analysis.matchPercent).toBeNull();
    const usage = await usageOf(task.id);
    expect(usage).toHaveLength(1);
    // The row carries the tokens upstream counted for the call, not just some.
    const counted = llm.requests().at(-1)!.usage!;
    expect(counted.prompt_tokens).toBeGreaterThan(0);
    expect([usage[0].inputTokens, usage[0].outputTokens]).toEqual([counted.prompt_tokens, counted.completion_tokens]);
    // The whole resume went upstream, fenced as data.
    const sent = JSON.stringify(llm.requests().at(-1));
    expect(sent).toContain("<resume>");
  });

  it("a 429 with Retry-After is retried after the delay, without spending an attempt, and then completes; one usage row per call", async () => {
    useFakeLlm();
    llm.control({ mode: "429", count: 1, retryAfterS: 1 });
    const marker = `run-429-${Math.random().toString(36).slice(2)}`;
    const { task } = await upload(resumeText(marker));
    const done = await ended(task.id);
    expect(done.status).toBe("COMPLETED");
    // The 429 is capacity, not the task: that attempt was given back (worker/handlers/llm-errors.ts).
    expect(done.attempts).toBe(1);
    const usage = await usageOf(task.id);
    expect(usage.map((u) => u.outcome)).toEqual(["rate_limited", "ok"]);
    const calls = llm.requests().filter((r) => r.path.includes("chat/completions") && JSON.stringify(r.body).includes(marker));
    expect(calls.length).toBe(2);
    // The retry waited at least the upstream's Retry-After.
    expect(calls[1].time - calls[0].time).toBeGreaterThanOrEqual(1_000);
  });

  it("broken JSON from the model is retried (invalid output) and the task still completes", async () => {
    useFakeLlm();
    llm.control({ mode: "broken_json", count: 1 });
    const { task } = await upload(resumeText());
    const done = await ended(task.id);
    expect(done.status).toBe("COMPLETED");
    expect((await usageOf(task.id)).map((u) => u.outcome)).toEqual(["invalid_output", "ok"]);
  });

  it("an upstream that keeps failing exhausts 3 attempts: FAILED, a DLQ entry, three usage rows, no analysis", async () => {
    useFakeLlm();
    llm.control({ mode: "500", count: 10 });
    const { task } = await upload(resumeText());
    const done = await ended(task.id);
    expect(done).toMatchObject({ status: "FAILED", attempts: 3, errorCode: "upstream_5xx" });
    expect(await usageOf(task.id)).toHaveLength(3);
    expect(await db.$count(analyses, eq(analyses.taskId, task.id))).toBe(0);
    const dlq = await redis.xrange(dlqKey("resume.analyze"), "-", "+");
    expect(dlq.some(([, f]) => f.includes(task.id))).toBe(true);
  });

  it("after retryable failures the last attempt is served by the fallback model, and the result and usage say so", async () => {
    useFakeLlm();
    process.env.LLM_FALLBACK_MODEL = "fake-model";
    try {
      llm.control({ mode: "500", count: 2 });
      const { task } = await upload(resumeText());
      const done = await ended(task.id);
      expect(done).toMatchObject({ status: "COMPLETED", attempts: 3 });
      const [row] = await db.select().from(analyses).where(eq(analyses.taskId, task.id));
      expect(analysisSchema.parse(row.result).engine).toBe("fake-model");
      const usage = await usageOf(task.id);
      expect(usage.map((u) => [u.model, u.outcome])).toEqual([
        ["gpt-4o-mini", "upstream_5xx"],
        ["gpt-4o-mini", "upstream_5xx"],
        ["fake-model", "ok"],
      ]);
      const models = llm
        .requests()
        .filter((r) => r.path.includes("chat/completions"))
        .map((r) => (r.body as { model: string }).model);
      expect(models.slice(-3)).toEqual(["gpt-4o-mini", "gpt-4o-mini", "fake-model"]);
    } finally {
      delete process.env.LLM_FALLBACK_MODEL;
    }
  });

  it("a context-length refusal is not retried: TERMINATED_BY_POLICY after one attempt", async () => {
    useFakeLlm();
    llm.control({ mode: "context_length", count: 5 });
    const { task } = await upload(resumeText());
    const done = await ended(task.id);
    expect(done).toMatchObject({ status: "TERMINATED_BY_POLICY", attempts: 1, errorCode: "context_length" });
  });

  it("a scanned PDF without a text layer is refused by policy with a readable reason, never scored", async () => {
    const bytes = new Uint8Array(readFileSync(path.join(CORPUS, "edge-pdf/scanned-image-only-no-text.pdf")));
    const { task } = await acceptResumeUpload(deps, { ownerId: candidate.userId, fileName: "scan.pdf", bytes: Buffer.from(bytes), jobDescription: null });
    const done = await ended(task.id);
    expect(done).toMatchObject({ status: "TERMINATED_BY_POLICY", attempts: 1, errorCode: "no_text_layer" });
    expect(done.errorMessage).toMatch(/scanned/i);
    expect(await db.$count(analyses, eq(analyses.taskId, task.id))).toBe(0);
  });
});
