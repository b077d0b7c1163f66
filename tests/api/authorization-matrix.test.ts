import "../helpers/env";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMethodNotAllowed } from "@/app/api/_lib/method-not-allowed";
import type { GuardedHandler } from "@/app/api/_lib/route";
import { closeDb, getDb } from "@/lib/db/client";
import { createFairnessAudit } from "@/lib/db/queries/fairness-audits";
import { reportShares } from "@/lib/db/schema";
import { acceptInvite, createInvite } from "@/lib/jobs/invite-service";
import { acceptBatchUpload, createJob } from "@/lib/jobs/service";
import { applyToJob } from "@/lib/jobs/sharing-service";
import { createKnowledgeBase, uploadDocuments } from "@/lib/knowledge";
import { hashingEmbedding } from "@/lib/knowledge/embedding";
import { createLogger } from "@/lib/log";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { acceptResumeUpload } from "@/lib/resume/service";
import { newTask } from "@/lib/tasks/definitions";
import { candidate, platformAdmin, recruiter, type TestActor } from "../helpers/actors";
import { clearPrefix } from "../helpers/fixtures";
import { BASE } from "../helpers/http";
import { unplannedInterview } from "../helpers/interviews";
import { testVectorStore } from "../helpers/vector-store";
import { ACTORS, type ActorName, type Cell, EXPECTED, ID_KINDS, type IdKind } from "./authorization-matrix.expected";

/**
 * Walks every route handler under app/api (found by the glob, not listed by hand) × method ×
 * actor × id and compares each answer's status with the table in
 * authorization-matrix.expected.ts; then the rules every state-changing or JSON route shares:
 * foreign origins 403, non-JSON bodies 415, control characters 422.
 */
const modules = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts", { eager: true });
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
/** A route's dynamic segments by name (`{id}`, `{id, shareId}`, `{token}`). */
type PathParams = Record<string, string>;

/** `/app/api/tasks/[id]/events/route.ts` → `/api/tasks/[id]/events`. */
const routePath = (file: string) => file.replace(/^\/app/, "").replace(/\/route\.ts$/, "");
const ROUTES = Object.entries(modules).flatMap(([file, mod]) =>
  // The 405 answers of methods a route does not implement are tests/api/methods.test.ts's.
  METHODS.filter((m) => typeof mod[m] === "function" && !isMethodNotAllowed(mod[m])).map((method) => ({
    key: `${method} ${routePath(file)}`,
    path: routePath(file),
    method,
    handler: mod[method] as Handler,
  })),
);

const db = getDb();
const log = createLogger("test");
const actors = {} as Record<Exclude<ActorName, "anonymous">, TestActor>;
/** Each actor's own resources (personal scope); `shareId` a share of their interview with organisation X, `inviteToken` an invitation they accepted; `kbId`/`docId`/`chunkId` a personal knowledge base, its document and a stored passage of it. */
const owned = {} as Record<
  Exclude<ActorName, "anonymous">,
  { resumeId: string; taskId: string; interviewId: string; shareId: string; inviteToken: string; kbId: string; docId: string; chunkId: string }
>;
// The knowledge routes delete chunks: in a vector store schema of this file's own.
const vectorStore = await testVectorStore();
/** Each organisation's own resources: an open job, a bulk upload onto it, the resume and application it made, a fairness audit of the job. */
const orgOwned = {} as Record<"recruiterX" | "recruiterY", { jobId: string; batchId: string; resumeId: string; applicationId: string; auditId: string }>;
/** Shares of one of candidateA's interviews with organisation X and with organisation Y (the organisations' reads). */
const sharedWith = {} as Record<"recruiterX" | "recruiterY", string>;

