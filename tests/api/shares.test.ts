import "../helpers/env";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as endInterview } from "@/app/api/interviews/[id]/end/route";
import { DELETE as withdraw } from "@/app/api/interviews/[id]/shares/[shareId]/route";
import { GET as listShares, POST as share } from "@/app/api/interviews/[id]/shares/route";
import { POST as apply } from "@/app/api/jobs/[id]/applications/route";
import { GET as readShared } from "@/app/api/shared-reports/[shareId]/route";
import { GET as listShared } from "@/app/api/shared-reports/route";
import { closeDb, getDb } from "@/lib/db/client";
import { getTaskById } from "@/lib/db/queries/tasks";
import { jobs } from "@/lib/db/schema";
import { reportSchema } from "@/lib/interview/schemas";
import type { Share, SharedReportBody, ShareListBody } from "@/lib/jobs/sharing-contracts";
import { createLogger } from "@/lib/log";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { acceptResumeUpload } from "@/lib/resume/service";
import { interviewEvaluateHandler } from "@/worker/handlers/interview-evaluate";
import { candidate, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix, eventually } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";
import { plannedInterview } from "../helpers/interviews";
import { startRecruitingWorker } from "../helpers/recruiting";

const db = getDb();
const redis = getRedis();
const log = createLogger("test");
let acme: TestActor;
let globex: TestActor;
let alice: TestActor;
let bob: TestActor;
let worker: Awaited<ReturnType<typeof startRecruitingWorker>>;

beforeAll(async () => {
  process.env.LLM_PROVIDER = "offline";
  [acme, globex, alice, bob] = await Promise.all([recruiter(db), recruiter(db), candidate(), candidate()]);
  worker = await startRecruitingWorker({ db, redis, log }, [interviewEvaluateHandler(db)]);
});

