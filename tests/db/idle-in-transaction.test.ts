/**
 * Every session of a pool sets `idle_in_transaction_session_timeout` (lib/db/client.ts), so a
 * transaction whose client went away gives its row locks back: the server ends a session left
 * idle inside a transaction, and the client's next statement there fails. A malformed
 * `PANELIST_PG_IDLE_TX_TIMEOUT_MS` is refused instead of turning the timeout off.
 */
import "../helpers/env";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { envRestorer } from "../helpers/fixtures";

const pools: ReturnType<typeof createDb>[] = [];
const restoreEnv = envRestorer(["PANELIST_PG_IDLE_TX_TIMEOUT_MS"]);
afterEach(restoreEnv);
afterAll(async () => {
  for (const p of pools) await p.sql.end({ timeout: 5 });
});

function pool(opts: Parameters<typeof createDb>[1] = {}) {
  const p = createDb(process.env.DATABASE_URL!, { max: 1, ...opts });
  pools.push(p);
  return p.db;
}

async function setting(db: ReturnType<typeof pool>): Promise<string> {
  const [row] = await db.execute<{ v: string }>(sql`select current_setting('idle_in_transaction_session_timeout') as v`);
  return row.v;
}

describe("idle_in_transaction_session_timeout", () => {
  it("is 60 s by default, taken from PANELIST_PG_IDLE_TX_TIMEOUT_MS, and 0 turns it off", async () => {
    delete process.env.PANELIST_PG_IDLE_TX_TIMEOUT_MS;
    expect(await setting(pool())).toBe("1min");
    process.env.PANELIST_PG_IDLE_TX_TIMEOUT_MS = "1500";
    expect(await setting(pool())).toBe("1500ms");
    process.env.PANELIST_PG_IDLE_TX_TIMEOUT_MS = "0";
    expect(await setting(pool())).toBe("0");
  });

  it("ends a transaction left idle past it; the pool goes on with a fresh session", async () => {
    const db = pool({ idleInTransactionTimeoutMs: 300 });
    const tx = db.transaction(async (t) => {
      await t.execute(sql`select 1`);
      await new Promise((r) => setTimeout(r, 1_000)); // idle inside the transaction
      await t.execute(sql`select 2`);
    });
    await expect(tx).rejects.toThrow();
    expect(await setting(db)).toBe("300ms");
  });

  it("refuses a malformed PANELIST_PG_IDLE_TX_TIMEOUT_MS", () => {
    process.env.PANELIST_PG_IDLE_TX_TIMEOUT_MS = "60s";
    expect(() => createDb(process.env.DATABASE_URL!)).toThrow(/PANELIST_PG_IDLE_TX_TIMEOUT_MS must be a whole number/);
  });
});
