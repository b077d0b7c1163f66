import "../helpers/env";
import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMethodNotAllowed } from "@/app/api/_lib/method-not-allowed";
import type { GuardedHandler } from "@/app/api/_lib/route";
import { RESOURCES, type Resource } from "@/lib/auth/permissions";
import { closeDb, getDb } from "@/lib/db/client";
import { files, resumes, tasks } from "@/lib/db/schema";
import { acceptBatchUpload, createJob } from "@/lib/jobs/service";
import { createLogger } from "@/lib/log";
import { StreamConsumer } from "@/lib/queue/consumer";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { OutboxRelay } from "@/lib/queue/relay";
import { LIMIT_RULES } from "@/lib/ratelimit/policies";
import { acceptResumeUpload } from "@/lib/resume/service";
import { taskHandlers } from "@/worker/handlers";
import { candidate, platformAdmin, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix, eventually } from "../helpers/fixtures";
import { BASE } from "../helpers/http";
import { plannedInterview } from "../helpers/interviews";
import { corpusFiles, type FuzzBody, fuzzBody, fuzzFile, prng } from "./fuzz-inputs";

/**
 * The fuzz test of the edges (docs/security.md): 1,000 malformed files (made from the corpus)
 * uploaded to POST /api/resumes and POST /api/jobs/{id}/resumes, and 1,000 malformed JSON bodies
 * thrown at every JSON route (found by the glob, as the authorization matrix finds them), with a
 * real worker (every task type, the offline engine) consuming what gets in. Every answer is 2xx
 * or 4xx, every 4xx is `{code, message}`, the process keeps answering, nothing pollutes
 * `Object.prototype`, no stored file name keeps a control or bidi character, and once the worker
 * has drained no task is left PENDING, PROCESSING or RETRYING.
 *
 * One seeded generator makes every input: the seed is printed, and `FUZZ_SEED=<seed>` replays a
 * failing run exactly.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const FILES = 1_000;
const BODIES = 1_000;

// Request limits out of the way (a 429 with {code, message} would pass, but would test nothing).
for (const r of LIMIT_RULES) process.env[r.env] = "1000000000";
process.env.LLM_PROVIDER = "offline";

const modules = import.meta.glob<Record<string, unknown>>(["/app/api/**/route.ts", "!/app/api/_lib/**"], { eager: true });
type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const db = getDb();
const log = createLogger("test");
let alice: TestActor;
let bob: TestActor;
let admin: TestActor;
let target: TestActor;
let jobId: string;
let applicationId: string;
let interviewId: string;
let aliceResumeId: string;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
  [alice, bob, admin, target] = await Promise.all([candidate(), recruiter(db), platformAdmin(db), candidate()]);
  const deps = { db, redis: getRedis(), log };
  const job = await createJob(deps, {
    organizationId: bob.organizationId!,
    createdBy: bob.userId,
    title: "Fuzz job",
    description: "Requirements: SQL, TypeScript",
  });
  jobId = job.id;
  const upload = await acceptBatchUpload(deps, {
    organizationId: bob.organizationId!,
    uploaderId: bob.userId,
    jobId,
    files: [{ fileName: "cv.txt", bytes: Buffer.from(`Jane Doe ${randomUUID()}\nExperience\nEngineer 2019 - 2023\nSkills: SQL`) }],
  });
  const [item] = upload.items;
  if (!("applicationId" in item)) throw new Error("the fuzz test's bulk upload fixture was refused");
  applicationId = item.applicationId;
  interviewId = (await plannedInterview(db, alice.userId)).id;
  const { resume } = await acceptResumeUpload(deps, {
    ownerId: alice.userId,
    fileName: "cv.txt",
    bytes: Buffer.from(`Alice ${randomUUID()}\nExperience\nEngineer 2019 - 2023\nSkills: TypeScript`),
    jobDescription: null,
  });
  aliceResumeId = resume.id;

  const consumer = new StreamConsumer(deps, taskHandlers(db), { blockMs: 100, backoffBaseMs: 20, backoffCapMs: 100 });
  await consumer.start();
  const relay = new OutboxRelay(deps, { intervalMs: 100 });
  await relay.tick();
  relay.start();
  stopWorker = async () => {
    await relay.stop();
    await consumer.stop();
  };
}, 60_000);

afterAll(async () => {
  await stopWorker?.();
  await clearPrefix(getRedis());
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

/** What went wrong with one answer, with what to replay it. */
type Failure = { seed: number; index: number; route: string; how: string; status: number; body: string };

