import "../helpers/env";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getRanking } from "@/app/api/jobs/[id]/ranking/route";
import { PATCH as patchJob } from "@/app/api/jobs/[id]/route";
import { POST as moveStage } from "@/app/api/jobs/[id]/stage/route";
import { closeDb, getDb } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import type { RankingBody } from "@/lib/jobs/ranking-contracts";
import { DEFAULT_WEIGHTS, rankingBodySchema } from "@/lib/jobs/ranking-contracts";
import { findCandidateName } from "@/lib/jobs/redact";
import { createLogger } from "@/lib/log";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { jdSkills, resumeProfile } from "@/lib/resume";
import { readOrganizationResumeTexts } from "@/lib/resume/service";
import { CORPUS_DIR } from "../corpus-dir";
import { recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";
import { jobFixture, startRecruitingWorker, uploadedApplication } from "../helpers/recruiting";

const db = getDb();
const redis = getRedis();
const log = createLogger("test");
const deps = { db, redis, log };
const JD = readFileSync(path.join(CORPUS_DIR, "jobs/en_swe_senior-software-engineer_gsa-tts.md"), "utf8");
const FILES = {
  devops: "resumes-pdf/en_pdfshift_two-column_aws-devops.pdf",
  software: "resumes-txt-md/en_plain_sample_resume.txt",
  accountant: "resumes-pdf/en_msword_accountant_pair.pdf",
  chinese: "resumes-pdf/zh_typst_qianxi_cv.pdf",
  rendercv: "resumes-pdf/en_typst_rendercv_classic.pdf",
} as const;
type Key = keyof typeof FILES;

let x: TestActor;
let y: TestActor;
let worker: Awaited<ReturnType<typeof startRecruitingWorker>>;
let jobId: string;
/** Application id of each corpus file on the job. */
const app = {} as Record<Key, string>;
const resumeOf = {} as Record<Key, string>;

const ranking = (query = "", actor: TestActor = x, id = jobId) => getRanking(get(`/api/jobs/${id}/ranking${query}`, actor.cookie), params({ id }));
async function body(query = ""): Promise<RankingBody> {
  const res = await ranking(query);
  expect(res.status).toBe(200);
  return rankingBodySchema.parse(await res.json());
}
const order = (b: RankingBody) => b.items.map((i) => i.applicationId);
const rankOf = (b: RankingBody, k: Key) => b.items.findIndex((i) => i.applicationId === app[k]);

beforeAll(async () => {
  x = await recruiter(db);
  y = await recruiter(db);
  const skills = jdSkills(JD);
  const job = await jobFixture(db, {
    organizationId: x.organizationId!,
    createdBy: x.userId,
    title: "Senior Software Engineer",
    description: JD,
    requiredSkills: skills.filter((s) => s.weight === 1).map((s) => s.name),
    preferredSkills: skills.filter((s) => s.weight < 1).map((s) => s.name),
    seniority: "senior",
  });
  jobId = job.id;
  worker = await startRecruitingWorker(deps);
  const tasks: string[] = [];
  for (const [k, file] of Object.entries(FILES) as [Key, string][]) {
    const a = await uploadedApplication(deps, {
      organizationId: x.organizationId!,
      uploaderId: x.userId,
      job,
      fileName: path.basename(file),
      bytes: readFileSync(path.join(CORPUS_DIR, file)),
    });
    app[k] = a.applicationId;
    resumeOf[k] = a.resumeId;
    tasks.push(a.taskId);
  }
  for (const t of tasks) expect((await worker.ended(t)).status).toBe("COMPLETED");
}, 180_000);

afterAll(async () => {
  await worker.stop();
  await clearPrefix(redis);
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

describe("GET /api/jobs/{id}/ranking", () => {
  it("ranks the software resumes above the accountant's for the software job, each row explained by its criteria", async () => {
    const b = await body();
    expect(b.items).toHaveLength(5);
    expect(b).toMatchObject({ jobId, blind: true, pending: 0, failed: 0 });
    expect(rankOf(b, "devops")).toBeLessThan(rankOf(b, "accountant"));
    expect(rankOf(b, "software")).toBeLessThan(rankOf(b, "accountant"));
    const fits = b.items.map((i) => i.fit);
    expect(fits).toEqual([...fits].sort((p, q) => q - p));
    expect(b.items.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5]);
    const devops = b.items[rankOf(b, "devops")];
    expect(devops.criteria.map((c) => c.key)).toEqual(["required_skills", "preferred_skills", "experience_depth", "seniority_match", "resume_quality"]);
    expect(devops.matchedSkills).toEqual(expect.arrayContaining(["AWS", "CI/CD"]));
    expect(devops.criteria[0].evidence.length).toBeGreaterThan(0);
    expect(devops.criteria.find((c) => c.key === "resume_quality")!.source).toBe("offline");
    expect(b.weights).toEqual({ required_skills: 40, preferred_skills: 15, experience_depth: 20, seniority_match: 10, resume_quality: 15 });
  });

  it("is blind by default: no name, e-mail or phone of any resume (English or Chinese) in the body", async () => {
    const text = JSON.stringify(await body());
    const texts = await readOrganizationResumeTexts(db, { organizationId: x.organizationId!, resumeIds: Object.values(resumeOf) });
    const secrets: string[] = [];
    for (const { text: t, language } of texts.values()) {
      const name = findCandidateName(resumeProfile({ text: t, language, now: new Date() }).lines);
      if (name) secrets.push(...name.tokens);
      secrets.push(...(t.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? []));
      // phone numbers: 10+ digits, not a range of two years ("2019.12 - 2023.1")
      secrets.push(...(t.match(/\+?\d[\d ().-]{8,}\d/g) ?? []).filter((p) => p.replace(/\D/g, "").length >= 10 && !/(?:19|20)\d{2}\D.*(?:19|20)\d{2}/.test(p)));
    }
    // the test found what it looks for: the names of the English and the Chinese resumes, their e-mails and phones
    expect(secrets).toEqual(
      expect.arrayContaining([
        "John",
        "Smith",
        "CATHERINE",
        "Ebony",
        "胡图图",
        "john.smith@email.com",
        "tutuhu@gmail.com",
        "206-555-0149",
        "+86) 820-820-8820",
      ]),
    );
    expect(secrets.filter((s) => text.includes(s))).toEqual([]);
    for (const item of JSON.parse(text).items) expect(item.candidateLabel).toMatch(/^Candidate [0-9A-F]{4}$/);
  });

  it("opens the names with blind=false", async () => {
    const b = await body("?blind=false");
    expect(b.blind).toBe(false);
    expect(b.items.map((i) => i.candidateLabel)).toEqual(expect.arrayContaining(["John Smith", "Ebony Moore", "胡图图"]));
    expect(JSON.stringify(b)).toContain("john.smith@email.com");
  });

  it("changing the job's weights (PATCH /api/jobs/{id}) changes the order: resume quality alone against required skills alone", async () => {
    const only = (key: string) => ({ required_skills: 0, preferred_skills: 0, experience_depth: 0, seniority_match: 0, resume_quality: 0, [key]: 100 });
    const setWeights = async (weights: Record<string, number>) => {
      const res = await patchJob(
        new Request(`${BASE}/api/jobs/${jobId}`, {
          method: "PATCH",
          headers: { cookie: x.cookie, "content-type": "application/json" },
          body: JSON.stringify({ weights }),
        }),
        params({ id: jobId }),
      );
      expect(res.status).toBe(200);
    };
    await setWeights(only("required_skills"));
    const bySkills = await body();
    await setWeights(only("resume_quality"));
    const byQuality = await body();
    await setWeights(DEFAULT_WEIGHTS);
    expect(byQuality.weights.resume_quality).toBe(100);
    // each order is exactly the criterion's own order, and the two differ
    const sortedBy = (b: RankingBody, key: string) =>
      [...b.items].sort(
        (p, q) => q.criteria.find((c) => c.key === key)!.score - p.criteria.find((c) => c.key === key)!.score || q.overallScore - p.overallScore,
      );
    expect(bySkills.items.map((i) => i.fit)).toEqual(sortedBy(bySkills, "required_skills").map((i) => i.criteria[0].score));
    expect(byQuality.items.map((i) => i.fit)).toEqual(byQuality.items.map((i) => i.overallScore));
    expect(order(bySkills)).not.toEqual(order(byQuality));
  });

  it("filters by minimum fit, must-have skills (repeatable) and stage", async () => {
    const all = await body();
    const cut = all.items[2].fit;
    const above = await body(`?minFit=${cut}`);
    expect(above.items.length).toBeGreaterThanOrEqual(3);
    expect(above.items.length).toBeLessThan(all.items.length);
    expect(above.items.every((i) => i.fit >= cut)).toBe(true);

    const aws = await body("?skill=AWS&skill=CI/CD");
    expect(aws.items.map((i) => i.applicationId)).toContain(app.devops);
    expect(aws.items.map((i) => i.applicationId)).not.toContain(app.accountant);
    expect(aws.items.every((i) => i.matchedSkills.includes("AWS") && i.matchedSkills.includes("CI/CD"))).toBe(true);

    const move = await moveStage(
      new Request(`${BASE}/api/jobs/${jobId}/stage`, {
        method: "POST",
        headers: { cookie: x.cookie, "content-type": "application/json" },
        body: JSON.stringify({ applicationIds: [app.devops], stage: "shortlisted" }),
      }),
      params({ id: jobId }),
    );
    expect(move.status).toBe(200);
    const shortlisted = await body("?stage=shortlisted");
    expect(shortlisted.items.map((i) => [i.applicationId, i.stage])).toEqual([[app.devops, "shortlisted"]]);
    expect((await body("?stage=shortlisted&stage=new")).items).toHaveLength(5);
    expect((await ranking("?minFit=101")).status).toBe(422);
    expect((await ranking("?stage=hired")).status).toBe(422);
  });

  it("exports CSV that parses back to the same rows in the same order, with a BOM, as an attachment", async () => {
    const json = await body("?blind=false");
    const res = await ranking("?format=csv&blind=false");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="ranking-${jobId}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain("\r\n");
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual([
      "Rank",
      "Candidate",
      "Fit",
      "Required skills",
      "Preferred skills",
      "Experience depth",
      "Seniority match",
      "Resume quality",
      "Overall score",
      "Match %",
      "Matched skills",
      "Missing skills",
      "Stage",
      "Source",
      "Engine",
    ]);
    expect(rows.map((r) => r.Candidate)).toEqual(json.items.map((i) => i.candidateLabel));
    expect(rows.map((r) => Number(r.Fit))).toEqual(json.items.map((i) => i.fit));
    expect(rows.map((r) => r["Matched skills"])).toEqual(json.items.map((i) => i.matchedSkills.join("; ")));
    expect(rows.map((r) => r.Candidate)).toContain("胡图图");
  });

  it("writes a cell that a spreadsheet would run as a formula as text", async () => {
    await db
      .update(jobs)
      .set({ requiredSkills: ['=HYPERLINK("http://evil.example","x")', "AWS"] })
      .where(eq(jobs.id, jobId));
    try {
      const rows = parse(await (await ranking("?format=csv")).text(), { bom: true, columns: true }) as Record<string, string>[];
      const missing = rows.map((r) => r["Missing skills"]).filter((m) => m.includes("HYPERLINK"));
      expect(missing.length).toBe(rows.length);
      for (const m of missing) expect(m.startsWith("'=HYPERLINK")).toBe(true);
    } finally {
      const skills = jdSkills(JD);
      await db
        .update(jobs)
        .set({ requiredSkills: skills.filter((s) => s.weight === 1).map((s) => s.name) })
        .where(eq(jobs.id, jobId));
    }
  });

  it("answers 404 to a recruiter of another organisation, as for a job that does not exist", async () => {
    for (const q of ["", "?format=csv", "?blind=false"]) {
      const res = await ranking(q, y);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found:job" });
    }
  });
});
