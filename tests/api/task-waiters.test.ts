import "../helpers/env";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { inArray } from "drizzle-orm";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as upload } from "@/app/api/resumes/route";
import { GET as taskEvents } from "@/app/api/tasks/[id]/events/route";
import { GET as getTask } from "@/app/api/tasks/[id]/route";
import { closeDb, createDb, getDb } from "@/lib/db/client";
import { tasks } from "@/lib/db/schema";
import { createLogger } from "@/lib/log";
import { StreamConsumer, type TaskHandler } from "@/lib/queue/consumer";
import { getTaskEventHub } from "@/lib/queue/events";
import { taskEventsChannel } from "@/lib/queue/names";
import { closeRedis, createRedis, getRedis } from "@/lib/queue/redis";
import type { TaskBody } from "@/lib/tasks/contracts";
import { isEnded } from "@/lib/tasks/status";
import { corpusPath } from "../corpus-dir";
import { clearPrefix, eventually } from "../helpers/fixtures";
import { get, params, signUpCandidate, uploadRequest } from "../helpers/http";

/**
 * 500 long-polls and 500 SSE streams at once, 10 + 10 on each of 50 tasks, against the real
 * route handlers (called in-process, as Next calls them: the claim is about the handlers, the
 * hub and the connections they use, which a socket in front would not change; the production
 * server's HTTP cost is what bench/submit-latency.ts measures). The tasks are real uploads,
 * claimed and completed by a real StreamConsumer whose handler is held on a gate, so the test
 * decides when each task ends; the consumer publishes its events through Redis like a worker.
 */
const TASKS = 50;
const PER_TASK = 10;
const WAITERS = TASKS * PER_TASK * 2;
/** How long the parked waiters are watched for database reads, ms (an observation window, not a threshold). */
const QUIET_WINDOW_MS = 2_000;

// The hub's safety sweep (one query for all watched tasks every 30 s, proven in
// task-events-sweep.test.ts) is off here, so every read in the window would be a waiter's.
process.env.PANELIST_EVENTS_SWEEP_MS = "0";

const url = process.env.DATABASE_URL!;
/** The web side's pool (route handlers): every query it runs is recorded. */
const webSql = (getDb() as unknown as { $client: postgres.Sql }).$client;
/** The worker's and the test's own pools, so their queries never count as the web's. */
const worker = createDb(url, { max: 4 });
const check = createDb(url, { max: 2 });
const workerRedis = createRedis("test-worker");
/** The test's own listener on the events channel: what the worker announced, and when. */
const monitor = createRedis("test-monitor");
const announced: { taskId: string; status: string }[] = [];
const log = createLogger("test");

type Query = { at: number; text: string; params: unknown[] };
const webQueries: Query[] = [];
// postgres.js calls `options.debug` for every query a connection sends; the options object is
// the one the pool was built with, so setting it here hooks the routes' real pool.
webSql.options.debug = (_conn: number, text: string, params: unknown[]) => {
  webQueries.push({ at: performance.now(), text, params });
};

/** The ports of the servers this run uses (never assumed: a count of sockets to the wrong port is 0 = 0). */
const REDIS_PORT = Number(new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379").port || 6379);
const PG_PORT = Number(new URL(url).port || 5432);

/** Sockets this process holds open to `port` on the loopback (from /proc, so nothing can hide). */
function socketsTo(port: number): number {
  const inodes = new Set<string>();
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      /* closed meanwhile */
    }
  }
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  let n = 0;
  for (const file of ["/proc/self/net/tcp", "/proc/self/net/tcp6"]) {
    for (const line of readFileSync(file, "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      // f[2] remote address:port, f[3] state (01 = ESTABLISHED), f[9] inode
      if (f.length > 9 && f[2].endsWith(`:${hexPort}`) && f[3] === "01" && inodes.has(f[9])) n++;
    }
  }
  return n;
}

/** One gate per task: the consumer's handler holds the task in PROCESSING until it opens. */
const gates = new Map<string, () => void>();
const gateWaits = new Map<string, Promise<void>>();
/** performance.now() at which each task's gate was opened. */
const releasedAt = new Map<string, number>();
function gateFor(taskId: string): Promise<void> {
  let p = gateWaits.get(taskId);
  if (!p) {
    p = new Promise<void>((r) => gates.set(taskId, r));
    gateWaits.set(taskId, p);
  }
  return p;
}
function release(taskId: string): void {
  gateFor(taskId);
  releasedAt.set(taskId, performance.now());
  gates.get(taskId)!();
}

const gatedHandler: TaskHandler<{ resumeId: string }> = {
  type: "resume.analyze",
  payloadSchema: z.object({ resumeId: z.string() }),
  async process({ task }) {
    await gateFor(task.id);
    return async () => undefined;
  },
};

