/**
 * Budgets hold across processes (docs/finops.md, "Budgets"): two OS processes (tests/finops/
 * budget-child.ts, run with tsx) fire 50 reservations each at the same moment against one user's
 * day budget with room for exactly 10, through real Redis and PostgreSQL. Neither process has the
 * counter when the race starts, so both also seed it from the usage rollups at once.
 */
import "../helpers/env";
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { createInterface, type Interface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { llmUsageRollups } from "@/lib/db/schema";
import { periodAt } from "@/lib/finops/budget-keys";
import { budgetStatuses, setBudget } from "@/lib/finops/budgets";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { clearPrefix, createUser } from "../helpers/fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");
const db = getDb();
const redis = getRedis();

/** A child process speaking JSON lines; `next()` is its next line. */
type Child = { proc: ChildProcess; next: () => Promise<Record<string, unknown>>; send: (o: unknown) => void; exited: Promise<number | null> };
const children: Child[] = [];

function startChild(): Child {
  const proc = spawn(process.execPath, ["--import", "tsx", "tests/finops/budget-child.ts"], {
    cwd: ROOT,
    env: { ...process.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const stderr: string[] = [];
  proc.stderr!.on("data", (c: Buffer) => stderr.push(c.toString()));
  const lines: Interface = createInterface({ input: proc.stdout! });
  const queue: string[] = [];
  const waiters: ((l: string) => void)[] = [];
  lines.on("line", (l) => (waiters.length ? waiters.shift()!(l) : queue.push(l)));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", resolve));
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const take = (l: string) => resolve(JSON.parse(l) as Record<string, unknown>);
      if (queue.length) take(queue.shift()!);
      else {
        waiters.push(take);
        void exited.then((code) => reject(new Error(`child exited (${code}) before answering: ${stderr.join("")}`)));
      }
    });
  const child = { proc, next, send: (o: unknown) => proc.stdin!.write(`${JSON.stringify(o)}\n`), exited };
  children.push(child);
  return child;
}

let admin: string;
beforeAll(async () => {
  admin = await createUser(db, { role: "admin" });
});

afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null) c.proc.kill("SIGKILL");
  await clearPrefix(redis);
  await closeRedis();
  await closeDb();
});

describe("budgets across processes", () => {
  it("100 concurrent reservations from two processes against room for exactly 10 admit exactly 10; settled, spent equals the real costs", async () => {
    const user = randomUUID();
    const estimate = 1_000;
    const alreadySpent = 3 * estimate;
    await db.insert(llmUsageRollups).values({
      granularity: "day",
      bucketStart: periodAt("day", Date.now()).start,
      provider: "openai",
      model: "gpt-4o-mini",
      feature: "resume.analyze",
      userId: user,
      requests: 3,
      costMicroUsd: alreadySpent,
    });
    // Room for 10 holds after what the rollups say was spent, and 999 short of an 11th.
    const limit = alreadySpent + 11 * estimate - 1;
    await setBudget(db, { scope: "user", scopeId: user, period: "day", limitMicroUsd: limit, actorId: admin });

    const procs = [startChild(), startChild()];
    for (const p of procs) expect(await p.next()).toEqual({ ready: true });
    for (const p of procs) p.send({ op: "reserve", n: 50, estimate, userId: user });
    const answers = await Promise.all(procs.map((p) => p.next()));
    for (const a of answers) expect(a.errors).toEqual([]);
    expect(answers.reduce((n, a) => n + Number(a.admitted), 0)).toBe(10);
    expect(answers.reduce((n, a) => n + Number(a.refused), 0)).toBe(90);

    const held = (await budgetStatuses(db)).find((s) => s.key === `user:${user}:day`);
    expect(held).toMatchObject({ spentMicroUsd: alreadySpent, reservedMicroUsd: 10 * estimate, remainingMicroUsd: estimate - 1 });

    // Each call really cost 40 % of its estimate: once settled, enforced spend is real spend.
    for (const p of procs) p.send({ op: "settle", actual: 400 });
    const settled = await Promise.all(procs.map((p) => p.next()));
    expect(settled.reduce((n, a) => n + Number(a.settled), 0)).toBe(10);
    const after = (await budgetStatuses(db)).find((s) => s.key === `user:${user}:day`);
    expect(after).toMatchObject({ spentMicroUsd: alreadySpent + 10 * 400, reservedMicroUsd: 0, remainingMicroUsd: limit - alreadySpent - 4_000 });

    for (const p of procs) p.send({ op: "exit" });
    expect(await Promise.all(procs.map((p) => p.exited))).toEqual([0, 0]);
  });
});
