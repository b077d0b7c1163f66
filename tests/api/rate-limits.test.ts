/**
 * The request limits at the API door (docs/request-limits.md), through the real route handlers,
 * PostgreSQL and Redis, at the realistic limits: uploads 10 a minute and 200 a day per person,
 * 60 a minute per address. Each person sends from an address of their own (`x-panelist-peer`,
 * the header the patched server writes from the connection).
 */
import "../helpers/env";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import Redis from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as createInterview } from "@/app/api/interviews/route";
import { POST as bulkUpload } from "@/app/api/jobs/[id]/resumes/route";
import { POST as createJob } from "@/app/api/jobs/route";
import { GET as listResumes, POST as upload } from "@/app/api/resumes/route";
import { closeDb, getDb } from "@/lib/db/client";
import { deleteAllowlistEntry, deleteRateLimitOverride, upsertAllowlistEntry, upsertRateLimitOverride } from "@/lib/db/queries/rate-limits";
import { interviews, resumes } from "@/lib/db/schema";
import { processRegistry } from "@/lib/metrics/registry";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { recentRefusals, refusalCounts } from "@/lib/ratelimit/hits";
import { invalidateLimitSettings } from "@/lib/ratelimit/limit-settings";
import { RequestLimiter } from "@/lib/ratelimit/request-limiter";
import { getRequestLimiter, setRequestLimiter } from "@/lib/ratelimit/request-limits";
import { redisNowMs } from "@/lib/ratelimit/test-redis";
import { CORPUS_DIR } from "../corpus-dir";
import { candidate, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix, envRestorer } from "../helpers/fixtures";
import { BASE, params } from "../helpers/http";
import { captureLog } from "../helpers/log-capture";

const db = getDb();
const LIMITS = {
  RATE_LIMIT_UPLOAD_PER_MINUTE: "10",
  RATE_LIMIT_UPLOAD_PER_DAY: "200",
  RATE_LIMIT_UPLOAD_PER_IP_PER_MINUTE: "60",
  RATE_LIMIT_BULK_UPLOAD_PER_MINUTE: "10",
  RATE_LIMIT_ORG_FILES_PER_DAY: "2000",
  RATE_LIMIT_INTERVIEW_CREATE_PER_HOUR: "20",
};
const restoreEnv = envRestorer([...Object.keys(LIMITS), "LLM_PROVIDER"]);
const RESUME = readFileSync(path.join(CORPUS_DIR, "resumes-txt-md/en_plain_sample_resume.txt"), "utf8");
let peer = 0;
const peers = new Map<string, string>();
/** The address a test actor sends from: one of its own. */
const addressOf = (a: TestActor) => {
  if (!peers.has(a.userId)) peers.set(a.userId, `203.0.113.${++peer}`);
  return peers.get(a.userId)!;
};
const uniqueResume = () => Buffer.from(`${RESUME}\nReference: ${Math.random()}\n`);

function uploadAs(a: TestActor, bytes: Buffer = uniqueResume()): Promise<Response> {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], "cv.txt"));
  return upload(new Request(`${BASE}/api/resumes`, { method: "POST", body: form, headers: { cookie: a.cookie, "x-panelist-peer": addressOf(a) } }), params({}));
}

