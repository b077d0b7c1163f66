/**
 * Benchmark: how much of the upstream quota the governor uses, how evenly it spreads it over
 * the minute, and how often upstream says no.
 *
 *   npx tsx bench/quota-use.ts
 *
 * A backlog of BENCH_TASKS (2 000) resume analyses in the batch lane is drained by 1, then 4
 * worker processes (`node --import tsx worker/index.ts`, the real pipeline: stream → claim →
 * extract → governor → LLM call → result row) against the fake OpenAI server
 * (`scripts/fake-llm/server.ts`) enforcing RPM BENCH_RPM (600) and a TPM over a sliding
 * 60-second window, and the RPM per second as well (`perSecondAllowance`: at most
 * ⌊RPM/60 × (1 + burst)⌋ calls in any sliding second, burst = BENCH_BURST_MS / 1000), with the
 * workers' `LLM_RPM`/`LLM_TPM` set to the same quota and `LLM_BURST_SECONDS` to the same burst.
 *
 * TPM: 8 calibration tasks first measure the mean tokens one call costs upstream (prompt +
 * completion, from the fake server's usage); TPM = BENCH_RPM × that, so both dimensions bind
 * at about the same rate and neither can hide the other's waste.
 *
 * Measured from the fake server's records (arrival times; tokens of the answered calls):
 * - achieved RPM / TPM over the steady state: every full 60-s window after the first (the first
 *   holds the backlog's opening burst), [t0 + 60 s·k, t0 + 60 s·(k+1)) for k ≥ 1 that ends before
 *   the last call; a run too short for one falls back to the whole run, scaled to a minute, and
 *   says so;
 * - the named baseline is the quota itself: ratio = achieved / allowed (aim ≥ 0.95);
 * - upstream 429s (aim 0), per second and per minute, and the most calls in any sliding 60-s
 *   window (must stay ≤ RPM);
 * - per second: the most calls and the most tokens (answered calls, by arrival) in any sliding
 *   1-s window against RPM/60 × (1 + burst) and TPM/60 × (1 + burst), and the calls of the first
 *   10 s (a backlog's opening burst);
 * - contrast "sliding log alone" (the named baseline for the per-second figures): a backlog of
 *   BENCH_UNPACED_TASKS (600, one minute's quota: its opening burst is the whole point, and its
 *   429s waste quota, so a 2 000-task drain would take ten minutes), 4 workers, governed with
 *   `LLM_PACING=off` — the governor before pacing. BENCH_UNPACED_TASKS=0 skips it;
 * - contrast "ungoverned": LLM_RPM/LLM_TPM unset (the workers only obey upstream's 429s),
 *   1 worker, BENCH_UNGOVERNED_TASKS (800) tasks: how many 429s upstream returns, and how many
 *   tasks end FAILED (default 3 attempts). BENCH_UNGOVERNED_TASKS=0 skips it.
 *
 * Valid only if every governed task ended COMPLETED with one analysis row (NOT VALID
 * otherwise, and docs/benchmarks.md is left alone).
 *
 * Knobs: BENCH_TASKS (2000), BENCH_RPM (600), BENCH_WORKERS ("1,4"), BENCH_CONCURRENCY (16
 * per worker), BENCH_LATENCY_MS (400, the fake model's answer time), BENCH_BURST_MS (1000, the
 * governor's burst and upstream's per-second allowance), BENCH_UNPACED_TASKS (600), BENCH_UNGOVERNED_TASKS
 * (800), BENCH_WRITE_DOCS (1 always / 0 never; default only with default settings).
 * Self-contained: its own database on the server of `DATABASE_URL` (default
 * postgres://postgres@127.0.0.1:5432/postgres), its own Redis prefix per configuration on
 * REDIS_URL; both removed at the end. A full run takes about 15 minutes.
 */

