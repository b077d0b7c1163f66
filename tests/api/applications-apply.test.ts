import "../helpers/env";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as apply } from "@/app/api/jobs/[id]/applications/route";
import { GET as listOpenings } from "@/app/api/openings/route";
import { GET as listResumes } from "@/app/api/resumes/route";
import { closeDb, getDb } from "@/lib/db/client";
import { getTaskById } from "@/lib/db/queries/tasks";
import { analyses, applicationEvents, applications, jobs, resumes } from "@/lib/db/schema";
import type { ApplyBody, OpeningListBody } from "@/lib/jobs/sharing-contracts";
import { createLogger } from "@/lib/log";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { acceptResumeUpload } from "@/lib/resume/service";
import { resumeAnalyzeHandler } from "@/worker/handlers/resume-analyze";
import { corpusPath } from "../corpus-dir";
import { candidate, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix, eventually } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";
import { startRecruitingWorker } from "../helpers/recruiting";

const db = getDb();
const redis = getRedis();
const log = createLogger("test");
const JOB_DESCRIPTION = readFileSync(corpusPath("jobs/en_swe_full-stack-engineer_resume-matcher.txt"), "utf8");
const RESUME = readFileSync(corpusPath("resumes-txt-md/en_plain_sample_resume.txt"));
let alice: TestActor;
let bob: TestActor;
let acme: TestActor;
let worker: Awaited<ReturnType<typeof startRecruitingWorker>>;

beforeAll(async () => {
  process.env.LLM_PROVIDER = "offline";
  [alice, bob, acme] = await Promise.all([candidate(), candidate(), recruiter(db)]);
  worker = await startRecruitingWorker({ db, redis, log }, [resumeAnalyzeHandler(db)]);
});

afterAll(async () => {
  await worker.stop();
  await clearPrefix(redis);
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

/** A job of the recruiter's organisation, written straight to its table (the job routes are the jobs domain's). */
async function job(over: Partial<typeof jobs.$inferInsert> = {}) {
  const [row] = await db
    .insert(jobs)
    .values({
      organizationId: acme.organizationId!,
      title: "Senior Full Stack Engineer",
      description: JOB_DESCRIPTION,
      requiredSkills: ["JavaScript", "Python"],
      ...over,
    })
    .returning();
  return row;
}

/** One of `who`'s own resumes (no job description), analysed or on its way. */
async function ownResume(who: TestActor) {
  const { resume, task } = await acceptResumeUpload(
    { db, redis, log },
    { ownerId: who.userId, fileName: "cv.txt", bytes: Buffer.concat([RESUME, Buffer.from(`\n${randomUUID()}`)]), jobDescription: null },
  );
  return { resume, task };
}

function applyTo(jobId: string, resumeId: string, cookie: string) {
  return apply(
    new Request(`${BASE}/api/jobs/${jobId}/applications`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ resumeId }),
    }),
    params({ id: jobId }),
  );
}

