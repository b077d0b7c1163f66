import "../helpers/env";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as chat } from "@/app/api/interviews/[id]/chat/route";
import { POST as endInterview } from "@/app/api/interviews/[id]/end/route";
import { GET as interviewReportPdf } from "@/app/api/interviews/[id]/report.pdf/route";
import { GET as getInterview } from "@/app/api/interviews/[id]/route";
import { POST as createInterview } from "@/app/api/interviews/route";
import { GET as resumeReportPdf } from "@/app/api/resumes/[id]/report.pdf/route";
import { GET as getResume } from "@/app/api/resumes/[id]/route";
import { closeDb, getDb } from "@/lib/db/client";
import { getTaskById } from "@/lib/db/queries/tasks";
import { member, reportShares, resumes } from "@/lib/db/schema";
import type { InterviewBody } from "@/lib/interview/contracts";
import { createLogger } from "@/lib/log";
import { StreamConsumer } from "@/lib/queue/consumer";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { OutboxRelay } from "@/lib/queue/relay";
import type { ResumeBody } from "@/lib/resume/contracts";
import { acceptResumeUpload } from "@/lib/resume/service";
import en from "@/messages/en.json";
import zh from "@/messages/zh.json";
import { interviewEvaluateHandler } from "@/worker/handlers/interview-evaluate";
import { interviewPlanHandler } from "@/worker/handlers/interview-plan";
import { resumeAnalyzeHandler } from "@/worker/handlers/resume-analyze";
import { corpusPath } from "../corpus-dir";
import { candidate, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix, eventually } from "../helpers/fixtures";
import { BASE, get, params, signIn } from "../helpers/http";
import { plannedInterview } from "../helpers/interviews";

const db = getDb();
const redis = getRedis();
const log = createLogger("test");
let consumer: StreamConsumer;
let relay: OutboxRelay;
/** Alice owns the personal resumes and the interview; Bob is another candidate. */
let alice: TestActor;
let bob: TestActor;
/** The owner of organisation X, a plain member of X, and the owner of organisation Y. */
let ownerX: TestActor;
let memberX: TestActor;
let ownerY: TestActor;

beforeAll(async () => {
  process.env.LLM_PROVIDER = "offline";
  [alice, bob, ownerX, ownerY] = await Promise.all([candidate(), candidate(), recruiter(db), recruiter(db)]);
  memberX = await memberOf(ownerX.organizationId!);
  const deps = { db, redis, log };
  consumer = new StreamConsumer(deps, [resumeAnalyzeHandler(db), interviewPlanHandler(db), interviewEvaluateHandler(db)], {
    blockMs: 100,
    backoffBaseMs: 20,
    backoffCapMs: 100,
  });
  await consumer.start();
  relay = new OutboxRelay(deps, { intervalMs: 50 });
  await relay.tick();
  relay.start();
});

afterAll(async () => {
  await relay.stop();
  await consumer.stop();
  await clearPrefix(redis);
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

/** A fresh person made a plain member of `organizationId`, signed in again so it is their active one. */
async function memberOf(organizationId: string): Promise<TestActor> {
  const a = await candidate();
  await db.insert(member).values({ id: randomUUID(), organizationId, userId: a.userId, role: "member", createdAt: new Date() });
  return { ...a, cookie: await signIn(a.email), organizationId };
}

/** Uploads a corpus file as `ownerId` (with a unique trailer so no earlier upload is reused) and waits for its task to end. */
async function analysed(ownerId: string, file: string, fileName: string, jobDescription: string | null = null) {
  const bytes = readFileSync(corpusPath(file));
  const { resume, task } = await acceptResumeUpload(
    { db, redis, log },
    { ownerId, fileName, bytes: file.endsWith(".pdf") ? bytes : Buffer.concat([bytes, Buffer.from(`\n${randomUUID()}\n`)]), jobDescription },
  );
  await eventually(async () => {
    const t = await getTaskById(db, { id: task.id });
    return t && ["COMPLETED", "FAILED", "TERMINATED_BY_POLICY"].includes(t.status);
  }, 60_000);
  return resume.id;
}

async function resumeBody(id: string, cookie: string): Promise<ResumeBody> {
  return (await (await getResume(get(`/api/resumes/${id}`, cookie), params({ id }))).json()) as ResumeBody;
}

const resumePdf = (id: string, actor: TestActor) => resumeReportPdf(get(`/api/resumes/${id}/report.pdf`, actor.cookie), params({ id }));
const interviewPdf = (id: string, actor: TestActor) => interviewReportPdf(get(`/api/interviews/${id}/report.pdf`, actor.cookie), params({ id }));

/** The PDF's text as unpdf extracts it, and the same with every whitespace removed (lines wrap anywhere, CJK without spaces). */
async function pdfText(res: Response): Promise<{ text: string; squashed: string }> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return { text, squashed: withoutRunningFooter(squash(text)) };
}
const squash = (s: string) => s.replace(/\s+/g, "");
/**
 * The squashed text without the footer every page repeats ("Made by Panelist on … Page 2 of 5",
 * "由 Panelist 生成于 … 第 2 页，共 5 页"): a long paragraph that runs onto the next page has the
 * footer in its middle in the extracted text, which is layout, not content.
 */
const withoutRunningFooter = (s: string) => s.replace(/MadebyPanelist.*?Page\d+of\d+|由Panelist生成于.*?第\d+页，共\d+页/gu, "");
/** An evidence line as the report quotes it (its list bullet dropped, as on the page). */
const quoted = (line: string) => squash(line.replace(/^[\s•·▪●◦‣∙*–-]+/u, ""));

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(((await res.json()) as { code: string }).code).toBe(code);
}