/**
 * Reads an answer to its end (a stream too) and judges it: never 5xx; a 4xx is JSON
 * `{code: "type:surface", message}` — better-auth's own endpoints answer `{code, message}` with
 * codes of their own (`INVALID_EMAIL_OR_PASSWORD`).
 */
async function judge(res: Response, where: Omit<Failure, "status" | "body" | "seed">, failures: Failure[]): Promise<void> {
  const text = await res.text();
  const fail = () => failures.push({ seed: SEED, ...where, status: res.status, body: text.slice(0, 300) });
  if (res.status >= 500 || res.status < 200) return void fail();
  if (res.status < 400) return;
  const codeShape = where.route.startsWith("POST /api/auth/") ? /^[A-Z_]+$|^[a-z_]+:[a-z_]+$/ : /^[a-z_]+:[a-z_]+$/;
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body.code !== "string" || !codeShape.test(body.code) || typeof body.message !== "string" || !body.message) fail();
  } catch {
    fail();
  }
}

/** Runs `count` jobs, `width` at a time, in index order. */
async function pool(count: number, width: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

const report = (failures: Failure[]) => failures.slice(0, 10).map((f) => JSON.stringify(f));

describe(`fuzz (seed ${SEED})`, () => {
  it(`${FILES} malformed files on both upload routes: 2xx or 4xx {code, message}, stored names clean`, async () => {
    const rng = prng(SEED);
    const corpus = corpusFiles();
    expect(corpus.length).toBeGreaterThan(20);
    const single = modules["/app/api/resumes/route.ts"]!.POST as Handler;
    const bulk = modules["/app/api/jobs/[id]/resumes/route.ts"]!.POST as Handler;
    const failures: Failure[] = [];
    const statuses = new Map<number, number>();
    // Inputs are drawn in order (the generator is sequential), then sent a few at a time.
    const requests: { route: string; how: string; make: () => Request; handler: Handler; params: Record<string, string> }[] = [];
    let made = 0;
    while (made < FILES) {
      const toBulk = rng.next() < 0.5;
      const n = toBulk ? Math.min(rng.int(1, 3), FILES - made) : 1;
      const batch = await Promise.all(Array.from({ length: n }, () => fuzzFile(rng, corpus)));
      made += n;
      const form = () => {
        const f = new FormData();
        for (const file of batch) f.append(toBulk ? "files" : "file", new File([new Uint8Array(file.bytes)], file.name));
        return f;
      };
      requests.push({
        route: toBulk ? "POST /api/jobs/[id]/resumes" : "POST /api/resumes",
        how: batch.map((b) => `${b.how} named ${JSON.stringify(b.name.slice(0, 60))}`).join(" + "),
        make: () =>
          new Request(toBulk ? `${BASE}/api/jobs/${jobId}/resumes` : `${BASE}/api/resumes`, {
            method: "POST",
            body: form(),
            headers: { cookie: toBulk ? bob.cookie : alice.cookie },
          }),
        handler: toBulk ? bulk : single,
        params: toBulk ? { id: jobId } : {},
      });
    }
    // Malformed multipart framing, besides malformed files.
    for (const [how, body, type] of [
      ["a truncated multipart body", '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF', "multipart/form-data; boundary=x"],
      ["multipart without a boundary", "--x\r\n\r\n", "multipart/form-data"],
      ["a multipart body with another boundary", '--y\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--y--', "multipart/form-data; boundary=x"],
      ["`file` as a text field", '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nhello\r\n--x--\r\n', "multipart/form-data; boundary=x"],
    ] as const) {
      for (const [route, handler, url, params, cookie] of [
        ["POST /api/resumes", single, `${BASE}/api/resumes`, {}, () => alice.cookie],
        ["POST /api/jobs/[id]/resumes", bulk, `${BASE}/api/jobs/${jobId}/resumes`, { id: jobId }, () => bob.cookie],
      ] as const) {
        requests.push({
          route,
          how,
          handler,
          params,
          make: () => new Request(url, { method: "POST", body, headers: { "content-type": type, cookie: cookie() } }),
        });
      }
    }

    await pool(requests.length, 3, async (i) => {
      const r = requests[i]!;
      const res = await r.handler(r.make(), { params: Promise.resolve(r.params) });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      await judge(res, { index: i, route: r.route, how: r.how }, failures);
    });
    console.log(`fuzz files: statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(failures, `seed ${SEED}: ${report(failures).join("\n")}`).toEqual([]);
    // Some got in (the worker has work) and some were refused: the fuzz reached both sides.
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    expect([...statuses.keys()].some((s) => s >= 400)).toBe(true);

    // No stored name keeps a control character or a bidirectional override (lib/resume/service.ts).
    const names = [
      ...(await db.select({ n: resumes.fileName }).from(resumes)).map((r) => r.n),
      ...(await db.select({ n: files.fileName }).from(files)).map((r) => r.n),
    ];
    expect(names.length).toBeGreaterThan(2);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
    expect(names.filter((n) => /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(n))).toEqual([]);
  }, 600_000);

  it(`${BODIES} malformed JSON bodies on every JSON route: 2xx or 4xx {code, message}, no prototype polluted`, async () => {
    const rng = prng(SEED ^ 0x5eed);
    const targets = jsonTargets();
    expect(targets.length).toBeGreaterThan(15);
    const failures: Failure[] = [];
    const statuses = new Map<number, number>();
    const inputs: { t: (typeof targets)[number]; b: FuzzBody }[] = [];
    for (let i = 0; i < BODIES; i++) {
      const t = targets[i % targets.length]!;
      inputs.push({ t, b: fuzzBody(rng, t.base()) });
    }
    await pool(inputs.length, 4, async (i) => {
      const { t, b } = inputs[i]!;
      const headers: Record<string, string> = { cookie: t.actor().cookie, origin: new URL(BASE).origin };
      if (b.contentType !== null) headers["content-type"] = b.contentType;
      const res = await t.handler(new Request(t.url(), { method: t.method, body: b.body, headers }), { params: Promise.resolve(t.params()) });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      await judge(res, { index: i, route: t.key, how: b.how }, failures);
    });
    console.log(`fuzz bodies: statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(failures, `seed ${SEED}: ${report(failures).join("\n")}`).toEqual([]);
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    for (const s of [400, 413, 415, 422]) expect(statuses.get(s) ?? 0, `status ${s}`).toBeGreaterThan(0);
    const probe = {} as Record<string, unknown>;
    expect([probe.polluted, probe.role, (Object.prototype as Record<string, unknown>).polluted]).toEqual([undefined, undefined, undefined]);
  }, 600_000);

  it("the process still answers, and once the worker has drained no task is left PENDING, PROCESSING or RETRYING", async () => {
    const list = modules["/app/api/resumes/route.ts"]!.GET as Handler;
    const res = await list(new Request(`${BASE}/api/resumes`, { headers: { cookie: alice.cookie } }), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const total = await db.select({ n: sql<number>`count(*)::int` }).from(tasks);
    expect(total[0]!.n).toBeGreaterThan(10);
    const open = await eventually(
      async () => {
        const rows = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(tasks)
          .where(inArray(tasks.status, ["PENDING", "PROCESSING", "RETRYING"]));
        return rows[0]!.n === 0 ? rows : undefined;
      },
      480_000,
      500,
    );
    expect(open[0]!.n).toBe(0);
    const ended = await db.select({ status: tasks.status, n: sql<number>`count(*)::int` }).from(tasks).groupBy(tasks.status);
    console.log(`fuzz tasks: ${JSON.stringify(Object.fromEntries(ended.map((r) => [r.status, r.n])))}`);
  }, 600_000);
});

/**
 * Every JSON-bodied handler of the door (found by the glob), plus better-auth's sign-in and
 * sign-up: its URL and params (the fixtures' own ids, so a valid body reaches the handler), the
 * actor its permission's scope calls for, and a valid body to mutate.
 */
function jsonTargets() {
  const out: {
    key: string;
    method: string;
    handler: Handler;
    url: () => string;
    params: () => Record<string, string>;
    actor: () => TestActor;
    base: () => Record<string, unknown>;
  }[] = [];
  for (const [file, mod] of Object.entries(modules)) {
    const path = file.replace(/^\/app/, "").replace(/\/route\.ts$/, "");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      const h = mod[method];
      if (typeof h !== "function" || isMethodNotAllowed(h)) continue;
      const guard = (h as Partial<GuardedHandler>).guard;
      if (guard?.body !== "json") continue;
      const key = `${method} ${path}`;
      const scope = RESOURCES[guard.permission.split(":")[0] as Resource].scope;
      const params = () => paramsFor(path);
      out.push({
        key,
        method,
        handler: h as Handler,
        params,
        url: () => `${BASE}${path.replace(/\[(\w+)\]/g, (_, name: string) => params()[name]!)}`,
        actor: () => (scope === "platform" ? admin : scope === "organization" ? bob : alice),
        base: () => validBody(key),
      });
    }
  }
  const auth = modules["/app/api/auth/[...all]/route.ts"]!.POST as Handler;
  for (const endpoint of ["sign-in/email", "sign-up/email"]) {
    out.push({
      key: `POST /api/auth/${endpoint}`,
      method: "POST",
      handler: auth,
      url: () => `${BASE}/api/auth/${endpoint}`,
      params: () => ({ all: endpoint }),
      actor: () => ({ ...target, cookie: "" }),
      base: () => ({ email: `fuzz-${randomUUID()}@example.test`, password: "fuzz-password-123456", name: "Fuzz" }),
    });
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** A route's dynamic segments: the fixtures' own ids where the route names one, a fresh UUID (or token) otherwise. */
function paramsFor(path: string): Record<string, string> {
  const p: Record<string, string> = {};
  for (const [, name] of path.matchAll(/\[(\w+)\]/g)) {
    if (name === "token") p.token = Buffer.alloc(32, 7).toString("base64url");
    else if (name !== "id") p[name!] = randomUUID();
    else if (path.startsWith("/api/jobs/")) p.id = jobId;
    else if (path.startsWith("/api/interviews/")) p.id = interviewId;
    else if (path.startsWith("/api/applications/")) p.id = applicationId;
    else if (path.startsWith("/api/admin/users/")) p.id = target.userId;
    else p.id = randomUUID();
  }
  return p;
}

/** A body the route accepts, to mutate; `{}` for a route this list does not know yet (its schema then answers 422). */
function validBody(key: string): Record<string, unknown> {
  const budget = { scope: "feature", scopeId: "fuzz", period: "day" };
  const model = { provider: "fuzz", model: "m" };
  const bodies: Record<string, Record<string, unknown>> = {
    "POST /api/jobs": { title: "Fuzz job", description: "Requirements: SQL" },
    "PATCH /api/jobs/[id]": { title: "Fuzz job", location: "Remote" },
    "POST /api/interviews": { role: "backend engineer", level: "mid", questionCount: 3, jobDescription: "SQL" },
    "POST /api/interviews/[id]/chat": {
      id: interviewId,
      action: "answer",
      messages: [{ id: randomUUID(), role: "user", parts: [{ type: "text", text: "I built the billing service in TypeScript." }] }],
    },
    "PATCH /api/admin/users/[id]": { role: "user" },
    "PUT /api/admin/settings/budgets": { ...budget, limitMicroUsd: 1_000_000 },
    "DELETE /api/admin/settings/budgets": budget,
    "PATCH /api/admin/settings/alerts": { kind: "stream_lag", threshold: 1000 },
    "PUT /api/admin/settings/prices": { ...model, inputMicroUsdPerMTok: 1, cachedInputMicroUsdPerMTok: 1, outputMicroUsdPerMTok: 1 },
    "DELETE /api/admin/settings/prices": model,
    "POST /api/admin/dlq/replay": { taskIds: [randomUUID()] },
    "POST /api/admin/dlq/discard": { taskIds: [randomUUID()] },
    "POST /api/jobs/[id]/stage": { applicationIds: [applicationId], stage: "shortlisted" },
    "PATCH /api/applications/[id]": { note: "Fuzz note." },
    "POST /api/jobs/[id]/applications": { resumeId: aliceResumeId },
    "POST /api/jobs/[id]/invites": { questionCount: 3, email: "invitee@example.test" },
    "POST /api/interviews/[id]/shares": { organizationId: bob.organizationId },
    "POST /api/invites/[token]/accept": { shareReport: false },
  };
  return bodies[key] ?? {};
}
