import "../helpers/env";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getJob, PATCH as patchJob } from "@/app/api/jobs/[id]/route";
import { POST as createJob, GET as listJobs } from "@/app/api/jobs/route";
import { POST as uploadResume } from "@/app/api/resumes/route";
import { closeDb, getDb } from "@/lib/db/client";
import { getTaskById } from "@/lib/db/queries/tasks";
import { jobs, llmUsage, resumes, tasks } from "@/lib/db/schema";
import { type JobBody, jobBodySchema, jobListBodySchema } from "@/lib/jobs/contracts";
import { DEFAULT_WEIGHTS } from "@/lib/jobs/ranking-contracts";
import { createLogger } from "@/lib/log";
import { StreamConsumer } from "@/lib/queue/consumer";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { jobSkillsHandler } from "@/worker/handlers/job-skills";
import { CORPUS_DIR } from "../corpus-dir";
import { candidate, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix, envRestorer, eventually } from "../helpers/fixtures";
import { BASE, get, params, uploadRequest } from "../helpers/http";

const db = getDb();
const jd = (name: string) => readFileSync(path.join(CORPUS_DIR, "jobs", name), "utf8");
const MODEL_ENV = ["LLM_PROVIDER", "LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL"] as const;
const restoreEnv = envRestorer(MODEL_ENV);
let acme: TestActor;
let globex: TestActor;
let alice: TestActor;

const json = (method: string, url: string, cookie: string, body: unknown) =>
  new Request(`${BASE}${url}`, { method, body: JSON.stringify(body), headers: { cookie, "content-type": "application/json" } });

async function create(actor: TestActor, body: Record<string, unknown>): Promise<{ status: number; job: JobBody; location: string | null }> {
  const res = await createJob(json("POST", "/api/jobs", actor.cookie, body), params({}));
  const raw = await res.json();
  return { status: res.status, job: res.status === 201 ? jobBodySchema.parse(raw) : (raw as JobBody), location: res.headers.get("location") };
}

async function patch(actor: TestActor, id: string, body: unknown) {
  const res = await patchJob(json("PATCH", `/api/jobs/${id}`, actor.cookie, body), params({ id }));
  return { status: res.status, body: (await res.json()) as JobBody & { code: string; issues: { path: string }[] } };
}

beforeAll(async () => {
  process.env.LLM_PROVIDER = "offline";
  [acme, globex, alice] = await Promise.all([recruiter(db), recruiter(db, { role: "member" }), candidate()]);
});