beforeAll(async () => {
  process.env.PANELIST_BENCH_ROUTES = "1";
  [actors.candidateA, actors.candidateB, actors.recruiterX, actors.recruiterY, actors.admin] = await Promise.all([
    candidate(),
    candidate(),
    recruiter(db),
    recruiter(db, { role: "member" }),
    platformAdmin(db),
  ]);
  for (const [name, a] of Object.entries(actors) as [keyof typeof actors, TestActor][]) {
    const { resume, task } = await acceptResumeUpload(
      { db, redis: getRedis(), log },
      {
        ownerId: a.userId,
        fileName: "cv.txt",
        bytes: Buffer.from(`Jane Doe ${randomUUID()}\nExperience\nEngineer 2019 - 2023\nSkills: TypeScript`),
        jobDescription: null,
      },
    );
    const { interview } = await unplannedInterview(db, a.userId);
    owned[name] = { resumeId: resume.id, taskId: task.id, interviewId: interview.id, shareId: "", inviteToken: "", ...(await knowledgeFixture(a)) };
  }
  for (const name of ["recruiterX", "recruiterY"] as const) {
    const a = actors[name];
    const deps = { db, redis: getRedis(), log };
    const job = await createJob(deps, { organizationId: a.organizationId!, createdBy: a.userId, title: "Matrix job", description: "Requirements: SQL" });
    const upload = await acceptBatchUpload(deps, {
      organizationId: a.organizationId!,
      uploaderId: a.userId,
      jobId: job.id,
      files: [{ fileName: "cv.txt", bytes: Buffer.from(`Jane Doe ${randomUUID()}\nExperience\nEngineer 2019 - 2023\nSkills: SQL`) }],
    });
    const [item] = upload.items;
    if (!("resumeId" in item)) throw new Error("the matrix's bulk upload fixture was refused");
    const created = await createFairnessAudit(db, {
      jobId: job.id,
      organizationId: a.organizationId!,
      createdBy: a.userId,
      task: (auditId) => newTask("job.fairness_audit", { ownerId: a.userId, organizationId: a.organizationId, payload: { auditId }, lane: "batch" }),
    });
    if (!created) throw new Error("the matrix's fairness audit fixture found one running");
    const { audit } = created;
    orgOwned[name] = { jobId: job.id, batchId: upload.batchId, resumeId: item.resumeId, applicationId: item.applicationId, auditId: audit.id };
  }
  const deps = { db, redis: getRedis(), log };
  for (const [name, a] of Object.entries(actors) as [keyof typeof actors, TestActor][]) {
    // Applied and accepted once already: the matrix's calls answer the duplicate (200) every time.
    for (const { jobId } of Object.values(orgOwned)) await applyToJob(deps, { jobId, resumeId: owned[name].resumeId, candidateId: a.userId });
    const [share] = await db
      .insert(reportShares)
      .values({ interviewId: owned[name].interviewId, organizationId: actors.recruiterX.organizationId!, sharedBy: a.userId })
      .returning();
    owned[name].shareId = share.id;
    const invite = await createInvite(db, {
      jobId: orgOwned.recruiterX.jobId,
      organizationId: actors.recruiterX.organizationId!,
      createdBy: actors.recruiterX.userId,
      email: null,
      linkFor: (token) => token,
    });
    await acceptInvite(deps, { token: invite.url!, userId: a.userId, shareReport: false });
    owned[name].inviteToken = invite.url!;
  }
  const { interview: shared } = await unplannedInterview(db, actors.candidateA.userId);
  for (const r of ["recruiterX", "recruiterY"] as const) {
    const [share] = await db
      .insert(reportShares)
      .values({ interviewId: shared.id, organizationId: actors[r].organizationId!, sharedBy: actors.candidateA.userId })
      .returning();
    sharedWith[r] = share.id;
  }
});

/**
 * A personal knowledge base of `a` with one document. Made again before the shared rules: the
 * matrix's own DELETE rows delete the first ones.
 */
async function knowledgeFixture(a: TestActor): Promise<{ kbId: string; docId: string; chunkId: string }> {
  const kActor = { userId: a.userId, readOrganizationId: null, writeOrganizationId: null, createOrganizationId: null };
  const kb = await createKnowledgeBase(db, kActor, { name: "Matrix notes" });
  const up = await uploadDocuments({ db, redis: getRedis(), log }, kActor, {
    knowledgeBaseId: kb.id,
    files: [{ fileName: "notes.txt", bytes: Buffer.from(`Matrix notes ${randomUUID()}: the leave policy.`) }],
  });
  const doc = up.items[0]!;
  if (!("documentId" in doc)) throw new Error("the matrix's knowledge base upload fixture was refused");
  // One stored passage of the document (no worker runs here to vectorize it), for the chunk route.
  const space = { knowledgeBaseId: kb.id, model: kb.embeddingModel, dim: kb.embeddingDim };
  await vectorStore.ensureSpace(space.dim);
  const passage = "Matrix notes: the leave policy.";
  await vectorStore.replaceDocumentChunks(space, doc.documentId, [
    { ordinal: 0, heading: null, content: passage, tokenCount: 6, page: null, embedding: hashingEmbedding(passage, space.dim) },
  ]);
  const [chunk] = await vectorStore.listChunks(kb.id, { documentIds: [doc.documentId], limit: 1 });
  return { kbId: kb.id, docId: doc.documentId, chunkId: chunk!.id };
}

