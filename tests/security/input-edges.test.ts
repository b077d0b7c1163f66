import "../helpers/env";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as chat } from "@/app/api/interviews/[id]/chat/route";
import { POST as createInterview } from "@/app/api/interviews/route";
import { CHAT_MAX_BODY_BYTES, MAX_ANSWER_CHARS } from "@/app/api/interviews/schema";
import { POST as createJob } from "@/app/api/jobs/route";
import { GET as getResume } from "@/app/api/resumes/[id]/route";
import { POST as upload } from "@/app/api/resumes/route";
import { closeDb, getDb } from "@/lib/db/client";
import { listMessages } from "@/lib/db/queries/interviews";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { LIMIT_RULES } from "@/lib/ratelimit/policies";
import { candidate, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix } from "../helpers/fixtures";
import { BASE, get, params, uploadRequest } from "../helpers/http";
import { plannedInterview } from "../helpers/interviews";

/**
 * The edges of the text fields the hostile run found answering 500 or parsing whatever it was
 * sent: U+0000 (and a lone surrogate) in a role, a job description, a chat answer and a chat
 * message id is a 422 naming the field; the chat body is capped before it is parsed (413) and an
 * answer longer than the interview takes is a 422 saying so, never cut silently; a file name's
 * bidirectional overrides and control characters are stripped on the single upload too, and the
 * API shows the clean name.
 */
for (const r of LIMIT_RULES) process.env[r.env] = "1000000000";

const db = getDb();
let alice: TestActor;
let bob: TestActor;

beforeAll(async () => {
  [alice, bob] = await Promise.all([candidate(), recruiter(db)]);
});

