/**
 * The gauges `GET /api/metrics` computes once per scrape from Redis and PostgreSQL (docs/finops.md,
 * "Prometheus"): they describe shared state — streams, DLQs, budgets, quota, breakers — which
 * every process would report alike, so they are read by the endpoint, never summed across
 * processes. Each source is read on its own: one that fails leaves its gauges without series
 * and `metrics_source_up{source}` at 0, and the rest of the scrape still answers.
 */
import { Gauge, Registry } from "prom-client";
import type { StreamStats } from "@/lib/queue/stats";
import type { PublishingProcess } from "./snapshots";

/** A budget as the gauges need it (from `budgetStatuses`, lib/finops/budgets.ts). */
export type BudgetGaugeInput = { key: string; limitMicroUsd: number; remainingMicroUsd: number };
/** Share of one model's quota in use over the governor's window (own grants + upstream's phantom usage) ÷ the limit. */
export type QuotaGaugeInput = { model: string; kind: "rpm" | "tpm"; utilization: number };
export type BreakerGaugeInput = { model: string; open: boolean };

/** Where the scrape-time figures come from (`sources.ts` wires the real ones); null = not wired in this build. */
export type GaugeSources = {
  queues: () => Promise<StreamStats[]>;
  budgets: (() => Promise<BudgetGaugeInput[]>) | null;
  quota: () => Promise<QuotaGaugeInput[]>;
  breakers: () => Promise<BreakerGaugeInput[]>;
};

/**
 * A registry holding the scrape-time gauges, set from `sources`, and `metrics_processes{role}`
 * from the snapshots that were merged.
 */
export async function scrapeGauges(sources: GaugeSources, processes: readonly PublishingProcess[]): Promise<Registry> {
  const registry = new Registry();
  const registers = [registry];
  const streamLabels = ["stream", "lane"] as const;
  const g = {
    length: new Gauge({ name: "stream_length", help: "Entries held by the task stream (XLEN).", labelNames: streamLabels, registers }),
    pending: new Gauge({
      name: "stream_pending",
      help: "Entries delivered to the consumer group and not yet acknowledged (the PEL).",
      labelNames: streamLabels,
      registers,
    }),
    lag: new Gauge({
      name: "stream_lag",
      help: "Entries not yet delivered to the consumer group (XINFO GROUPS lag); absent when Redis cannot tell.",
      labelNames: streamLabels,
      registers,
    }),
    oldestPending: new Gauge({
      name: "stream_oldest_pending_age_seconds",
      help: "Age of the oldest delivered, unacknowledged entry since it was added; 0 when the PEL is empty.",
      labelNames: streamLabels,
      registers,
    }),
    oldestWaiting: new Gauge({
      name: "stream_oldest_waiting_age_seconds",
      help: "Age of the oldest entry not yet delivered; 0 when nothing waits. Grows while a queue is stalled.",
      labelNames: streamLabels,
      registers,
    }),
    dlq: new Gauge({ name: "dlq_length", help: "Entries in the task type's dead-letter stream.", labelNames: ["type"] as const, registers }),
    budgetRemaining: new Gauge({
      name: "budget_remaining_usd",
      help: "What is left of the budget in its current period, US dollars (limit − spent − reserved).",
      labelNames: ["budget"] as const,
      registers,
    }),
    budgetLimit: new Gauge({ name: "budget_limit_usd", help: "The budget's limit per period, US dollars.", labelNames: ["budget"] as const, registers }),
    quota: new Gauge({
      name: "upstream_quota_utilization",
      help: "Share (0–1+) of the model's RPM or TPM quota in use over the governor's sliding window; absent when no limit is set.",
      labelNames: ["model", "kind"] as const,
      registers,
    }),
    breaker: new Gauge({
      name: "circuit_breaker_open",
      help: "1 while the model's circuit breaker is open (calls refused), else 0 (closed or half-open).",
      labelNames: ["model"] as const,
      registers,
    }),
    up: new Gauge({
      name: "metrics_source_up",
      help: "1 when this scrape could read the source of its gauges (queues, budgets, quota, breaker), 0 when it failed.",
      labelNames: ["source"] as const,
      registers,
    }),
    processes: new Gauge({
      name: "metrics_processes",
      help: "Processes whose live snapshot this scrape merged, by role.",
      labelNames: ["role"] as const,
      registers,
    }),
  };

  const read = async <T>(source: string, fn: (() => Promise<T>) | null, set: (v: T) => void) => {
    if (!fn) return;
    try {
      set(await fn());
      g.up.set({ source }, 1);
    } catch {
      g.up.set({ source }, 0);
    }
  };
  await Promise.all([
    read("queues", sources.queues, (streams) => {
      for (const s of streams) {
        const labels = { stream: s.stream, lane: s.lane };
        g.length.set(labels, s.length);
        g.pending.set(labels, s.pending);
        if (s.lag !== null) g.lag.set(labels, s.lag);
        g.oldestPending.set(labels, s.oldestPendingAgeMs / 1000);
        g.oldestWaiting.set(labels, s.oldestWaitingAgeMs / 1000);
        g.dlq.set({ type: s.type }, s.dlqLength); // the same figure on both lanes
      }
    }),
    read("budgets", sources.budgets, (budgets) => {
      for (const b of budgets) {
        g.budgetRemaining.set({ budget: b.key }, b.remainingMicroUsd / 1_000_000);
        g.budgetLimit.set({ budget: b.key }, b.limitMicroUsd / 1_000_000);
      }
    }),
    read("quota", sources.quota, (rows) => {
      for (const q of rows) g.quota.set({ model: q.model, kind: q.kind }, q.utilization);
    }),
    read("breaker", sources.breakers, (rows) => {
      for (const b of rows) g.breaker.set({ model: b.model }, b.open ? 1 : 0);
    }),
  ]);
  const roles = new Map<string, number>();
  for (const p of processes) roles.set(p.role, (roles.get(p.role) ?? 0) + 1);
  for (const [role, n] of roles) g.processes.set({ role }, n);
  return registry;
}