afterAll(async () => {
  await clearPrefix(getRedis());
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

/** An organisation's fixtures for an actor: a recruiter's own organisation's (or the other one's), X's for everybody else. */
function orgFor(actor: Exclude<ActorName, "anonymous">, whose: "own" | "foreign") {
  const own = actor === "recruiterY" ? "recruiterY" : "recruiterX";
  return orgOwned[whose === "own" ? own : own === "recruiterX" ? "recruiterY" : "recruiterX"];
}

/** The id of the resource a route's `[id]` names, for one actor and one id kind. */
function idFor(path: string, actor: Exclude<ActorName, "anonymous">, kind: IdKind): string {
  if (kind === "missing") return randomUUID();
  if (kind === "malformed") return "not-an-id";
  if (path.startsWith("/api/jobs/")) return orgFor(actor, kind === "own" ? "own" : "foreign").jobId;
  if (path.startsWith("/api/batches/")) return orgFor(actor, kind === "own" ? "own" : "foreign").batchId;
  if (path.startsWith("/api/applications/")) return orgFor(actor, kind === "own" ? "own" : "foreign").applicationId;
  const whose = kind === "own" ? actor : actor === "candidateA" ? "candidateB" : "candidateA";
  if (path.startsWith("/api/admin/users/")) return actors[whose].userId;
  const r = owned[whose];
  if (path.startsWith("/api/resumes/")) return r.resumeId;
  if (path.startsWith("/api/tasks/") || path.startsWith("/api/admin/tasks/")) return r.taskId;
  if (path.startsWith("/api/interviews/")) return r.interviewId;
  if (path.startsWith("/api/knowledge/")) return r.kbId;
  throw new Error(`no fixture for the [id] of ${path}: add one to idFor()`);
}

/** Every dynamic segment of a route (`[id]`, `[shareId]`, `[token]`) for one actor and one id kind. */
function paramsFor(path: string, actor: Exclude<ActorName, "anonymous">, kind: IdKind): PathParams {
  if (path === "/api/jobs/[id]/resumes/[resumeId]") {
    // The id kinds are the resume's, in the actor's own job (foreign: another organisation's job and resume).
    const org = orgFor(actor, kind === "foreign" ? "foreign" : "own");
    return { id: org.jobId, resumeId: kind === "missing" ? randomUUID() : kind === "malformed" ? "not-an-id" : org.resumeId };
  }
  if (path === "/api/jobs/[id]/fairness-audits/[auditId]") {
    // The id kinds are the audit's, of the actor's own job (foreign: another organisation's job and audit).
    const org = orgFor(actor, kind === "foreign" ? "foreign" : "own");
    return { id: org.jobId, auditId: kind === "missing" ? randomUUID() : kind === "malformed" ? "not-an-id" : org.auditId };
  }
  const p: PathParams = path.includes("[id]") ? { id: idFor(path, actor, kind) } : {};
  const whose = kind === "own" ? actor : actor === "candidateA" ? "candidateB" : "candidateA";
  if (path.includes("[docId]")) {
    // The id kinds are the document's, in the actor's own knowledge base (foreign: another person's knowledge base and document).
    p.id = owned[whose].kbId;
    p.docId = kind === "missing" ? randomUUID() : kind === "malformed" ? "not-an-id" : owned[whose].docId;
  }
  if (path.includes("[chunkId]")) {
    // The id kinds are the passage's, in the actor's own knowledge base (foreign: another person's knowledge base and passage).
    p.id = owned[whose].kbId;
    p.chunkId = kind === "missing" ? randomUUID() : kind === "malformed" ? "not-an-id" : owned[whose].chunkId;
  }
  if (path.includes("[shareId]")) {
    const org = actor === "recruiterY" ? "recruiterY" : "recruiterX";
    const other = org === "recruiterX" ? "recruiterY" : "recruiterX";
    const share = path.startsWith("/api/shared-reports/") ? sharedWith[kind === "own" ? org : other] : owned[whose].shareId;
    p.shareId = kind === "missing" ? randomUUID() : kind === "malformed" ? "not-an-id" : share;
  }
  if (path.includes("[token]")) {
    p.token = kind === "missing" ? Buffer.alloc(32, 1).toString("base64url") : kind === "malformed" ? "not-an-id" : owned[whose].inviteToken;
  }
  return p;
}
const hasParams = (path: string) => /\[(?!\.\.\.)\w+\]/.test(path);

/** A request the route accepts from a permitted actor (so the door, not the input, decides). */
function requestFor(key: string, url: string, cookie: string | undefined, extra: Record<string, string> = {}): Request {
  const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...extra };
  const multipart = () => {
    const form = new FormData();
    form.set("file", new File([`Jane Doe ${randomUUID()}\nExperience\nEngineer 2019 - 2023\nSkills: TypeScript`], "cv.txt"));
    return new Request(url, { method: "POST", body: form, headers });
  };
  const json = (body: unknown, method = "POST") =>
    new Request(url, { method, body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } });
  const matrixBudget = { scope: "feature", scopeId: "authorization-matrix", period: "day" };
  const matrixModel = { provider: "authorization-matrix", model: "m" };
  switch (key) {
    case "POST /api/resumes":
    case "POST /api/bench/noop":
      return multipart();
    case "POST /api/knowledge/[id]/documents": {
      const form = new FormData();
      form.append("files", new File([`Matrix notes ${randomUUID()}: the leave policy.`], "notes.txt"));
      return new Request(url, { method: "POST", body: form, headers });
    }
    case "POST /api/bench/chat-baseline":
      return json({ system: "You are the interviewer.", prompt: "Ask the first question." });
    case "POST /api/bench/stream-floor":
      return json({ pieces: 1, intervalMs: 0 });
    case "POST /api/knowledge":
      return json({ name: "Matrix knowledge base" });
    case "POST /api/knowledge/[id]/chat":
      return json({ messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "What is the leave policy?" }] }] });
    case "POST /api/knowledge/[id]/documents/[docId]/revectorize":
      return new Request(url, { method: "POST", headers });
    case "DELETE /api/knowledge/[id]":
    case "DELETE /api/knowledge/[id]/documents/[docId]":
      return new Request(url, { method: "DELETE", headers });
    case "POST /api/jobs/[id]/resumes": {
      const form = new FormData();
      form.append("files", new File([`Jane Doe ${randomUUID()}\nExperience\nEngineer 2019 - 2023\nSkills: SQL`], "cv.txt"));
      return new Request(url, { method: "POST", body: form, headers });
    }
    case "POST /api/jobs":
      return json({ title: "Matrix job", description: "Requirements: SQL" });
    case "PATCH /api/jobs/[id]":
      return json({ title: "Matrix job" }, "PATCH");
    case "POST /api/interviews":
      return json({ role: "backend engineer", level: "mid", questionCount: 5 });
    case "POST /api/interviews/[id]/chat":
      return json({ action: "start", messages: [] });
    case "PATCH /api/admin/users/[id]":
      // Every actor's foreign user is a candidate, who stays one: the admin's 200 changes nothing.
      return json({ role: "user" }, "PATCH");
    case "PUT /api/admin/settings/budgets":
      return json({ ...matrixBudget, limitMicroUsd: 1_000_000 }, "PUT");
    case "DELETE /api/admin/settings/budgets":
      return json(matrixBudget, "DELETE");
    case "PATCH /api/admin/settings/alerts":
      return json({ kind: "stream_lag", threshold: 1000 }, "PATCH");
    case "PUT /api/admin/settings/prices":
      return json({ ...matrixModel, inputMicroUsdPerMTok: 1, cachedInputMicroUsdPerMTok: 1, outputMicroUsdPerMTok: 1 }, "PUT");
    case "DELETE /api/admin/settings/prices":
      return json(matrixModel, "DELETE");
    case "PUT /api/admin/settings/limits":
      // Its built-in default: the matrix's own requests are not throttled by the change.
      return json({ ruleId: "read.user.minute", limit: 600 }, "PUT");
    case "DELETE /api/admin/settings/limits":
      return json({ ruleId: "read.user.minute" }, "DELETE");
    case "PUT /api/admin/settings/allowlist":
      // TEST-NET-1 (RFC 5737): no request of the matrix comes from it.
      return json({ kind: "ip_range", value: "192.0.2.0/24", multiplier: 2, note: "authorization matrix" }, "PUT");
    case "DELETE /api/admin/settings/allowlist":
      return json({ id: randomUUID() }, "DELETE");
    case "POST /api/admin/dlq/replay":
    case "POST /api/admin/dlq/discard":
      // A task that is not FAILED: the request is valid, and nothing is replayed or discarded.
      return json({ taskIds: [owned.candidateA.taskId] });
    case "POST /api/interviews/[id]/end":
    case "POST /api/jobs/[id]/fairness-audits":
      return new Request(url, { method: "POST", headers });
    case "POST /api/jobs/[id]/stage": {
      // the application of the job in the URL (a random id for a missing or malformed job)
      const jobId = new URL(url).pathname.split("/")[3];
      const org = Object.values(orgOwned).find((o) => o.jobId === jobId);
      return json({ applicationIds: [org?.applicationId ?? randomUUID()], stage: "shortlisted" });
    }
    case "PATCH /api/applications/[id]":
      return json({ note: "Matrix note." }, "PATCH");
    case "POST /api/jobs/[id]/applications": {
      // The actor's own resume, applied with once already (beforeAll).
      const who = (Object.keys(actors) as (keyof typeof actors)[]).find((n) => actors[n].cookie === cookie) ?? "candidateA";
      return json({ resumeId: owned[who].resumeId });
    }
    case "POST /api/jobs/[id]/invites":
      return json({ questionCount: 5 });
    case "POST /api/interviews/[id]/shares":
      return json({ organizationId: "org-of-the-matrix" });
    case "DELETE /api/interviews/[id]/shares/[shareId]":
      return new Request(url, { method: "DELETE", headers });
    case "POST /api/invites/[token]/accept":
      return json({ shareReport: false });
    case "GET /api/auth/[...all]":
      return new Request(`${BASE}/api/auth/get-session`, { headers });
    case "POST /api/auth/[...all]":
      // A browser's own sign-in carries the page's Origin; better-auth refuses a cookie-bearing POST without one.
      return new Request(url, {
        method: "POST",
        body: JSON.stringify({ email: `nobody-${randomUUID()}@example.test`, password: "wrong-password-123" }),
        headers: { "content-type": "application/json", origin: new URL(BASE).origin, ...headers },
      });
    default:
      if (key.startsWith("GET ")) return new Request(url, { headers });
      throw new Error(`no request builder for ${key}: add one to requestFor()`);
  }
}

