/**
 * Preloaded into a benchmark's web process (`node --import bench/lib/event-loop-monitor.mjs …`):
 * the process's own event-loop delay, which nothing outside it can read. Every
 * BENCH_ELD_WINDOW_MS (1 000 ms) it appends one JSON line to `$BENCH_ELD_DIR/<pid>.jsonl`:
 * `{t, p50, p99, max, mean, n}` — epoch ms at the window's end, then the delay of that window in
 * ms (Node's `perf_hooks.monitorEventLoopDelay`: a libuv timer every 10 ms, the time between two of
 * its ticks recorded in an HDR histogram (an idle loop reads ~10 ms); https://nodejs.org/api/perf_hooks.html#perf_hooksmonitoreventloopdelayoptions)
 * and how many delays were recorded. Does nothing without BENCH_ELD_DIR. A synchronous append
 * of ~80 bytes a second is all it adds to the process.
 */
import { appendFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const dir = process.env.BENCH_ELD_DIR;
if (dir) {
  const windowMs = Number(process.env.BENCH_ELD_WINDOW_MS ?? 1000);
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const file = `${dir}/${process.pid}.jsonl`;
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  setInterval(() => {
    const line = {
      t: Date.now(),
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
      n: histogram.count,
    };
    histogram.reset();
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // The benchmark removed its directory: nothing left to report to.
    }
  }, windowMs).unref();
}
