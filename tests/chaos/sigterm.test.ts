/**
 * Chaos 5: a worker SIGTERMed with work in flight drains gracefully: it reads nothing new,
 * finishes what finishes within its grace period (30 s, `shutdownGraceMs`), releases the rest
 * (PENDING again, the attempt not spent, a fresh message) and exits 0; another worker then
 * completes the released task. See docs/testing.md "Chaos tests".
 */
import "../helpers/env";
import { describe, expect, it } from "vitest";
import { getTaskById } from "@/lib/db/queries/tasks";
import type { FakeLlm } from "@/scripts/fake-llm/server";
import { chaosTag, createResumeTasks, Fleet, pendingEntries, streamsReport, taskEffects, until, upstreamCallsByMarker, waitForAllEnded } from "./harness";
import { chaosKit } from "./kit";

let llm: FakeLlm;
let ownerId: string;
const { db, redis, workerEnv } = chaosKit("chaos-sigterm", {}, (s) => {
  ({ llm, ownerId } = s);
});

describe("chaos: SIGTERM a worker mid-task", () => {
  it("exits 0; the in-flight task that can finish is finished, the one that cannot is released and completed by another worker", async () => {
    const tag = chaosTag("term");
    const fleet = new Fleet({ ...workerEnv(), leaseMs: 3_000, concurrency: 2 });
    const a = fleet.start();
    const diagnose = () => fleet.describe();
    const callArrived = (marker: string) =>
      until(() => (upstreamCallsByMarker(llm, tag).get(marker)?.all ?? 0) >= 1, {
        timeoutMs: 60_000,
        what: () => `no upstream call for ${marker}\n${diagnose()}`,
      });

    // Task R: its upstream call hangs longer than the grace period (only the first call).
    llm.control({ mode: "slow", delayMs: 90_000, count: 1 });
    const [r] = await createResumeTasks({ db, redis }, { ownerId, tag, n: 1, from: 0 });
    await callArrived(r.marker);
    // Task F: a 3 s call, well inside the grace period.
    const [f] = await createResumeTasks({ db, redis }, { ownerId, tag, n: 1, from: 1, extra: () => "[[fault:slow:3000]]" });
    await callArrived(f.marker);
    expect((await getTaskById(db, { id: r.taskId }))?.status).toBe("PROCESSING");
    expect((await getTaskById(db, { id: f.taskId }))?.status).toBe("PROCESSING");

    fleet.signal(a, "SIGTERM");
    // Task X arrives while A drains: A must not take it.
    const [x] = await createResumeTasks({ db, redis }, { ownerId, tag, n: 1, from: 2 });

    const exit = await a.exited;
    expect(exit, diagnose()).toEqual({ code: 0, signal: null });
    // F was finished by A; R was released (attempt not spent); X was never claimed.
    expect(await getTaskById(db, { id: f.taskId })).toMatchObject({ status: "COMPLETED", attempts: 1 });
    expect(await getTaskById(db, { id: r.taskId })).toMatchObject({ status: "PENDING", attempts: 0 });
    expect(await getTaskById(db, { id: x.taskId })).toMatchObject({ status: "PENDING", attempts: 0 });

    fleet.start();
    const counts = await waitForAllEnded(db, { ownerId, expected: 3, timeoutMs: 60_000, redis, diagnose });
    expect(counts).toEqual({ COMPLETED: 3 });
    const effects = await taskEffects(db, ownerId);
    const calls = upstreamCallsByMarker(llm, tag);
    expect(effects.get(r.taskId)).toMatchObject({ attempts: 1, analyses: 1 });
    expect(effects.get(f.taskId)).toMatchObject({ attempts: 1, analyses: 1, usage: 1 });
    expect(effects.get(x.taskId)).toMatchObject({ attempts: 1, analyses: 1, usage: 1 });
    // R's released call was cut off and recorded; then one call that served.
    expect(calls.get(r.marker)).toEqual({ all: 2, answered: 1 });
    expect(effects.get(r.taskId)!.usage).toBe(2);
    expect(await pendingEntries(redis), await streamsReport(redis)).toBe(0);
    await fleet.stopAll();
  }, 150_000);
});
