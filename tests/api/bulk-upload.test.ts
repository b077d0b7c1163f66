import "../helpers/env";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getBatch } from "@/app/api/batches/[id]/route";
import { POST as createInterview } from "@/app/api/interviews/route";
import { GET as getJobResume } from "@/app/api/jobs/[id]/resumes/[resumeId]/route";
import { POST as bulkUpload } from "@/app/api/jobs/[id]/resumes/route";
import { GET as getJob, PATCH as patchJob } from "@/app/api/jobs/[id]/route";
import { POST as createJob } from "@/app/api/jobs/route";
import { GET as getResume } from "@/app/api/resumes/[id]/route";
import { GET as listResumes } from "@/app/api/resumes/route";
import { closeDb, getDb } from "@/lib/db/client";
import { applicationEvents, applications, resumes, tasks } from "@/lib/db/schema";
import { type BatchBody, type BatchUploadBody, batchBodySchema, batchUploadBodySchema } from "@/lib/jobs/contracts";
import { createLogger } from "@/lib/log";
import { StreamConsumer } from "@/lib/queue/consumer";
import { getTaskEventHub } from "@/lib/queue/events";
import { streamKey } from "@/lib/queue/names";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { OutboxRelay } from "@/lib/queue/relay";
import { resumeBodySchema } from "@/lib/resume/contracts";
import { readResumeText } from "@/lib/resume/service";
import { resumeAnalyzeHandler } from "@/worker/handlers/resume-analyze";
import { CORPUS_DIR } from "../corpus-dir";
import { candidate, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix, envRestorer, eventually } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";

const db = getDb();
const corpus = (p: string) => readFileSync(path.join(CORPUS_DIR, p));
const JD = readFileSync(path.join(CORPUS_DIR, "jobs/en_swe_full-stack-engineer_resume-matcher.txt"), "utf8");
const restoreEnv = envRestorer(["LLM_PROVIDER", "LLM_BASE_URL", "LLM_API_KEY"]);
let acme: TestActor;
let globex: TestActor;
let alice: TestActor;

/** A text resume no other test sends (the dedupe key is per bytes). */
const uniqueResume = (tag: string) =>
  Buffer.from(`${readFileSync(path.join(CORPUS_DIR, "resumes-txt-md/en_plain_sample_resume.txt"), "utf8")}\nReference: ${tag} ${Math.random()}\n`);

function uploadTo(jobId: string, cookie: string, files: { name: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const f of files) form.append("files", new File([Buffer.from(f.bytes)], f.name));
  return bulkUpload(new Request(`${BASE}/api/jobs/${jobId}/resumes`, { method: "POST", body: form, headers: { cookie } }), params({ id: jobId }));
}

