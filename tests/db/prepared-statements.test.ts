/**
 * The hot queries marked prepared (lib/db/client.ts): a lone task INSERT becomes a named
 * server-side statement the connection keeps, and `prepare: false` (PANELIST_PG_PREPARE=0,
 * for a pooler that cannot keep statements, docs/deploy.md) sends it unnamed — the same rows
 * either way.
 */
import "../helpers/env";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { insertTask } from "@/lib/db/queries/tasks";
import { createUser } from "../helpers/fixtures";

const pools: ReturnType<typeof createDb>[] = [];
afterAll(async () => {
  for (const p of pools) await p.sql.end({ timeout: 5 });
});

/** One connection, so the session whose statements are read is the one that ran the INSERTs. */
function onePool(prepare: boolean) {
  const p = createDb(process.env.DATABASE_URL!, { max: 1, prepare });
  pools.push(p);
  return p.db;
}

async function insertTwice(db: ReturnType<typeof onePool>) {
  const ownerId = await createUser(db);
  const task = { type: "resume.analyze", lane: "interactive" as const, ownerId, payload: { resumeId: crypto.randomUUID() } };
  const rows = [await insertTask(db, task), await insertTask(db, task)];
  const statements = await db.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`);
  return { rows, taskInserts: statements.filter((s) => /^insert into "tasks"/i.test(s.statement)).length };
}

describe("prepared statements", () => {
  it("a lone task INSERT is prepared once per connection and reused", async () => {
    const { rows, taskInserts } = await insertTwice(onePool(true));
    expect(rows.map((r) => r.status)).toEqual(["PENDING", "PENDING"]);
    expect(rows[0].id).not.toBe(rows[1].id);
    expect(taskInserts).toBe(1);
  });

  it("with preparation off the same INSERT runs unnamed: no statement is kept", async () => {
    const { rows, taskInserts } = await insertTwice(onePool(false));
    expect(rows.map((r) => r.status)).toEqual(["PENDING", "PENDING"]);
    expect(taskInserts).toBe(0);
  });
});