afterAll(async () => {
  await clearPrefix(getRedis());
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

/** A JSON request with the raw body text (so `\u0000` arrives as the JSON escape a client sends). */
const jsonRequest = (path: string, body: string, cookie: string) =>
  new Request(`${BASE}${path}`, { method: "POST", body, headers: { "content-type": "application/json", cookie } });
type ErrorBody = { code: string; message: string; issues?: { path: string; message: string }[] };

/** A user answer in the AI SDK UI message shape the chat route reads. */
const answer = (text: string, id: string = randomUUID()) => ({ action: "answer", messages: [{ id, role: "user", parts: [{ type: "text", text }] }] });

describe("control characters and lone surrogates in text fields are 422, naming the field", () => {
  for (const [label, escaped] of [
    ["U+0000", "\\u0000"],
    ["a lone surrogate", "\\ud800"],
  ] as const) {
    it(`${label} in an interview's role`, async () => {
      const res = await createInterview(
        jsonRequest("/api/interviews", `{"role":"backend${escaped}engineer","level":"mid","questionCount":3}`, alice.cookie),
        params({}),
      );
      expect(res.status).toBe(422);
      expect((await res.json()) as ErrorBody).toMatchObject({ code: "unprocessable:api", issues: [{ path: "role" }] });
    });

    it(`${label} in an interview's job description`, async () => {
      const res = await createInterview(
        jsonRequest("/api/interviews", `{"role":"backend engineer","level":"mid","questionCount":3,"jobDescription":"SQL${escaped}"}`, alice.cookie),
        params({}),
      );
      expect(res.status).toBe(422);
      expect((await res.json()) as ErrorBody).toMatchObject({ code: "unprocessable:api", issues: [{ path: "jobDescription" }] });
    });

    it(`${label} in a job's description`, async () => {
      const res = await createJob(jsonRequest("/api/jobs", `{"title":"Engineer","description":"Requirements: SQL${escaped}"}`, bob.cookie), params({}));
      expect(res.status).toBe(422);
      expect((await res.json()) as ErrorBody).toMatchObject({ code: "unprocessable:api", issues: [{ path: "description" }] });
    });

    it(`${label} in a chat answer's text and in its message id`, async () => {
      const { id } = await plannedInterview(db, alice.userId);
      const text = await chat(
        jsonRequest(
          `/api/interviews/${id}/chat`,
          `{"action":"answer","messages":[{"id":"m1","role":"user","parts":[{"type":"text","text":"a${escaped}b"}]}]}`,
          alice.cookie,
        ),
        params({ id }),
      );
      expect(text.status).toBe(422);
      expect((await text.json()) as ErrorBody).toMatchObject({ code: "unprocessable:api", issues: [{ path: "messages.0.parts.0.text" }] });
      const msgId = await chat(
        jsonRequest(
          `/api/interviews/${id}/chat`,
          `{"action":"answer","messages":[{"id":"m${escaped}1","role":"user","parts":[{"type":"text","text":"ok"}]}]}`,
          alice.cookie,
        ),
        params({ id }),
      );
      expect(msgId.status).toBe(422);
      expect((await msgId.json()) as ErrorBody).toMatchObject({ code: "unprocessable:api", issues: [{ path: "messages.0.id" }] });
      expect(await listMessages(db, { interviewId: id })).toEqual([]);
    });
  }

  it("U+0000 in the single upload's job description (a multipart text field)", async () => {
    const res = await upload(
      uploadRequest({
        cookie: alice.cookie,
        bytes: Buffer.from(`Jane ${randomUUID()}\nExperience\nEngineer`),
        fileName: "cv.txt",
        jobDescription: "SQL\u0000",
      }),
      params({}),
    );
    expect(res.status).toBe(422);
    expect((await res.json()) as ErrorBody).toMatchObject({ code: "unprocessable:api", issues: [{ path: "jobDescription" }] });
  });
});

describe("the chat body", () => {
  it(`is refused over ${CHAT_MAX_BODY_BYTES / 1024} KB (413) before it is parsed: a 10 MB answer, sent with and without Content-Length`, async () => {
    const { id } = await plannedInterview(db, alice.userId);
    const huge = JSON.stringify(answer("x".repeat(10 * 1024 * 1024)));
    const sized = await chat(jsonRequest(`/api/interviews/${id}/chat`, huge, alice.cookie), params({ id }));
    expect(sized.status).toBe(413);
    expect((await sized.json()) as ErrorBody).toMatchObject({ code: "payload_too_large:api" });
    // Chunked: no Content-Length, counted as it arrives.
    const bytes = new TextEncoder().encode(huge);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) c.enqueue(bytes.subarray(i, i + 64 * 1024));
        c.close();
      },
    });
    const chunked = await chat(
      new Request(`${BASE}/api/interviews/${id}/chat`, {
        method: "POST",
        body: stream,
        headers: { "content-type": "application/json", cookie: alice.cookie },
        duplex: "half",
      } as RequestInit),
      params({ id }),
    );
    expect(chunked.status).toBe(413);
    // Past the chat's own cap, well under the 1 MiB every other JSON route takes.
    const over = await chat(jsonRequest(`/api/interviews/${id}/chat`, JSON.stringify(answer("x".repeat(300 * 1024))), alice.cookie), params({ id }));
    expect(over.status).toBe(413);
    expect((await over.json()) as ErrorBody).toMatchObject({ code: "payload_too_large:api", message: "The body is larger than 256 KB." });
    expect(await listMessages(db, { interviewId: id })).toEqual([]);
  });

  it(`takes an answer of ${MAX_ANSWER_CHARS} characters whole, and refuses one longer with 422 saying how long an answer may be`, async () => {
    const { id } = await plannedInterview(db, alice.userId);
    const start = await chat(jsonRequest(`/api/interviews/${id}/chat`, JSON.stringify({ action: "start", messages: [] }), alice.cookie), params({ id }));
    expect(start.status).toBe(200);
    await start.text();

    const tooLong = await chat(
      jsonRequest(`/api/interviews/${id}/chat`, JSON.stringify(answer("é".repeat(MAX_ANSWER_CHARS + 1))), alice.cookie),
      params({ id }),
    );
    expect(tooLong.status).toBe(422);
    const body = (await tooLong.json()) as ErrorBody;
    expect(body).toMatchObject({ code: "unprocessable:api", issues: [{ path: "messages.0.parts" }] });
    expect(body.issues![0]!.message).toContain("20,000 characters");
    // Split over several text parts it is the same answer, and as long.
    const split = answer("a".repeat(MAX_ANSWER_CHARS / 2 + 1));
    split.messages[0]!.parts.push({ type: "text", text: "b".repeat(MAX_ANSWER_CHARS / 2) });
    const splitRes = await chat(jsonRequest(`/api/interviews/${id}/chat`, JSON.stringify(split), alice.cookie), params({ id }));
    expect(splitRes.status).toBe(422);

    const messageId = randomUUID();
    const whole = "é".repeat(MAX_ANSWER_CHARS);
    const ok = await chat(jsonRequest(`/api/interviews/${id}/chat`, JSON.stringify(answer(whole, messageId)), alice.cookie), params({ id }));
    expect(ok.status).toBe(200);
    await ok.text();
    const stored = (await listMessages(db, { interviewId: id })).find((m) => m.id === messageId);
    expect(stored?.text).toBe(whole);
  });
});

describe("file names on the single upload", () => {
  it("lose their bidirectional overrides, isolates and control characters, and the API shows the clean name", async () => {
    const res = await upload(
      uploadRequest({
        cookie: alice.cookie,
        bytes: Buffer.from(`Jane ${randomUUID()}\nExperience\nEngineer 2019 - 2023`),
        fileName: "cv\u202efdp.exe\u2066\u0007.txt",
      }),
      params({}),
    );
    expect(res.status).toBe(202);
    const { resumeId } = (await res.json()) as { resumeId: string };
    const shown = await getResume(get(`/api/resumes/${resumeId}`, alice.cookie), params({ id: resumeId }));
    expect(((await shown.json()) as { fileName: string }).fileName).toBe("cvfdp.exe.txt");
  });
});