describe("GET /api/resumes/{id}/report.pdf", () => {
  let enId: string;
  let zhId: string;

  beforeAll(async () => {
    [enId, zhId] = await Promise.all([
      analysed(
        alice.userId,
        "resumes-pdf/en_typst_rendercv_classic.pdf",
        "jane-cv.pdf",
        readFileSync(corpusPath("jobs/en_swe_full-stack-engineer_resume-matcher.txt"), "utf8"),
      ),
      analysed(alice.userId, "resumes-pdf/zh_typst_qianxi_cv.pdf", "钱曦 简历.pdf"),
    ]);
  });

  it("an English analysis: a PDF download with the overall score, English dimension labels, evidence and the job-description match", async () => {
    const { analysis } = await resumeBody(enId, alice.cookie);
    expect(analysis?.language).toBe("en");
    const res = await resumePdf(enId, alice);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="jane-cv-report.pdf"; filename*=UTF-8''jane-cv-report.pdf`);
    const { text, squashed } = await pdfText(res);
    expect(text).toContain(en.report.dimensions);
    for (const key of ["experience", "skills", "content", "structure", "expression"] as const) expect(text).toContain(en.report.dimension[key]);
    expect(text).not.toContain(zh.report.dimensions);
    expect(text).toMatch(new RegExp(`\\b${Math.round(analysis!.overallScore)}\\s*/100`));
    const evidence = analysis!.dimensions.flatMap((d) => d.evidence);
    expect(evidence.length).toBeGreaterThan(0);
    expect(squashed).toContain(quoted(evidence[0]));
    expect(analysis!.matchPercent).not.toBeNull();
    expect(squashed).toContain(`${Math.round(analysis!.matchPercent!)}%`);
    expect(squashed).toContain(squash(analysis!.summary));
  });

  it("a Chinese analysis: Chinese labels, and the CJK text extracts as it was written (the font is embedded with a Unicode map)", async () => {
    const { analysis } = await resumeBody(zhId, alice.cookie);
    expect(analysis?.language).toBe("zh");
    const res = await resumePdf(zhId, alice);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="__ __-report.pdf"; filename*=UTF-8''${encodeURIComponent("钱曦 简历-report.pdf")}`,
    );
    const { text, squashed } = await pdfText(res);
    expect(text).toContain(zh.report.dimensions);
    for (const key of ["experience", "skills", "content", "structure", "expression"] as const) expect(text).toContain(zh.report.dimension[key]);
    expect(text).not.toContain(en.report.dimensions);
    expect(text).toMatch(new RegExp(`${Math.round(analysis!.overallScore)}\\s*/100`));
    const cjkEvidence = analysis!.dimensions.flatMap((d) => d.evidence).find((line) => /[\u4e00-\u9fff]{2,}/u.test(line));
    expect(cjkEvidence).toBeDefined();
    expect(squashed).toContain(quoted(cjkEvidence!));
    expect(squashed).toContain(squash(analysis!.summary));
    expect(/[\u4e00-\u9fff]/u.test(analysis!.summary)).toBe(true);
  });

  it("another candidate, and a recruiter of an organisation, get 404 for a personal resume", async () => {
    await expectError(await resumePdf(enId, bob), 404, "not_found:resume");
    await expectError(await resumePdf(enId, ownerX), 404, "not_found:resume");
  });

  it("a resume of an organisation: its members read it (owner and plain member), another organisation and a candidate get 404", async () => {
    const id = await analysed(ownerX.userId, "resumes-txt-md/en_plain_sample_resume.txt", "applicant.txt");
    await db.update(resumes).set({ organizationId: ownerX.organizationId }).where(eq(resumes.id, id));
    const res = await resumePdf(id, memberX);
    expect(res.status).toBe(200);
    expect((await pdfText(res)).text).toContain(en.report.dimensions);
    expect((await resumePdf(id, ownerX)).status).toBe(200);
    await expectError(await resumePdf(id, ownerY), 404, "not_found:resume");
    await expectError(await resumePdf(id, bob), 404, "not_found:resume");
  });

  it("409 while there is no analysis (a scan without a text layer ends without one); a missing id is 404", async () => {
    const id = await analysed(alice.userId, "edge-pdf/scanned-image-only-no-text.pdf", "scan.pdf");
    expect((await resumeBody(id, alice.cookie)).status).toBe("TERMINATED_BY_POLICY");
    await expectError(await resumePdf(id, alice), 409, "conflict:resume");
    await expectError(await resumePdf(randomUUID(), alice), 404, "not_found:resume");
  });
});

