/**
 * Chaos 3: PostgreSQL restarted (`pg_ctl restart -m fast`) twice in the middle of a run, on a
 * private cluster this test creates (initdb as the `postgres` user, a free port, trust auth).
 * Where no cluster can be started the test fails (set PG_BIN, or give the machine a `postgres`
 * user): a weaker fault under this name would prove less than it says. Each restart is shown to
 * have happened (the server's start time moved on). The workers are not restarted; nothing is
 * lost, nothing duplicated. See docs/testing.md "Chaos tests".
 */
import "../helpers/env";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { redisPrefix } from "@/lib/queue/names";
import { createRedis } from "@/lib/queue/redis";
import { type FakeLlm, startFakeLlm } from "@/scripts/fake-llm/server";
import { createUser } from "../helpers/fixtures";
import {
  chaosTag,
  createResumeTasks,
  deletePrefix,
  drainStaleConnections,
  duplicateCallIds,
  Fleet,
  killEverything,
  type PrivatePostgres,
  pendingEntries,
  sharedRedisUrl,
  sleep,
  startPrivatePostgres,
  statusCounts,
  streamsReport,
  taskEffects,
  until,
  upstreamCallsByMarker,
  usageLedgerViolations,
  usageVsUpstream,
  waitForAllEnded,
} from "./harness";

const TASKS = 300;
const LATE = 30; // uploaded right after the first restart
const WORKERS = 2;

const redis = createRedis("chaos-pg");
redis.on("error", () => undefined);
const prefix = redisPrefix();
let llm: FakeLlm;
let pg: PrivatePostgres | undefined;
let client: ReturnType<typeof createDb> | undefined;

beforeAll(async () => {
  llm = await startFakeLlm({ maxRecorded: 1_000_000 });
});

afterEach(async () => {
  await killEverything();
  await client?.sql.end({ timeout: 1 }).catch(() => undefined);
  client = undefined;
  await pg?.stop();
  pg = undefined;
  await deletePrefix(redis, prefix);
});

afterAll(async () => {
  await llm?.close();
  await redis.quit();
});

/** A private cluster, migrated, with a pool for the test and a fresh owner. */
async function setup() {
  pg = await startPrivatePostgres();
  await runMigrations(pg.url);
  client = createDb(pg.url, { max: 4 });
  const ownerId = await createUser(client.db);
  const fleet = new Fleet({
    databaseUrl: pg.url,
    redisUrl: sharedRedisUrl(),
    prefix,
    llmUrl: llm.url,
    leaseMs: 3_000,
    concurrency: 6,
    // An attempt wedged by the restart (a write on a connection that died under it) is given up
    // and its task reclaimed well inside the wait below (lib/queue/consumer.ts, taskTimeoutMs).
    extraEnv: { TASK_TIMEOUT_MS: "30000" },
  });
  return { db: client.db, ownerId, fleet, pg };
}

describe("chaos: PostgreSQL restarted mid-run (private cluster)", () => {
  it(`${TASKS + LATE} tasks all complete through two restarts: nothing lost, nothing duplicated`, async () => {
    const { db, ownerId, fleet } = await setup();
    // Workers are neither restarted nor replaced: they must ride out both restarts on their
    // own (postgres.js is patched for its write-after-close crash, see docs/testing.md).
    for (let i = 0; i < WORKERS; i++) fleet.start();
    const tag = chaosTag("pg");
    const diagnose = () => `${fleet.unexpectedExits()}\n${fleet.describe()}`;
    /** The server's start time: a restart that happened moves it on. */
    const serverStartedAt = async (d: Db) => (await d.execute<{ t: string }>(sql`select pg_postmaster_start_time()::text as t`))[0].t;
    const startedAt = [await serverStartedAt(db)];

    const created = await createResumeTasks({ db, redis }, { ownerId, tag, n: TASKS, parallel: 4, lane: "batch" });
    const completed = async () => (await statusCounts(db, ownerId)).COMPLETED ?? 0;

    await until(async () => (await completed()) >= TASKS / 3, { timeoutMs: 90_000, what: diagnose, stepMs: 100 });
    const before1 = await completed();
    await pg!.restart();
    // Uploads right after the restart (the test's own pool reconnects first).
    await drainStaleConnections(db, 4);
    startedAt.push(await serverStartedAt(db));
    created.push(...(await createResumeTasks({ db, redis }, { ownerId, tag, n: LATE, from: TASKS, parallel: 4 })));
    await until(async () => (await completed()) >= (2 * (TASKS + LATE)) / 3, { timeoutMs: 90_000, what: diagnose, stepMs: 100 });
    const before2 = await completed();
    await pg!.restart();

    const counts = await waitForAllEnded(db, { ownerId, expected: TASKS + LATE, timeoutMs: 120_000, redis, diagnose });
    await drainStaleConnections(db, 4);
    startedAt.push(await serverStartedAt(db));
    // Both restarts happened (three different server lives) and hit a run in progress.
    expect(new Set(startedAt).size, JSON.stringify(startedAt)).toBe(3);
    expect(before1).toBeLessThan(TASKS);
    expect(before2).toBeLessThan(TASKS + LATE);
    expect(counts).toEqual({ COMPLETED: TASKS + LATE });
    expect(fleet.unexpectedExits()).toBe("");
    expect(fleet.alive()).toHaveLength(WORKERS);

    const effects = await taskEffects(db, ownerId);
    expect([...effects.values()].filter((e) => e.analyses !== 1)).toEqual([]);
    expect(await duplicateCallIds(db, ownerId)).toEqual([]);
    const calls = upstreamCallsByMarker(llm, tag);
    const diffs = usageVsUpstream(created, effects, calls);
    // One usage row per upstream call; a row the restart (or a crash) caught before its
    // completion stays in_flight (see usageLedgerViolations).
    expect(usageLedgerViolations(created, effects, calls)).toEqual([]);

    let pending = await pendingEntries(redis);
    for (let i = 0; i < 40 && pending > 0; i++) {
      await sleep(250);
      pending = await pendingEntries(redis);
    }
    expect(pending, await streamsReport(redis)).toBe(0);
    const byAttempts: Record<number, number> = {};
    for (const e of effects.values()) byAttempts[e.attempts] = (byAttempts[e.attempts] ?? 0) + 1;
    console.info(
      `chaos postgres-restart: tasks=${TASKS + LATE} completed before 1=${before1}, before 2=${before2} attempts=${JSON.stringify(byAttempts)} tasks where rows≠calls=${diffs.length} in_flight rows=${[...effects.values()].reduce((a, e) => a + e.inFlight, 0)}`,
    );
    await fleet.stopAll();
  }, 300_000);
});
