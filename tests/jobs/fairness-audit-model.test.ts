import "../helpers/env";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getAudit } from "@/app/api/jobs/[id]/fairness-audits/[auditId]/route";
import { POST as startAudit } from "@/app/api/jobs/[id]/fairness-audits/route";
import { closeDb, getDb } from "@/lib/db/client";
import { llmUsage } from "@/lib/db/schema";
import { EN_NAMES } from "@/lib/jobs/fairness/names";
import { fairnessAuditBodySchema } from "@/lib/jobs/ranking-contracts";
import { createLogger } from "@/lib/log";
import { getTaskEventHub } from "@/lib/queue/events";
import { getRedis } from "@/lib/queue/redis";
import { CORPUS_DIR } from "../corpus-dir";
import { recruiter } from "../helpers/actors";
import { withFakeLlmModel } from "../helpers/fake-llm";
import { BASE, get, params } from "../helpers/http";
import { jobFixture, startRecruitingWorker, uploadedApplication } from "../helpers/recruiting";

const { chatRequests } = withFakeLlmModel();
const db = getDb();
const deps = { db, redis: getRedis(), log: createLogger("test") };
const JD = readFileSync(path.join(CORPUS_DIR, "jobs/en_swe_senior-software-engineer_gsa-tts.md"), "utf8");
const FILES = ["resumes-txt-md/en_plain_sample_resume.txt", "resumes-pdf/en_typst_rendercv_classic.pdf", "resumes-pdf/en_msword_accountant_pair.pdf"];
/** Fit is the model's overall score alone: what the fake model makes of each name shows in the fit. */
const QUALITY_ONLY = { required_skills: 0, preferred_skills: 0, experience_depth: 0, seniority_match: 0, resume_quality: 100 };

let worker: Awaited<ReturnType<typeof startRecruitingWorker>>;

beforeAll(async () => {
  worker = await startRecruitingWorker(deps);
});

afterAll(async () => {
  await worker.stop();
  await getTaskEventHub().close();
  await closeDb();
});

describe("the fairness audit with a model configured", () => {
  it("flags the job when the model's scores depend on the name (the fake model's answers are seeded by the prompt)", async () => {
    process.env.LLM_MODEL = "gpt-4o-mini";
    const x = await recruiter(db);
    const job = await jobFixture(db, {
      organizationId: x.organizationId!,
      createdBy: x.userId,
      description: JD,
      requiredSkills: ["AWS"],
      weights: QUALITY_ONLY,
    });
    const uploaded = [];
    for (const file of FILES) {
      uploaded.push(
        await uploadedApplication(deps, {
          organizationId: x.organizationId!,
          uploaderId: x.userId,
          job,
          fileName: path.basename(file),
          bytes: readFileSync(path.join(CORPUS_DIR, file)),
        }),
      );
    }
    for (const u of uploaded) expect((await worker.ended(u.taskId)).status).toBe("COMPLETED");
    const before = chatRequests().length;

    const res = await startAudit(
      new Request(`${BASE}/api/jobs/${job.id}/fairness-audits`, { method: "POST", headers: { cookie: x.cookie } }),
      params({ id: job.id }),
    );
    expect(res.status).toBe(202);
    const { id, taskId } = (await res.json()) as { id: string; taskId: string };
    expect((await worker.ended(taskId, 240_000)).status).toBe("COMPLETED");
    const audit = fairnessAuditBodySchema.parse(
      await (await getAudit(get(`/api/jobs/${job.id}/fairness-audits/${id}`, x.cookie), params({ id: job.id, auditId: id }))).json(),
    );

    const r = audit.result!;
    expect(r.engine).toBe("gpt-4o-mini");
    expect(r.sampleSize).toBe(FILES.length);
    expect(r.flagged).toBe(true);
    expect(r.maxFitDelta > 2 || r.maxRankDelta > 0).toBe(true);
    const deltas = r.items.flatMap((i) => i.variants.map((v) => Math.abs(v.fitDelta)));
    expect(Math.max(...deltas)).toBe(r.maxFitDelta);
    for (const i of r.items) for (const v of i.variants) expect(v.fitDelta).toBeCloseTo(v.fit - i.baseFit, 5);

    // the model was asked about the swapped resumes: every variant's name reached it
    const asked = chatRequests()
      .slice(before)
      .map((q) => JSON.stringify(q.body));
    for (const v of EN_NAMES) expect(asked.some((a) => a.includes(`${v.forms[0]} ${v.forms[3]}`))).toBe(true);
    const calls = await db
      .select()
      .from(llmUsage)
      .where(and(eq(llmUsage.taskId, taskId), eq(llmUsage.feature, "job.fairness_audit")));
    expect(calls.length).toBeGreaterThanOrEqual(FILES.length * EN_NAMES.length);
  }, 300_000);
});
