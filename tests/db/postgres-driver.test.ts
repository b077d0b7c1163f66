/**
 * postgres.js 3.4.9 crashes the process when a transaction's backend dies mid-query
 * (porsager/postgres#1154, #1208; upstream fixes #1168/#1209 unmerged): sql.begin's own
 * ROLLBACK is buffered for a socket that is already gone and `nextWrite` dereferences null
 * from a setImmediate, outside any promise. patches/postgres+3.4.9.patch (applied by
 * patch-package on install) fails such a query with CONNECTION_CLOSED instead and drops
 * stale write state so the pool slot reconnects cleanly. This test runs the repro in a child
 * process so that a regression shows as the child's exit code, not as a dead test worker.
 */
import "../helpers/env";
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

describe("postgres.js driver patch", () => {
  it("a transaction whose backend is terminated rejects (CONNECTION_CLOSED, or the server's 57P01 when read first); the process lives and the pool still works", async () => {
    const script = path.join(import.meta.dirname, "terminate-in-transaction.mjs");
    const { stdout } = await run(process.execPath, [script, process.env.DATABASE_URL!], { timeout: 30_000 });
    const out = JSON.parse(stdout.trim());
    expect(out, stdout).toMatchObject({ outcome: "backend_ended", after: [1, 2, 3, 4], unhandled: [] });
    expect(["CONNECTION_CLOSED", "57P01"]).toContain(out.code);
  });
});
