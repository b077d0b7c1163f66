/**
 * Preloaded into a benchmark's web process (`node --import bench/lib/heap-probe.mjs …`): what
 * the process's memory is made of, which /proc cannot tell. On each SIGUSR2 it runs a full
 * garbage collection (twice: the first one's finalisers can free more) and appends one JSON line
 * to `$BENCH_HEAP_DIR/<pid>.heap.jsonl`: `{seq, t, rss, heapTotal, heapUsed, external,
 * arrayBuffers}` — `process.memoryUsage()` in bytes right after the collection
 * (https://nodejs.org/api/process.html#processmemoryusage) — so heapUsed counts only what is
 * still reachable. `gc` comes from V8's `--expose-gc`, set at run time
 * (`v8.setFlagsFromString`, then a fresh context exposes it), because `next start` passes no V8
 * flags on. With BENCH_HEAP_SNAPSHOTS=1 it also writes a heap snapshot after each collection,
 * `$BENCH_HEAP_DIR/<pid>-<seq>.heapsnapshot` (Chrome DevTools' format; `v8.writeHeapSnapshot`
 * stops the process while it writes). Does nothing without BENCH_HEAP_DIR. SIGUSR1 is Node's
 * inspector signal; SIGUSR2 is free.
 */
import { appendFileSync } from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";

const dir = process.env.BENCH_HEAP_DIR;
if (dir) {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc");
  const file = `${dir}/${process.pid}.heap.jsonl`;
  let seq = 0;
  process.on("SIGUSR2", () => {
    gc();
    gc();
    const line = JSON.stringify({ seq: ++seq, t: Date.now(), ...process.memoryUsage() });
    if (process.env.BENCH_HEAP_SNAPSHOTS === "1") v8.writeHeapSnapshot(`${dir}/${process.pid}-${seq}.heapsnapshot`);
    appendFileSync(file, `${line}\n`);
  });
}
