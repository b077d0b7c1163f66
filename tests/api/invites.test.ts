import "../helpers/env";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as chat } from "@/app/api/interviews/[id]/chat/route";
import { POST as endInterview } from "@/app/api/interviews/[id]/end/route";
import { POST as accept } from "@/app/api/invites/[token]/accept/route";
import { GET as readInvite } from "@/app/api/invites/[token]/route";
import { POST as createInvite, GET as listInvites } from "@/app/api/jobs/[id]/invites/route";
import { GET as readShared } from "@/app/api/shared-reports/[shareId]/route";
import { GET as listShared } from "@/app/api/shared-reports/route";
import { closeDb, getDb } from "@/lib/db/client";
import { getInterviewById } from "@/lib/db/queries/interviews";
import { getTaskById } from "@/lib/db/queries/tasks";
import { interviewInvites, interviews, jobs, reportShares } from "@/lib/db/schema";
import { buildOfflinePlan } from "@/lib/interview/offline";
import { planSchema, reportSchema } from "@/lib/interview/schemas";
import type { AcceptInviteBody, InviteBody, SharedReportBody } from "@/lib/jobs/sharing-contracts";
import { createLogger } from "@/lib/log";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { interviewEvaluateHandler } from "@/worker/handlers/interview-evaluate";
import { interviewPlanHandler } from "@/worker/handlers/interview-plan";
import { candidate, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix, eventually } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";
import { startRecruitingWorker } from "../helpers/recruiting";

const db = getDb();
const redis = getRedis();
const log = createLogger("test");
const SKILLS = { required: ["PostgreSQL", "Kafka", "Redis"], preferred: ["Kubernetes"] };
let acme: TestActor;
let globex: TestActor;
let alice: TestActor;
let bob: TestActor;
let worker: Awaited<ReturnType<typeof startRecruitingWorker>>;

beforeAll(async () => {
  process.env.LLM_PROVIDER = "offline";
  [acme, globex, alice, bob] = await Promise.all([recruiter(db), recruiter(db), candidate(), candidate()]);
  worker = await startRecruitingWorker({ db, redis, log }, [interviewPlanHandler(db), interviewEvaluateHandler(db)]);
});

afterAll(async () => {
  await worker.stop();
  await clearPrefix(redis);
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

/** A job of acme's, written straight to its table (the job routes are the jobs domain's). */
async function job(over: Partial<typeof jobs.$inferInsert> = {}) {
  const [row] = await db
    .insert(jobs)
    .values({
      organizationId: acme.organizationId!,
      title: "Backend Engineer",
      description: "We build payment APIs.\n\nYou will design services and stream events between them.",
      requiredSkills: SKILLS.required,
      preferredSkills: SKILLS.preferred,
      seniority: "senior",
      ...over,
    })
    .returning();
  return row;
}

function post(path: string, cookie: string, body: unknown): Request {
  return new Request(`${BASE}${path}`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) });
}

async function invite(jobId: string, body: Record<string, unknown> = {}, cookie = acme.cookie) {
  const res = await createInvite(post(`/api/jobs/${jobId}/invites`, cookie, body), params({ id: jobId }));
  return { status: res.status, body: (await res.json()) as InviteBody & { code?: string } };
}

const tokenOf = (url: string) => url.split("/invites/")[1]!;

async function acceptAs(token: string, who: TestActor, shareReport: boolean) {
  const res = await accept(post(`/api/invites/${token}/accept`, who.cookie, { shareReport }), params({ token }));
  return { status: res.status, body: (await res.json()) as AcceptInviteBody & { code?: string } };
}

