import "../helpers/env";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as discard } from "@/app/api/admin/dlq/discard/route";
import { POST as replay } from "@/app/api/admin/dlq/replay/route";
import { GET as dlq } from "@/app/api/admin/dlq/route";
import { GET as queues } from "@/app/api/admin/queues/route";
import { GET as taskDetail } from "@/app/api/admin/tasks/[id]/route";
import { GET as searchTasks } from "@/app/api/admin/tasks/route";
import { closeDb, getDb } from "@/lib/db/client";
import { getTaskById } from "@/lib/db/queries/tasks";
import { analyses, auditLog, taskEvents, tasks } from "@/lib/db/schema";
import { createLogger } from "@/lib/log";
import { StreamConsumer } from "@/lib/queue/consumer";
import { getTaskEventHub } from "@/lib/queue/events";
import { streamKey } from "@/lib/queue/names";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { OutboxRelay } from "@/lib/queue/relay";
import { acceptResumeUpload } from "@/lib/resume/service";
import {
  adminTaskDetailSchema,
  adminTaskListSchema,
  discardResultSchema,
  dlqListSchema,
  queueOverviewSchema,
  replayResultSchema,
} from "@/lib/tasks/admin-contracts";
import { type FakeLlm, startFakeLlm } from "@/scripts/fake-llm/server";
import { resumeAnalyzeHandler } from "@/worker/handlers/resume-analyze";
import { corpusPath } from "../corpus-dir";
import { candidate, platformAdmin, recruiter, type TestActor } from "../helpers/actors";
import { clearModelState } from "../helpers/fake-llm";
import { clearPrefix, envRestorer, eventually } from "../helpers/fixtures";
import { BASE, get, params } from "../helpers/http";

/**
 * The console's DLQ, task and queue APIs against real PostgreSQL and Redis, with a real
 * consumer and relay in-process and the fake OpenAI-compatible server as the model: a task that
 * failed for good (upstream 500 on every attempt) is replayed by an admin once upstream is back
 * and runs to COMPLETED through the consumer; discard hides a task from the DLQ and keeps it.
 */
const db = getDb();
const redis = getRedis();
const log = createLogger("test");
const deps = { db, redis, log };
const restoreEnv = envRestorer(["LLM_PROVIDER", "LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_RPM", "LLM_BREAKER_FAILURE_THRESHOLD"]);
let llm: FakeLlm;
let consumer: StreamConsumer;
let relay: OutboxRelay;
let admin: TestActor;
let owner: TestActor;
let outsider: TestActor;

const sample = readFileSync(corpusPath("resumes-txt-md/en_plain_sample_resume.txt"), "utf8");

/** A fresh upload of the sample resume (a unique line, so it is no duplicate) by `owner`. */
async function upload() {
  const bytes = Buffer.from(`${sample}\nReference code: dlq-${Math.random().toString(36).slice(2)}\n`);
  const { task } = await acceptResumeUpload(deps, { ownerId: owner.userId, fileName: "resume.txt", bytes, jobDescription: null });
  return task;
}

async function endedAs(taskId: string, status: string) {
  const t = await eventually(async () => {
    const row = await getTaskById(db, { id: taskId });
    return row && ["COMPLETED", "FAILED", "TERMINATED_BY_POLICY"].includes(row.status) ? row : undefined;
  }, 30_000);
  expect(t.status).toBe(status);
  return t;
}

/** Uploads `n` resumes while upstream answers 500 to everything; each ends FAILED after its 3 attempts. */
async function failedTasks(n: number): Promise<string[]> {
  llm.control({ mode: "500" });
  const ids = [];
  for (let i = 0; i < n; i++) ids.push((await upload()).id);
  for (const id of ids) await endedAs(id, "FAILED");
  llm.control({ mode: "ok" });
  return ids;
}

function postJson(path: string, body: unknown, cookie?: string): Request {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
  });
}

async function dlqIds(): Promise<string[]> {
  const res = await dlq(get("/api/admin/dlq?limit=100", admin.cookie), params({}));
  expect(res.status).toBe(200);
  return dlqListSchema.parse(await res.json()).items.map((t) => t.id);
}

beforeAll(async () => {
  llm = await startFakeLlm();
  [admin, owner, outsider] = await Promise.all([platformAdmin(db), candidate(), recruiter(db)]);
  consumer = new StreamConsumer(deps, [resumeAnalyzeHandler(db)], { blockMs: 100, backoffBaseMs: 20, backoffCapMs: 100 });
  await consumer.start();
  relay = new OutboxRelay(deps, { intervalMs: 50 });
  relay.start();
});

