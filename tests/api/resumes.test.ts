import "../helpers/env";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getResume } from "@/app/api/resumes/[id]/route";
import { GET as listResumes, POST as upload } from "@/app/api/resumes/route";
import { GET as taskEvents } from "@/app/api/tasks/[id]/events/route";
import { GET as getTask } from "@/app/api/tasks/[id]/route";
import { closeDb, getDb } from "@/lib/db/client";
import { files, resumes, tasks } from "@/lib/db/schema";
import { getTaskEventHub, publishTaskEvent } from "@/lib/queue/events";
import { streamKey } from "@/lib/queue/names";
import { drainPublishMarks } from "@/lib/queue/producer";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { INTERACTIVE_OPEN_PER_OWNER } from "@/lib/resume/service";
import { CORPUS_DIR } from "../corpus-dir";
import { clearPrefix, eventually } from "../helpers/fixtures";
import { get, params, signUpCandidate, uploadRequest } from "../helpers/http";

const CORPUS = CORPUS_DIR;
const corpus = (p: string) => new Uint8Array(readFileSync(path.join(CORPUS, p)));
const db = getDb();
let alice: Awaited<ReturnType<typeof signUpCandidate>>;
let bob: Awaited<ReturnType<typeof signUpCandidate>>;
const unique = (s: string) => new TextEncoder().encode(`${s}\n${Math.random()}`);
const RESUME_TEXT = "Jane Doe\njane@example.com\nExperience\nSoftware Engineer, Acme 2019 - 2023\nSkills: TypeScript, PostgreSQL";

beforeAll(async () => {
  alice = await signUpCandidate();
  bob = await signUpCandidate();
});