describe("GET /api/interviews/{id}/report.pdf", () => {
  let interviewId: string;
  let report: NonNullable<InterviewBody["report"]>;

  const post = (path: string, cookie: string, body: unknown) =>
    new Request(`${BASE}${path}`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) });
  const body = async (id: string) => (await (await getInterview(get(`/api/interviews/${id}`, alice.cookie), params({ id }))).json()) as InterviewBody;
  /** Sends one chat request and reads its UI message stream to the end; true when the interviewer closed. */
  async function turn(id: string, payload: unknown): Promise<boolean> {
    const res = await chat(post(`/api/interviews/${id}/chat`, alice.cookie, payload), params({ id }));
    expect(res.status).toBe(200);
    return (await res.text()).includes('"kind":"closing"');
  }

  beforeAll(async () => {
    // A Chinese interview, planned, answered and evaluated offline through the pipeline.
    const created = await createInterview(
      post("/api/interviews", alice.cookie, { role: "后端工程师", level: "mid", questionCount: 5, language: "zh" }),
      params({}),
    );
    expect(created.status).toBe(201);
    const { id, taskId } = (await created.json()) as { id: string; taskId: string };
    await eventually(async () => (await getTaskById(db, { id: taskId }))?.status === "COMPLETED", 60_000);
    let closed = await turn(id, { id, action: "start", messages: [] });
    for (let turns = 0; !closed; turns++) {
      expect(turns).toBeLessThan(40);
      const last = (await body(id)).messages.at(-1)!;
      const text = `我在上一份工作中直接负责过这个问题：${(last.parts[0] as { text: string }).text} 我测量了结果，解释了取舍，延迟降低了 30%。`;
      closed = await turn(id, { id, action: "answer", messages: [{ id: randomUUID(), role: "user", parts: [{ type: "text", text }] }] });
    }
    const ended = await endInterview(post(`/api/interviews/${id}/end`, alice.cookie, {}), params({ id }));
    expect(ended.status).toBe(202);
    const { taskId: evaluateTaskId } = (await ended.json()) as { taskId: string };
    await eventually(async () => (await getTaskById(db, { id: evaluateTaskId }))?.status === "COMPLETED", 60_000);
    interviewId = id;
    report = (await body(id)).report!;
  });

  it("the owner's report: the overall score, Chinese labels, each question and its feedback", async () => {
    expect(report.language).toBe("zh");
    const res = await interviewPdf(interviewId, alice);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="_____-report.pdf"; filename*=UTF-8''${encodeURIComponent("后端工程师-report.pdf")}`,
    );
    const { text, squashed } = await pdfText(res);
    expect(text).toContain(zh.interview.report.questions);
    expect(text).toContain(zh.interview.report.subScores.accuracy);
    expect(text).toContain("后端工程师");
    expect(text).toMatch(new RegExp(`${Math.round(report.overallScore)}\\s*/100`));
    for (const q of report.questions) {
      expect(squashed).toContain(squash(q.question));
      expect(squashed).toContain(squash(q.feedback));
    }
    expect(squashed).toContain(squash(report.assessment));
  });

  it("another candidate and a recruiter get 404 until it is shared; the organisation it is shared with reads it until the share is withdrawn", async () => {
    await expectError(await interviewPdf(interviewId, bob), 404, "not_found:interview");
    await expectError(await interviewPdf(interviewId, ownerX), 404, "not_found:interview");

    await db.insert(reportShares).values({ interviewId, organizationId: ownerX.organizationId!, sharedBy: alice.userId });
    const shared = await interviewPdf(interviewId, memberX);
    expect(shared.status).toBe(200);
    expect((await pdfText(shared)).text).toContain(zh.interview.report.questions);
    expect((await interviewPdf(interviewId, ownerX)).status).toBe(200);
    await expectError(await interviewPdf(interviewId, ownerY), 404, "not_found:interview");
    await expectError(await interviewPdf(interviewId, bob), 404, "not_found:interview");

    await db
      .update(reportShares)
      .set({ withdrawnAt: new Date() })
      .where(and(eq(reportShares.interviewId, interviewId), eq(reportShares.organizationId, ownerX.organizationId!)));
    await expectError(await interviewPdf(interviewId, ownerX), 404, "not_found:interview");
    await expectError(await interviewPdf(interviewId, memberX), 404, "not_found:interview");
    expect((await interviewPdf(interviewId, alice)).status).toBe(200);
  });

  it("409 while the interview has no report (planned, not ended), also for an organisation it is shared with", async () => {
    const { id } = await plannedInterview(db, alice.userId);
    await expectError(await interviewPdf(id, alice), 409, "conflict:interview");
    await db.insert(reportShares).values({ interviewId: id, organizationId: ownerX.organizationId!, sharedBy: alice.userId });
    await expectError(await interviewPdf(id, ownerX), 409, "conflict:interview");
  });
});