beforeAll(() => {
  Object.assign(process.env, LIMITS, { LLM_PROVIDER: "offline" });
});
afterEach(() => {
  setRequestLimiter(undefined);
});
afterAll(async () => {
  restoreEnv();
  await clearPrefix(getRedis());
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

async function json(res: Response): Promise<{ code: string; message: string } & Record<string, unknown>> {
  return (await res.json()) as { code: string; message: string };
}

describe("POST /api/resumes under the upload limits", () => {
  it("the 11th upload in a minute is 429 rate_limited:upload with Retry-After and the RateLimit headers; the 10 before it were 202", async () => {
    const [alice, warmUp] = await Promise.all([candidate(), candidate()]);
    // A first upload by someone else loads what the first upload of a process loads, so the
    // eleven below are timed warm.
    expect((await uploadAs(warmUp)).status).toBe(202);
    const startedAt = await redisNowMs(getRedis());
    const answers: Response[] = [];
    for (let i = 0; i < 11; i++) answers.push(await uploadAs(alice));
    const elapsed = (await redisNowMs(getRedis())) - startedAt;
    // GCRA lets the 11th through once one emission interval (60 s / 10) has passed: the test
    // can only tell the limiter's answer apart within that time (docs/request-limits.md).
    expect(elapsed, "the 11 uploads took longer than one emission interval of Redis time").toBeLessThan(6_000);

    expect(answers.map((r) => r.status)).toEqual([...Array(10).fill(202), 429]);
    // Allowed answers carry the tightest rule: the person's minute, counting down.
    expect(answers.slice(0, 10).map((r) => r.headers.get("x-ratelimit-remaining"))).toEqual(["9", "8", "7", "6", "5", "4", "3", "2", "1", "0"]);
    expect(answers[0]!.headers.get("ratelimit-policy")).toBe('"upload-user-minute";q=10;w=60');

    const refused = answers[10]!;
    const body = await json(refused);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(body.code).toBe("rate_limited:upload");
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 6).toBe(true);
    expect(body.message).toBe(`Too many uploads. Try again in ${retryAfter} second${retryAfter === 1 ? "" : "s"}.`);
    expect(refused.headers.get("ratelimit-policy")).toBe('"upload-user-minute";q=10;w=60');
    expect(refused.headers.get("ratelimit")).toBe(`"upload-user-minute";r=0;t=${retryAfter}`);
    expect(refused.headers.get("x-ratelimit-limit")).toBe("10");
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("x-ratelimit-reset")).toBe(String(retryAfter));
    // Refused before the body was read or anything written: ten resumes, not eleven.
    expect(await db.$count(resumes, eq(resumes.ownerId, alice.userId))).toBe(10);

    // The refusal is recorded for the console and counted for Prometheus.
    const hits = await recentRefusals(getRedis(), { limit: 5 });
    expect(hits[0]).toMatchObject({ policy: "upload", ruleId: "upload.user.minute", dimension: "user", subject: alice.userId, route: "POST /api/resumes" });
    expect(new Date(hits[0]!.at).toString()).not.toBe("Invalid Date");
    expect((await refusalCounts(getRedis(), { days: 1 }))["upload.user.minute"]).toBeGreaterThanOrEqual(1);
    const counter = (await processRegistry().getMetricsAsJSON()).find((m) => m.name === "panelist_rate_limit_refusals_total");
    expect(counter?.values.find((v) => v.labels.rule === "upload.user.minute" && v.labels.policy === "upload")?.value).toBeGreaterThanOrEqual(1);

    // Another person is not affected.
    const bob = await candidate();
    expect((await uploadAs(bob)).status).toBe(202);
  });

  it("an allow-listed person (multiplier null) is not limited", async () => {
    const partner = await candidate();
    const { after } = await db.transaction((tx) =>
      upsertAllowlistEntry(tx, { kind: "user", value: partner.userId, multiplier: null, note: "partner integration", createdBy: null }),
    );
    invalidateLimitSettings();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await uploadAs(partner)).status);
      expect(statuses).toEqual(Array(12).fill(202));
    } finally {
      await db.transaction((tx) => deleteAllowlistEntry(tx, { id: after.id }));
      invalidateLimitSettings();
    }
  });

  it("a console override changes the limit without a restart, and removing it restores the environment's", async () => {
    await db.transaction((tx) => upsertRateLimitOverride(tx, { ruleId: "upload.user.minute", limit: 3, updatedBy: null }));
    invalidateLimitSettings();
    try {
      const carol = await candidate();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await uploadAs(carol)).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
    } finally {
      await db.transaction((tx) => deleteRateLimitOverride(tx, { ruleId: "upload.user.minute" }));
      invalidateLimitSettings();
    }
    const dave = await candidate();
    const res = await uploadAs(dave);
    expect(res.status).toBe(202);
    expect(res.headers.get("x-ratelimit-limit")).toBe("10");
  });
});