afterAll(async () => {
  await clearPrefix(getRedis());
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

/** The fields these tests read from an answer: an upload's ids, a list, a task, or an error. */
type Body = {
  code: string;
  message: string;
  issues: { path: string }[];
  resumeId: string;
  taskId: string;
  status: string;
  items: { id: string }[];
};

async function json(res: Response): Promise<Body> {
  return (await res.json()) as Body;
}

describe("POST /api/resumes", () => {
  it("answers 401 {code,message} without a session", async () => {
    const res = await upload(uploadRequest({ bytes: unique(RESUME_TEXT), fileName: "r.txt" }), params({}));
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ code: "unauthorized:auth", message: expect.any(String) });
  });

  it("accepts a real PDF: 202, Location, rows written in one go, and the message XADDed", async () => {
    const res = await upload(
      uploadRequest({ cookie: alice.cookie, bytes: corpus("resumes-pdf/en_typst_rendercv_classic.pdf"), fileName: "cv.pdf" }),
      params({}),
    );
    expect(res.status).toBe(202);
    const body = await json(res);
    expect(body).toMatchObject({ resumeId: expect.any(String), taskId: expect.any(String), status: "PENDING" });
    expect(res.headers.get("location")).toBe(`/api/tasks/${body.taskId}`);
    const [resume] = await db.select().from(resumes).where(eq(resumes.id, body.resumeId));
    const [file] = await db.select().from(files).where(eq(files.id, resume.fileId));
    await drainPublishMarks(getDb()); // the entry id is recorded after the answer
    const [task] = await db.select().from(tasks).where(eq(tasks.id, body.taskId));
    expect(resume.taskId).toBe(task.id);
    expect(file.kind).toBe("pdf");
    expect(file.sizeBytes).toBe(corpus("resumes-pdf/en_typst_rendercv_classic.pdf").length);
    expect(task).toMatchObject({ type: "resume.analyze", lane: "interactive", status: "PENDING", attempts: 0, maxAttempts: 3 });
    const entries = await getRedis().xrange(streamKey("resume.analyze", "interactive"), "-", "+");
    expect(entries.some(([id, f]) => id === task.messageId && f[1] === task.id)).toBe(true);
  });

  it("refuses a PNG named .pdf with 415 and writes nothing", async () => {
    const before = await db.$count(files);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const res = await upload(uploadRequest({ cookie: alice.cookie, bytes: png, fileName: "resume.pdf" }), params({}));
    expect(res.status).toBe(415);
    expect(await json(res)).toMatchObject({ code: "unsupported_media_type:upload", message: expect.stringMatching(/image/i) });
    expect(await db.$count(files)).toBe(before);
  });

  it("says why a password-protected Word file is refused (415)", async () => {
    const res = await upload(uploadRequest({ cookie: alice.cookie, bytes: corpus("edge-docx/encrypted-password.docx"), fileName: "cv.docx" }), params({}));
    expect(res.status).toBe(415);
    expect((await json(res)).message).toMatch(/password/i);
  });

  it("refuses an empty file with 422", async () => {
    const res = await upload(uploadRequest({ cookie: alice.cookie, bytes: corpus("edge-pdf/zero-bytes.pdf"), fileName: "zero.pdf" }), params({}));
    expect(res.status).toBe(422);
    expect((await json(res)).code).toBe("unprocessable:upload");
  });

  it("refuses a file over 10 MB with 413", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61);
    const res = await upload(uploadRequest({ cookie: alice.cookie, bytes: big, fileName: "big.txt" }), params({}));
    expect(res.status).toBe(413);
    expect((await json(res)).code).toBe("payload_too_large:upload");
  });

  it("refuses a chunked body (no Content-Length) past 10 MB with 413 without buffering it all", async () => {
    let sent = 0;
    const boundary = "XX";
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n`));
        const chunk = new Uint8Array(1024 * 1024).fill(0x61);
        sent += chunk.length;
        controller.enqueue(chunk);
        // An endless body: only the cap can end this request.
      },
    });
    const req = new Request("http://localhost/api/resumes", {
      method: "POST",
      headers: { cookie: alice.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    const res = await upload(req, params({}));
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(20 * 1024 * 1024);
  });

  it("answers 422 with the field path when the job description is too long", async () => {
    const res = await upload(
      uploadRequest({ cookie: alice.cookie, bytes: unique(RESUME_TEXT), fileName: "r.txt", jobDescription: "x".repeat(50_001) }),
      params({}),
    );
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.issues[0].path).toBe("jobDescription");
  });

  it("takes a job description with the form feeds of a PDF's page breaks, and refuses one with U+0000", async () => {
    const paged = await upload(
      uploadRequest({ cookie: alice.cookie, bytes: unique(RESUME_TEXT), fileName: "r.txt", jobDescription: "Go developer\fPage 2: Kubernetes\vand Postgres" }),
      params({}),
    );
    expect(paged.status).toBe(202);
    const nul = await upload(
      uploadRequest({ cookie: alice.cookie, bytes: unique(RESUME_TEXT), fileName: "r.txt", jobDescription: "Go\u0000developer" }),
      params({}),
    );
    expect(nul.status).toBe(422);
    expect((await json(nul)).issues[0].path).toBe("jobDescription");
  });

  it("answers 415 to a body that is not multipart", async () => {
    const req = new Request("http://localhost/api/resumes", {
      method: "POST",
      headers: { cookie: alice.cookie, "content-type": "application/json" },
      body: "{",
    });
    const res = await upload(req, params({}));
    expect(res.status).toBe(415);
    expect((await json(res)).code).toBe("unsupported_media_type:api");
  });

  it("same bytes + same job description (whitespace aside) → 200 duplicate with the earlier ids; another JD → new task", async () => {
    const bytes = unique(RESUME_TEXT);
    const first = await json(
      await upload(uploadRequest({ cookie: alice.cookie, bytes, fileName: "a.txt", jobDescription: "Go  developer\n needed" }), params({})),
    );
    const againRes = await upload(uploadRequest({ cookie: alice.cookie, bytes, fileName: "b.txt", jobDescription: " Go developer needed " }), params({}));
    expect(againRes.status).toBe(200);
    expect(await json(againRes)).toMatchObject({ resumeId: first.resumeId, taskId: first.taskId, duplicate: true });
    const otherJd = await upload(uploadRequest({ cookie: alice.cookie, bytes, fileName: "c.txt", jobDescription: "Rust developer" }), params({}));
    expect(otherJd.status).toBe(202);
    // Another owner sending the same bytes is not a duplicate of Alice's upload.
    const bobs = await upload(uploadRequest({ cookie: bob.cookie, bytes, fileName: "a.txt", jobDescription: "Go developer needed" }), params({}));
    expect(bobs.status).toBe(202);
  });

  it("bulk → batch: past a few open interactive tasks of one owner, further uploads go to the batch lane", async () => {
    const carol = await signUpCandidate();
    const lanes: string[] = [];
    for (let i = 0; i < INTERACTIVE_OPEN_PER_OWNER + 2; i++) {
      const res = await upload(uploadRequest({ cookie: carol.cookie, bytes: unique(RESUME_TEXT), fileName: `r${i}.txt` }), params({}));
      expect(res.status).toBe(202);
      const [task] = await db
        .select()
        .from(tasks)
        .where(eq(tasks.id, (await json(res)).taskId));
      lanes.push(task.lane);
    }
    // Nothing consumes in this file: the first ones stay open, so the rest are bulk.
    expect(lanes).toEqual([...Array(INTERACTIVE_OPEN_PER_OWNER).fill("interactive"), "batch", "batch"]);
    // Another owner's uploads are not slowed by Carol's.
    const bobs = await upload(uploadRequest({ cookie: bob.cookie, bytes: unique(RESUME_TEXT), fileName: "b.txt" }), params({}));
    const [bobTask] = await db
      .select()
      .from(tasks)
      .where(eq(tasks.id, (await json(bobs)).taskId));
    expect(bobTask.lane).toBe("interactive");
  });

  it("a duplicate of an upload whose task FAILED makes a new task", async () => {
    const bytes = unique(RESUME_TEXT);
    const first = await json(await upload(uploadRequest({ cookie: alice.cookie, bytes, fileName: "a.txt" }), params({})));
    await db.update(tasks).set({ status: "FAILED" }).where(eq(tasks.id, first.taskId));
    const res = await upload(uploadRequest({ cookie: alice.cookie, bytes, fileName: "a.txt" }), params({}));
    expect(res.status).toBe(202);
    const body = await json(res);
    expect(body.resumeId).toBe(first.resumeId);
    expect(body.taskId).not.toBe(first.taskId);
  });
});

describe("reading resumes and tasks", () => {
  it("lists only the caller's resumes, newest first", async () => {
    const a1 = await json(await upload(uploadRequest({ cookie: alice.cookie, bytes: unique(RESUME_TEXT), fileName: "one.txt" }), params({})));
    const a2 = await json(await upload(uploadRequest({ cookie: alice.cookie, bytes: unique(RESUME_TEXT), fileName: "two.txt" }), params({})));
    const list = await json(await listResumes(get("/api/resumes", alice.cookie), params({})));
    const ids = list.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(a2.resumeId)).toBeLessThan(ids.indexOf(a1.resumeId));
    const bobs = await json(await listResumes(get("/api/resumes", bob.cookie), params({})));
    expect(bobs.items.map((i: { id: string }) => i.id)).not.toContain(a1.resumeId);
  });

  it("answers when Next passes no params, as a production build does for a route without dynamic segments", async () => {
    const noParams = { params: Promise.resolve(undefined) } as unknown as Parameters<typeof listResumes>[1];
    const list = await listResumes(get("/api/resumes", alice.cookie), noParams);
    expect(list.status).toBe(200);
    const up = await upload(uploadRequest({ cookie: alice.cookie, bytes: unique(RESUME_TEXT), fileName: "no-params.txt" }), noParams);
    expect(up.status).toBe(202);
  });

  it("shows a resume to its owner (analysis null until COMPLETED) and 404 to anyone else", async () => {
    const up = await json(await upload(uploadRequest({ cookie: alice.cookie, bytes: unique(RESUME_TEXT), fileName: "mine.txt" }), params({})));
    const mine = await getResume(get(`/api/resumes/${up.resumeId}`, alice.cookie), params({ id: up.resumeId }));
    expect(mine.status).toBe(200);
    expect(await json(mine)).toMatchObject({ id: up.resumeId, fileName: "mine.txt", taskId: up.taskId, status: "PENDING", analysis: null });
    const theirs = await getResume(get(`/api/resumes/${up.resumeId}`, bob.cookie), params({ id: up.resumeId }));
    expect(theirs.status).toBe(404);
    expect((await json(theirs)).code).toBe("not_found:resume");
    const task = await getTask(get(`/api/tasks/${up.taskId}`, bob.cookie), params({ id: up.taskId }));
    expect(task.status).toBe(404);
    const events = await taskEvents(get(`/api/tasks/${up.taskId}/events`, bob.cookie), params({ id: up.taskId }));
    expect(events.status).toBe(404);
    const junk = await getResume(get(`/api/resumes/not-a-uuid`, alice.cookie), params({ id: "not-a-uuid" }));
    expect(junk.status).toBe(404);
    const anon = await getResume(get(`/api/resumes/${up.resumeId}`), params({ id: up.resumeId }));
    expect(anon.status).toBe(401);
  });

  it("task body has the documented fields; ?wait over 30 is a 422", async () => {
    const up = await json(await upload(uploadRequest({ cookie: alice.cookie, bytes: unique(RESUME_TEXT), fileName: "t.txt" }), params({})));
    const body = await json(await getTask(get(`/api/tasks/${up.taskId}`, alice.cookie), params({ id: up.taskId })));
    expect(Object.keys(body).sort()).toEqual(
      ["attempts", "createdAt", "error", "finishedAt", "id", "lane", "maxAttempts", "retryAt", "startedAt", "status", "type"].sort(),
    );
    const bad = await getTask(get(`/api/tasks/${up.taskId}?wait=31`, alice.cookie), params({ id: up.taskId }));
    expect(bad.status).toBe(422);
  });

  it("?wait=N is woken by the status-change event before N seconds pass", async () => {
    const up = await json(await upload(uploadRequest({ cookie: alice.cookie, bytes: unique(RESUME_TEXT), fileName: "w.txt" }), params({})));
    const started = Date.now();
    const parkedBefore = getTaskEventHub().stats().parked;
    const pending = getTask(get(`/api/tasks/${up.taskId}?wait=20`, alice.cookie), params({ id: up.taskId }));
    // The long-poll has read the task and parked on the hub: the change comes after that.
    await eventually(async () => getTaskEventHub().stats().parked > parkedBefore);
    await db.update(tasks).set({ status: "PROCESSING" }).where(eq(tasks.id, up.taskId));
    await publishTaskEvent(getRedis(), { taskId: up.taskId, status: "PROCESSING" });
    const body = await json(await pending);
    expect(body.status).toBe("PROCESSING");
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("?wait answers at once for an ended task", async () => {
    const up = await json(await upload(uploadRequest({ cookie: alice.cookie, bytes: unique(RESUME_TEXT), fileName: "e.txt" }), params({})));
    await db.update(tasks).set({ status: "TERMINATED_BY_POLICY", errorCode: "not_a_resume", errorMessage: "nope" }).where(eq(tasks.id, up.taskId));
    const started = Date.now();
    const body = await json(await getTask(get(`/api/tasks/${up.taskId}?wait=20`, alice.cookie), params({ id: up.taskId })));
    expect(body).toMatchObject({ status: "TERMINATED_BY_POLICY", error: { code: "not_a_resume", message: "nope" } });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("SSE: a snapshot first, one event per change, closed after an end state", async () => {
    const up = await json(await upload(uploadRequest({ cookie: alice.cookie, bytes: unique(RESUME_TEXT), fileName: "s.txt" }), params({})));
    const res = await taskEvents(get(`/api/tasks/${up.taskId}/events`, alice.cookie), params({ id: up.taskId }));
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    // Read event by event: each change is made once the previous event has arrived.
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = "";
    const statuses: string[] = [];
    const nextStatus = async (): Promise<string | null> => {
      for (;;) {
        const m = /event: status\ndata: (.*)\n\n/.exec(buffered);
        if (m) {
          buffered = buffered.slice(m.index + m[0].length);
          statuses.push(JSON.parse(m[1]).status);
          return statuses.at(-1)!;
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffered += value;
      }
    };
    expect(await nextStatus()).toBe("PENDING"); // the snapshot
    for (const status of ["PROCESSING", "COMPLETED"] as const) {
      await db.update(tasks).set({ status }).where(eq(tasks.id, up.taskId));
      await publishTaskEvent(getRedis(), { taskId: up.taskId, status });
      expect(await nextStatus()).toBe(status);
    }
    expect(await nextStatus()).toBeNull(); // closed after the end state
    expect(statuses).toEqual(["PENDING", "PROCESSING", "COMPLETED"]);
  });
});
