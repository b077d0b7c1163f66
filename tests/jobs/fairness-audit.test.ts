import "../helpers/env";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getAudit } from "@/app/api/jobs/[id]/fairness-audits/[auditId]/route";
import { GET as listAudits, POST as startAudit } from "@/app/api/jobs/[id]/fairness-audits/route";
import { closeDb, getDb } from "@/lib/db/client";
import { nameVariants } from "@/lib/jobs/fairness/names";
import { type FairnessAuditBody, fairnessAuditBodySchema } from "@/lib/jobs/ranking-contracts";
import { createLogger } from "@/lib/log";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { jdSkills } from "@/lib/resume";
import { CORPUS_DIR } from "../corpus-dir";
import { recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix, envRestorer } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";
import { jobFixture, startRecruitingWorker, uploadedApplication } from "../helpers/recruiting";

const db = getDb();
const redis = getRedis();
const deps = { db, redis, log: createLogger("test") };
const restoreEnv = envRestorer(["LLM_PROVIDER", "LLM_BASE_URL", "LLM_API_KEY"]);
const JD = readFileSync(path.join(CORPUS_DIR, "jobs/en_swe_senior-software-engineer_gsa-tts.md"), "utf8");
/** English and Chinese corpus resumes, each with a name at the top (the swap has something to change). */
const FILES = [
  "resumes-txt-md/en_plain_sample_resume.txt",
  "resumes-pdf/en_msword_accountant_pair.pdf",
  "resumes-pdf/en_typst_rendercv_classic.pdf",
  "resumes-pdf/en_pdfshift_two-column_aws-devops.pdf",
  "resumes-docx/en_mac-word_synthetic_jane-smith.docx",
  "resumes-pdf/zh_typst_qianxi_cv.pdf",
  "resumes-txt-md/zh_markdown_java-template.md",
];

let x: TestActor;
let y: TestActor;
let jobId: string;
let worker: Awaited<ReturnType<typeof startRecruitingWorker>>;

const post = (id: string, actor: TestActor) =>
  startAudit(new Request(`${BASE}/api/jobs/${id}/fairness-audits`, { method: "POST", headers: { cookie: actor.cookie } }), params({ id }));
const read = (id: string, auditId: string, actor: TestActor) =>
  getAudit(get(`/api/jobs/${id}/fairness-audits/${auditId}`, actor.cookie), params({ id, auditId }));

beforeAll(async () => {
  process.env.LLM_PROVIDER = "offline";
  x = await recruiter(db);
  y = await recruiter(db);
  const skills = jdSkills(JD);
  const job = await jobFixture(db, {
    organizationId: x.organizationId!,
    createdBy: x.userId,
    description: JD,
    requiredSkills: skills.filter((s) => s.weight === 1).map((s) => s.name),
    preferredSkills: skills.filter((s) => s.weight < 1).map((s) => s.name),
    seniority: "senior",
  });
  jobId = job.id;
  worker = await startRecruitingWorker(deps);
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
}, 180_000);

afterAll(async () => {
  await worker.stop();
  restoreEnv();
  await clearPrefix(redis);
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

describe("the fairness audit on the offline engine", () => {
  let audit: FairnessAuditBody;

  it("starts as a batch task (202 {id, taskId}) and ends with findings", async () => {
    const res = await post(jobId, x);
    expect(res.status).toBe(202);
    const started = (await res.json()) as { id: string; taskId: string };
    expect(res.headers.get("location")).toBe(`/api/jobs/${jobId}/fairness-audits/${started.id}`);
    const task = await worker.ended(started.taskId);
    expect(task).toMatchObject({ status: "COMPLETED", type: "job.fairness_audit", lane: "batch", organizationId: x.organizationId });
    audit = fairnessAuditBodySchema.parse(await (await read(jobId, started.id, x)).json());
    expect(audit).toMatchObject({ id: started.id, jobId, status: "COMPLETED", taskId: started.taskId });
  });

  it("reports exactly 0 change for every English and Chinese resume and every name variant, and no flag", () => {
    const r = audit.result!;
    expect(r).toMatchObject({ engine: "offline", sampleSize: FILES.length, maxFitDelta: 0, maxRankDelta: 0, flagged: false });
    expect(r.variantCount).toBe(nameVariants("en").length);
    for (const item of r.items) {
      expect(item.variants.length).toBeGreaterThanOrEqual(nameVariants("zh").length);
      for (const v of item.variants) expect(v).toMatchObject({ fit: item.baseFit, fitDelta: 0, rank: item.baseRank });
    }
    // the swap had names to change, in both languages
    expect(r.items.filter((i) => i.nameSwapped).length).toBeGreaterThanOrEqual(FILES.length - 1);
    expect(r.items.some((i) => i.variants.some((v) => v.label.startsWith("王芳")))).toBe(true);
    expect(new Set(r.items.map((i) => i.baseRank)).size).toBe(FILES.length);
    expect(JSON.stringify(r)).not.toMatch(/John Smith|Ebony|胡图图/);
  });

  it("lists the job's audits, newest first, with the latest one", async () => {
    const res = await listAudits(get(`/api/jobs/${jobId}/fairness-audits`, x.cookie), params({ id: jobId }));
    const body = (await res.json()) as { latest: FairnessAuditBody; items: FairnessAuditBody[] };
    expect(body.latest.id).toBe(audit.id);
    expect(body.items.map((i) => i.id)).toEqual([audit.id]);
  });

  it("runs one audit of a job at a time: of two started together one is accepted, the other is 409 conflict:audit", async () => {
    const [a, b] = await Promise.all([post(jobId, x), post(jobId, x)]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    const refused = a.status === 409 ? a : b;
    expect(await refused.json()).toMatchObject({ code: "conflict:audit" });
    const accepted = (await (a.status === 202 ? a : b).json()) as { taskId: string };
    expect(await worker.ended(accepted.taskId)).toMatchObject({ status: "COMPLETED" });
  });

  it("answers 404 to a recruiter of another organisation: start, list and read", async () => {
    expect((await post(jobId, y)).status).toBe(404);
    expect((await listAudits(get(`/api/jobs/${jobId}/fairness-audits`, y.cookie), params({ id: jobId }))).status).toBe(404);
    const foreign = await read(jobId, audit.id, y);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "not_found:job" });
    const otherJob = await jobFixture(db, { organizationId: y.organizationId!, createdBy: y.userId });
    const crossed = await read(otherJob.id, audit.id, y);
    expect(crossed.status).toBe(404);
    expect(await crossed.json()).toMatchObject({ code: "not_found:audit" });
  });
});
