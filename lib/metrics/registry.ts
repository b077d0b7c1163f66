/**
 * This process's Prometheus metrics (docs/finops.md, "Prometheus"): the prom-client registry
 * and the metric objects that record as things happen — LLM calls and task attempts. Each
 * process publishes this registry to Redis (`snapshots.ts`); `GET /api/metrics` sums every
 * process's copy and adds the gauges it computes at scrape time (`gauges.ts`).
 *
 * Kept on `globalThis`: Next.js may load this module more than once in one server process
 * (instrumentation and route bundles, dev reloads), and two registries would split the counts.
 */
import { Counter, Histogram, Registry } from "prom-client";

// Bucket upper bounds, seconds. Prometheus histograms are only as precise as their buckets
// (prometheus.io, "Histograms and summaries": choose them around the values you care about),
// so each spans what that figure does here: a model answers in 0.1 s–2 min, a first token
// comes in tens of ms to 30 s, a task waits from ms (idle workers) to an hour (a backlog or a
// budget wait), and an attempt runs from tens of ms (offline engine) to its 5-min timeout.
const LLM_LATENCY_BUCKETS_S = [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120];
const LLM_TTFT_BUCKETS_S = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30];
const QUEUE_WAIT_BUCKETS_S = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 1800, 3600];
const TASK_RUN_BUCKETS_S = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300];

function build() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    llmRequests: new Counter({
      name: "llm_requests_total",
      help: "Upstream LLM calls, by outcome (ok or the LlmError code).",
      labelNames: ["model", "feature", "outcome"] as const,
      registers,
    }),
    llmTokens: new Counter({
      name: "llm_tokens_total",
      help: "Tokens of upstream LLM calls; type is input (not served from the prompt cache), cached_input or output, so the three add up to all tokens.",
      labelNames: ["model", "feature", "type"] as const,
      registers,
    }),
    llmCost: new Counter({
      name: "llm_cost_dollars_total",
      help: "Cost of upstream LLM calls in US dollars, at the price in force; unpriced calls add nothing.",
      labelNames: ["model", "feature"] as const,
      registers,
    }),
    llmLatency: new Histogram({
      name: "llm_latency_seconds",
      help: "Duration of upstream LLM calls, request sent to answer complete.",
      labelNames: ["model", "feature"] as const,
      buckets: LLM_LATENCY_BUCKETS_S,
      registers,
    }),
    llmTtft: new Histogram({
      name: "llm_ttft_seconds",
      help: "Time to first token of streamed LLM calls.",
      labelNames: ["model"] as const,
      buckets: LLM_TTFT_BUCKETS_S,
      registers,
    }),
    queueWait: new Histogram({
      name: "task_queue_wait_seconds",
      help: "How long a task waited between becoming available (created, retry due) and being claimed by a worker.",
      labelNames: ["type", "lane"] as const,
      buckets: QUEUE_WAIT_BUCKETS_S,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "panelist_rate_limit_refusals_total",
      help: "Requests refused by a request limit (lib/ratelimit/request-limits.ts), by policy and the rule that refused.",
      labelNames: ["policy", "rule"] as const,
      registers,
    }),
    taskRun: new Histogram({
      name: "task_run_seconds",
      help: "Duration of one task attempt, claim to its end (completed, retried, failed or released).",
      labelNames: ["type", "lane"] as const,
      buckets: TASK_RUN_BUCKETS_S,
      registers,
    }),
  };
}

type ProcessMetrics = ReturnType<typeof build>;
const GLOBAL_KEY = Symbol.for("panelist.metrics.registry");

function metrics(): ProcessMetrics {
  const g = globalThis as { [GLOBAL_KEY]?: ProcessMetrics };
  g[GLOBAL_KEY] ??= build();
  return g[GLOBAL_KEY];
}

/** This process's registry (what it publishes; tests read it). */
export function processRegistry(): Registry {
  return metrics().registry;
}

/** A count or duration that can be recorded: finite and ≥ 0 (a counter cannot go down). */
function usable(n: number | null | undefined): n is number {
  return typeof n === "number" && Number.isFinite(n) && n >= 0;
}

/** One upstream LLM call, as the meter completes its usage row. */
export type LlmCallObservation = {
  /** Not a label (the model id names the series); accepted so the meter passes its row as is. */
  provider: string;
  model: string;
  /** What the call was for (`resume.analyze`, `interview.chat`, …). */
  feature: string;
  /** `ok`, or the call's error code. */
  outcome: string;
  /** Prompt tokens as the provider reports them, cached ones included. */
  inputTokens: number;
  /** The part of `inputTokens` served from the provider's prompt cache. */
  cachedInputTokens: number;
  outputTokens: number;
  /** Integer micro-dollars (1 USD = 1 000 000); null when the model has no price. */
  costMicroUsd: number | null;
  /** Request sent to answer complete, ms. */
  latencyMs: number;
  /** Request sent to first token, ms; null for calls that were not streamed or never got one. */
  ttftMs: number | null;
};

/**
 * Records one upstream LLM call: `llm_requests_total`, `llm_tokens_total` (type `input` counts
 * the uncached part, `inputTokens − cachedInputTokens`, so the types add up), `llm_cost_dollars_total`
 * (micro-dollars ÷ 10⁶; nothing when unpriced), `llm_latency_seconds` and, when known,
 * `llm_ttft_seconds`. Never throws: a value that is not a finite number ≥ 0 is skipped, so
 * metrics cannot break the call they describe.
 */
export function observeLlmCall(call: LlmCallObservation): void {
  const m = metrics();
  const { model, feature } = call;
  m.llmRequests.inc({ model, feature, outcome: call.outcome });
  if (usable(call.inputTokens)) {
    const cached = usable(call.cachedInputTokens) ? Math.min(call.cachedInputTokens, call.inputTokens) : 0;
    m.llmTokens.inc({ model, feature, type: "input" }, call.inputTokens - cached);
    m.llmTokens.inc({ model, feature, type: "cached_input" }, cached);
  }
  if (usable(call.outputTokens)) m.llmTokens.inc({ model, feature, type: "output" }, call.outputTokens);
  if (usable(call.costMicroUsd)) m.llmCost.inc({ model, feature }, call.costMicroUsd / 1_000_000);
  if (usable(call.latencyMs)) m.llmLatency.observe({ model, feature }, call.latencyMs / 1000);
  if (usable(call.ttftMs)) m.llmTtft.observe({ model }, call.ttftMs / 1000);
}

/** One task attempt, as the consumer ends it. */
export type TaskTimingObservation = {
  type: string;
  lane: string;
  /** Claim time − when the task became available (`tasks.available_at`), ms, both on the database's clock. */
  queueWaitMs: number;
  /** Claim to the attempt's end, ms. */
  runMs: number;
};

/**
 * Records one task attempt in `task_queue_wait_seconds` and `task_run_seconds`. Never throws;
 * a value that is not a finite number ≥ 0 is skipped.
 */
export function observeTaskTiming(t: TaskTimingObservation): void {
  const m = metrics();
  const labels = { type: t.type, lane: t.lane };
  if (usable(t.queueWaitMs)) m.queueWait.observe(labels, t.queueWaitMs / 1000);
  if (usable(t.runMs)) m.taskRun.observe(labels, t.runMs / 1000);
}

/** One request refused by a request limit: `panelist_rate_limit_refusals_total{policy, rule}`. Never throws. */
export function observeRateLimitRefusal({ policy, rule }: { policy: string; rule: string }): void {
  metrics().rateLimitRefusals.inc({ policy, rule });
}
