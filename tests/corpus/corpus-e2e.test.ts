import "../helpers/env";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getResume } from "@/app/api/resumes/[id]/route";
import { POST as upload } from "@/app/api/resumes/route";
import { closeDb, getDb } from "@/lib/db/client";
import { getTaskById } from "@/lib/db/queries/tasks";
import { createLogger } from "@/lib/log";
import { StreamConsumer } from "@/lib/queue/consumer";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { analysisSchema } from "@/lib/resume/analysis-schema";
import type { ResumeBody } from "@/lib/resume/contracts";
import { CORPUS_DIR, CORPUS_EXPECTATIONS, CORPUS_FOLDERS } from "@/lib/resume/extract/corpus-expectations";
import { resumeAnalyzeHandler } from "@/worker/handlers/resume-analyze";
import { clearPrefix, eventually } from "../helpers/fixtures";
import { get, params, signUpCandidate, uploadRequest } from "../helpers/http";

/**
 * Every resume and edge file of the shared corpus goes through the real route handler and the
 * real worker handler (offline engine), and ends as `docs/corpus-outcomes.md` records: a 4xx,
 * a TERMINATED_BY_POLICY with a readable reason, or a completed analysis in the right language.
 */
const db = getDb();
const redis = getRedis();
let consumer: StreamConsumer;
let cookie: string;

beforeAll(async () => {
  process.env.LLM_PROVIDER = "offline";
  cookie = (await signUpCandidate()).cookie;
  consumer = new StreamConsumer({ db, redis, log: createLogger("test") }, [resumeAnalyzeHandler(db)], { blockMs: 100 });
  await consumer.start();
});

afterAll(async () => {
  await consumer.stop();
  await clearPrefix(redis);
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

describe("the shared corpus, end to end", () => {
  it("the expectation table covers every corpus file", () => {
    const onDisk = CORPUS_FOLDERS.flatMap((f) => readdirSync(path.join(CORPUS_DIR, f)).map((n) => `${f}/${n}`)).sort();
    expect(CORPUS_EXPECTATIONS.map((c) => c.path).sort()).toEqual(onDisk);
  });

  for (const c of CORPUS_EXPECTATIONS) {
    it(`${c.path} → ${"http" in c.expect ? c.expect.http : c.expect.status}`, async () => {
      const bytes = new Uint8Array(readFileSync(path.join(CORPUS_DIR, c.path)));
      const res = await upload(uploadRequest({ cookie, bytes, fileName: path.basename(c.path) }), params({}));
      const body = (await res.json()) as { code?: string; message?: string; resumeId: string; taskId: string };
      if ("http" in c.expect) {
        expect(res.status).toBe(c.expect.http);
        expect(body).toMatchObject({ code: expect.stringMatching(/^[a-z_]+:upload$/), message: expect.any(String) });
        return;
      }
      expect(res.status).toBe(202);
      const task = await eventually(async () => {
        const t = await getTaskById(db, { id: body.taskId });
        return t && ["COMPLETED", "FAILED", "TERMINATED_BY_POLICY"].includes(t.status) ? t : undefined;
      }, 60_000);
      if (c.expect.status === "TERMINATED_BY_POLICY") {
        expect(task).toMatchObject({ status: "TERMINATED_BY_POLICY", errorCode: c.expect.code, attempts: 1 });
        expect(task.errorMessage?.length).toBeGreaterThan(20);
        return;
      }
      expect(task.status).toBe("COMPLETED");
      const resume = (await (await getResume(get(`/api/resumes/${body.resumeId}`, cookie), params({ id: body.resumeId }))).json()) as ResumeBody;
      expect(resume.language).toBe(c.expect.language);
      const analysis = analysisSchema.parse(resume.analysis);
      expect(analysis.language).toBe(c.expect.language);
      expect(analysis.overallScore).toBeGreaterThan(0);
      if (c.expect.language === "zh") expect(analysis.summary).toMatch(/[\u4e00-\u9fff]/);
      else expect(analysis.summary).not.toMatch(/[\u4e00-\u9fff]/);
    });
  }
});