function urlFor(key: string, path: string, p: PathParams = {}): string {
  if (key === "POST /api/auth/[...all]") return `${BASE}/api/auth/sign-in/email`;
  return `${BASE}${path.replace(/\[(\w+)\]/g, (whole, name: string) => p[name] ?? whole)}`;
}

/** Calls the handler as Next would; answers the status and, for JSON, the error code. */
async function call(route: (typeof ROUTES)[number], req: Request, p: PathParams = {}): Promise<{ status: number; code?: string }> {
  const params: Record<string, string | string[]> = route.path.includes("[...all]") ? { all: new URL(req.url).pathname.split("/").slice(3) } : p;
  const res = await route.handler(req, { params: Promise.resolve(params) });
  if (!(res.headers.get("content-type") ?? "").includes("application/json")) {
    await res.body?.cancel().catch(() => undefined); // SSE streams stay open otherwise
    return { status: res.status };
  }
  const body = (await res.json().catch(() => null)) as { code?: string } | null;
  return { status: res.status, code: body?.code };
}
const paramsOf = (p: PathParams = {}) => ({ params: Promise.resolve<Record<string, string | string[]>>(p) });

const cellFor = (cell: Cell, kind: IdKind | null) => (typeof cell === "number" ? cell : cell[kind ?? "own"]);