/** Plans (worker), answers the first question, ends, and waits for the report (worker). */
async function finish(interviewId: string, who: TestActor) {
  const interview = await eventually(async () => {
    const i = await getInterviewById(db, { id: interviewId });
    return i?.plan ? i : undefined;
  }, 30_000);
  await (await chat(post(`/api/interviews/${interviewId}/chat`, who.cookie, { action: "start", messages: [] }), params({ id: interviewId }))).text();
  const answer = { id: randomUUID(), role: "user", parts: [{ type: "text", text: "I would index the hot query, measure p99 latency and cache reads." }] };
  await (await chat(post(`/api/interviews/${interviewId}/chat`, who.cookie, { action: "answer", messages: [answer] }), params({ id: interviewId }))).text();
  const ended = (await (await endInterview(post(`/api/interviews/${interviewId}/end`, who.cookie, {}), params({ id: interviewId }))).json()) as {
    taskId: string;
  };
  await eventually(async () => (await getTaskById(db, { id: ended.taskId }))?.status === "COMPLETED", 30_000);
  return interview;
}

describe("interview invitations", () => {
  it("invite → accept → an interview configured for the job, its report shared with the organisation when the candidate agreed", async () => {
    const j = await job();
    const made = await invite(j.id, { email: "alice@example.test", level: "mid", questionCount: 7, language: "en" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      jobId: j.id,
      jobTitle: "Backend Engineer",
      role: "Backend Engineer",
      level: "mid",
      questionCount: 7,
      language: "en",
      email: "alice@example.test",
    });
    const token = tokenOf(made.body.url!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);

    // The landing page's view: the job, the organisation, no link and no interview yet.
    const landing = await readInvite(get(`/api/invites/${token}`, alice.cookie), params({ token }));
    expect(landing.status).toBe(200);
    const shown = (await landing.json()) as InviteBody;
    expect(shown).toMatchObject({ id: made.body.id, organizationName: expect.stringMatching(/^Org /), interviewId: null, shareReport: null });
    expect(shown.url).toBeUndefined();

    const accepted = await acceptAs(token, alice, true);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ shareReport: true, duplicate: false });
    const again = await acceptAs(token, alice, false);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ interviewId: accepted.body.interviewId, shareReport: true, duplicate: true });
    const [row] = await db.select().from(interviewInvites).where(eq(interviewInvites.id, made.body.id));
    expect(row).toMatchObject({ acceptedBy: alice.userId, interviewId: accepted.body.interviewId, shareReport: true });

    // Configured for the job; the plan is the planner's for the job's description and skills.
    const interview = await finish(accepted.body.interviewId, alice);
    expect(interview).toMatchObject({ ownerId: alice.userId, role: "Backend Engineer", level: "mid", questionCount: 7, language: "en" });
    expect(interview.jobDescription).toContain("We build payment APIs.");
    expect(interview.jobDescription).toContain("Required skills: PostgreSQL, Kafka, Redis");
    const plan = planSchema.parse(interview.plan);
    expect(plan.questions).toHaveLength(7);
    const skillPattern = new RegExp([...SKILLS.required, ...SKILLS.preferred].join("|"), "i");
    expect(plan.questions.some((q) => skillPattern.test([q.question, ...q.keyPoints, q.referenceAnswer].join(" ")))).toBe(true);
    const expected = buildOfflinePlan({
      role: "Backend Engineer",
      level: "mid",
      questionCount: 7,
      language: "en",
      jobDescription: interview.jobDescription,
      seed: interview.id,
    });
    expect(plan.questions.map((q) => q.id)).toEqual(expected.questions.map((q) => q.id));

    // The report went to acme with the evaluation; acme's recruiter reads it, globex's does not.
    const shares = await db.select().from(reportShares).where(eq(reportShares.interviewId, interview.id));
    expect(shares).toHaveLength(1);
    expect(shares[0]).toMatchObject({ organizationId: acme.organizationId, jobId: j.id, sharedBy: alice.userId, withdrawnAt: null });
    const list = (await (await listShared(get("/api/shared-reports", acme.cookie), params({}))).json()) as {
      items: { shareId: string; candidateName: string }[];
    };
    expect(list.items.map((i) => i.shareId)).toContain(shares[0].id);
    const shareId = shares[0].id;
    const read = await readShared(get(`/api/shared-reports/${shareId}`, acme.cookie), params({ shareId }));
    expect(read.status).toBe(200);
    const body = (await read.json()) as SharedReportBody;
    expect(body).toMatchObject({ interviewId: interview.id, role: "Backend Engineer", jobTitle: "Backend Engineer", level: "mid" });
    expect(reportSchema.parse(body.report).questions).toHaveLength(7);
    expect((await readShared(get(`/api/shared-reports/${shareId}`, globex.cookie), params({ shareId }))).status).toBe(404);
  });

  it("a candidate who declined keeps the report to themselves; the level and length come from the job when not given", async () => {
    const j = await job({ seniority: "lead", language: "en" });
    const made = await invite(j.id);
    expect(made.body).toMatchObject({ level: "senior", questionCount: 6, language: "en" });
    const accepted = await acceptAs(tokenOf(made.body.url!), bob, false);
    expect(accepted.status).toBe(201);
    await finish(accepted.body.interviewId, bob);
    expect(await db.$count(reportShares, eq(reportShares.interviewId, accepted.body.interviewId))).toBe(0);
  });

  it("an expired link, an unknown one and one another person accepted are 404 (landing and accept)", async () => {
    const j = await job();
    const expired = tokenOf((await invite(j.id)).body.url!);
    await db.update(interviewInvites).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(interviewInvites.token, expired));
    const unknown = Buffer.alloc(32, 7).toString("base64url");
    const taken = tokenOf((await invite(j.id)).body.url!);
    expect((await acceptAs(taken, alice, false)).status).toBe(201);
    for (const token of [expired, unknown, taken]) {
      const landing = await readInvite(get(`/api/invites/${token}`, bob.cookie), params({ token }));
      expect(landing.status, token).toBe(404);
      expect(await landing.json()).toMatchObject({ code: "not_found:invite" });
      expect((await acceptAs(token, bob, true)).status, token).toBe(404);
    }
    expect((await readInvite(get("/api/invites/not-a-token", bob.cookie), params({ token: "not-a-token" }))).status).toBe(404);
  });

  it("a job closed after the invitation went out takes no acceptance (409); one accepted before still answers its interview", async () => {
    const j = await job();
    const accepted = tokenOf((await invite(j.id)).body.url!);
    const first = await acceptAs(accepted, alice, false);
    expect(first.status).toBe(201);
    const pending = tokenOf((await invite(j.id)).body.url!);
    await db.update(jobs).set({ status: "closed" }).where(eq(jobs.id, j.id));
    const refused = await acceptAs(pending, bob, true);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "conflict:invite" });
    const again = await acceptAs(accepted, alice, false);
    expect(again.status).toBe(200);
    expect(again.body.interviewId).toBe(first.body.interviewId);
  });

  it("two acceptances at once make one interview", async () => {
    const token = tokenOf((await invite((await job()).id)).body.url!);
    const before = await db.$count(interviews, eq(interviews.ownerId, alice.userId));
    const [a, b] = await Promise.all([acceptAs(token, alice, true), acceptAs(token, alice, true)]);
    expect(a.body.interviewId).toBe(b.body.interviewId);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(await db.$count(interviews, eq(interviews.ownerId, alice.userId))).toBe(before + 1);
  });

  it("only the job's organisation invites and lists invitations; a closed job takes none", async () => {
    const j = await job();
    expect((await invite(j.id, {}, globex.cookie)).status).toBe(404);
    const closed = await job({ status: "closed" });
    const shut = await invite(closed.id);
    expect(shut.status).toBe(409);
    expect(shut.body.code).toBe("conflict:job");
    const made = await invite(j.id);
    const listed = (await (await listInvites(get(`/api/jobs/${j.id}/invites`, acme.cookie), params({ id: j.id }))).json()) as { items: InviteBody[] };
    expect(listed.items.map((i) => i.id)).toEqual([made.body.id]);
    expect(listed.items[0].url).toBeUndefined();
    expect((await listInvites(get(`/api/jobs/${j.id}/invites`, globex.cookie), params({ id: j.id }))).status).toBe(404);
    expect((await listInvites(get(`/api/jobs/${j.id}/invites`, alice.cookie), params({ id: j.id }))).status).toBe(403);
  });
});