beforeEach(() => {
  delete process.env.LLM_PROVIDER;
  process.env.LLM_BASE_URL = llm.url;
  process.env.LLM_API_KEY = "test";
  process.env.LLM_MODEL = "gpt-4o-mini";
  // Two tasks failing 3 attempts each are 6 failures in a row: the circuit would open (default 5) and defer them.
  process.env.LLM_BREAKER_FAILURE_THRESHOLD = "100";
});

afterEach(async () => {
  // The model's circuit and quota live in Redis: one test's failures must not open the next one's circuit.
  await clearModelState(redis);
  llm.reset();
  restoreEnv();
});

afterAll(async () => {
  await relay.stop();
  await consumer.stop();
  await llm.close();
  await clearPrefix(redis);
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

describe("the DLQ", () => {
  it("a FAILED task replayed by an admin goes back to PENDING on the batch lane, attempts reset, and a real consumer runs it to COMPLETED", async () => {
    const [id] = await failedTasks(1);
    const failed = (await getTaskById(db, { id }))!;
    expect(failed).toMatchObject({ status: "FAILED", attempts: 3, errorCode: "upstream_5xx", lane: "interactive" });
    expect(await dlqIds()).toContain(id);

    const res = await replay(postJson("/api/admin/dlq/replay", { taskIds: [id] }, admin.cookie), params({}));
    expect(res.status).toBe(200);
    expect(replayResultSchema.parse(await res.json())).toEqual({ replayed: [id], skipped: [], more: false });

    const done = await endedAs(id, "COMPLETED");
    expect(done).toMatchObject({ lane: "batch", attempts: 1, errorCode: null, discardedAt: null });
    expect(await db.select({ id: analyses.id }).from(analyses).where(eq(analyses.taskId, id))).toHaveLength(1);
    expect(await dlqIds()).not.toContain(id);

    const [event] = await db
      .select()
      .from(taskEvents)
      .where(and(eq(taskEvents.taskId, id), eq(taskEvents.kind, "replayed")));
    expect(event).toMatchObject({ actorId: admin.userId, attempt: 3, errorCode: "upstream_5xx", detail: { fromLane: "interactive", toLane: "batch" } });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `task:${id}`));
    expect(audit).toMatchObject({
      actorId: admin.userId,
      action: "task.replay",
      before: { status: "FAILED", attempts: 3, errorCode: "upstream_5xx", lane: "interactive" },
      after: { status: "PENDING", attempts: 0, lane: "batch" },
    });

    // The task's timeline: the replay by the admin, and every upstream call of both lives.
    const detail = adminTaskDetailSchema.parse(await (await taskDetail(get(`/api/admin/tasks/${id}`, admin.cookie), params({ id }))).json());
    expect(detail.task).toMatchObject({ id, status: "COMPLETED", ownerEmail: owner.email, payload: { resumeId: expect.any(String) } });
    expect(detail.events.map((e) => [e.kind, e.actorEmail])).toContainEqual(["replayed", admin.email]);
    expect(detail.usage.map((u) => u.outcome).sort()).toEqual(["ok", "upstream_5xx", "upstream_5xx", "upstream_5xx"]);
  });

  it("replay all takes every FAILED task that is not discarded; a second replay of the same ids skips them", async () => {
    const ids = await failedTasks(2);
    const res = await replay(postJson("/api/admin/dlq/replay", { all: true }, admin.cookie), params({}));
    const body = replayResultSchema.parse(await res.json());
    expect(body.replayed).toEqual(expect.arrayContaining(ids));
    expect(body.more).toBe(false);
    for (const id of ids) expect(await endedAs(id, "COMPLETED")).toMatchObject({ lane: "batch", attempts: 1 });

    const again = replayResultSchema.parse(await (await replay(postJson("/api/admin/dlq/replay", { taskIds: ids }, admin.cookie), params({}))).json());
    expect(again).toEqual({ replayed: [], skipped: ids, more: false });
  });

  it("discard hides a FAILED task from the DLQ and keeps the row FAILED; a discarded task is not replayed", async () => {
    const [id] = await failedTasks(1);
    const res = await discard(postJson("/api/admin/dlq/discard", { taskIds: [id] }, admin.cookie), params({}));
    expect(res.status).toBe(200);
    expect(discardResultSchema.parse(await res.json())).toEqual({ discarded: [id], skipped: [] });

    expect(await dlqIds()).not.toContain(id);
    const row = (await getTaskById(db, { id }))!;
    expect(row.status).toBe("FAILED");
    expect(row.discardedAt).toBeInstanceOf(Date);
    const events = await db.select().from(taskEvents).where(eq(taskEvents.taskId, id));
    expect(events.map((e) => [e.kind, e.actorId])).toEqual([["discarded", admin.userId]]);
    expect(
      await db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.target, `task:${id}`)),
    ).toEqual([{ action: "task.discard" }]);

    const replayed = replayResultSchema.parse(await (await replay(postJson("/api/admin/dlq/replay", { taskIds: [id] }, admin.cookie), params({}))).json());
    expect(replayed).toEqual({ replayed: [], skipped: [id], more: false });
    const twice = discardResultSchema.parse(await (await discard(postJson("/api/admin/dlq/discard", { taskIds: [id] }, admin.cookie), params({}))).json());
    expect(twice).toEqual({ discarded: [], skipped: [id] });
    expect((await getTaskById(db, { id }))!.status).toBe("FAILED");
  });

  it("only a FAILED task can be replayed or discarded: a COMPLETED one is skipped and unchanged", async () => {
    const task = await upload();
    const done = await endedAs(task.id, "COMPLETED");
    const r = replayResultSchema.parse(await (await replay(postJson("/api/admin/dlq/replay", { taskIds: [task.id] }, admin.cookie), params({}))).json());
    const d = discardResultSchema.parse(await (await discard(postJson("/api/admin/dlq/discard", { taskIds: [task.id] }, admin.cookie), params({}))).json());
    expect([r.skipped, d.skipped]).toEqual([[task.id], [task.id]]);
    expect(await getTaskById(db, { id: task.id })).toEqual(done);
    expect(await db.select().from(taskEvents).where(eq(taskEvents.taskId, task.id))).toEqual([]);
  });

  it("nobody but a platform admin may replay or discard: an organisation's owner gets 403 and the task stays in the DLQ", async () => {
    const [id] = await failedTasks(1);
    for (const [handler, path] of [
      [replay, "/api/admin/dlq/replay"],
      [discard, "/api/admin/dlq/discard"],
    ] as const) {
      for (const who of [outsider, owner]) {
        const res = await handler(postJson(path, { taskIds: [id] }, who.cookie), params({}));
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ code: "forbidden:auth" });
      }
      expect((await handler(postJson(path, { taskIds: [id] }), params({}))).status).toBe(401);
    }
    expect((await dlq(get("/api/admin/dlq", owner.cookie), params({}))).status).toBe(403);
    expect((await getTaskById(db, { id }))!).toMatchObject({ status: "FAILED", discardedAt: null });
    expect(await dlqIds()).toContain(id);
  });

  it("refuses a body that is neither {taskIds} nor {all: true}, and ids that are no task ids (422)", async () => {
    for (const body of [{}, { all: false }, { taskIds: [] }, { taskIds: ["not-a-uuid"] }, { taskIds: [randomUUID()], all: true }]) {
      const res = await replay(postJson("/api/admin/dlq/replay", body, admin.cookie), params({}));
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await discard(postJson("/api/admin/dlq/discard", { all: true }, admin.cookie), params({}))).status).toBe(422);
  });
});