import { randomUUID } from "node:crypto";
import os from "node:os";
import { closeDb, getDb } from "@/lib/db/client";
import { user } from "@/lib/db/schema";
import { createRedis } from "@/lib/queue/redis";
import { type FakeLlm, type RecordedRequest, startFakeLlm } from "@/scripts/fake-llm/server";
import { createResumeTasks, deletePrefix, Fleet, killEverything, taskEffects, waitForAllEnded } from "@/tests/chaos/harness";
import { machineLine, recordRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { createBenchDatabase, redisUrl } from "./lib/resources";

const SCRIPT = "bench/quota-use.ts";
const SECTION = "quota-use";
const knobs = new Knobs({
  BENCH_TASKS: 2000,
  BENCH_RPM: 600,
  BENCH_CONCURRENCY: 16,
  BENCH_LATENCY_MS: 400,
  BENCH_BURST_MS: 1000,
  BENCH_UNPACED_TASKS: 600,
  BENCH_UNGOVERNED_TASKS: 800,
});
const TASKS = knobs.get("BENCH_TASKS");
const RPM = knobs.get("BENCH_RPM");
const CONCURRENCY = knobs.get("BENCH_CONCURRENCY");
const LATENCY_MS = knobs.get("BENCH_LATENCY_MS");
const UNGOVERNED_TASKS = knobs.get("BENCH_UNGOVERNED_TASKS");
/** The governor's burst (LLM_BURST_SECONDS) and upstream's per-second allowance, seconds. */
const BURST_S = knobs.get("BENCH_BURST_MS") / 1000;
const UNPACED_TASKS = knobs.get("BENCH_UNPACED_TASKS");
/** Upstream's per-second cap: what the fake server admits in any sliding second. */
const CALLS_PER_S_CAP = Math.floor((RPM / 60) * (1 + BURST_S) + 1e-9);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? "1,4").split(",").map((s) => Number(s.trim()));
const defaultSettings = knobs.isDefault() && (process.env.BENCH_WORKERS ?? "1,4") === "1,4";
const WINDOW_MS = 60_000;
const SECOND_MS = 1_000;

const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

type Mode = "paced" | "unpaced" | "ungoverned";

type RunResult = {
  label: string;
  workers: number;
  mode: Mode;
  governed: boolean;
  tasks: number;
  seconds: number;
  counts: Record<string, number>;
  badAnalyses: number;
  calls: number;
  upstream429: number;
  perSecond429: number;
  maxPerMinute: number;
  maxPerSecond: number;
  maxTokensPerSecond: number;
  first10s: number;
  windows: number;
  achievedRpm: number;
  achievedTpm: number;
};

const isChat = (r: RecordedRequest) => r.method === "POST" && r.path.endsWith("/chat/completions");

/** Largest sum of weights of arrivals in any sliding window of `windowMs` ([t, t + window)). */
function maxInAnyWindow(events: { time: number; weight: number }[], windowMs: number): number {
  const e = [...events].sort((a, b) => a.time - b.time);
  let best = 0;
  let sum = 0;
  for (let lo = 0, hi = 0; hi < e.length; hi++) {
    sum += e[hi]!.weight;
    while (e[hi]!.time - e[lo]!.time >= windowMs) sum -= e[lo++]!.weight;
    best = Math.max(best, sum);
  }
  return best;
}

const calls = (chat: RecordedRequest[]) => chat.map((r) => ({ time: r.time, weight: 1 }));
const answeredTokens = (chat: RecordedRequest[]) =>
  chat.filter((r) => r.status === 200 && r.usage).map((r) => ({ time: r.time, weight: r.usage!.total_tokens }));

/**
 * Steady-state rate: answered calls and their tokens per full 60-s window after the first
 * (see the header); falls back to the whole run scaled to a minute.
 */
function steadyState(chat: RecordedRequest[]): { windows: number; rpm: number; tpm: number } {
  const ok = chat.filter((r) => r.status === 200 && r.usage);
  if (ok.length === 0) return { windows: 0, rpm: 0, tpm: 0 };
  const t0 = Math.min(...chat.map((r) => r.time));
  const tEnd = Math.max(...chat.map((r) => r.time));
  let n = 0;
  let reqs = 0;
  let toks = 0;
  for (let k = 1; t0 + WINDOW_MS * (k + 1) <= tEnd; k++) {
    const lo = t0 + WINDOW_MS * k;
    const inside = ok.filter((r) => r.time >= lo && r.time < lo + WINDOW_MS);
    n++;
    reqs += inside.length;
    toks += inside.reduce((a, r) => a + r.usage!.total_tokens, 0);
  }
  if (n > 0) return { windows: n, rpm: reqs / n, tpm: toks / n };
  const span = Math.max(1, tEnd - t0);
  return { windows: 0, rpm: (ok.length * WINDOW_MS) / span, tpm: (ok.reduce((a, r) => a + r.usage!.total_tokens, 0) * WINDOW_MS) / span };
}

