import "../helpers/env";
import { readFileSync } from "node:fs";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { llmUsage, tasks } from "@/lib/db/schema";
import { createLogger } from "@/lib/log";
import { StreamConsumer } from "@/lib/queue/consumer";
import { createRedis } from "@/lib/queue/redis";
import { acceptResumeUpload } from "@/lib/resume/service";
import { type FakeLlm, startFakeLlm } from "@/scripts/fake-llm/server";
import { resumeAnalyzeHandler } from "@/worker/handlers/resume-analyze";
import { corpusPath } from "../corpus-dir";
import { clearPrefix, envRestorer, eventually } from "../helpers/fixtures";
import { signUpCandidate } from "../helpers/http";

/**
 * The tokens-per-minute quota end to end (docs/governor.md): real uploads, a real consumer
 * running `resume.analyze`, the real model layer and governor, against the fake upstream
 * enforcing the same TPM over its own sliding minute. The calls that fit go through; the next
 * one is refused by the governor before it leaves — never by upstream — and its task waits
 * RETRYING with its attempt unspent; the upstream's own token count stays within the quota;
 * each usage row carries the tokens upstream counted for that call.
 */
const TPM = 16_000;
const TASKS = 10;
const SAMPLE = readFileSync(corpusPath("resumes-txt-md/en_plain_sample_resume.txt"), "utf8");

const db = getDb();
const redis = createRedis("test");
const log = createLogger("test");
const deps = { db, redis, log };
const restoreEnv = envRestorer(["LLM_PROVIDER", "LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_TPM", "LLM_RPM", "LLM_MAX_QUOTA_WAIT_MS", "LLM_PACING"]);
let llm: FakeLlm;
let consumer: StreamConsumer;
let ownerId: string;

beforeAll(async () => {
  ownerId = (await signUpCandidate()).userId;
  llm = await startFakeLlm({ tpm: TPM });
  delete process.env.LLM_PROVIDER;
  delete process.env.LLM_RPM;
  process.env.LLM_BASE_URL = llm.url;
  process.env.LLM_API_KEY = "test";
  process.env.LLM_MODEL = "gpt-4o-mini";
  process.env.LLM_TPM = String(TPM);
  // The minute's log is under test: paced, a 16 000-token minute spaces these calls ~20 s apart.
  process.env.LLM_PACING = "off";
  // The next free tokens are a minute away: a call that finds none gives up at once (rate_limited)
  // instead of waiting the minute out, so the test sees the refusal.
  process.env.LLM_MAX_QUOTA_WAIT_MS = "500";
  consumer = new StreamConsumer(deps, [resumeAnalyzeHandler(db)], { blockMs: 100, concurrency: 3 });
  await consumer.start();
});

afterAll(async () => {
  await consumer?.stop();
  await llm?.close();
  restoreEnv();
  await clearPrefix(redis);
  await redis.quit();
  await closeDb();
});

describe("TPM end to end", () => {
  it(`${TASKS} uploads against a ${TPM}-token minute: the calls that fit go through, the rest wait RETRYING unspent; upstream never refuses and counts no more than the quota`, async () => {
    const markers = Array.from({ length: TASKS }, (_, i) => `tpm-${i}-${Math.random().toString(36).slice(2, 8)}`);
    const created = [];
    for (const marker of markers) {
      const { task } = await acceptResumeUpload(deps, {
        ownerId,
        fileName: `${marker}.txt`,
        bytes: Buffer.from(`${SAMPLE}\nReference code: ${marker}\n`, "utf8"),
        jobDescription: null,
        lane: "batch",
      });
      created.push({ marker, taskId: task.id });
    }
    const ids = created.map((c) => c.taskId);
    const rows = () => db.select().from(tasks).where(inArray(tasks.id, ids));
    // Every task has either completed or been sent back by the governor.
    const settled = await eventually(async () => {
      const r = await rows();
      return r.every((t) => t.status === "COMPLETED" || (t.status === "RETRYING" && t.errorCode === "rate_limited")) ? r : undefined;
    }, 60_000);

    const calls = llm.requests().filter((q) => q.path === "/v1/chat/completions");
    const completed = settled.filter((t) => t.status === "COMPLETED");
    const refused = settled.filter((t) => t.status === "RETRYING");
    // The limit bit, and it was ours that did: some calls went through, some never left.
    expect(completed.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(calls).toHaveLength(completed.length);
    expect(calls.filter((q) => q.status !== 200)).toEqual([]); // no quota 429 (nor anything else) from upstream
    // A refusal for capacity spends no attempt and writes no usage row (no call was made).
    for (const t of refused) expect(t.attempts).toBe(0);
    const refusedUsage = await db
      .select()
      .from(llmUsage)
      .where(
        inArray(
          llmUsage.taskId,
          refused.map((t) => t.id),
        ),
      );
    expect(refusedUsage).toEqual([]);

    // Upstream's own count of the minute stays within the quota …
    const counted = calls.map((q) => q.usage!.prompt_tokens + q.usage!.completion_tokens);
    const used = counted.reduce((a, b) => a + b, 0);
    expect(used).toBeLessThanOrEqual(TPM);
    // … and the quota was used, not merely respected: the refusal came when less room was left
    // than two calls reserve (prompt + max output, as upstream admits them).
    const maxOut = (q: (typeof calls)[number]) => {
      const b = q.body as { max_tokens?: number; max_completion_tokens?: number };
      return Number(b.max_completion_tokens ?? b.max_tokens ?? 0);
    };
    const reserve = Math.max(...calls.map((q) => q.usage!.prompt_tokens + maxOut(q)));
    expect(reserve).toBeGreaterThan(0);
    expect(TPM - used).toBeLessThan(2 * reserve);
    console.info(
      `tpm end to end: ${completed.length} calls used ${used} of ${TPM} tokens (one call reserves up to ${reserve}); ${refused.length} refused by the governor`,
    );

    // Each usage row has the tokens upstream counted for its call.
    for (const c of created.filter((x) => completed.some((t) => t.id === x.taskId))) {
      const call = calls.find((q) => JSON.stringify(q.body).includes(`Reference code: ${c.marker}`))!;
      const usage = await db.select().from(llmUsage).where(eq(llmUsage.taskId, c.taskId));
      expect(usage.map((u) => [u.outcome, u.inputTokens, u.outputTokens])).toEqual([["ok", call.usage!.prompt_tokens, call.usage!.completion_tokens]]);
    }
  }, 120_000);
});