async function newJob(actor: TestActor, title = "Senior Full Stack Engineer"): Promise<string> {
  const res = await createJob(
    new Request(`${BASE}/api/jobs`, {
      method: "POST",
      body: JSON.stringify({ title, description: JD }),
      headers: { cookie: actor.cookie, "content-type": "application/json" },
    }),
    params({}),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const accepted = (body: BatchUploadBody) => body.items.flatMap((i) => ("resumeId" in i ? [i] : []));
const refusedItems = (body: BatchUploadBody) => body.items.flatMap((i) => ("error" in i ? [i] : []));

async function zipOf(entries: Record<string, Uint8Array>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, bytes] of Object.entries(entries)) zip.file(name, bytes);
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

beforeAll(async () => {
  process.env.LLM_PROVIDER = "offline";
  [acme, globex, alice] = await Promise.all([recruiter(db), recruiter(db), candidate()]);
});

afterAll(async () => {
  restoreEnv();
  await clearPrefix(getRedis());
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

describe("POST /api/jobs/{id}/resumes", () => {
  it("files: the edge files are refused alone with the single upload's codes; the others become organisation resumes with batch-lane tasks", async () => {
    const jobId = await newJob(acme);
    const res = await uploadTo(jobId, acme.cookie, [
      { name: "cv.pdf", bytes: corpus("resumes-pdf/en_typst_rendercv_classic.pdf") },
      { name: "accountant.docx", bytes: corpus("resumes-docx/en_msword_accountant_pair.docx") },
      { name: "sample.txt", bytes: uniqueResume("files") },
      { name: "zero.pdf", bytes: corpus("edge-pdf/zero-bytes.pdf") },
      { name: "locked.docx", bytes: corpus("edge-docx/encrypted-password.docx") },
    ]);
    expect(res.status).toBe(202);
    const body = batchUploadBodySchema.parse(await res.json());
    expect(res.headers.get("location")).toBe(`/api/batches/${body.batchId}`);
    expect(body.items.map((i) => i.fileName)).toEqual(["cv.pdf", "accountant.docx", "sample.txt", "zero.pdf", "locked.docx"]);
    expect(refusedItems(body)).toEqual([
      { fileName: "zero.pdf", error: { code: "unprocessable:upload", message: "The file is empty." } },
      { fileName: "locked.docx", error: { code: "unsupported_media_type:upload", message: expect.stringMatching(/password/i) } },
    ]);
    const ok = accepted(body);
    expect(ok).toHaveLength(3);
    expect(ok.every((i) => !i.duplicate)).toBe(true);

    const taskRows = await db
      .select()
      .from(tasks)
      .where(
        inArray(
          tasks.id,
          ok.map((i) => i.taskId),
        ),
      );
    expect(taskRows).toHaveLength(3);
    for (const t of taskRows) {
      expect(t).toMatchObject({
        type: "resume.analyze",
        lane: "batch",
        status: "PENDING",
        ownerId: acme.userId,
        organizationId: acme.organizationId,
        fairKey: acme.organizationId,
      });
    }
    const entries = await getRedis().xrange(streamKey("resume.analyze", "batch"), "-", "+");
    const published = new Set(entries.map(([, f]) => f[1]));
    expect(taskRows.every((t) => published.has(t.id))).toBe(true);

    const resumeRows = await db
      .select()
      .from(resumes)
      .where(
        inArray(
          resumes.id,
          ok.map((i) => i.resumeId),
        ),
      );
    for (const r of resumeRows) {
      expect(r).toMatchObject({ organizationId: acme.organizationId, ownerId: acme.userId, batchId: body.batchId, jobDescription: JD.trim() });
    }
    const apps = await db.select().from(applications).where(eq(applications.jobId, jobId));
    expect(apps.map((a) => a.id).sort()).toEqual(ok.map((i) => i.applicationId).sort());
    expect(apps.every((a) => a.source === "uploaded" && a.stage === "new" && a.organizationId === acme.organizationId)).toBe(true);
    const events = await db
      .select()
      .from(applicationEvents)
      .where(
        inArray(
          applicationEvents.applicationId,
          apps.map((a) => a.id),
        ),
      );
    expect(events.map((e) => [e.kind, e.toStage, e.actorId])).toEqual(apps.map(() => ["created", "new", acme.userId]));

    const job = (await (await getJob(get(`/api/jobs/${jobId}`, acme.cookie), params({ id: jobId }))).json()) as { stageCounts: Record<string, number> };
    expect(job.stageCounts).toEqual({ new: 3 });
  });

  it("one ZIP: its resumes are unpacked, and a nested archive, a zip bomb and an empty entry are refused one by one", async () => {
    const jobId = await newJob(acme);
    const inner = await zipOf({ "other.txt": uniqueResume("inner") });
    const archive = await zipOf({
      "resumes/jane.txt": uniqueResume("zip-a"),
      "resumes/pandoc.md": corpus("resumes-txt-md/en_pandoc_resume.md"),
      "resumes/smith.docx": corpus("resumes-docx/en_mac-word_synthetic_jane-smith.docx"),
      "resumes/more.zip": inner,
      "resumes/bomb.txt": new Uint8Array(5 * 1024 * 1024).fill(0x61),
      "resumes/empty.txt": new Uint8Array(0),
      "__MACOSX/resumes/._jane.txt": new Uint8Array([0, 5, 22, 7]),
    });
    const res = await uploadTo(jobId, acme.cookie, [{ name: "pile.zip", bytes: archive }]);
    expect(res.status).toBe(202);
    const body = batchUploadBodySchema.parse(await res.json());
    expect(accepted(body).map((i) => i.fileName)).toEqual(["jane.txt", "pandoc.md", "smith.docx"]);
    expect(refusedItems(body).map((i) => [i.fileName, i.error.code])).toEqual([
      ["more.zip", "unsupported_media_type:upload"],
      ["bomb.txt", "unprocessable:upload"],
      ["empty.txt", "unprocessable:upload"],
    ]);
    expect(refusedItems(body)[0].error.message).toMatch(/archive/i);
  });

  it("a ZIP entry that is a ZIP under another name is refused as a nested archive too", async () => {
    const jobId = await newJob(acme);
    const archive = await zipOf({ "cv.txt": uniqueResume("named"), "cv2.pdf": await zipOf({ "x.txt": uniqueResume("x") }) });
    const body = batchUploadBodySchema.parse(await (await uploadTo(jobId, acme.cookie, [{ name: "a.zip", bytes: archive }])).json());
    expect(refusedItems(body)).toEqual([{ fileName: "cv2.pdf", error: { code: "unsupported_media_type:upload", message: expect.stringMatching(/archive/i) } }]);
  });

  it("every file refused → 422 {code, message} with the same body, and the refusals recorded on the batch", async () => {
    const jobId = await newJob(acme);
    const res = await uploadTo(jobId, acme.cookie, [
      { name: "zero.pdf", bytes: corpus("edge-pdf/zero-bytes.pdf") },
      { name: "image.png", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]) },
    ]);
    expect(res.status).toBe(422);
    const raw = (await res.json()) as Record<string, unknown>;
    // An error answer like every other 4xx of the API (the fuzz test found it without one).
    expect(raw).toMatchObject({ code: "unprocessable:upload", message: expect.any(String) });
    const body = batchUploadBodySchema.parse(raw);
    expect(refusedItems(body).map((i) => i.error.code)).toEqual(["unprocessable:upload", "unsupported_media_type:upload"]);
    const progress = batchBodySchema.parse(await (await getBatch(get(`/api/batches/${body.batchId}`, acme.cookie), params({ id: body.batchId }))).json());
    expect(progress).toMatchObject({ fileCount: 2, duplicates: 0, counts: { done: 0, failed: 2, waiting: 0 } });
    expect(progress.items.map((i) => [i.fileName, i.status, i.error?.code])).toEqual([
      ["zero.pdf", "REFUSED", "unprocessable:upload"],
      ["image.png", "REFUSED", "unsupported_media_type:upload"],
    ]);
  });

  it("the same bytes again on the same job are a duplicate: the earlier resume, task and application, no new task", async () => {
    const jobId = await newJob(acme);
    const bytes = uniqueResume("dup");
    const first = accepted(batchUploadBodySchema.parse(await (await uploadTo(jobId, acme.cookie, [{ name: "a.txt", bytes }])).json()))[0];
    const before = await db.$count(tasks, eq(tasks.organizationId, acme.organizationId!));
    const againRes = await uploadTo(jobId, acme.cookie, [
      { name: "b.txt", bytes },
      { name: "c.txt", bytes },
    ]);
    expect(againRes.status).toBe(202);
    const again = batchUploadBodySchema.parse(await againRes.json());
    expect(accepted(again)).toEqual([
      { fileName: "b.txt", resumeId: first.resumeId, taskId: first.taskId, applicationId: first.applicationId, duplicate: true },
      { fileName: "c.txt", resumeId: first.resumeId, taskId: first.taskId, applicationId: first.applicationId, duplicate: true },
    ]);
    expect(await db.$count(tasks, eq(tasks.organizationId, acme.organizationId!))).toBe(before);
    const progress = batchBodySchema.parse(await (await getBatch(get(`/api/batches/${again.batchId}`, acme.cookie), params({ id: again.batchId }))).json());
    expect(progress).toMatchObject({ fileCount: 2, duplicates: 2, items: [] });

    // Twice in one request: one resume, the second a duplicate of the first.
    const twin = uniqueResume("twin");
    const twins = accepted(
      batchUploadBodySchema.parse(
        await (
          await uploadTo(jobId, acme.cookie, [
            { name: "x.txt", bytes: twin },
            { name: "y.txt", bytes: twin },
          ])
        ).json(),
      ),
    );
    expect(twins.map((i) => i.duplicate)).toEqual([false, true]);
    expect(twins[1].resumeId).toBe(twins[0].resumeId);

    // A FAILED earlier task is paid for again: a new task on the same resume, in the new batch.
    await db.update(tasks).set({ status: "FAILED" }).where(eq(tasks.id, first.taskId));
    const retry = batchUploadBodySchema.parse(await (await uploadTo(jobId, acme.cookie, [{ name: "d.txt", bytes }])).json());
    const [item] = accepted(retry);
    expect(item).toMatchObject({ resumeId: first.resumeId, applicationId: first.applicationId, duplicate: false });
    expect(item.taskId).not.toBe(first.taskId);
    const [moved] = await db.select().from(resumes).where(eq(resumes.id, first.resumeId));
    expect(moved).toMatchObject({ taskId: item.taskId, batchId: retry.batchId });

    // Another organisation's identical file is no duplicate of this one's.
    const globexJob = await newJob(globex);
    const theirs = accepted(batchUploadBodySchema.parse(await (await uploadTo(globexJob, globex.cookie, [{ name: "a.txt", bytes }])).json()))[0];
    expect(theirs.duplicate).toBe(false);
    expect(theirs.resumeId).not.toBe(first.resumeId);
  });

  it("two identical uploads at once make one resume and one task (the advisory lock)", async () => {
    const jobId = await newJob(acme);
    const bytes = uniqueResume("race");
    const bodies = await Promise.all(
      [1, 2, 3].map(async (n) => batchUploadBodySchema.parse(await (await uploadTo(jobId, acme.cookie, [{ name: `r${n}.txt`, bytes }])).json())),
    );
    const items = bodies.flatMap(accepted);
    expect(items.filter((i) => !i.duplicate)).toHaveLength(1);
    expect(new Set(items.map((i) => i.taskId)).size).toBe(1);
    expect(await db.$count(applications, eq(applications.jobId, jobId))).toBe(1);
  });

  it("a closed job takes no resumes (409), more than 200 files is 413, no files is 422", async () => {
    const jobId = await newJob(acme);
    const many = Array.from({ length: 201 }, (_, i) => ({ name: `r${i}.txt`, bytes: Buffer.from(`resume ${i}`) }));
    const tooMany = await uploadTo(jobId, acme.cookie, many);
    expect(tooMany.status).toBe(413);
    expect(((await tooMany.json()) as { code: string }).code).toBe("payload_too_large:upload");

    const none = await bulkUpload(
      new Request(`${BASE}/api/jobs/${jobId}/resumes`, { method: "POST", body: new FormData(), headers: { cookie: acme.cookie } }),
      params({ id: jobId }),
    );
    expect(none.status).toBe(422);

    await patchJob(
      new Request(`${BASE}/api/jobs/${jobId}`, {
        method: "PATCH",
        body: JSON.stringify({ status: "closed" }),
        headers: { cookie: acme.cookie, "content-type": "application/json" },
      }),
      params({ id: jobId }),
    );
    const closed = await uploadTo(jobId, acme.cookie, [{ name: "a.txt", bytes: uniqueResume("closed") }]);
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { code: string }).code).toBe("conflict:job");
  });

  it("a body over 100 MB is refused with 413 from its Content-Length, before it is read", async () => {
    const jobId = await newJob(acme);
    const req = new Request(`${BASE}/api/jobs/${jobId}/resumes`, {
      method: "POST",
      headers: { cookie: acme.cookie, "content-type": "multipart/form-data; boundary=x", "content-length": String(101 * 1024 * 1024 + 1) },
      body: "--x--",
    });
    const res = await bulkUpload(req, params({ id: jobId }));
    expect(res.status).toBe(413);
  });

  it("a chunked body (no Content-Length) past 100 MB is cut off at the cap with 413", async () => {
    const jobId = await newJob(acme);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\n'));
        const chunk = new Uint8Array(4 * 1024 * 1024).fill(0x61);
        sent += chunk.length;
        controller.enqueue(chunk); // endless: only the cap can end this request
      },
    });
    const req = new Request(`${BASE}/api/jobs/${jobId}/resumes`, {
      method: "POST",
      headers: { cookie: acme.cookie, "content-type": "multipart/form-data; boundary=x" },
      body,
      duplex: "half",
    } as RequestInit);
    const res = await bulkUpload(req, params({ id: jobId }));
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(120 * 1024 * 1024);
  });
});

