/**
 * The bench side of bench/lib/heap-probe.mjs: asks the web process for its memory right after a
 * full garbage collection and waits for the answer.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./docs";

/** The preload to pass with `--import` (see heap-probe.mjs). */
export const HEAP_PROBE = path.join(ROOT, "bench/lib/heap-probe.mjs");

/** `process.memoryUsage()` of the web right after a forced full GC, bytes. */
export type HeapSample = { seq: number; t: number; rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function samplesOf(file: string): HeapSample[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as HeapSample);
}

/**
 * Sends SIGUSR2 to `pid` (preloaded with heap-probe.mjs, `BENCH_HEAP_DIR` = `dir`) and returns
 * the sample it writes.
 * @throws {Error} when no sample arrives within 30 s (probe not loaded, process gone).
 */
export async function heapAfterGc(pid: number, dir: string): Promise<HeapSample> {
  const file = path.join(dir, `${pid}.heap.jsonl`);
  const before = samplesOf(file).length;
  process.kill(pid, "SIGUSR2");
  for (const by = Date.now() + 30_000; Date.now() < by; ) {
    const all = samplesOf(file);
    if (all.length > before) return all[all.length - 1];
    await sleep(50);
  }
  throw new Error(`no heap sample from pid ${pid} within 30 s (is ${HEAP_PROBE} preloaded with BENCH_HEAP_DIR?)`);
}
