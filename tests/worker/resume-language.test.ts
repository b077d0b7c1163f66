import "../helpers/env";
import { readFileSync } from "node:fs";
import { desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as getResume } from "@/app/api/resumes/[id]/route";
import { closeDb, getDb } from "@/lib/db/client";
import { llmCache, llmUsage } from "@/lib/db/schema";
import { createLogger } from "@/lib/log";
import { createRedis } from "@/lib/queue/redis";
import { type Analysis, analysisSchema } from "@/lib/resume/analysis-schema";
import { measureOutputLanguage, proseOf } from "@/lib/resume/llm/output-language";
import { acceptResumeUpload } from "@/lib/resume/service";
import { type FakeLlm, startFakeLlm } from "@/scripts/fake-llm/server";
import { resumeAnalyzeHandler } from "@/worker/handlers/resume-analyze";
import { corpusPath } from "../corpus-dir";
import { clearModelState } from "../helpers/fake-llm";
import { clearPrefix } from "../helpers/fixtures";
import { get, params, signUpCandidate } from "../helpers/http";
import { startTestWorker } from "../helpers/worker";

/**
 * The analysis is in the resume's language, end to end (upload → stream → worker → engine → fake
 * LLM → analysis → API): a model's answer in the other language is retried; on the task's last
 * attempt it is replaced by the offline engine's analysis with the reason `wrong_language`, and the
 * task still completes. Every model call is metered; nothing wrong reaches the result cache.
 */
const db = getDb();
const redis = createRedis("test");
const log = createLogger("test");
const deps = { db, redis, log };
const ZH = readFileSync(corpusPath("resumes-txt-md/zh_markdown_java-template.md"), "utf8");
const EN = readFileSync(corpusPath("resumes-txt-md/en_plain_sample_resume.txt"), "utf8");
const MODEL_ENV = ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_PROVIDER", "LLM_FALLBACK_MODEL"] as const;
let candidate: Awaited<ReturnType<typeof signUpCandidate>>;
let llm: FakeLlm;
let worker: Awaited<ReturnType<typeof startTestWorker>>;

/** A unique line, so each test's prompts (and cache keys) are its own. */
const marker = () => `Reference code: run-${Math.random().toString(36).slice(2)}`;

async function analysed(base: string, fileName: string) {
  const line = marker();
  const text = `${base}\n${line}\n`;
  const { resume, task } = await acceptResumeUpload(deps, { ownerId: candidate.userId, fileName, bytes: Buffer.from(text, "utf8"), jobDescription: null });
  const ended = await worker.ended(task.id, 60_000);
  const res = await getResume(get(`/api/resumes/${resume.id}`, candidate.cookie), params({ id: resume.id }));
  const analysis: Analysis | null = res.status === 200 ? analysisSchema.parse(((await res.json()) as { analysis: unknown }).analysis) : null;
  const usage = await db.select().from(llmUsage).where(eq(llmUsage.taskId, task.id)).orderBy(llmUsage.createdAt);
  const sent = llm.requests().filter((r) => r.path === "/v1/chat/completions" && JSON.stringify(r.body).includes(line));
  return { task: ended, analysis, usage, sent };
}

const cacheEntries = async () => (await db.select({ key: llmCache.key }).from(llmCache)).length;

beforeAll(async () => {
  candidate = await signUpCandidate();
  llm = await startFakeLlm();
  worker = await startTestWorker(deps, [resumeAnalyzeHandler(db)]);
});

afterEach(async () => {
  await clearModelState(redis);
  llm.reset();
  for (const k of MODEL_ENV) delete process.env[k];
  process.env.LLM_PROVIDER = "offline";
});

afterAll(async () => {
  await worker.stop();
  await llm.close();
  await clearPrefix(redis);
  await redis.quit();
  await closeDb();
});

function useFakeLlm(fallback?: string) {
  delete process.env.LLM_PROVIDER;
  process.env.LLM_BASE_URL = llm.url;
  process.env.LLM_API_KEY = "test";
  process.env.LLM_MODEL = "gpt-4o-mini";
  if (fallback) process.env.LLM_FALLBACK_MODEL = fallback;
}

