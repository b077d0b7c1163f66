import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { observeLlmCall, observeTaskTiming, processRegistry } from "./registry";

/** The value of one series of this process's registry (0 when absent). */
async function value(metricName: string, labels: Record<string, string>): Promise<number> {
  const base = metricName.replace(/_(bucket|sum|count)$/, "");
  const metric = (await processRegistry().getMetricsAsJSON()).find((m) => m.name === base);
  const row = metric?.values.find(
    (v) =>
      ((v as { metricName?: string }).metricName ?? base) === metricName &&
      Object.entries(labels).every(([k, want]) => String((v.labels as Record<string, unknown>)[k]) === want),
  );
  return row?.value ?? 0;
}

const call = (model: string) => ({
  provider: "openai",
  model,
  feature: "resume.analyze",
  outcome: "ok",
  inputTokens: 1200,
  cachedInputTokens: 1024,
  outputTokens: 300,
  costMicroUsd: 1_500,
  latencyMs: 2_500,
  ttftMs: 400,
});

describe("observeLlmCall", () => {
  it("counts the call, splits input into uncached and cached tokens, and records cost in dollars and latency in seconds", async () => {
    const model = `m-${randomUUID()}`;
    observeLlmCall(call(model));
    observeLlmCall({ ...call(model), outcome: "rate_limited" });
    const f = { model, feature: "resume.analyze" };
    expect(await value("llm_requests_total", { ...f, outcome: "ok" })).toBe(1);
    expect(await value("llm_requests_total", { ...f, outcome: "rate_limited" })).toBe(1);
    expect(await value("llm_tokens_total", { ...f, type: "input" })).toBe(2 * 176);
    expect(await value("llm_tokens_total", { ...f, type: "cached_input" })).toBe(2 * 1024);
    expect(await value("llm_tokens_total", { ...f, type: "output" })).toBe(2 * 300);
    expect(await value("llm_cost_dollars_total", f)).toBeCloseTo(0.003, 12);
    expect(await value("llm_latency_seconds_count", f)).toBe(2);
    expect(await value("llm_latency_seconds_sum", f)).toBe(5);
    expect(await value("llm_latency_seconds_bucket", { ...f, le: "2" })).toBe(0);
    expect(await value("llm_latency_seconds_bucket", { ...f, le: "4" })).toBe(2);
    expect(await value("llm_ttft_seconds_sum", { model })).toBeCloseTo(0.8, 12);
  });

  it("adds no cost for an unpriced call, no TTFT for a call without one, and skips values that are not counts", async () => {
    const model = `m-${randomUUID()}`;
    expect(() => observeLlmCall({ ...call(model), costMicroUsd: null, ttftMs: null, outputTokens: Number.NaN, latencyMs: -5 })).not.toThrow();
    const f = { model, feature: "resume.analyze" };
    expect(await value("llm_requests_total", { ...f, outcome: "ok" })).toBe(1);
    expect(await value("llm_cost_dollars_total", f)).toBe(0);
    expect(await value("llm_ttft_seconds_count", { model })).toBe(0);
    expect(await value("llm_tokens_total", { ...f, type: "output" })).toBe(0);
    expect(await value("llm_latency_seconds_count", f)).toBe(0);
  });
});

describe("observeTaskTiming", () => {
  it("records queue wait and run time in seconds by type and lane", async () => {
    const type = `t-${randomUUID()}`;
    observeTaskTiming({ type, lane: "batch", queueWaitMs: 1_500, runMs: 250 });
    observeTaskTiming({ type, lane: "batch", queueWaitMs: 500, runMs: 750 });
    const l = { type, lane: "batch" };
    expect(await value("task_queue_wait_seconds_count", l)).toBe(2);
    expect(await value("task_queue_wait_seconds_sum", l)).toBe(2);
    expect(await value("task_run_seconds_sum", l)).toBe(1);
    expect(await value("task_run_seconds_bucket", { ...l, le: "0.5" })).toBe(1);
  });
});