describe("the authorization matrix", () => {
  it("finds the route files by glob, and every route and method has a row — and every row a route", () => {
    expect(ROUTES.length).toBeGreaterThan(10);
    const found = ROUTES.map((r) => r.key).sort();
    expect(found).toEqual(Object.keys(EXPECTED).sort());
  });

  it("every handler but better-auth's is the one door, declaring the permission its row names", () => {
    for (const r of ROUTES) {
      const row = EXPECTED[r.key]!;
      const guard = (r.handler as Partial<GuardedHandler>).guard;
      if (row.permission === "better-auth") {
        expect(guard, r.key).toBeUndefined();
        expect(r.path).toBe("/api/auth/[...all]");
      } else {
        expect(guard?.permission, r.key).toBe(row.permission);
      }
    }
  });

  for (const r of ROUTES) {
    it(`${r.key}: every actor × id answers as the table says`, async () => {
      const row = EXPECTED[r.key]!;
      const hasId = hasParams(r.path);
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const actor of ACTORS) {
        for (const kind of hasId ? ID_KINDS : [null]) {
          const label = kind ? `${actor}/${kind}` : actor;
          const id = hasId ? paramsFor(r.path, actor === "anonymous" ? "candidateA" : actor, kind!) : undefined;
          const cookie = actor === "anonymous" ? undefined : actors[actor].cookie;
          const res = await call(r, requestFor(r.key, urlFor(r.key, r.path, id), cookie), id);
          got[label] = res.status;
          want[label] = cellFor(row.expect[actor], kind);
        }
      }
      expect(got).toEqual(want);
    });
  }
});