describe("resume.analyze when the model answers in the wrong language", () => {
  it("wrong once: the attempt is retried and the model's Chinese analysis is stored (and cached); both calls are metered", async () => {
    useFakeLlm();
    llm.control({ wrongLanguage: "once" });
    const before = await cacheEntries();
    const { task, analysis, usage, sent } = await analysed(ZH, "resume.md");
    expect(task).toMatchObject({ status: "COMPLETED", attempts: 2 });
    expect(sent.map((r) => r.wrongLanguage)).toEqual(["en", undefined]);
    expect(analysis!.engine).toBe("gpt-4o-mini");
    expect(analysis!.language).toBe("zh");
    expect(measureOutputLanguage(proseOf(analysis!), "zh").wrongLanguage).toBeNull();
    expect(analysis!.integrity!.reasons.map((r) => r.code)).not.toContain("wrong_language");
    expect(usage.map((u) => [u.attempt, u.model, u.outcome])).toEqual([
      [1, "gpt-4o-mini", "ok"],
      [2, "gpt-4o-mini", "ok"],
    ]);
    for (const u of usage) expect(u.outputTokens).toBeGreaterThan(0);
    // The right answer is cached; the wrong one never was.
    expect(await cacheEntries()).toBe(before + 1);
    const [entry] = await db.select().from(llmCache).orderBy(desc(llmCache.createdAt)).limit(1);
    const cached = (entry!.result as { draft: Analysis }).draft;
    expect(measureOutputLanguage(proseOf(cached), "zh").wrongLanguage).toBeNull();
  });

  it("always wrong: after the retries the offline analysis is stored with reason wrong_language, the task completes, every call is metered and none cached", async () => {
    useFakeLlm("gpt-4o");
    llm.control({ wrongLanguage: "always" });
    const before = await cacheEntries();
    const { task, analysis, usage, sent } = await analysed(ZH, "resume.md");
    expect(task).toMatchObject({ status: "COMPLETED", attempts: 3 });
    // Three answers in English; the last attempt asked the fallback model.
    expect(sent.map((r) => [(r.body as { model: string }).model, r.wrongLanguage])).toEqual([
      ["gpt-4o-mini", "en"],
      ["gpt-4o-mini", "en"],
      ["gpt-4o", "en"],
    ]);
    expect(analysis!.engine).toBe("offline");
    expect(analysis!.language).toBe("zh");
    expect(analysis!.injectionSuspected).toBe(false);
    const reason = analysis!.integrity!.reasons.find((r) => r.code === "wrong_language");
    expect(reason!.message).toMatch(/未用简历的语言.*离线引擎/);
    expect(measureOutputLanguage(proseOf(analysis!), "zh").wrongLanguage).toBeNull();
    expect(usage.map((u) => [u.attempt, u.model, u.outcome])).toEqual([
      [1, "gpt-4o-mini", "ok"],
      [2, "gpt-4o-mini", "ok"],
      [3, "gpt-4o", "ok"],
      [3, "offline", "ok"],
    ]);
    for (const u of usage.slice(0, 3)) expect(u.outputTokens).toBeGreaterThan(0);
    expect(await cacheEntries()).toBe(before);
  });

  it("an English resume answered in Chinese every time: the offline analysis, with the reason in English", async () => {
    useFakeLlm();
    llm.control({ wrongLanguage: "always" });
    const { task, analysis, sent } = await analysed(EN, "resume.txt");
    expect(task).toMatchObject({ status: "COMPLETED", attempts: 3 });
    expect(sent.map((r) => r.wrongLanguage)).toEqual(["zh", "zh", "zh"]);
    expect(analysis!.engine).toBe("offline");
    expect(analysis!.language).toBe("en");
    expect(analysis!.integrity!.reasons[0]).toEqual({
      code: "wrong_language",
      message: "The model kept answering in another language than the resume's, up to its last try; this analysis is the offline engine's.",
    });
  });
});
