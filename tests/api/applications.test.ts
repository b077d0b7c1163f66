import "../helpers/env";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getApplication, PATCH as patchApplication } from "@/app/api/applications/[id]/route";
import { GET as getRanking } from "@/app/api/jobs/[id]/ranking/route";
import { POST as moveStage } from "@/app/api/jobs/[id]/stage/route";
import { closeDb, getDb } from "@/lib/db/client";
import { insertApplication } from "@/lib/db/queries/applications";
import { getTaskById } from "@/lib/db/queries/tasks";
import { applicationEvents, applications, reportShares, resumeProfiles, tasks } from "@/lib/db/schema";
import { type ApplicationBody, applicationBodySchema } from "@/lib/jobs/ranking-contracts";
import { createLogger } from "@/lib/log";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { acceptResumeUpload, analyseResume, readOrganizationResumeProfiles } from "@/lib/resume/service";
import { candidate, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";
import { unplannedInterview } from "../helpers/interviews";
import { jobFixture, uploadedApplication } from "../helpers/recruiting";

const db = getDb();
const redis = getRedis();
const deps = { db, redis, log: createLogger("test") };

let x: TestActor;
let y: TestActor;
let jobId: string;
let otherJobId: string;

const resumeText = (name: string) =>
  Buffer.from(
    `${name}\n${name.toLowerCase().replace(" ", ".")}@example.com\nExperience\nBackend Engineer, Acme Corp, Jan 2019 - Dec 2023\n` +
      "- Built the billing service in Go, cutting invoice run time from 6 hours to 40 minutes\n" +
      "- Designed the PostgreSQL schema for 30 million orders and wrote its migration tooling\n" +
      "Education\nBSc Computer Science, State University, 2018\nSkills: Go, PostgreSQL, Docker",
  );

async function newApplication(name: string, job = jobId) {
  return uploadedApplication(deps, {
    organizationId: x.organizationId!,
    uploaderId: x.userId,
    job: { id: job },
    fileName: `${name}.txt`,
    bytes: resumeText(name),
  });
}

const open = (id: string, actor = x) => getApplication(get(`/api/applications/${id}`, actor.cookie), params({ id }));
const patch = (id: string, body: unknown, actor = x) =>
  patchApplication(
    new Request(`${BASE}/api/applications/${id}`, {
      method: "PATCH",
      headers: { cookie: actor.cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    params({ id }),
  );
const bulk = (job: string, body: unknown, actor = x) =>
  moveStage(
    new Request(`${BASE}/api/jobs/${job}/stage`, {
      method: "POST",
      headers: { cookie: actor.cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    params({ id: job }),
  );
const parsed = async (res: Response): Promise<ApplicationBody> => applicationBodySchema.parse(await res.json());

beforeAll(async () => {
  x = await recruiter(db);
  y = await recruiter(db);
  jobId = (await jobFixture(db, { organizationId: x.organizationId!, createdBy: x.userId, description: "Go engineer" })).id;
  otherJobId = (await jobFixture(db, { organizationId: x.organizationId!, createdBy: x.userId, description: "Go engineer" })).id;
});

afterAll(async () => {
  await clearPrefix(redis);
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

describe("GET /api/applications/{id}", () => {
  it("opens the candidate: the name from the resume, the stage, the history and no shared reports yet", async () => {
    const a = await newApplication("Grace Hopper");
    const res = await open(a.applicationId);
    expect(res.status).toBe(200);
    const b = await parsed(res);
    expect(b).toMatchObject({ id: a.applicationId, jobId, resumeId: a.resumeId, source: "uploaded", stage: "new", notes: "", candidateLabel: "Grace Hopper" });
    expect(b.events).toEqual([expect.objectContaining({ kind: "created", toStage: "new", fromStage: null })]);
    expect(b.sharedInterviewIds).toEqual([]);
  });

  it("lists the interview reports the applicant shared with the organisation for this job, not withdrawn ones nor other jobs'", async () => {
    const c = await candidate();
    const { resume } = await acceptResumeUpload(deps, { ownerId: c.userId, fileName: "ada.txt", bytes: resumeText("Ada Byron"), jobDescription: null });
    const application = await insertApplication(db, {
      jobId,
      organizationId: x.organizationId!,
      resumeId: resume.id,
      source: "applied",
      candidateId: c.userId,
      actorId: c.userId,
    });
    const [shared, withdrawn, elsewhere] = await Promise.all([1, 2, 3].map(() => unplannedInterview(db, c.userId)));
    await db.insert(reportShares).values([
      { interviewId: shared.interview.id, organizationId: x.organizationId!, jobId, sharedBy: c.userId },
      { interviewId: withdrawn.interview.id, organizationId: x.organizationId!, jobId, sharedBy: c.userId, withdrawnAt: new Date() },
      { interviewId: elsewhere.interview.id, organizationId: x.organizationId!, jobId: otherJobId, sharedBy: c.userId },
    ]);
    const b = await parsed(await open(application.id));
    expect(b.source).toBe("applied");
    expect(b.sharedInterviewIds).toEqual([shared.interview.id]);
  });

  it("answers 404 to a recruiter of another organisation and for an id that does not exist", async () => {
    const a = await newApplication("Alan Turing");
    for (const res of [await open(a.applicationId, y), await open(crypto.randomUUID()), await open("nope")]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found:application" });
    }
  });
});

describe("PATCH /api/applications/{id}", () => {
  it("moves the stage and adds notes, each change a history row with who made it", async () => {
    const a = await newApplication("Katherine Johnson");
    const moved = await parsed(await patch(a.applicationId, { stage: "shortlisted", note: "Strong on Go." }));
    expect(moved.stage).toBe("shortlisted");
    expect(moved.notes).toBe("Strong on Go.");
    const again = await parsed(await patch(a.applicationId, { stage: "interview", note: "Book a call." }));
    expect(again.notes).toBe("Strong on Go.\n\nBook a call.");
    expect(again.events.map((e) => [e.kind, e.fromStage, e.toStage, e.note])).toEqual([
      ["created", null, "new", null],
      ["stage", "new", "shortlisted", null],
      ["note", null, null, "Strong on Go."],
      ["stage", "shortlisted", "interview", null],
      ["note", null, null, "Book a call."],
    ]);
    expect(again.events[1].actorName).toEqual(expect.any(String));
    // the same stage again changes nothing and writes no row
    const same = await parsed(await patch(a.applicationId, { stage: "interview" }));
    expect(same.events).toHaveLength(5);
  });

  it("refuses an unknown stage or an empty change (422) and another organisation's recruiter (404, nothing written)", async () => {
    const a = await newApplication("Mary Jackson");
    expect((await patch(a.applicationId, { stage: "hired" })).status).toBe(422);
    expect((await patch(a.applicationId, {})).status).toBe(422);
    const foreign = await patch(a.applicationId, { stage: "rejected", note: "x" }, y);
    expect(foreign.status).toBe(404);
    const [row] = await db.select().from(applications).where(eq(applications.id, a.applicationId));
    expect(row.stage).toBe("new");
    expect(await db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, a.applicationId))).toHaveLength(1);
  });
});

describe("POST /api/jobs/{id}/stage", () => {
  it("moves several applications at once, one history row each", async () => {
    const [a, b, c] = [await newApplication("Dorothy Vaughan"), await newApplication("Annie Easley"), await newApplication("Christine Darden")];
    const res = await bulk(jobId, { applicationIds: [a.applicationId, b.applicationId], stage: "rejected" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ moved: 2, stage: "rejected" });
    for (const id of [a.applicationId, b.applicationId]) {
      const opened = await parsed(await open(id));
      expect(opened.stage).toBe("rejected");
      expect(opened.events.at(-1)).toMatchObject({ kind: "stage", fromStage: "new", toStage: "rejected" });
    }
    expect((await parsed(await open(c.applicationId))).stage).toBe("new");
  });

  it("moves none when any id is not an application of this job (404), nor for another organisation's recruiter", async () => {
    const a = await newApplication("Hedy Lamarr");
    const elsewhere = await newApplication("Radia Perlman", otherJobId);
    const mixed = await bulk(jobId, { applicationIds: [a.applicationId, elsewhere.applicationId], stage: "offer" });
    expect(mixed.status).toBe(404);
    expect(await mixed.json()).toMatchObject({ code: "not_found:application" });
    expect((await parsed(await open(a.applicationId))).stage).toBe("new");

    const foreign = await bulk(jobId, { applicationIds: [a.applicationId], stage: "offer" }, y);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "not_found:job" });
    expect((await parsed(await open(a.applicationId))).stage).toBe("new");
    expect((await bulk(jobId, { applicationIds: [], stage: "offer" })).status).toBe(422);
  });
});

describe("applications without an analysis", () => {
  it("are counted in the ranking as pending, or failed when their analysis failed, not ranked", async () => {
    const job = await jobFixture(db, { organizationId: x.organizationId!, createdBy: x.userId, description: "Go engineer" });
    await newApplication("Edsger Dijkstra", job.id);
    const broken = await newApplication("Barbara Liskov", job.id);
    await db.update(tasks).set({ status: "FAILED" }).where(eq(tasks.id, broken.taskId));
    const res = await getRanking(get(`/api/jobs/${job.id}/ranking`, x.cookie), params({ id: job.id }));
    expect(await res.json()).toMatchObject({ items: [], pending: 1, failed: 1 });
  });

  it("an organisation's resume has its ranking profile stored by its analysis, keyed by the file's hash, and the ranking reads it", async () => {
    const bytes = resumeText("Frances Allen");
    const a = await newApplication("Frances Allen");
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const stored = () => db.select().from(resumeProfiles).where(eq(resumeProfiles.sha256, sha256));
    expect(await stored()).toHaveLength(0);
    const task = (await getTaskById(db, { id: a.taskId }))!;
    const attempt = {
      taskId: task.id,
      ownerId: task.ownerId,
      organizationId: x.organizationId,
      attempt: 1,
      lane: "batch" as const,
      signal: new AbortController().signal,
      preferFallback: false,
    };
    const write = await analyseResume({ db }, { ...attempt, resumeId: a.resumeId });
    expect(await stored()).toHaveLength(0); // written with the analysis, in its completing transaction
    await db.transaction(write);
    const [row] = await stored();
    const profile = row.profile as { lines: string[]; language: string };
    expect(profile.lines[0]).toBe("Frances Allen");
    expect(row.language).toBe("en");
    // The ranking reads the stored profile, not the file: a marked line proves which one it used.
    await db
      .update(resumeProfiles)
      .set({ profile: { ...profile, lines: ["Stored profile", ...profile.lines.slice(1)] } })
      .where(eq(resumeProfiles.sha256, sha256));
    const profiles = await readOrganizationResumeProfiles({ db }, { organizationId: x.organizationId!, resumeIds: [a.resumeId] });
    expect(profiles.get(a.resumeId)?.lines[0]).toBe("Stored profile");
  });
});