describe("rules every guarded route shares", () => {
  beforeAll(async () => {
    for (const [name, a] of Object.entries(actors) as [keyof typeof actors, TestActor][]) Object.assign(owned[name], await knowledgeFixture(a));
  });
  const guarded = ROUTES.filter((r) => (r.handler as Partial<GuardedHandler>).guard);
  const changing = guarded.filter((r) => r.method !== "GET");
  /** A signed-in actor the route's row lets through the door (whatever the handler then says). */
  const permitted = (key: string) => {
    const a = ACTORS.find((n) => n !== "anonymous" && ![401, 403, 404].includes(cellFor(EXPECTED[key]!.expect[n], "own")));
    if (!a) throw new Error(`no actor may use ${key}`);
    return a as Exclude<ActorName, "anonymous">;
  };

  it.each(changing.map((r) => [r.key, r] as const))(
    "%s refuses another origin and another port of the same host (403 forbidden:csrf), before auth",
    async (_key, r) => {
      const actor = permitted(r.key);
      const id = hasParams(r.path) ? paramsFor(r.path, actor, "own") : undefined;
      for (const [origin, site] of [
        ["https://evil.example", "cross-site"],
        ["http://localhost:3999", "same-site"],
        ["http://localhost:3999", null],
      ] as const) {
        for (const cookie of [actors[actor].cookie, undefined]) {
          const res = await call(r, requestFor(r.key, urlFor(r.key, r.path, id), cookie, { origin, ...(site ? { "sec-fetch-site": site } : {}) }), id);
          expect(res, `${origin} ${site ?? "(no Sec-Fetch-Site)"}`).toEqual({ status: 403, code: "forbidden:csrf" });
        }
      }
      // The app's own origin passes the check.
      const own = await call(
        r,
        requestFor(r.key, urlFor(r.key, r.path, id), actors[actor].cookie, { origin: new URL(BASE).origin, "sec-fetch-site": "same-origin" }),
        id,
      );
      expect(own.status).toBe(cellFor(EXPECTED[r.key]!.expect[actor], "own"));
    },
  );

  const jsonRoutes = guarded.filter((r) => r.handler && (r.handler as GuardedHandler).guard.body === "json");
  it.each(jsonRoutes.map((r) => [r.key, r] as const))("%s answers 415 to text/plain and 422 to a control character", async (_key, r) => {
    expect(jsonRoutes.length).toBeGreaterThan(0);
    const actor = permitted(r.key);
    const id = hasParams(r.path) ? paramsFor(r.path, actor, "own") : undefined;
    const url = urlFor(r.key, r.path, id);
    const plain = await r.handler(
      new Request(url, { method: r.method, body: "{}", headers: { cookie: actors[actor].cookie, "content-type": "text/plain" } }),
      paramsOf(id),
    );
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({ code: "unsupported_media_type:api" });

    const valid = JSON.parse(await requestFor(r.key, url, undefined).text()) as Record<string, unknown>;
    const nul = await r.handler(
      new Request(url, {
        method: r.method,
        body: JSON.stringify({ ...valid, note: "a\u0000b" }),
        headers: { cookie: actors[actor].cookie, "content-type": "application/json" },
      }),
      paramsOf(id),
    );
    expect(nul.status).toBe(422);
    expect(await nul.json()).toMatchObject({ code: "unprocessable:api", issues: [{ path: "note" }] });

    const broken = await r.handler(
      new Request(url, { method: r.method, body: "{", headers: { cookie: actors[actor].cookie, "content-type": "application/json" } }),
      paramsOf(id),
    );
    expect(broken.status).toBe(400);
  });

  const multipartRoutes = guarded.filter((r) => (r.handler as GuardedHandler).guard.body === "multipart");
  it.each(multipartRoutes.map((r) => [r.key, r] as const))("%s answers 415 to a JSON body", async (_key, r) => {
    const actor = permitted(r.key);
    const id = r.path.includes("[id]") ? paramsFor(r.path, actor, "own") : undefined;
    const res = await r.handler(
      new Request(urlFor(r.key, r.path, id), { method: "POST", body: "{}", headers: { cookie: actors[actor].cookie, "content-type": "application/json" } }),
      paramsOf(id),
    );
    expect(res.status).toBe(415);
  });
});

