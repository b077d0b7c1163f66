/**
 * The worker's batched task statements (claim, heartbeat, completion) must find their rows by
 * primary key whatever the planner's statistics say. The case that broke it: statistics taken
 * while the table held only ended tasks, then a burst of new ones before autoanalyze runs again.
 * A `status = …` condition then looked more selective than `id = any($ids)`, the planner chose
 * `tasks_open_idx`, and every batch read every open task (docs/architecture.md, "Batched
 * statements go by primary key"). Each statement is captured as the driver sent it and EXPLAINed
 * with the same parameters — the plan it ran with, since these statements are sent unnamed (a
 * custom plan each run; the last test checks none is kept as a prepared statement, whose generic
 * plan, made while the table was small, would be a seq scan). The regular expressions match the
 * statements' text before and after they were rewritten. The file's tasks are deleted at the end
 * and autovacuum turned back on (on the embedded PGlite every file shares one database).
 */
import "../helpers/env";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimTasks, completeAttempts, extendLeases, insertTasks } from "@/lib/db/queries/tasks";
import * as schema from "@/lib/db/schema";
import { createUser } from "../helpers/fixtures";

const sent: { query: string; params: unknown[] }[] = [];
const client = postgres(process.env.DATABASE_URL!, {
  max: 1,
  onnotice: () => {},
  debug: (_conn, query, params) => sent.push({ query, params: params as unknown[] }),
});
const db = drizzle(client, { schema });

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };

/**
 * How the last statement sent that matches `pattern` reads `tasks`: each index it scans and each
 * sequential scan of the table, from its plan (EXPLAIN with the parameters it was sent with).
 */
async function tasksScans(pattern: RegExp): Promise<string[]> {
  const statement = sent.findLast((s) => pattern.test(s.query));
  if (!statement) throw new Error(`no statement matching ${pattern} was sent`);
  const [row] = await client.unsafe(`explain (format json) ${statement.query}`, statement.params as never[]);
  const scans: string[] = [];
  const walk = (n: PlanNode) => {
    if (n["Index Name"]) scans.push(`${n["Node Type"]} on ${n["Index Name"]}`);
    else if (n["Node Type"] === "Seq Scan" && n["Relation Name"] === "tasks") scans.push("Seq Scan on tasks");
    for (const c of n.Plans ?? []) walk(c);
  };
  walk((row["QUERY PLAN"] as { Plan: PlanNode }[])[0].Plan);
  return scans;
}

/** The three statements as the driver sends them (the old hand-written forms matched too). */
const CLAIM = /^\s*update "tasks" set "status" = \$1, "attempts"/;
const HEARTBEAT = /^\s*update "tasks" set "?lease_expires_at"? = /;
const COMPLETION = /^\s*update "tasks" set "?status"? = (\$1|'COMPLETED'), "?error_code"?/;

/** The plan reads `tasks` through its primary key and nothing else. */
const byPrimaryKey = (scans: string[]) => scans.length > 0 && scans.every((s) => s.endsWith(" on tasks_pkey"));

const ids: string[] = [];
let ownerId: string;

beforeAll(async () => {
  ownerId = await createUser(db);
  const task = (n: number) => ({ type: "resume.analyze", lane: "batch" as const, ownerId, payload: { n } });
  // Nothing may refresh the statistics while the test runs.
  await client.unsafe("alter table tasks set (autovacuum_enabled = off)");
  const ended = await insertTasks(
    db,
    Array.from({ length: 500 }, (_, n) => task(n)),
  );
  await client.unsafe("update tasks set status = 'COMPLETED', finished_at = now() where id = any($1::uuid[])", [ended.map((t) => t.id)]);
  await client.unsafe("analyze tasks");
  for (let page = 0; page < 200; page++) {
    const rows = await insertTasks(
      db,
      Array.from({ length: 100 }, (_, n) => task(page * 100 + n)),
    );
    ids.push(...rows.map((r) => r.id));
  }
}, 60_000);

afterAll(async () => {
  await client.unsafe("delete from tasks where owner_id = $1", [ownerId]);
  await client.unsafe("alter table tasks reset (autovacuum_enabled)");
  await client.end({ timeout: 5 });
});

describe("batched task statements under stale statistics (20 000 open tasks the statistics do not know of)", () => {
  it("the claim of 40 tasks reads them by primary key", async () => {
    const claimed = await claimTasks(db, { ids: ids.slice(0, 40), leaseMs: 60_000 });
    expect(claimed).toHaveLength(40);
    const scans = await tasksScans(CLAIM);
    expect(scans, scans.join(", ")).toSatisfy(byPrimaryKey);
  });

  it("the heartbeat and the completion of 40 attempts read them by primary key", async () => {
    const claimed = await claimTasks(db, { ids: ids.slice(100, 140), leaseMs: 60_000 });
    const attempts = claimed.map((t) => ({ id: t.id, attempt: t.attempts }));
    expect(await extendLeases(db, { attempts, leaseMs: 60_000 })).toHaveLength(40);
    const heartbeat = await tasksScans(HEARTBEAT);
    expect(heartbeat, heartbeat.join(", ")).toSatisfy(byPrimaryKey);

    const held = await db.transaction((tx) => completeAttempts(tx, attempts));
    expect(held.size).toBe(40);
    const completion = await tasksScans(COMPLETION);
    expect(completion, completion.join(", ")).toSatisfy(byPrimaryKey);
  });

  it("none of the three is kept as a prepared statement (a generic plan would outlive the table's growth)", async () => {
    const kept = await client.unsafe<{ statement: string }[]>("select statement from pg_prepared_statements");
    expect(sent.some((s) => CLAIM.test(s.query)) && sent.some((s) => HEARTBEAT.test(s.query)) && sent.some((s) => COMPLETION.test(s.query))).toBe(true);
    expect(kept.filter((k) => [CLAIM, HEARTBEAT, COMPLETION].some((re) => re.test(k.statement)))).toEqual([]);
  });

  it("an id that is not a UUID claims nothing and does not fail the others", async () => {
    const claimed = await claimTasks(db, { ids: ["not-a-task-id", ids[200], "1,2"], leaseMs: 60_000 });
    expect(claimed.map((t) => t.id)).toEqual([ids[200]]);
  });
});
