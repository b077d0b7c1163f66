/**
 * Benchmark: how closely the governor's waits track the quota (lib/ratelimit/governor.ts,
 * docs/governor.md).
 *
 *   npx tsx bench/governor-waits.ts
 *
 * Claims measured — upper bounds that lib/ratelimit/governor.test.ts used to assert ("the
 * waits are exact", "no sleeping towards a 60 s wait", "not the 5 s pause") and may not
 * (docs/testing.md: no speed asserts in tests; the tests keep the order of events):
 *
 *   exact waits   `acquire` of BENCH_GRANTS grants at 2 per BENCH_WINDOW_MS-window takes as long
 *                 as the windows it must wait for, not more (plus its retry jitter, 5–250 ms a
 *                 wait by default). Measured: first grant → last grant (the caller's clock). Baseline, same run: a chain of `setTimeout`s sleeping the
 *                 same windows back to back — this machine's timer and event-loop floor.
 *   giving up     `acquire` with 50 s allowed for a slot 60 s away rejects with
 *                 QuotaWaitExceededError. Measured: call → rejection. Baseline, same run: one
 *                 `reserve` that is refused (the round trip the answer needs).
 *   abort         `acquire` waiting out a 60 s upstream pause is aborted. Measured: abort() →
 *                 rejection. Baseline: the same refused `reserve`.
 *
 * Each is measured BENCH_ROUNDS times (fresh model each round, so rounds share no window);
 * p50 and max are shown with their ratio to the baseline's p50. Valid only if every round ended
 * the way the claim says (all grants, a QuotaWaitExceededError, an AbortError).
 *
 * Needs Redis at REDIS_URL (a key prefix of its own, deleted at the end). Knobs: BENCH_ROUNDS (5),
 * BENCH_GRANTS (10), BENCH_WINDOW_MS (300), BENCH_WRITE_DOCS. Only a default-settings run rewrites
 * the `governor-waits` section of docs/benchmarks.md.
 */