describe("organisation resumes and who sees them", () => {
  it("are not in the uploader's personal resumes; the organisation reads them through the job; another organisation gets 404 everywhere", async () => {
    const jobId = await newJob(acme);
    const body = batchUploadBodySchema.parse(await (await uploadTo(jobId, acme.cookie, [{ name: "org.txt", bytes: uniqueResume("org") }])).json());
    const [item] = accepted(body);

    const mine = (await (await listResumes(get("/api/resumes", acme.cookie), params({}))).json()) as { items: { id: string }[] };
    expect(mine.items.map((i) => i.id)).not.toContain(item.resumeId);
    expect((await getResume(get(`/api/resumes/${item.resumeId}`, acme.cookie), params({ id: item.resumeId }))).status).toBe(404);
    // Nor can the uploader ground a personal mock interview in it.
    const interview = await createInterview(
      new Request(`${BASE}/api/interviews`, {
        method: "POST",
        body: JSON.stringify({ role: "engineer", level: "mid", questionCount: 5, resumeId: item.resumeId }),
        headers: { cookie: acme.cookie, "content-type": "application/json" },
      }),
      params({}),
    );
    expect(interview.status).toBe(404);
    expect(await readResumeText(db, { resumeId: item.resumeId, ownerId: acme.userId })).toBeNull();

    const read = await getJobResume(get(`/api/jobs/${jobId}/resumes/${item.resumeId}`, acme.cookie), params({ id: jobId, resumeId: item.resumeId }));
    expect(read.status).toBe(200);
    expect(resumeBodySchema.parse(await read.json())).toMatchObject({
      id: item.resumeId,
      fileName: "org.txt",
      taskId: item.taskId,
      status: "PENDING",
      analysis: null,
    });

    const asGlobex = {
      job: await getJob(get(`/api/jobs/${jobId}`, globex.cookie), params({ id: jobId })),
      resume: await getJobResume(get(`/api/jobs/${jobId}/resumes/${item.resumeId}`, globex.cookie), params({ id: jobId, resumeId: item.resumeId })),
      batch: await getBatch(get(`/api/batches/${body.batchId}`, globex.cookie), params({ id: body.batchId })),
      upload: await uploadTo(jobId, globex.cookie, [{ name: "x.txt", bytes: uniqueResume("foreign") }]),
    };
    expect(Object.fromEntries(Object.entries(asGlobex).map(([k, r]) => [k, r.status]))).toEqual({ job: 404, resume: 404, batch: 404, upload: 404 });

    // A resume of the organisation that is not in this job is not found through it.
    const otherJob = await newJob(acme);
    const elsewhere = await getJobResume(get(`/api/jobs/${otherJob}/resumes/${item.resumeId}`, acme.cookie), params({ id: otherJob, resumeId: item.resumeId }));
    expect(elsewhere.status).toBe(404);

    const asCandidate = await getBatch(get(`/api/batches/${body.batchId}`, alice.cookie), params({ id: body.batchId }));
    expect(asCandidate.status).toBe(403);
  });
});

