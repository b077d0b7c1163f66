/**
 * Work waiting for a money budget (docs/finops.md, "Budgets"): a task whose model call is refused
 * by a used-up budget waits RETRYING until the budget's period resets — its attempt given back,
 * `available_at` = the reset, a `budget_wait` task event — and runs as soon as an admin raises
 * the budget. The real path: a worker handler (`taskHandler`, its LLM error mapping) calling the
 * upstream guard, the consumer and the outbox relay, against real PostgreSQL and Redis.
 */
import "../helpers/env";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { OnlineLlmConfig } from "@/lib/ai/config";
import { guardUpstreamCall } from "@/lib/ai/upstream-guard";
import { listTaskEvents } from "@/lib/db/queries/task-events";
import { getTaskById, insertTask } from "@/lib/db/queries/tasks";
import { llmUsageRollups } from "@/lib/db/schema";
import { periodAt } from "@/lib/finops/budget-keys";
import { deleteBudget, listBudgets, setBudget } from "@/lib/finops/budgets";
import { withUsageScope } from "@/lib/finops/scope";
import { StreamConsumer } from "@/lib/queue/consumer";
import { publishTask } from "@/lib/queue/producer";
import { OutboxRelay } from "@/lib/queue/relay";
import { taskHandler } from "@/worker/handlers/define";
import { createUser, eventually } from "../helpers/fixtures";
import { queueTestKit } from "./kit";

let ownerId: string;
const kit = queueTestKit((id) => (ownerId = id));
const { db, redis, deps, running } = kit;

// Never contacted while the budget refuses; the call itself is the test's own function.
const MODEL: OnlineLlmConfig = {
  mode: "openai-compatible",
  baseURL: "http://127.0.0.1:9/v1",
  model: "budget-model",
  provider: "openai-compatible",
  structuredOutput: "json_schema",
};

afterEach(async () => {
  for (const b of await listBudgets(db)) await deleteBudget(db, { ...b, actorId: null });
  await db.delete(llmUsageRollups);
});

describe("a task and a used-up budget", () => {
  it("waits RETRYING until the period resets, attempt not spent, with a budget_wait event; runs once an admin raises the budget", async () => {
    const admin = await createUser(db, { role: "admin" });
    const today = periodAt("day", Date.now());
    // Today's settled spend, as the metering rolled it up, fills the global day budget.
    await db
      .insert(llmUsageRollups)
      .values({ granularity: "day", bucketStart: today.start, provider: "openai", model: "gpt-4o-mini", feature: "resume.analyze", costMicroUsd: 1_000 });
    await setBudget(db, { scope: "global", scopeId: "", period: "day", limitMicroUsd: 1_000, actorId: admin });

    let upstreamCalls = 0;
    // As a service does: the task's usage scope around its model call (budgets apply per scope).
    const handler = taskHandler("resume.analyze", async (_payload, t) => {
      const scope = { db, userId: t.ownerId, organizationId: t.organizationId, feature: "resume.analyze", taskId: t.taskId, attempt: t.attempt };
      await withUsageScope(scope, () =>
        guardUpstreamCall(MODEL, { prompt: "Analyse this resume.", maxOutputTokens: 64, priority: "batch" }, async () => {
          upstreamCalls++;
          return { value: "ok", usage: { inputTokens: 30, outputTokens: 10 } };
        }),
      );
      return async () => undefined;
    });
    const consumer = new StreamConsumer(deps, [handler], { blockMs: 100, leaseMs: 2_000, shutdownGraceMs: 2_000 });
    await consumer.start();
    running.push(consumer);
    const relay = new OutboxRelay(deps, { intervalMs: 50, graceMs: 0 });

    const task = await insertTask(db, { type: "resume.analyze", lane: "batch", ownerId, payload: { resumeId: randomUUID() } });
    await publishTask(redis, db, task);
    const waiting = await eventually(async () => {
      const t = await getTaskById(db, { id: task.id });
      return t?.status === "RETRYING" ? t : null;
    });
    expect(waiting).toMatchObject({ attempts: 0, errorCode: "budget_exhausted", availableAt: today.end, finishedAt: null });
    expect(waiting.errorMessage).toContain(today.end.toISOString());
    expect(upstreamCalls).toBe(0);
    const events = await listTaskEvents(db, { taskId: task.id });
    expect(events.map((e) => [e.kind, e.attempt, e.errorCode])).toEqual([["budget_wait", 1, "budget_exhausted"]]);
    expect(events[0]!.detail).toEqual({ budgetKey: "global:day", exhausted: true, resetsAt: today.end.toISOString(), retryAt: today.end.toISOString() });
    // Not due: a relay pass leaves it waiting.
    expect(await relay.tick()).toBe(0);
    expect((await getTaskById(db, { id: task.id }))?.status).toBe("RETRYING");

    // The admin raises the budget: the wait ends now, the relay republishes, the task completes.
    await setBudget(db, { scope: "global", scopeId: "", period: "day", limitMicroUsd: 5_000, actorId: admin });
    relay.start();
    running.push(relay);
    await eventually(async () => (await getTaskById(db, { id: task.id }))?.status === "COMPLETED");
    expect(await getTaskById(db, { id: task.id })).toMatchObject({ attempts: 1, errorCode: null });
    expect(upstreamCalls).toBe(1);
    expect((await listTaskEvents(db, { taskId: task.id })).map((e) => e.kind)).toEqual(["budget_wait"]);
  });
});
