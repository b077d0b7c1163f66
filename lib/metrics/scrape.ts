import type Redis from "ioredis";
import { Registry } from "prom-client";
import type { GaugeSources } from "./gauges";
import { scrapeGauges } from "./gauges";
import { publishSnapshot, readMergedMetrics } from "./snapshots";

/**
 * One Prometheus scrape (docs/finops.md, "Prometheus"): publishes this process's registry first
 * (so its own figures are current and a scrape through another web process never sees less),
 * sums every live process's snapshot with the retired counts, adds the scrape-time gauges, and
 * renders the text exposition format.
 * @returns the body and its `Content-Type` (`text/plain; version=0.0.4; charset=utf-8`).
 * @throws the ioredis error when Redis cannot be reached (the gauges' own sources fail softly).
 */
export async function scrapeMetrics(a: { redis: Redis; sources: GaugeSources }): Promise<{ body: string; contentType: string }> {
  await publishSnapshot(a.redis);
  const merged = await readMergedMetrics(a.redis);
  const gauges = await scrapeGauges(a.sources, merged.processes);
  const all = Registry.merge([merged.registry, gauges]);
  return { body: await all.metrics(), contentType: all.contentType };
}