async function runConfig(llm: FakeLlm, databaseUrl: string, o: { label: string; workers: number; tasks: number; mode: Mode; tpm: number }): Promise<RunResult> {
  const db = getDb();
  const prefix = `bench:quota:${randomUUID().slice(0, 8)}:`;
  process.env.PANELIST_REDIS_PREFIX = prefix; // streams and governor keys of this configuration only
  const redis = createRedis("bench-quota");
  redis.on("error", () => undefined);
  const ownerId = randomUUID();
  await db.insert(user).values({ id: ownerId, name: "Bench", email: `bench-${ownerId}@example.test`, role: "user" });
  const tag = `quota-${o.label}-${randomUUID().slice(0, 6)}`;
  log(`${o.label}: queueing ${o.tasks} tasks (batch lane) …`);
  await createResumeTasks({ db, redis }, { ownerId, tag, n: o.tasks, lane: "batch", parallel: 8 });

  llm.reset();
  llm.control({ rpm: RPM, tpm: o.tpm, latencyMs: LATENCY_MS, perSecondAllowance: o.tpm > 0 ? BURST_S : null });
  const quota = { LLM_RPM: String(RPM), LLM_TPM: String(o.tpm), LLM_BURST_SECONDS: String(BURST_S) };
  const env: Record<Mode, Record<string, string>> = {
    paced: { ...quota, LLM_PACING: "on" },
    unpaced: { ...quota, LLM_PACING: "off" },
    ungoverned: { LLM_RPM: "", LLM_TPM: "" },
  };
  const fleet = new Fleet({
    databaseUrl,
    redisUrl: redisUrl(),
    prefix,
    llmUrl: llm.url,
    leaseMs: 30_000,
    concurrency: CONCURRENCY,
    pgPoolMax: 10,
    extraEnv: env[o.mode],
  });
  const started = Date.now();
  for (let i = 0; i < o.workers; i++) fleet.start();
  log(`${o.label}: ${o.workers} worker(s) × concurrency ${CONCURRENCY} draining …`);
  const counts = await waitForAllEnded(db, {
    ownerId,
    expected: o.tasks,
    timeoutMs: Math.max(600_000, (o.tasks / RPM) * 4 * WINDOW_MS),
    redis,
    diagnose: () => fleet.describe(),
    abortIf: () => fleet.unexpectedExits(),
  });
  const seconds = (Date.now() - started) / 1000;
  await fleet.stopAll();
  const effects = await taskEffects(db, ownerId);
  const chat = llm.requests().filter(isChat);
  const s = steadyState(chat);
  const t0 = chat.length > 0 ? Math.min(...chat.map((q) => q.time)) : 0;
  await deletePrefix(redis, prefix);
  redis.disconnect();
  const r: RunResult = {
    label: o.label,
    workers: o.workers,
    mode: o.mode,
    governed: o.mode !== "ungoverned",
    tasks: o.tasks,
    seconds,
    counts,
    badAnalyses: [...effects.values()].filter((e) => e.status === "COMPLETED" && e.analyses !== 1).length,
    calls: chat.length,
    upstream429: chat.filter((r) => r.status === 429).length,
    perSecond429: chat.filter((r) => r.status === 429 && r.quotaWindow === "second").length,
    maxPerMinute: maxInAnyWindow(calls(chat), WINDOW_MS),
    maxPerSecond: maxInAnyWindow(calls(chat), SECOND_MS),
    maxTokensPerSecond: maxInAnyWindow(answeredTokens(chat), SECOND_MS),
    first10s: chat.filter((r) => r.time < t0 + 10_000).length,
    windows: s.windows,
    achievedRpm: s.rpm,
    achievedTpm: s.tpm,
  };
  log(
    `${o.label}: ${JSON.stringify(counts)} in ${seconds.toFixed(0)} s; ${r.calls} calls, ${r.upstream429} × 429 (${r.perSecond429} per second), ` +
      `steady ${r.achievedRpm.toFixed(0)} RPM / ${r.achievedTpm.toFixed(0)} TPM over ${r.windows} window(s); ` +
      `max ${r.maxPerSecond} calls / ${r.maxTokensPerSecond} tokens in 1 s; ${r.first10s} calls in the first 10 s`,
  );
  // Where the calls fell (for finding lost quota): arrivals per 10 s from the first call.
  if (chat.length > 0) {
    const buckets: number[] = [];
    for (const q of chat) buckets[Math.floor((q.time - t0) / 10_000)] = (buckets[Math.floor((q.time - t0) / 10_000)] ?? 0) + 1;
    log(`${o.label}: calls per 10 s: ${Array.from(buckets, (b) => b ?? 0).join(" ")}`);
  }
  return r;
}