afterAll(async () => {
  restoreEnv();
  await clearPrefix(getRedis());
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

describe("jobs: create, list, read, edit, close", () => {
  it("POST /api/jobs → 201 with skills from the offline engine, the default weights and Location", async () => {
    const { status, job, location } = await create(acme, {
      title: "TTS: Senior Software Engineer",
      description: jd("en_swe_senior-software-engineer_gsa-tts.md"),
    });
    expect(status).toBe(201);
    expect(location).toBe(`/api/jobs/${job.id}`);
    expect(job).toMatchObject({
      status: "open",
      language: "en",
      seniority: "senior",
      location: null,
      skillsSource: "offline",
      skillsStatus: null,
      stageCounts: {},
    });
    expect(job.requiredSkills).toEqual(expect.arrayContaining(["AWS", "CI/CD", "Agile"]));
    expect(job.weights).toEqual(DEFAULT_WEIGHTS);
  });

  it("a Chinese JD is zh, with 加分项 as preferred skills", async () => {
    const { job } = await create(acme, { title: "高级Python开发", description: jd("zh_data_python-data-mining_jd.md"), location: "成都" });
    expect(job).toMatchObject({ language: "zh", location: "成都", seniority: "senior" });
    expect(job.requiredSkills).toEqual(expect.arrayContaining(["Python", "Flask", "Redis"]));
    expect(job.preferredSkills).toEqual(expect.arrayContaining(["Docker", "Linux"]));
  });

  it("lists the organisation's jobs newest first, and only theirs", async () => {
    const a = (await create(acme, { title: "First", description: "Requirements: SQL" })).job;
    const b = (await create(acme, { title: "Second", description: "Requirements: Python" })).job;
    const theirs = (await create(globex, { title: "Globex job", description: "Requirements: Go" })).job;
    const list = jobListBodySchema.parse(await (await listJobs(get("/api/jobs", acme.cookie), params({}))).json());
    const ids = list.items.map((i) => i.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids).not.toContain(theirs.id);
    expect(list.items.find((i) => i.id === a.id)).toEqual({
      id: a.id,
      title: "First",
      status: "open",
      seniority: null,
      location: null,
      createdAt: a.createdAt,
      stageCounts: {},
    });
  });

  it("PATCH edits fields; sending skills makes them the recruiter's; a new description re-extracts unedited skills; close and reopen", async () => {
    const { job } = await create(acme, { title: "Backend", description: "Requirements: Java and MySQL" });
    const renamed = await patch(acme, job.id, { title: "Backend engineer", seniority: "mid", location: "Remote" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      title: "Backend engineer",
      seniority: "mid",
      location: "Remote",
      skillsSource: "offline",
      requiredSkills: ["Java", "MySQL"],
    });

    const described = await patch(acme, job.id, { description: "Requirements: Go and PostgreSQL\nNice to have: Kubernetes" });
    expect(described.body).toMatchObject({ skillsSource: "offline", requiredSkills: ["Go", "PostgreSQL"], preferredSkills: ["Kubernetes"] });

    const edited = await patch(acme, job.id, { requiredSkills: ["Go", " gRPC ", "go"], preferredSkills: ["Kubernetes", "gRPC"] });
    expect(edited.body).toMatchObject({ skillsSource: "edited", requiredSkills: ["Go", "gRPC"], preferredSkills: ["Kubernetes"] });
    const redescribed = await patch(acme, job.id, { description: "Requirements: Rust" });
    expect(redescribed.body).toMatchObject({ description: "Requirements: Rust", skillsSource: "edited", requiredSkills: ["Go", "gRPC"] });

    expect((await patch(acme, job.id, { status: "closed" })).body.status).toBe("closed");
    const read = jobBodySchema.parse(await (await getJob(get(`/api/jobs/${job.id}`, acme.cookie), params({ id: job.id }))).json());
    expect(read.status).toBe("closed");
    expect((await patch(acme, job.id, { status: "open" })).body.status).toBe("open");
  });

  it("weights: criterion keys only, each 0–100, merged over the current ones, never all 0", async () => {
    const { job } = await create(acme, { title: "Weights", description: "Requirements: SQL" });
    const set = await patch(acme, job.id, { weights: { required_skills: 80, resume_quality: 0 } });
    expect(set.status).toBe(200);
    expect(set.body.weights).toEqual({ ...DEFAULT_WEIGHTS, required_skills: 80, resume_quality: 0 });
    const unknown = await patch(acme, job.id, { weights: { charm: 10 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.issues[0].path).toBe("weights");
    const tooBig = await patch(acme, job.id, { weights: { seniority_match: 101 } });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.issues[0].path).toBe("weights.seniority_match");
    const allZero = await patch(acme, job.id, { weights: { required_skills: 0, preferred_skills: 0, experience_depth: 0, seniority_match: 0 } });
    expect(allZero.status).toBe(422);
    expect(allZero.body.issues).toEqual([{ path: "weights", message: expect.any(String) }]);
    expect(jobBodySchema.parse(await (await getJob(get(`/api/jobs/${job.id}`, acme.cookie), params({ id: job.id }))).json()).weights.required_skills).toBe(80);
  });

  it("refuses a missing title or description (422)", async () => {
    expect((await create(acme, { title: "", description: "x" })).status).toBe(422);
    expect((await create(acme, { title: "No description" })).status).toBe(422);
  });

  it("another organisation's recruiter gets 404; a candidate 403", async () => {
    const { job } = await create(acme, { title: "Private", description: "Requirements: SQL" });
    expect((await getJob(get(`/api/jobs/${job.id}`, globex.cookie), params({ id: job.id }))).status).toBe(404);
    expect((await patch(globex, job.id, { title: "Taken" })).status).toBe(404);
    expect((await getJob(get(`/api/jobs/${job.id}`, alice.cookie), params({ id: job.id }))).status).toBe(403);
    expect((await create(alice, { title: "Mine", description: "Requirements: SQL" })).status).toBe(403);
    expect((await listJobs(get("/api/jobs", alice.cookie), params({}))).status).toBe(403);
  });
});

describe("POST /api/resumes with jobId", () => {
  function withJob(jobId: string, extra: Record<string, string> = {}) {
    const req = uploadRequest({
      cookie: alice.cookie,
      bytes: new TextEncoder().encode(`Jane Doe ${Math.random()}\nExperience\nEngineer 2019 - 2023\nSkills: SQL`),
      fileName: "cv.txt",
    });
    return req.formData().then((form) => {
      form.set("jobId", jobId);
      for (const [k, v] of Object.entries(extra)) form.set(k, v);
      return uploadResume(new Request(`${BASE}/api/resumes`, { method: "POST", body: form, headers: { cookie: alice.cookie } }), params({}));
    });
  }

  it("an open job's description is the job description; a closed job is 409, an unknown one 404, with a jobDescription too 422", async () => {
    const { job } = await create(acme, { title: "Data", description: "Requirements: SQL and Python" });
    const ok = await withJob(job.id);
    expect(ok.status).toBe(202);
    const { resumeId } = (await ok.json()) as { resumeId: string };
    const [row] = await db.select().from(resumes).where(eq(resumes.id, resumeId));
    expect(row).toMatchObject({ jobDescription: "Requirements: SQL and Python", organizationId: null, ownerId: alice.userId });

    expect((await withJob(job.id, { jobDescription: "Something else" })).status).toBe(422);
    expect((await withJob("3f6c1c1e-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await withJob("not-a-uuid")).status).toBe(404);
    await patch(acme, job.id, { status: "closed" });
    const closed = await withJob(job.id);
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { code: string }).code).toBe("conflict:job");
  });
});

describe("job.skills with a model (the fake OpenAI-compatible server)", () => {
  const JD = "Senior Frontend Engineer\nRequirements\n- TypeScript, React and SQL\n- Kubernetes in production\nNice to have\n- GraphQL";
  let llm: Awaited<ReturnType<typeof import("@/scripts/fake-llm/server").startFakeLlm>>;
  let consumer: StreamConsumer;

  beforeAll(async () => {
    const { startFakeLlm } = await import("@/scripts/fake-llm/server");
    llm = await startFakeLlm();
    delete process.env.LLM_PROVIDER;
    process.env.LLM_BASE_URL = llm.url;
    process.env.LLM_API_KEY = "test";
    process.env.LLM_MODEL = "gpt-4o-mini";
    consumer = new StreamConsumer({ db, redis: getRedis(), log: createLogger("test") }, [jobSkillsHandler(db)], { blockMs: 100 });
    await consumer.start();
  });

  afterAll(async () => {
    await consumer.stop();
    await llm.close();
    process.env.LLM_PROVIDER = "offline";
  });

  const skillsTaskOf = async (jobId: string) => (await db.select({ id: jobs.skillsTaskId }).from(jobs).where(eq(jobs.id, jobId)))[0].id!;
  const ended = (taskId: string) =>
    eventually(async () => {
      const t = await getTaskById(db, { id: taskId });
      return t && ["COMPLETED", "FAILED", "TERMINATED_BY_POLICY"].includes(t.status) ? t : undefined;
    }, 30_000);

  it("the job answers at once with the offline lists and a PENDING task; the model's lists, grounded in the description, replace them", async () => {
    const { status, job } = await create(acme, { title: "Senior Frontend Engineer", description: JD });
    expect(status).toBe(201);
    expect(job).toMatchObject({ skillsSource: "offline", skillsStatus: "PENDING" });
    expect(job.requiredSkills).toEqual(expect.arrayContaining(["TypeScript", "React", "SQL", "Kubernetes"]));
    const [skillsTask] = await db
      .select()
      .from(tasks)
      .where(eq(tasks.id, await skillsTaskOf(job.id)));
    expect(skillsTask).toMatchObject({ type: "job.skills", lane: "interactive", ownerId: acme.userId, organizationId: acme.organizationId, fairKey: null });

    expect((await ended(skillsTask.id)).status).toBe("COMPLETED");
    const read = jobBodySchema.parse(await (await getJob(get(`/api/jobs/${job.id}`, acme.cookie), params({ id: job.id }))).json());
    expect(read.skillsSource).toBe("gpt-4o-mini");
    expect(read.skillsStatus).toBe("COMPLETED");
    // The fake model names TypeScript, React and SQL (and nothing of Kubernetes): its lists, not the dictionary's.
    expect(read.requiredSkills.length).toBeGreaterThanOrEqual(2);
    expect(["TypeScript", "React", "SQL"]).toEqual(expect.arrayContaining(read.requiredSkills));
    expect(read.requiredSkills).not.toContain("Kubernetes");

    const [request] = llm.requests().filter((r) => r.path === "/v1/chat/completions");
    const prompt = JSON.stringify(request.body);
    expect(prompt).toContain("<job_description>");
    expect(prompt).toContain("job-skills@1");
    const usage = await db.select().from(llmUsage).where(eq(llmUsage.taskId, skillsTask.id));
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ feature: "job.skills", organizationId: acme.organizationId, userId: acme.userId, outcome: "ok" });
  });

  it("edited wins: lists the recruiter sets while the model is answering stay, and the task still completes", async () => {
    llm.reset();
    llm.control({ mode: "slow", delayMs: 3_000, count: 1 });
    const { job } = await create(acme, { title: "Frontend", description: JD });
    // The model call is out (the fake server holds it): now the recruiter edits.
    await eventually(async () => llm.requests().some((r) => r.path === "/v1/chat/completions"));
    const edited = await patch(acme, job.id, { requiredSkills: ["TypeScript", "Accessibility"], preferredSkills: [] });
    expect(edited.body.skillsSource).toBe("edited");
    const taskId = await skillsTaskOf(job.id);
    expect((await ended(taskId)).status).toBe("COMPLETED");
    expect(llm.requests().find((r) => r.path === "/v1/chat/completions")?.status).toBe(200);
    const read = jobBodySchema.parse(await (await getJob(get(`/api/jobs/${job.id}`, acme.cookie), params({ id: job.id }))).json());
    expect(read).toMatchObject({ skillsSource: "edited", requiredSkills: ["TypeScript", "Accessibility"], preferredSkills: [], skillsStatus: "COMPLETED" });
  });
});