describe("better-auth's own door", () => {
  it("refuses a sign-in posted from another origin or another port, and takes one from the app's own", async () => {
    const r = ROUTES.find((x) => x.key === "POST /api/auth/[...all]")!;
    const signInAs = (origin: string) =>
      call(
        r,
        new Request(`${BASE}/api/auth/sign-in/email`, {
          method: "POST",
          body: JSON.stringify({ email: actors.candidateA.email, password: "password-123456" }),
          headers: { "content-type": "application/json", origin, cookie: actors.candidateB.cookie },
        }),
      );
    expect((await signInAs("https://evil.example")).status).toBe(403);
    expect((await signInAs("http://localhost:3999")).status).toBe(403);
    expect((await signInAs(new URL(BASE).origin)).status).toBe(200);
  });
});

describe("scope", () => {
  it("an organisation route answers with the actor's own organisation, never another", async () => {
    const route = ROUTES.find((r) => r.key === "GET /api/workspace")!;
    for (const name of ["recruiterX", "recruiterY"] as const) {
      const res = await route.handler(new Request(`${BASE}/api/workspace`, { headers: { cookie: actors[name].cookie } }), paramsOf());
      const body = (await res.json()) as { organization: { id: string }; role: string; members: { userId: string }[] };
      expect(body.organization.id).toBe(actors[name].organizationId);
      expect(body.role).toBe(name === "recruiterX" ? "owner" : "member");
      expect(body.members.map((m) => m.userId)).toEqual([actors[name].userId]);
    }
  });

  it("a personal list holds the actor's own rows only", async () => {
    const route = ROUTES.find((r) => r.key === "GET /api/resumes")!;
    const res = await route.handler(new Request(`${BASE}/api/resumes`, { headers: { cookie: actors.recruiterX.cookie } }), paramsOf());
    const { items } = (await res.json()) as { items: { id: string }[] };
    const others = Object.entries(owned)
      .filter(([n]) => n !== "recruiterX")
      .map(([, o]) => o.resumeId);
    expect(items.map((i) => i.id)).toContain(owned.recruiterX.resumeId);
    expect(items.map((i) => i.id).filter((id) => others.includes(id))).toEqual([]);
  });
});