/**
 * Tokens one analysis call costs upstream (prompt + completion), the mean over a few real tasks
 * (the fake model's answer length varies with a hash of the prompt).
 */
async function calibrate(llm: FakeLlm, databaseUrl: string): Promise<number> {
  const n = 8;
  const r = await runConfig(llm, databaseUrl, { label: "calibration", workers: 1, tasks: n, mode: "ungoverned", tpm: 0 });
  const ok = llm.requests().filter((q) => isChat(q) && q.status === 200 && q.usage);
  if (r.counts.COMPLETED !== n || ok.length !== n) throw new Error(`calibration failed: ${JSON.stringify(r.counts)}`);
  return Math.round(ok.reduce((a, q) => a + q.usage!.total_tokens, 0) / n);
}

async function main(): Promise<{ failed: boolean }> {
  // The workers sign task-ended webhooks; none are registered here, but the dispatcher needs a key.
  process.env.BETTER_AUTH_SECRET ??= randomUUID() + randomUUID();
  const startedAll = Date.now();
  const load0 = os.loadavg()[0];
  const database = await createBenchDatabase("quota");
  process.env.DATABASE_URL = database.url;
  let llm: FakeLlm | undefined;
  try {
    llm = await startFakeLlm({ maxRecorded: 10 * Math.max(TASKS, UNGOVERNED_TASKS) + 1000 });
    const perCall = await calibrate(llm, database.url);
    const tpm = RPM * perCall;
    log(`one call = ${perCall} tokens upstream → TPM ${tpm} (= ${RPM} × ${perCall})`);

    const runs: RunResult[] = [];
    for (const w of WORKER_COUNTS) runs.push(await runConfig(llm, database.url, { label: `paced-${w}w`, workers: w, tasks: TASKS, mode: "paced", tpm }));
    const baselineWorkers = Math.max(...WORKER_COUNTS);
    if (UNPACED_TASKS > 0) {
      const o = { label: `unpaced-${baselineWorkers}w`, workers: baselineWorkers, tasks: UNPACED_TASKS, mode: "unpaced" as const, tpm };
      runs.push(await runConfig(llm, database.url, o));
    }
    if (UNGOVERNED_TASKS > 0)
      runs.push(await runConfig(llm, database.url, { label: "ungoverned-1w", workers: 1, tasks: UNGOVERNED_TASKS, mode: "ungoverned", tpm }));
    const tokensPerSecondCap = Math.floor((tpm / 60) * (1 + BURST_S));

    const problems: string[] = [];
    for (const r of runs.filter((x) => x.governed)) {
      if (r.counts.COMPLETED !== r.tasks) problems.push(`${r.label}: ${JSON.stringify(r.counts)}`);
      if (r.badAnalyses) problems.push(`${r.label}: ${r.badAnalyses} completed tasks without exactly one analysis`);
    }
    const name: Record<Mode, string> = {
      paced: "paced (log + GCRA)",
      unpaced: "sliding log alone (LLM_PACING=off)",
      ungoverned: "ungoverned (LLM_RPM/TPM unset)",
    };
    const rows = runs.map((r) => [
      `${name[r.mode]}, ${r.workers} worker${r.workers > 1 ? "s" : ""}`,
      String(r.tasks),
      r.governed ? r.achievedRpm.toFixed(0) : "—",
      r.governed ? (r.achievedRpm / RPM).toFixed(3) : "—",
      r.governed ? r.achievedTpm.toFixed(0) : "—",
      r.governed ? (r.achievedTpm / tpm).toFixed(3) : "—",
      `${r.upstream429} (${r.perSecond429})`,
      `${r.maxPerSecond} / ${CALLS_PER_S_CAP}`,
      `${r.maxTokensPerSecond} / ${tokensPerSecondCap}`,
      String(r.first10s),
      `${r.maxPerMinute} / ${RPM}`,
      r.governed ? (r.windows > 0 ? String(r.windows) : "whole run") : "—",
      Object.entries(r.counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
      `${r.seconds.toFixed(0)} s`,
    ]);
    const header = [
      "configuration",
      "tasks",
      "RPM achieved",
      "÷ allowed",
      "TPM achieved",
      "÷ allowed",
      "upstream 429s (per second)",
      "max calls in any 1 s / cap",
      "max tokens in any 1 s / cap",
      "calls in first 10 s",
      "max calls in any 60 s",
      "steady windows",
      "tasks ended",
      "drain time",
    ];
    const table = [
      `| ${header.join(" | ")} |`,
      `|${header.map((h) => (h === "configuration" || h === "tasks ended" ? "---" : "--:")).join("|")}|`,
      ...rows.map((r) => `| ${r.join(" | ")} |`),
    ].join("\n");
    const contrast = pacingContrast(runs);
    console.log(
      `\nallowed: RPM ${RPM}, TPM ${tpm} (${perCall} tokens per call); per second ${CALLS_PER_S_CAP} calls, ${tokensPerSecondCap} tokens\n\n${table}\n\n${contrast}\n`,
    );
    const seconds = (Date.now() - startedAll) / 1000;
    if (problems.length) {
      console.error(`NOT VALID — not every governed task completed once:\n  ${problems.join("\n  ")}`);
      return { failed: true };
    }
    recordRun({
      defaultSettings,
      valid: true,
      log,
      section: SECTION,
      script: SCRIPT,
      indexRow:
        `| [Quota use](#quota-use) | \`npx tsx ${SCRIPT}\` | Achieved ÷ allowed RPM and TPM, upstream 429s and the most calls and tokens in any second while 1 and 4 ` +
        `worker processes drain 2,000 tasks against a fake upstream enforcing RPM 600 per minute and per second and a TPM; the sliding log alone and ungoverned as contrast |`,
      body: () => docsBody({ table, contrast, tpm, perCall, tokensPerSecondCap, seconds, loadStart: load0 }),
    });
    return { failed: false };
  } finally {
    await killEverything();
    await llm?.close();
    await closeDb();
    await database.drop().catch((e) => console.error("[bench] drop database failed", e));
  }
}

/** One line: the paced run with the most workers against the sliding log alone with as many. */
function pacingContrast(runs: RunResult[]): string {
  const base = runs.find((r) => r.mode === "unpaced");
  const paced = base && runs.find((r) => r.mode === "paced" && r.workers === base.workers);
  if (!base || !paced) return "(no sliding-log-alone baseline in this run)";
  const x = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "—");
  return (
    `Pacing vs the sliding log alone, ${base.workers} workers: most calls in any second ${paced.maxPerSecond} vs ${base.maxPerSecond} ` +
    `(${x(paced.maxPerSecond, base.maxPerSecond)}), most tokens ${paced.maxTokensPerSecond} vs ${base.maxTokensPerSecond} ` +
    `(${x(paced.maxTokensPerSecond, base.maxTokensPerSecond)}), per-second 429s ${paced.perSecond429} vs ${base.perSecond429}, ` +
    `first 10 s ${paced.first10s} vs ${base.first10s} calls; achieved ÷ allowed RPM ${(paced.achievedRpm / RPM).toFixed(3)} vs ` +
    `${(base.achievedRpm / RPM).toFixed(3)}, drain ${paced.seconds.toFixed(0)} s vs ${base.seconds.toFixed(0)} s.`
  );
}

