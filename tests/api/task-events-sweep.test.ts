import "../helpers/env";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as upload } from "@/app/api/resumes/route";
import { GET as taskEvents } from "@/app/api/tasks/[id]/events/route";
import { GET as getTask } from "@/app/api/tasks/[id]/route";
import { closeDb, createDb, getDb } from "@/lib/db/client";
import { tasks } from "@/lib/db/schema";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import type { TaskBody } from "@/lib/tasks/contracts";
import { isEnded } from "@/lib/tasks/status";
import { corpusPath } from "../corpus-dir";
import { clearPrefix, eventually } from "../helpers/fixtures";
import { get, params, signUpCandidate, uploadRequest } from "../helpers/http";

/**
 * The event hub's safety sweep: a status change whose PUBLISH was lost (a worker dying between
 * its commit and the PUBLISH, the subscriber staying connected) still reaches long-polls and SSE
 * streams, at the cost of one query for all watched tasks — not one per waiter. The changes are
 * written straight to the database and never published, which is exactly that loss.
 */
const WAITERS_PER_TASK = 10; // 5 long-polls + 5 SSE streams

const webSql = (getDb() as unknown as { $client: postgres.Sql }).$client;
const webQueries: string[] = [];
webSql.options.debug = (_conn: number, text: string) => void webQueries.push(text);
const check = createDb(process.env.DATABASE_URL!, { max: 2 });

type Waiter = { taskId: string; statuses: string[]; done: Promise<void> };

function longPoll(cookie: string, taskId: string): Waiter {
  const w: Waiter = { taskId, statuses: [], done: Promise.resolve() };
  w.done = (async () => {
    for (;;) {
      const res = await getTask(get(`/api/tasks/${taskId}?wait=30`, cookie), params({ id: taskId }));
      const body = (await res.json()) as TaskBody;
      w.statuses.push(body.status);
      if (isEnded(body.status)) return;
    }
  })();
  return w;
}

function sse(cookie: string, taskId: string, abort: AbortSignal): Waiter {
  const w: Waiter = { taskId, statuses: [], done: Promise.resolve() };
  w.done = (async () => {
    const req = new Request(get(`/api/tasks/${taskId}/events`, cookie), { signal: abort });
    const res = await taskEvents(req, params({ id: taskId }));
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buf += value;
      for (const m of buf.matchAll(/^event: status\ndata: (.*)$/gm)) w.statuses.push((JSON.parse(m[1]) as TaskBody).status);
      buf = buf.slice(buf.lastIndexOf("\n\n") + 2);
    }
  })();
  return w;
}

let alice: Awaited<ReturnType<typeof signUpCandidate>>;

async function uploadTasks(n: number, tag: string): Promise<string[]> {
  const bytes = new Uint8Array(readFileSync(corpusPath("resumes-pdf/en_typst_rendercv_classic.pdf")));
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await upload(uploadRequest({ cookie: alice.cookie, bytes, fileName: "cv.pdf", jobDescription: `Sweep ${tag} ${i}` }), params({}));
    expect(res.status).toBe(202);
    ids.push(((await res.json()) as { taskId: string }).taskId);
  }
  return ids;
}

/** Opens the waiters and returns once every one of them has had its first answer or snapshot. */
async function openWaiters(ids: string[], abort: AbortSignal): Promise<Waiter[]> {
  const waiters: Waiter[] = [];
  for (const id of ids) {
    for (let i = 0; i < WAITERS_PER_TASK / 2; i++) waiters.push(longPoll(alice.cookie, id), sse(alice.cookie, id, abort));
  }
  await eventually(async () => getTaskEventHub().stats().parked === waiters.length, 30_000);
  return waiters;
}

const setStatus = (id: string, status: "PROCESSING" | "COMPLETED") =>
  check.db
    .update(tasks)
    .set({ status, finishedAt: status === "COMPLETED" ? new Date() : null })
    .where(eq(tasks.id, id));

beforeAll(async () => {
  alice = await signUpCandidate();
});

afterAll(async () => {
  webSql.options.debug = false as never;
  await getTaskEventHub().close();
  await clearPrefix(getRedis());
  await closeRedis();
  await check.sql.end();
  await closeDb();
});

describe("event hub safety sweep", () => {
  it("one query wakes exactly the waiters of tasks that changed without an event", async () => {
    process.env.PANELIST_EVENTS_SWEEP_MS = "0"; // swept by hand below: deterministic
    const [ended, started, untouched] = await uploadTasks(3, "manual");
    const abort = new AbortController();
    const waiters = await openWaiters([ended, started, untouched], abort.signal);
    const hub = getTaskEventHub();

    await hub.sweep(); // the baseline: every task PENDING, nothing to wake
    await setStatus(ended, "COMPLETED");
    await setStatus(started, "PROCESSING");
    webQueries.length = 0;
    await hub.sweep();
    const sweepQueries = webQueries.length;

    const ofTask = (id: string) => waiters.filter((w) => w.taskId === id);
    await Promise.all(ofTask(ended).map((w) => w.done));
    await eventually(async () => ofTask(started).every((w) => w.statuses.at(-1) === "PROCESSING"), 10_000);

    expect(sweepQueries).toBe(1);
    expect(ofTask(ended).map((w) => w.statuses.at(-1))).toEqual(Array(WAITERS_PER_TASK).fill("COMPLETED"));
    // Every waiter of the task that only started got PROCESSING (a long-poll answers a change,
    // then its client polls again); the untouched task's waiters were not woken at all.
    // (A long-poll has answered nothing yet; an SSE stream has only its PENDING snapshot.)
    expect(ofTask(untouched).map((w) => w.statuses.join())).toEqual(
      Array(WAITERS_PER_TASK / 2)
        .fill(["", "PENDING"])
        .flat(),
    );
    // Everyone not finished waits again: the long-polls that answered PROCESSING re-asked.
    await eventually(async () => hub.stats().parked === WAITERS_PER_TASK * 2, 10_000);
    abort.abort();
    await setStatus(started, "COMPLETED");
    await setStatus(untouched, "COMPLETED");
    await hub.sweep();
    await Promise.all(waiters.map((w) => w.done));
  });

  it("runs on its own timer while tasks are watched", async () => {
    process.env.PANELIST_EVENTS_SWEEP_MS = "200";
    const [id] = await uploadTasks(1, "timer");
    const abort = new AbortController();
    const waiters = await openWaiters([id], abort.signal);
    const before = getTaskEventHub().stats().sweeps;
    await setStatus(id, "COMPLETED");
    await Promise.all(waiters.map((w) => w.done));
    expect(waiters.map((w) => w.statuses.at(-1))).toEqual(Array(WAITERS_PER_TASK).fill("COMPLETED"));
    expect(getTaskEventHub().stats().sweeps).toBeGreaterThan(before);
    abort.abort();
  });
});