describe("POST /api/resumes under the daily byte allowance", () => {
  /** What the person has left today, in bytes and in uploads this minute, read without charging anything (cost 0). */
  async function left(a: TestActor) {
    const subject = { userId: a.userId, organizationId: null, address: { ip: addressOf(a), key: addressOf(a) } };
    const d = await getRequestLimiter().check({ policy: "upload", subject, cost: { bytes: 0, requests: 0 } });
    const of = (id: string) => d.results.find((r) => r.ruleId === id)!.remaining;
    return { bytes: of("upload.user.day.bytes"), uploads: of("upload.user.minute") };
  }

  it("charges the file's bytes once stored; a duplicate or a refused file gives them back; past the allowance the upload is 429 and its request is not counted", async () => {
    const first = uniqueResume();
    // Room for two such files and a bit: realistic files, a small allowance.
    process.env.RATE_LIMIT_UPLOAD_BYTES_PER_DAY = String(first.length * 2 + 100);
    try {
      const frank = await candidate();
      const allowance = first.length * 2 + 100;
      expect((await uploadAs(frank, first)).status).toBe(202);
      expect(await left(frank)).toEqual({ bytes: allowance - first.length, uploads: 9 });
      // The same bytes again store nothing new: 200 duplicate, the bytes given back.
      const again = await uploadAs(frank, first);
      expect(again.status).toBe(200);
      expect(await left(frank)).toEqual({ bytes: allowance - first.length, uploads: 8 });
      // A file the checks refuse (an unsupported type) stores nothing either.
      const refusedType = await uploadAs(frank, Buffer.from([0x4d, 0x5a, 0x90, 0x00, ...Array(200).fill(0)]));
      expect(refusedType.status).toBe(415);
      expect(await left(frank)).toEqual({ bytes: allowance - first.length, uploads: 7 });

      // More than is left today, less than the whole allowance: it would pass tomorrow.
      const big = Buffer.concat([uniqueResume(), Buffer.alloc(200, 0x20)]);
      const res = await uploadAs(frank, big);
      const body = await json(res);
      expect(res.status).toBe(429);
      expect(body.code).toBe("rate_limited:upload");
      expect(body.message).toMatch(/^Your daily allowance of uploaded bytes is used up\. Try again in \d+ (minutes|hours)\.$/);
      expect(res.headers.get("ratelimit-policy")).toBe(`"upload-user-day-bytes";q=${allowance};w=86400;qu="content-bytes"`);
      // Nothing charged for the refused upload: neither its bytes nor the request the door counted.
      expect(await left(frank)).toEqual({ bytes: allowance - first.length, uploads: 7 });
      expect(await db.$count(resumes, eq(resumes.ownerId, frank.userId))).toBe(1);
    } finally {
      process.env.RATE_LIMIT_UPLOAD_BYTES_PER_DAY = "1000000000";
    }
  });
});

describe("POST /api/jobs/{id}/resumes under the bulk-upload limits", () => {
  async function newJob(actor: TestActor): Promise<string> {
    const res = await createJob(
      new Request(`${BASE}/api/jobs`, {
        method: "POST",
        body: JSON.stringify({ title: "Engineer", description: "Builds things with TypeScript and PostgreSQL." }),
        headers: { cookie: actor.cookie, "content-type": "application/json", "x-panelist-peer": addressOf(actor) },
      }),
      params({}),
    );
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  function bulk(actor: TestActor, jobId: string, count: number): Promise<Response> {
    const form = new FormData();
    for (let i = 0; i < count; i++) form.append("files", new File([uniqueResume()], `cv-${i}.txt`));
    return bulkUpload(
      new Request(`${BASE}/api/jobs/${jobId}/resumes`, { method: "POST", body: form, headers: { cookie: actor.cookie, "x-panelist-peer": addressOf(actor) } }),
      params({ id: jobId }),
    );
  }

  /** What the organisation and the recruiter have left, read without charging anything (cost 0). */
  async function left(actor: TestActor) {
    const subject = { userId: actor.userId, organizationId: actor.organizationId, address: { ip: addressOf(actor), key: addressOf(actor) } };
    const files = await getRequestLimiter().check({ policy: "bulk_upload", subject, cost: { files: 0 } });
    const requests = await getRequestLimiter().check({ policy: "bulk_upload", subject, cost: { requests: 0 } });
    return { files: files.results[0]!.remaining, requests: requests.results[0]!.remaining };
  }

  it("a 200-file batch is one request and 200 files of the organisation's daily allowance", async () => {
    const acme = await recruiter(db);
    const jobId = await newJob(acme);
    const res = await bulk(acme, jobId, 200);
    expect(res.status).toBe(202);
    expect(((await res.json()) as { items: unknown[] }).items).toHaveLength(200);
    expect(await left(acme)).toEqual({ files: 1800, requests: 9 });
  });

  it("a batch that would exceed the organisation's allowance is refused whole: 429, nothing written, nothing charged", async () => {
    process.env.RATE_LIMIT_ORG_FILES_PER_DAY = "300";
    try {
      const globex = await recruiter(db);
      const jobId = await newJob(globex);
      expect((await bulk(globex, jobId, 200)).status).toBe(202);
      expect(await left(globex)).toEqual({ files: 100, requests: 9 });
      const before = await db.$count(resumes, eq(resumes.organizationId, globex.organizationId!));

      const res = await bulk(globex, jobId, 200);
      const body = await json(res);
      expect(res.status).toBe(429);
      expect(body.code).toBe("rate_limited:batch");
      expect(body.message).toMatch(/^Your organisation's daily allowance of bulk-uploaded files is used up\. Try again in \d+ (minutes|hours)\.$/);
      expect(res.headers.get("ratelimit-policy")).toBe('"bulk_upload-organization-day-files";q=300;w=86400');
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await db.$count(resumes, eq(resumes.organizationId, globex.organizationId!))).toBe(before);
      // Neither the files nor the request were charged.
      expect(await left(globex)).toEqual({ files: 100, requests: 9 });
      // A batch that fits still goes.
      expect((await bulk(globex, jobId, 100)).status).toBe(202);
    } finally {
      process.env.RATE_LIMIT_ORG_FILES_PER_DAY = LIMITS.RATE_LIMIT_ORG_FILES_PER_DAY;
    }
  });
});

describe("POST /api/interviews under the interview-creation limit", () => {
  it("20 new interviews an hour: the 21st is 429 rate_limited:interview, and nothing is created", async () => {
    const gina = await candidate();
    const create = () =>
      createInterview(
        new Request(`${BASE}/api/interviews`, {
          method: "POST",
          body: JSON.stringify({ role: "backend engineer", level: "mid", questionCount: 5 }),
          headers: { cookie: gina.cookie, "content-type": "application/json", "x-panelist-peer": addressOf(gina) },
        }),
        params({}),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await create()).status);
    expect(statuses).toEqual([...Array(20).fill(201), 429]);
    const refused = await create();
    expect((await json(refused)).code).toBe("rate_limited:interview");
    expect(refused.headers.get("ratelimit-policy")).toBe('"interview_create-user-hour";q=20;w=3600');
    // One interval of 3 minutes (an hour / 20) after the burst began, at most.
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(180);
    expect(await db.$count(interviews, eq(interviews.ownerId, gina.userId))).toBe(20);
  });
});