/** Markdown of the "Quota use" section of docs/benchmarks.md, from its heading on. */
function docsBody(d: {
  table: string;
  contrast: string;
  tpm: number;
  perCall: number;
  tokensPerSecondCap: number;
  seconds: number;
  loadStart: number;
}): string {
  return `## Quota use

\`npx tsx ${SCRIPT}\` — a backlog of ${TASKS} resume analyses (batch lane) drained by 1, then 4
worker processes (concurrency ${CONCURRENCY} each) through the real pipeline against the fake
OpenAI server enforcing **RPM ${RPM}** and **TPM ${d.tpm}** over a sliding 60-s window and
**${CALLS_PER_S_CAP} calls in any sliding second** (RPM/60 × (1 + ${BURST_S}), its
\`perSecondAllowance\`, as a provider may enforce a minute's limit per second), the workers'
\`LLM_RPM\`/\`LLM_TPM\` set to the same quota and \`LLM_BURST_SECONDS=${BURST_S}\`. Fake model answer time ${LATENCY_MS} ms.

- **TPM** = RPM × the tokens one call costs upstream (${d.perCall}: prompt + completion, measured
  mean of 8 calibration tasks), so both dimensions bind together.
- **Achieved** = answered calls (and their tokens) per full 60-s window after the first (the
  first holds the backlog's opening burst), from the fake server's arrival times, averaged.
  **Baseline: the allowed quota**; the ratio is achieved ÷ allowed (aim ≥ 0.95). The governor
  counts each grant for 61 s (its 1 s/min margin against send-latency jitter), so ≈ 0.984 is
  the ceiling by design.
- **Upstream 429s** (aim 0; in brackets those for the per-second limit) and the most calls in
  any sliding 60-s window (never above RPM).
- **Per second**: the most calls (all arrivals) and the most tokens (answered calls, by
  arrival) in any sliding 1-s window, against RPM/60 × (1 + burst) = ${CALLS_PER_S_CAP} and
  TPM/60 × (1 + burst) = ${d.tokensPerSecondCap}; and the calls of the first 10 s.
- **Sliding log alone** (the baseline of the per-second figures): ${UNPACED_TASKS} tasks (one
  minute's quota) governed with \`LLM_PACING=off\`, as the governor was before pacing — it
  spends the minute's quota in the first seconds and draws the per-second 429s, whose calls
  still hold their place in the log, so a longer backlog only adds drain time.
- **Ungoverned** contrast: \`LLM_RPM\`/\`LLM_TPM\` unset, 1 worker, ${UNGOVERNED_TASKS} tasks: the
  workers only react to upstream's 429s (shared pause from \`Retry-After\`).
- Valid only if every governed task ended COMPLETED with one analysis row.

Knobs: \`BENCH_TASKS\`, \`BENCH_RPM\`, \`BENCH_WORKERS\` ("1,4"), \`BENCH_CONCURRENCY\`,
\`BENCH_LATENCY_MS\`, \`BENCH_BURST_MS\` (1000), \`BENCH_UNPACED_TASKS\` (0 skips the baseline),
\`BENCH_UNGOVERNED_TASKS\` (0 skips), \`BENCH_WRITE_DOCS\`. Only a run with default settings
rewrites this section.

### Latest run

${machineLine({ loadStart: d.loadStart, seconds: d.seconds, command: knobs.commandLine(SCRIPT, ["BENCH_WORKERS", "BENCH_WRITE_DOCS"]) })}

${d.table}

${d.contrast}`;
}

let done = false;
const bail = () => {
  if (done) return;
  done = true;
  void killEverything().finally(() => process.exit(130));
};
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, bail);

try {
  const { failed } = await main();
  process.exit(failed ? 1 : 0);
} catch (err) {
  console.error("[bench] failed:", err);
  await killEverything();
  process.exit(1);
}