afterAll(async () => {
  await worker.stop();
  await clearPrefix(redis);
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

async function job(organizationId: string, over: Partial<typeof jobs.$inferInsert> = {}) {
  const [row] = await db
    .insert(jobs)
    .values({ organizationId, title: "Data Engineer", description: "Python, SQL and Airflow pipelines.", ...over })
    .returning();
  return row;
}

function send(method: string, path: string, cookie: string, body?: unknown): Request {
  return new Request(`${BASE}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** An interview of `who` ended and evaluated by the worker (offline). */
async function evaluatedInterview(who: TestActor): Promise<string> {
  const { id } = await plannedInterview(db, who.userId);
  const ended = (await (await endInterview(send("POST", `/api/interviews/${id}/end`, who.cookie), params({ id }))).json()) as { taskId: string };
  await eventually(async () => (await getTaskById(db, { id: ended.taskId }))?.status === "COMPLETED", 30_000);
  return id;
}

/** `who` applies to `jobId` with a fresh resume of their own (so acme is an organisation they dealt with). */
async function applyTo(jobId: string, who: TestActor) {
  const { resume } = await acceptResumeUpload(
    { db, redis, log },
    {
      ownerId: who.userId,
      fileName: "cv.txt",
      bytes: Buffer.from(`Jane Doe ${randomUUID()}\nExperience\nData Engineer 2019 - 2023\nSkills: Python`),
      jobDescription: null,
    },
  );
  const res = await apply(send("POST", `/api/jobs/${jobId}/applications`, who.cookie, { resumeId: resume.id }), params({ id: jobId }));
  expect(res.status).toBe(201);
}

const shareWith = (interviewId: string, who: TestActor, target: Record<string, string>) =>
  share(send("POST", `/api/interviews/${interviewId}/shares`, who.cookie, target), params({ id: interviewId }));
const readAs = (shareId: string, who: TestActor) => readShared(get(`/api/shared-reports/${shareId}`, who.cookie), params({ shareId }));
const sharedIds = async (who: TestActor) =>
  ((await (await listShared(get("/api/shared-reports", who.cookie), params({}))).json()) as { items: { shareId: string }[] }).items.map((i) => i.shareId);

describe("shared interview reports", () => {
  it("share → the organisation's recruiter reads the report, another organisation's gets 404; withdraw → 404 again", async () => {
    const acmeJob = await job(acme.organizationId!);
    await applyTo(acmeJob.id, alice);
    const interviewId = await evaluatedInterview(alice);

    const res = await shareWith(interviewId, alice, { organizationId: acme.organizationId! });
    expect(res.status).toBe(201);
    const made = (await res.json()) as Share;
    expect(made).toMatchObject({
      interviewId,
      organizationId: acme.organizationId,
      organizationName: expect.stringMatching(/^Org /),
      jobId: null,
      withdrawnAt: null,
    });
    const again = await shareWith(interviewId, alice, { organizationId: acme.organizationId! });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Share).id).toBe(made.id);

    const read = await readAs(made.id, acme);
    expect(read.status).toBe(200);
    const body = (await read.json()) as SharedReportBody;
    expect(body).toMatchObject({ shareId: made.id, interviewId, candidateName: "Candidate", role: "backend engineer", questionCount: 5 });
    expect(reportSchema.parse(body.report).questions).toHaveLength(5);
    expect(await sharedIds(acme)).toContain(made.id);
    expect((await readAs(made.id, globex)).status).toBe(404);
    expect(await sharedIds(globex)).not.toContain(made.id);

    const gone = await withdraw(
      send("DELETE", `/api/interviews/${interviewId}/shares/${made.id}`, alice.cookie),
      params({ id: interviewId, shareId: made.id }),
    );
    expect(gone.status).toBe(200);
    const withdrawn = (await gone.json()) as Share;
    expect(withdrawn.withdrawnAt).not.toBeNull();
    expect((await readAs(made.id, acme)).status).toBe(404);
    expect(await sharedIds(acme)).not.toContain(made.id);
    // Withdrawing again changes nothing; the list keeps the withdrawn share.
    const twice = await withdraw(
      send("DELETE", `/api/interviews/${interviewId}/shares/${made.id}`, alice.cookie),
      params({ id: interviewId, shareId: made.id }),
    );
    expect(((await twice.json()) as Share).withdrawnAt).toBe(withdrawn.withdrawnAt);
    const listed = (await (await listShares(get(`/api/interviews/${interviewId}/shares`, alice.cookie), params({ id: interviewId }))).json()) as ShareListBody;
    expect(listed.items).toEqual([withdrawn]);
    // Where the report may go: the job alice applied to.
    expect(listed.targets).toEqual([
      { jobId: acmeJob.id, jobTitle: "Data Engineer", organizationId: acme.organizationId, organizationName: expect.stringMatching(/^Org /) },
    ]);

    // Shared anew for a job: a new share the organisation reads again.
    const forJob = await shareWith(interviewId, alice, { jobId: acmeJob.id });
    expect(forJob.status).toBe(201);
    const renewed = (await forJob.json()) as Share;
    expect(renewed).toMatchObject({ organizationId: acme.organizationId, jobId: acmeJob.id, jobTitle: "Data Engineer" });
    expect(renewed.id).not.toBe(made.id);
    expect((await readAs(renewed.id, acme)).status).toBe(200);
  });

  it("no report yet is 409; an organisation never dealt with, a closed job of one and a missing job are 404", async () => {
    const { id: unevaluated } = await plannedInterview(db, bob.userId);
    const early = await shareWith(unevaluated, bob, { organizationId: globex.organizationId! });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: "conflict:share" });

    const interviewId = await evaluatedInterview(bob);
    const stranger = await shareWith(interviewId, bob, { organizationId: globex.organizationId! });
    expect(stranger.status).toBe(404);
    const closed = await job(globex.organizationId!, { status: "closed" });
    expect((await shareWith(interviewId, bob, { jobId: closed.id })).status).toBe(404);
    expect((await shareWith(interviewId, bob, { jobId: randomUUID() })).status).toBe(404);
    // An open job's organisation may be shared with: the candidate is answering its posting.
    const open = await job(globex.organizationId!);
    expect((await shareWith(interviewId, bob, { jobId: open.id })).status).toBe(201);
  });

  it("only the interview's owner lists, shares or withdraws", async () => {
    const acmeJob = await job(acme.organizationId!);
    await applyTo(acmeJob.id, alice);
    await applyTo(acmeJob.id, bob);
    const interviewId = await evaluatedInterview(alice);
    const made = (await (await shareWith(interviewId, alice, { jobId: acmeJob.id })).json()) as Share;
    expect((await listShares(get(`/api/interviews/${interviewId}/shares`, bob.cookie), params({ id: interviewId }))).status).toBe(404);
    expect((await shareWith(interviewId, bob, { jobId: acmeJob.id })).status).toBe(404);
    const foreign = await withdraw(
      send("DELETE", `/api/interviews/${interviewId}/shares/${made.id}`, bob.cookie),
      params({ id: interviewId, shareId: made.id }),
    );
    expect(foreign.status).toBe(404);
    expect((await readAs(made.id, acme)).status).toBe(200);
    // A recruiter is read-only here: the shares of a candidate's interview are not theirs to list.
    expect((await listShares(get(`/api/interviews/${interviewId}/shares`, acme.cookie), params({ id: interviewId }))).status).toBe(404);
  });
});