describe("routes that queue paid work", () => {
  it("each is under the policy of the work it queues, not the general write limit", async () => {
    const routes: [string, () => Promise<Record<string, unknown>>, string, string][] = [
      ["POST /api/resumes", () => import("@/app/api/resumes/route"), "POST", "upload"],
      ["POST /api/jobs/[id]/applications", () => import("@/app/api/jobs/[id]/applications/route"), "POST", "upload"],
      ["POST /api/jobs/[id]/resumes", () => import("@/app/api/jobs/[id]/resumes/route"), "POST", "bulk_upload"],
      ["POST /api/interviews", () => import("@/app/api/interviews/route"), "POST", "interview_create"],
      ["POST /api/invites/[token]/accept", () => import("@/app/api/invites/[token]/accept/route"), "POST", "interview_create"],
      ["POST /api/interviews/[id]/chat", () => import("@/app/api/interviews/[id]/chat/route"), "POST", "chat"],
    ];
    for (const [name, load, method, policy] of routes) {
      const handler = (await load())[method] as { guard?: { limit?: string } };
      expect(handler.guard?.limit, name).toBe(policy);
    }
  });
});

describe("Redis unreachable", () => {
  it("uploads fail closed (503 unavailable:upload, Retry-After, logged each time); reads fail open (logged once a minute)", async () => {
    const erin = await candidate();
    const gone = new Redis({ port: 1, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    gone.on("error", () => undefined);
    const capture = captureLog("warn");
    setRequestLimiter(new RequestLimiter(gone, { timeoutMs: 500 }), { log: capture.log });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await uploadAs(erin);
        expect(res.status).toBe(503);
        expect((await json(res)).code).toBe("unavailable:upload");
        expect(res.headers.get("retry-after")).toBe("5");
      }
      expect(capture.count(/Redis unavailable\): refused/)).toBe(2);
      expect(await db.$count(resumes, eq(resumes.ownerId, erin.userId))).toBe(0);

      for (let i = 0; i < 3; i++) {
        const res = await listResumes(new Request(`${BASE}/api/resumes`, { headers: { cookie: erin.cookie, "x-panelist-peer": addressOf(erin) } }), params({}));
        expect(res.status).toBe(200);
        expect(res.headers.get("ratelimit")).toBeNull(); // nothing was counted
      }
      expect(capture.count(/let through uncounted/)).toBe(1);
      const line = capture.records.find((r) => /let through uncounted/.test(String(r.msg)));
      expect(line).toMatchObject({ policy: "read", route: "GET /api/resumes" });
      expect(String(line?.err)).toMatch(/could not ask Redis/);
    } finally {
      gone.disconnect();
    }
  });
});
