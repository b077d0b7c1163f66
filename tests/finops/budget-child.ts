/**
 * One OS process of budget-processes.test.ts: reserves spend through the real module against the
 * test's PostgreSQL database and Redis prefix (DATABASE_URL, PANELIST_REDIS_PREFIX from the parent).
 * Commands arrive as JSON lines on stdin, answers leave as JSON lines on stdout:
 *
 *   {"op":"reserve","n":50,"estimate":100,"userId":"…"}  → {"admitted":k,"refused":m,"errors":[…]}
 *   {"op":"settle","actual":40}                          → {"settled":k}   (every reservation it holds)
 *   {"op":"exit"}                                        (or the end of stdin)
 *
 * It prints {"ready":true} once its budget limits are loaded (a reserve no budget applies to), so
 * both processes start the race warm.
 */
import { createInterface } from "node:readline";
import { closeDb, getDb } from "@/lib/db/client";
import { reserveSpend, settleSpend } from "@/lib/finops/budgets";
import { BudgetExhaustedError } from "@/lib/finops/errors";
import { closeRedis } from "@/lib/queue/redis";

const db = getDb();
const held: string[] = [];
const say = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);

await reserveSpend({ db, scope: { userId: null, organizationId: null, feature: "warm-up" }, estimatedMicroUsd: 0 });
say({ ready: true });

for await (const line of createInterface({ input: process.stdin })) {
  const cmd = JSON.parse(line) as { op: "reserve"; n: number; estimate: number; userId: string } | { op: "settle"; actual: number } | { op: "exit" };
  if (cmd.op === "reserve") {
    const scope = { userId: cmd.userId, organizationId: null, feature: "resume.analyze" };
    const results = await Promise.allSettled(Array.from({ length: cmd.n }, () => reserveSpend({ db, scope, estimatedMicroUsd: cmd.estimate })));
    const errors: string[] = [];
    let refused = 0;
    for (const r of results) {
      if (r.status === "fulfilled") held.push(r.value.reservationId);
      else if (r.reason instanceof BudgetExhaustedError) refused++;
      else errors.push(String(r.reason));
    }
    say({ admitted: results.length - refused - errors.length, refused, errors });
  } else if (cmd.op === "settle") {
    const ids = held.splice(0);
    await Promise.all(ids.map((reservationId) => settleSpend({ reservationId, actualMicroUsd: cmd.actual })));
    say({ settled: ids.length });
  } else {
    break;
  }
}
process.stdin.destroy(); // the parent's pipe stays open: let the process end
await closeRedis();
await closeDb();