import os from "node:os";
import { createRedis } from "@/lib/queue/redis";
import { Governor, QuotaWaitExceededError } from "@/lib/ratelimit/governor";
import { machineLine, recordRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { benchRedisPrefix, deleteRedisPrefix, onInterrupt } from "./lib/resources";
import { runBench } from "./lib/run";
import { consoleTable, fmtMs, markdownTable, percentile, ratio } from "./lib/stats";

const SCRIPT = "bench/governor-waits.ts";
const SECTION = "governor-waits";
const knobs = new Knobs({ BENCH_ROUNDS: 5, BENCH_GRANTS: 10, BENCH_WINDOW_MS: 300 });
const ROUNDS = Math.max(1, knobs.get("BENCH_ROUNDS"));
const GRANTS = Math.max(3, knobs.get("BENCH_GRANTS"));
const WINDOW_MS = Math.max(50, knobs.get("BENCH_WINDOW_MS"));
/** Windows the caller must wait through: 2 grants per window, the first two at once. */
const WINDOWS = Math.ceil(GRANTS / 2) - 1;

const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function main(): Promise<{ failed: boolean }> {
  const started = Date.now();
  const loadStart = os.loadavg()[0];
  const prefix = benchRedisPrefix();
  const redis = createRedis("bench-governor");
  const cleanup = async () => {
    await deleteRedisPrefix(prefix);
    redis.disconnect();
  };
  onInterrupt(cleanup);
  let n = 0;
  const model = () => ({ provider: "bench", model: `m-${++n}` });
  const problems: string[] = [];
  const exact: number[] = [];
  const timers: number[] = [];
  const giveUp: number[] = [];
  const abort: number[] = [];
  const refusal: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Exact waits, and the timer floor for the same windows.
      const windowed = new Governor(redis, { prefix, limits: { rpm: 2 }, windowMs: WINDOW_MS, marginMs: 0 });
      const m = model();
      let first = 0;
      for (let i = 0; i < GRANTS; i++) {
        await windowed.acquire({ ...m, estimatedTokens: 1, priority: "interactive", maxWaitMs: 10 * WINDOW_MS });
        if (i === 0) first = performance.now();
      }
      exact.push(performance.now() - first);
      const t0 = performance.now();
      for (let i = 0; i < WINDOWS; i++) await sleep(WINDOW_MS);
      timers.push(performance.now() - t0);

      // A refused reserve: the baseline round trip.
      const minute = new Governor(redis, { prefix, limits: { rpm: 1 }, marginMs: 0 });
      const m2 = model();
      await minute.reserve({ ...m2, estimatedTokens: 1, priority: "interactive" });
      const t1 = performance.now();
      const refused = await minute.reserve({ ...m2, estimatedTokens: 1, priority: "interactive" });
      refusal.push(performance.now() - t1);
      if (refused.granted) problems.push("a reserve past RPM 1 was granted");

      // Giving up at once.
      const t2 = performance.now();
      const err = await minute.acquire({ ...m2, estimatedTokens: 1, priority: "interactive", maxWaitMs: 50_000 }).catch((e) => e);
      giveUp.push(performance.now() - t2);
      if (!(err instanceof QuotaWaitExceededError)) problems.push(`giving up answered ${String(err)}`);

      // Abort during a 60 s pause.
      const paused = new Governor(redis, { prefix, limits: {}, marginMs: 0 });
      const m3 = model();
      await paused.observe({ ...m3, status: 429, headers: { "retry-after": "60" } });
      const ctrl = new AbortController();
      const waiting = paused.acquire({ ...m3, estimatedTokens: 1, priority: "interactive", signal: ctrl.signal, maxWaitMs: 120_000 }).catch((e) => e);
      await sleep(100); // let it park in its wait
      const t3 = performance.now();
      ctrl.abort();
      const aborted = await waiting;
      abort.push(performance.now() - t3);
      if ((aborted as Error)?.name !== "AbortError") problems.push(`abort answered ${String(aborted)}`);
    }
  } finally {
    await cleanup();
  }
  const valid = problems.length === 0;
  for (const p of problems) log(`NOT VALID: ${p}`);

  const base = percentile(refusal, 50);
  const timerBase = percentile(timers, 50);
  const header = ["measure", "p50", "max", "p50 / baseline", "max / baseline"];
  const rows = [
    [
      `exact waits: ${GRANTS} grants at 2 per ${WINDOW_MS} ms (first → last)`,
      fmtMs(percentile(exact, 50)),
      fmtMs(Math.max(...exact)),
      ratio(percentile(exact, 50), timerBase),
      ratio(Math.max(...exact), timerBase),
    ],
    [`baseline: setTimeout × ${WINDOWS} windows`, fmtMs(timerBase), fmtMs(Math.max(...timers)), "1.00×", ratio(Math.max(...timers), timerBase)],
    [
      "giving up on a slot 60 s away (50 s allowed)",
      fmtMs(percentile(giveUp, 50)),
      fmtMs(Math.max(...giveUp)),
      ratio(percentile(giveUp, 50), base),
      ratio(Math.max(...giveUp), base),
    ],
    [
      "abort during a 60 s pause (abort → rejection)",
      fmtMs(percentile(abort, 50)),
      fmtMs(Math.max(...abort)),
      ratio(percentile(abort, 50), base),
      ratio(Math.max(...abort), base),
    ],
    ["baseline: one refused reserve", fmtMs(base), fmtMs(Math.max(...refusal)), "1.00×", ratio(Math.max(...refusal), base)],
  ];
  const summary = `Waits took ${ratio(percentile(exact, 50), timerBase)} the timer floor (p50); giving up and aborting took ${ratio(percentile(giveUp, 50), base)} and ${ratio(percentile(abort, 50), base)} a refused reserve.`;
  console.log(consoleTable(header, rows));
  log(summary);
  recordRun({
    defaultSettings: knobs.isDefault(),
    valid,
    log,
    section: SECTION,
    script: SCRIPT,
    indexRow: `| [Governor waits](#${SECTION}) | \`npx tsx ${SCRIPT}\` | How long \`acquire\` waits for windows against plain timers, and how fast it gives up on a slot past its allowance or stops on abort, against one refused reserve |`,
    body: () => `## Governor waits

\`npx tsx ${SCRIPT}\` — the governor's waits (docs/governor.md): *\`acquire\` waits as long as the
quota makes it, not more; it gives up at once when the next slot lies beyond its allowance, and
stops at once when aborted.* ${ROUNDS} rounds, each on fresh models, against the run's Redis:

- **Exact waits** — ${GRANTS} \`acquire\`s at 2 per ${WINDOW_MS} ms window: first → last grant, the caller's clock
  (the governor's default retry jitter, 5–250 ms a wait, included).
  **Baseline** (same run): ${WINDOWS} \`setTimeout(${WINDOW_MS})\` back to back, this machine's timer floor.
- **Giving up** — \`acquire\` allowed 50 s for a slot 60 s away (RPM 1, one grant made): call → QuotaWaitExceededError.
- **Abort** — \`acquire\` parked in a 60 s upstream pause: \`abort()\` → AbortError.
  **Baseline** for both (same run): one refused \`reserve\`, the round trip the answer needs.
- Valid only if every round ended as claimed.

Knobs: \`BENCH_ROUNDS\`, \`BENCH_GRANTS\`, \`BENCH_WINDOW_MS\`, \`BENCH_WRITE_DOCS\`. Only a run with default settings rewrites this section.

### Latest run

${machineLine({ loadStart, seconds: (Date.now() - started) / 1000, command: knobs.commandLine(SCRIPT) })}

${markdownTable(header, rows)}

**${summary}**`,
  });
  return { failed: !valid };
}

await runBench(main);