describe("task search", () => {
  it("filters by status, type, owner e-mail and organisation, and pages by keyset without gaps or repeats", async () => {
    const ids = [(await upload()).id, (await upload()).id, (await upload()).id];
    for (const id of ids) await endedAs(id, "COMPLETED");
    // Tasks are not yet attributed to an organisation by the producers; attribute these to the outsider's.
    await db
      .update(tasks)
      .set({ organizationId: outsider.organizationId })
      .where(inArray(tasks.id, ids.slice(0, 2)));

    const list = async (qs: string) => {
      const res = await searchTasks(get(`/api/admin/tasks?${qs}`, admin.cookie), params({}));
      expect(res.status, qs).toBe(200);
      return adminTaskListSchema.parse(await res.json());
    };
    const byOwner = await list(`user=${encodeURIComponent(owner.email.toUpperCase())}&status=COMPLETED&type=resume.analyze&limit=100`);
    expect(byOwner.items.map((t) => t.id)).toEqual(expect.arrayContaining(ids));
    expect(byOwner.items.every((t) => t.ownerEmail === owner.email && t.status === "COMPLETED")).toBe(true);

    const org = await list(`organization=${outsider.organizationId}`);
    expect(org.items.map((t) => t.id).sort()).toEqual(ids.slice(0, 2).sort());
    expect(org.items[0]!.organizationName).toMatch(/^Org /);
    expect((await list("status=PROCESSING&user=nobody%40example.test")).items).toEqual([]);
    expect((await list(`type=interview.plan&user=${encodeURIComponent(owner.email)}`)).items).toEqual([]);

    // Newest first, one row per page: the pages together are every task of the owner, once each.
    const all = (await list(`user=${encodeURIComponent(owner.email)}&limit=100`)).items.map((t) => t.id);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(`user=${encodeURIComponent(owner.email)}&limit=1${cursor ? `&before=${cursor}` : ""}`);
      paged.push(...page.items.map((t) => t.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);
    const created = await db.select({ id: tasks.id, createdAt: tasks.createdAt }).from(tasks).where(inArray(tasks.id, all));
    const at = new Map(created.map((c) => [c.id, c.createdAt.getTime()]));
    expect(all.map((id) => at.get(id)!)).toEqual([...all.map((id) => at.get(id)!)].sort((a, b) => b - a));

    expect((await searchTasks(get("/api/admin/tasks?status=DONE", admin.cookie), params({}))).status).toBe(422);
  });
});

describe("the queue page's data", () => {
  it("shows every stream with its health — a stream holding an old undelivered entry is stalled, not idle — throughput and the model's quota and circuit", async () => {
    process.env.LLM_RPM = "600";
    const task = await upload();
    await endedAs(task.id, "COMPLETED");
    // Nobody consumes interview plans in this file: an entry two minutes old waits there.
    const stalled = streamKey("interview.plan", "interactive");
    await redis.xadd(stalled, `${Date.now() - 120_000}-0`, "taskId", randomUUID());

    const res = await queues(get("/api/admin/queues", admin.cookie), params({}));
    expect(res.status).toBe(200);
    const body = queueOverviewSchema.parse(await res.json());
    expect(body.streams.map((s) => `${s.type}:${s.lane}`)).toEqual([
      "resume.analyze:interactive",
      "resume.analyze:batch",
      "interview.plan:interactive",
      "interview.plan:batch",
      "interview.evaluate:interactive",
      "interview.evaluate:batch",
      "job.skills:interactive",
      "job.skills:batch",
      "job.fairness_audit:interactive",
      "job.fairness_audit:batch",
      "kb.vectorize:interactive",
      "kb.vectorize:batch",
    ]);
    const plan = body.streams.find((s) => s.stream === stalled)!;
    expect(plan).toMatchObject({ health: "stalled", length: 1, consumers: [] });
    expect(plan.oldestWaitingAgeMs).toBeGreaterThanOrEqual(120_000);
    expect(body.streams.find((s) => s.type === "interview.evaluate" && s.lane === "batch")).toMatchObject({ health: "idle", length: 0 });

    const analyze = body.streams.find((s) => s.type === "resume.analyze" && s.lane === "interactive")!;
    expect(analyze.completedPerMinuteHour).toBeGreaterThan(0);
    expect(analyze.consumers.map((c) => c.name)).toContain(consumer.options.consumerName);
    expect(body.throughput).toHaveLength(60);
    expect(body.throughput.reduce((n, p) => n + p.completed, 0)).toBeGreaterThanOrEqual(1);
    // Queue wait and run time: the consumer's histograms of this process, merged like the workers'.
    expect(analyze.runMs).toEqual({ p50: expect.any(Number), p90: expect.any(Number), p99: expect.any(Number) });
    expect(analyze.runMs!.p99!).toBeGreaterThanOrEqual(analyze.runMs!.p50!);
    expect(analyze.queueWaitMs).not.toBeNull();
    expect([plan.queueWaitMs, plan.runMs]).toEqual([null, null]);

    expect(body.engine).toBe("online");
    expect(body.upstream).toHaveLength(1);
    expect(body.upstream[0]).toMatchObject({ provider: "openai-compatible", model: "gpt-4o-mini", role: "primary", rpmLimit: 600, tpmLimit: null });
    expect(body.upstream[0]!.requests).toBeGreaterThanOrEqual(1);
    expect(body.upstream[0]!.breaker.state).toBe("closed");
  });
});