describe("POST /api/jobs/{id}/applications", () => {
  it("applies with a copy the organisation reads, analysed against the job's description, on the batch lane of the organisation", async () => {
    const j = await job();
    const own = await ownResume(alice);
    const listBefore = (await (await listResumes(get("/api/resumes", alice.cookie), params({}))).json()) as { items: { id: string }[] };

    const res = await applyTo(j.id, own.resume.id, alice.cookie);
    expect(res.status).toBe(201);
    const body = (await res.json()) as ApplyBody;
    expect(body).toMatchObject({ duplicate: false });
    expect(body.resumeId).not.toBe(own.resume.id);

    // The organisation's copy: same file, the job's description, the candidate as its owner.
    const [copy] = await db.select().from(resumes).where(eq(resumes.id, body.resumeId));
    expect(copy).toMatchObject({ organizationId: acme.organizationId, ownerId: alice.userId, fileId: own.resume.fileId, jobDescription: JOB_DESCRIPTION });
    const orgResumes = await db.select({ id: resumes.id }).from(resumes).where(eq(resumes.organizationId, acme.organizationId!));
    expect(orgResumes.map((r) => r.id)).toContain(body.resumeId);
    const [application] = await db.select().from(applications).where(eq(applications.id, body.applicationId));
    expect(application).toMatchObject({
      jobId: j.id,
      organizationId: acme.organizationId,
      resumeId: body.resumeId,
      source: "applied",
      candidateId: alice.userId,
      stage: "new",
    });
    const events = await db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, body.applicationId));
    expect(events.map((e) => [e.kind, e.actorId])).toEqual([["created", alice.userId]]);
    const task = await getTaskById(db, { id: body.taskId });
    expect(task).toMatchObject({
      type: "resume.analyze",
      lane: "batch",
      organizationId: acme.organizationId,
      fairKey: acme.organizationId,
      ownerId: alice.userId,
    });

    // The candidate's own resume is untouched, and the copy is not in their list.
    const [original] = await db.select().from(resumes).where(eq(resumes.id, own.resume.id));
    expect(original).toMatchObject({ organizationId: null, jobDescription: null, taskId: own.task.id });
    const listAfter = (await (await listResumes(get("/api/resumes", alice.cookie), params({}))).json()) as { items: { id: string }[] };
    expect(listAfter.items.map((i) => i.id)).toEqual(listBefore.items.map((i) => i.id));

    // The worker analyses the copy against the job: skills of the job matched or missing; the original has no job to match.
    await eventually(async () => (await getTaskById(db, { id: body.taskId }))?.status === "COMPLETED", 30_000);
    await eventually(async () => (await getTaskById(db, { id: own.task.id }))?.status === "COMPLETED", 30_000);
    const [copyAnalysis] = await db.select().from(analyses).where(eq(analyses.taskId, body.taskId));
    const [ownAnalysis] = await db.select().from(analyses).where(eq(analyses.taskId, own.task.id));
    const copyResult = copyAnalysis.result as { matchPercent: number | null; matchedSkills: string[]; missingSkills: string[] };
    expect(copyResult.matchPercent).not.toBeNull();
    expect([...copyResult.matchedSkills, ...copyResult.missingSkills]).toEqual(expect.arrayContaining(["JavaScript", "MySQL"]));
    expect((ownAnalysis.result as { matchPercent: number | null }).matchPercent).toBeNull();
  });

  it("applying twice with the same resume answers the first application (200, duplicate) and writes nothing more", async () => {
    const j = await job();
    const own = await ownResume(alice);
    const first = (await (await applyTo(j.id, own.resume.id, alice.cookie)).json()) as ApplyBody;
    const again = await applyTo(j.id, own.resume.id, alice.cookie);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...first, duplicate: true });
    expect(await db.$count(applications, eq(applications.jobId, j.id))).toBe(1);
    expect(await db.$count(resumes, and(eq(resumes.organizationId, acme.organizationId!), eq(resumes.fileId, own.resume.fileId)))).toBe(1);
  });

  it("refuses a closed job (409), another person's resume and an organisation's copy (404), and a job that does not exist (404)", async () => {
    const open = await job();
    const closed = await job({ status: "closed" });
    const own = await ownResume(alice);
    const bobs = await ownResume(bob);

    const shut = await applyTo(closed.id, own.resume.id, alice.cookie);
    expect(shut.status).toBe(409);
    expect(await shut.json()).toMatchObject({ code: "conflict:job" });

    const foreign = await applyTo(open.id, bobs.resume.id, alice.cookie);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "not_found:resume" });

    const copy = (await (await applyTo(open.id, own.resume.id, alice.cookie)).json()) as ApplyBody;
    const other = await job();
    const withCopy = await applyTo(other.id, copy.resumeId, alice.cookie);
    expect(withCopy.status).toBe(404);

    const missing = await applyTo(randomUUID(), own.resume.id, alice.cookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "not_found:job" });
    expect(await db.$count(applications, eq(applications.jobId, closed.id))).toBe(0);
  });
});

describe("GET /api/openings", () => {
  it("shows a Markdown posting with YAML front matter as readable text, its template comments gone, and both skill lists", async () => {
    const posting = readFileSync(corpusPath("jobs/en_swe_senior-software-engineer_gsa-tts.md"), "utf8");
    expect(posting).toMatch(/^---\n/);
    const j = await job({ title: "Posted from Markdown", description: posting, requiredSkills: ["Python"], preferredSkills: ["Ruby"] });
    let found: OpeningListBody["items"][number] | undefined;
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page = (await (
        await listOpenings(get(`/api/openings?limit=100${cursor ? `&cursor=${cursor}` : ""}`, bob.cookie), params({}))
      ).json()) as OpeningListBody;
      found ??= page.items.find((o) => o.id === j.id);
      cursor = found ? null : page.nextCursor;
    }
    expect(found).toMatchObject({ requiredSkills: ["Python"], preferredSkills: ["Ruby"] });
    expect(found!.description).not.toMatch(/^---|\{\{|^\s*#/m);
    expect(found!.description.length).toBeGreaterThan(500);
  });

  it("lists open jobs of every organisation with the caller's own application, newest first, page by page", async () => {
    const other = await recruiter(db);
    const older = await job({ title: "Older opening" });
    const [newer] = await db
      .insert(jobs)
      .values({ organizationId: other.organizationId!, title: "Newer opening", description: "Go and PostgreSQL." })
      .returning();
    const closed = await job({ title: "Closed opening", status: "closed" });
    const own = await ownResume(bob);
    const applied = (await (await applyTo(older.id, own.resume.id, bob.cookie)).json()) as ApplyBody;

    const seen: OpeningListBody["items"] = [];
    let cursor: string | null = null;
    do {
      const url = `/api/openings?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await listOpenings(get(url, bob.cookie), params({}));
      expect(res.status).toBe(200);
      const page = (await res.json()) as OpeningListBody;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);

    const ids = seen.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(closed.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(seen.find((o) => o.id === newer.id)).toMatchObject({ organizationName: expect.stringMatching(/^Org /), myApplication: null });
    expect(seen.find((o) => o.id === older.id)?.myApplication).toMatchObject({ id: applied.applicationId, resumeId: applied.resumeId });
    // Another candidate sees the same job without bob's application.
    const alices = (await (await listOpenings(get("/api/openings?limit=100", alice.cookie), params({}))).json()) as OpeningListBody;
    expect(alices.items.find((o) => o.id === older.id)?.myApplication?.id).not.toBe(applied.applicationId);
  });

  it("refuses a cursor it did not give (422)", async () => {
    const res = await listOpenings(get("/api/openings?cursor=bm90LWEtY3Vyc29y", alice.cookie), params({}));
    expect(res.status).toBe(422);
  });
});