type Waiter = {
  kind: "long-poll" | "sse";
  taskId: string;
  /** Statuses received in order (long-poll: one per answer; SSE: one per event). */
  statuses: string[];
  /** performance.now() when the terminal status arrived. */
  endedAt?: number;
  finished: boolean;
  error?: string;
  done: Promise<void>;
};

async function longPoll(cookie: string, taskId: string, w: Waiter): Promise<void> {
  for (;;) {
    const res = await getTask(get(`/api/tasks/${taskId}?wait=30`, cookie), params({ id: taskId }));
    if (res.status !== 200) throw new Error(`long-poll answered ${res.status}`);
    const body = (await res.json()) as TaskBody;
    w.statuses.push(body.status);
    if (isEnded(body.status)) {
      w.endedAt = performance.now();
      return;
    }
  }
}

async function sse(cookie: string, taskId: string, w: Waiter): Promise<void> {
  const res = await taskEvents(get(`/api/tasks/${taskId}/events`, cookie), params({ id: taskId }));
  if (res.status !== 200 || !res.body) throw new Error(`SSE answered ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return; // the server closes the stream after an end state
    buf += value;
    for (let cut = buf.indexOf("\n\n"); cut >= 0; cut = buf.indexOf("\n\n")) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      const data = /^event: status\ndata: (.*)$/m.exec(block);
      if (!data) continue;
      const body = JSON.parse(data[1]) as TaskBody;
      w.statuses.push(body.status);
      if (isEnded(body.status)) w.endedAt = performance.now();
    }
  }
}

function startWaiter(kind: Waiter["kind"], cookie: string, taskId: string): Waiter {
  const w = { kind, taskId, statuses: [], finished: false } as unknown as Waiter;
  w.done = (kind === "long-poll" ? longPoll(cookie, taskId, w) : sse(cookie, taskId, w)).then(
    () => {
      w.finished = true;
    },
    (err) => {
      w.finished = true;
      w.error = String(err);
    },
  );
  return w;
}

let alice: Awaited<ReturnType<typeof signUpCandidate>>;
let consumer: StreamConsumer;
const taskIds: string[] = [];

beforeAll(async () => {
  monitor.on("message", (_channel, raw) => announced.push(JSON.parse(raw)));
  await monitor.subscribe(taskEventsChannel());
  alice = await signUpCandidate();
  // Real uploads of a real resume; a distinct job description each makes each a new task.
  const bytes = new Uint8Array(readFileSync(corpusPath("resumes-pdf/en_typst_rendercv_classic.pdf")));
  for (let i = 0; i < TASKS; i++) {
    const res = await upload(uploadRequest({ cookie: alice.cookie, bytes, fileName: "cv.pdf", jobDescription: `Waiters test role ${i}` }), params({}));
    if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    taskIds.push(((await res.json()) as { taskId: string }).taskId);
  }
  // Long lease: no heartbeat or reclaim runs inside the observation window.
  consumer = new StreamConsumer({ db: worker.db, redis: workerRedis, log }, [gatedHandler], {
    concurrency: TASKS,
    interactiveShare: 1,
    leaseMs: 600_000,
    blockMs: 500,
  });
  await consumer.start();
  // Every task held in PROCESSING and its PROCESSING event already delivered, so no stray
  // event can wake the waiters started after this.
  const processingAnnounced = () => new Set(announced.filter((e) => e.status === "PROCESSING").map((e) => e.taskId)).size;
  await eventually(async () => processingAnnounced() === TASKS, 150_000).catch(async () => {
    const rows = await check.db.select({ status: tasks.status }).from(tasks).where(inArray(tasks.id, taskIds));
    const claimed = rows.filter((r) => r.status === "PROCESSING").length;
    throw new Error(`the worker claimed ${claimed}/${TASKS} tasks (${consumer.inflightCount} in flight) and announced ${processingAnnounced()}`);
  });
  const rows = await check.db.select({ status: tasks.status }).from(tasks).where(inArray(tasks.id, taskIds));
  expect(rows.map((r) => r.status)).toEqual(Array(TASKS).fill("PROCESSING"));
  // The whole suite runs beside this file on 2 cores: 50 uploads and claims can take a while.
}, 180_000);

afterAll(async () => {
  for (const id of taskIds) if (!releasedAt.has(id)) release(id);
  await consumer?.close();
  webSql.options.debug = false as never;
  await clearPrefix(getRedis());
  await getTaskEventHub().close();
  await workerRedis.quit();
  await monitor.quit();
  await closeRedis();
  await worker.sql.end();
  await check.sql.end();
  await closeDb();
});

describe(`${WAITERS / 2} long-polls and ${WAITERS / 2} SSE streams on ${TASKS} tasks`, () => {
  it("are woken by pub/sub only, one subscriber connection for all, each with its own task's end", async () => {
    const hub = getTaskEventHub();
    // One request ahead of the crowd, as on any running server: the hub's subscriber is up.
    const warm = await getTask(get(`/api/tasks/${taskIds[0]}`, alice.cookie), params({ id: taskIds[0] }));
    expect(warm.status).toBe(200);
    const warmWatch = await hub.watch(taskIds[0]);
    warmWatch.close();
    const redisSocketsBefore = socketsTo(REDIS_PORT);
    // The count sees real connections (the hub's subscriber, the command connection, the
    // worker's and the monitor's), so "unchanged" below is not 0 = 0.
    expect(redisSocketsBefore).toBeGreaterThanOrEqual(4);

    const waiters: Waiter[] = [];
    for (const taskId of taskIds) {
      for (let i = 0; i < PER_TASK; i++) {
        waiters.push(startWaiter("long-poll", alice.cookie, taskId));
        waiters.push(startWaiter("sse", alice.cookie, taskId));
      }
    }
    // Every waiter has read its task once and is parked on the hub.
    await eventually(async () => {
      const failed = waiters.find((w) => w.error);
      if (failed) throw new Error(`${failed.kind} failed: ${failed.error}`);
      return hub.stats().parked === WAITERS;
    }, 120_000);
    expect(hub.stats()).toMatchObject({ watches: WAITERS, tasks: TASKS, parked: WAITERS, subscribed: true });
    expect(waiters.every((w) => !w.finished)).toBe(true);
    // SSE clients got the PROCESSING snapshot; long-polls have not answered yet.
    expect(waiters.filter((w) => w.kind === "sse").every((w) => w.statuses.join() === "PROCESSING")).toBe(true);
    expect(waiters.filter((w) => w.kind === "long-poll").every((w) => w.statuses.length === 0)).toBe(true);

    // Parked: no database reads while nothing changes, however long the wait.
    const queriesParked = webQueries.length;
    await new Promise((r) => setTimeout(r, QUIET_WINDOW_MS));
    expect(webQueries.length).toBe(queriesParked);
    expect(hub.stats().parked).toBe(WAITERS);

    // Connections: one Redis subscriber for all 1 000 (the channel is this file's own; the
    // other subscriber is the test's monitor), no
    // Redis connection added by the waiters, and the database pool never past its size.
    const [, subscribers] = (await getRedis().pubsub("NUMSUB", taskEventsChannel())) as [string, number];
    expect(subscribers).toBe(2);
    expect(socketsTo(REDIS_PORT)).toBe(redisSocketsBefore);
    const pgSockets = socketsTo(PG_PORT);
    expect(pgSockets).toBeGreaterThan(0);
    expect(pgSockets).toBeLessThanOrEqual(webSql.options.max + 4 + 2);

    // The first half of the tasks end: exactly their waiters wake, each reads its task once.
    const [first, second] = [taskIds.slice(0, TASKS / 2), taskIds.slice(TASKS / 2)];
    const waitersOf = (ids: string[]) => waiters.filter((w) => ids.includes(w.taskId));
    const queriesBeforeFirst = webQueries.length;
    for (const id of first) release(id);
    await Promise.all(waitersOf(first).map((w) => w.done));
    expect(waitersOf(second).every((w) => !w.finished)).toBe(true);
    expect(hub.stats().parked).toBe(WAITERS / 2);
    const wakeReads = webQueries.slice(queriesBeforeFirst);
    expect(wakeReads.length).toBe(waitersOf(first).length);
    // Each of those reads is for a task that had ended, none for a task still held.
    const readIds = new Set(wakeReads.flatMap((q) => q.params.filter((p): p is string => typeof p === "string")));
    expect(second.some((id) => readIds.has(id))).toBe(false);
    expect(first.every((id) => readIds.has(id))).toBe(true);

    for (const id of second) release(id);
    await Promise.all(waiters.map((w) => w.done));

    const rows = await check.db.select({ id: tasks.id, status: tasks.status, finishedAt: tasks.finishedAt }).from(tasks).where(inArray(tasks.id, taskIds));
    expect(rows.every((r) => r.status === "COMPLETED" && r.finishedAt)).toBe(true);
    for (const w of waiters) {
      expect(w.error).toBeUndefined();
      expect(w.statuses.at(-1)).toBe("COMPLETED");
      // Never an end state before the test let the task end.
      expect(w.endedAt).toBeGreaterThan(releasedAt.get(w.taskId)!);
      if (w.kind === "sse") expect(w.statuses).toEqual(["PROCESSING", "COMPLETED"]);
      // A long-poll answers on a change; only a 30 s timeout could have added a PROCESSING answer.
      else expect(w.statuses.filter((s) => s !== "PROCESSING")).toEqual(["COMPLETED"]);
    }
    expect(hub.stats()).toMatchObject({ watches: 0, tasks: 0, parked: 0 });
    // The wake-ups were the worker's COMPLETED announcements through Redis, one per task.
    await eventually(async () => announced.filter((e) => e.status === "COMPLETED").length >= TASKS);
    expect(
      announced
        .filter((e) => e.status === "COMPLETED")
        .map((e) => e.taskId)
        .sort(),
    ).toEqual([...taskIds].sort());
  }, 180_000);
});