describe("GET /api/batches/{id} with a worker running", () => {
  it("reaches all-done, with each failure's reason, and reads the same after the fact", async () => {
    const log = createLogger("test");
    const consumer = new StreamConsumer({ db, redis: getRedis(), log }, [resumeAnalyzeHandler(db)], { blockMs: 100, concurrency: 2 });
    const relay = new OutboxRelay({ db, redis: getRedis(), log }, { intervalMs: 200 });
    await consumer.start();
    relay.start();
    try {
      const jobId = await newJob(acme);
      const res = await uploadTo(jobId, acme.cookie, [
        { name: "plain.txt", bytes: uniqueResume("worker") },
        { name: "pandoc.md", bytes: corpus("resumes-txt-md/en_pandoc_resume.md") },
        { name: "scan.pdf", bytes: corpus("edge-pdf/scanned-image-only-no-text.pdf") },
        { name: "zero.pdf", bytes: corpus("edge-pdf/zero-bytes.pdf") },
      ]);
      const { batchId } = batchUploadBodySchema.parse(await res.json());
      const read = async (): Promise<BatchBody> =>
        batchBodySchema.parse(await (await getBatch(get(`/api/batches/${batchId}`, acme.cookie), params({ id: batchId }))).json());
      const first = await read();
      expect(first.counts.done + first.counts.failed + first.counts.waiting).toBe(4);
      expect(first.counts.failed).toBeGreaterThanOrEqual(1);

      const done = await eventually(async () => {
        const b = await read();
        return b.counts.waiting === 0 ? b : undefined;
      }, 60_000);
      expect(done).toMatchObject({ jobId, fileCount: 4, duplicates: 0, counts: { done: 2, failed: 2, waiting: 0 } });
      const byName = Object.fromEntries(done.items.map((i) => [i.fileName, i]));
      expect(byName["plain.txt"]).toMatchObject({ status: "COMPLETED", error: null });
      expect(byName["pandoc.md"]).toMatchObject({ status: "COMPLETED", error: null });
      expect(byName["scan.pdf"]).toMatchObject({ status: "TERMINATED_BY_POLICY", error: { code: "no_text_layer", message: expect.any(String) } });
      expect(byName["zero.pdf"]).toMatchObject({ status: "REFUSED", resumeId: null, taskId: null, error: { code: "unprocessable:upload" } });

      // The organisation's reader sees the analysis of a completed one.
      const plain = await getJobResume(
        get(`/api/jobs/${jobId}/resumes/${byName["plain.txt"].resumeId}`, acme.cookie),
        params({ id: jobId, resumeId: byName["plain.txt"].resumeId! }),
      );
      const resumeBody = resumeBodySchema.parse(await plain.json());
      expect(resumeBody.status).toBe("COMPLETED");
      expect(resumeBody.analysis?.engine).toBe("offline");
      expect(resumeBody.analysis?.matchPercent).not.toBeNull();
      const [row] = await db
        .select()
        .from(tasks)
        .where(and(eq(tasks.id, byName["plain.txt"].taskId!), eq(tasks.lane, "batch")));
      expect(row.status).toBe("COMPLETED");
    } finally {
      await relay.stop();
      await consumer.stop();
    }
  });
});
