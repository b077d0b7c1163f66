/**
 * Benchmark: how much of the upstream quota the governor uses, and how often upstream says no.
 *
 *   npx tsx bench/quota-use.ts
 *
 * A backlog of BENCH_TASKS (2 000) resume analyses in the batch lane is drained by 1, then 4
 * worker processes (`node --import tsx worker/index.ts`, the real pipeline: stream → claim →
 * extract → governor → LLM call → result row) against the fake OpenAI server
 * (`scripts/fake-llm/server.ts`) enforcing RPM BENCH_RPM (600) and a TPM over a sliding
 * 60-second window, with the workers' `LLM_RPM`/`LLM_TPM` set to the same quota.
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
 * - upstream 429s (aim 0) and the most calls in any sliding 60-s window (must stay ≤ RPM);
 * - contrast "ungoverned": LLM_RPM/LLM_TPM unset (the workers only obey upstream's 429s),
 *   1 worker, BENCH_UNGOVERNED_TASKS (800) tasks: how many 429s upstream returns, and how many
 *   tasks end FAILED (default 3 attempts). BENCH_UNGOVERNED_TASKS=0 skips it.
 *
 * Valid only if every governed task ended COMPLETED with one analysis row (NOT VALID
 * otherwise, and docs/benchmarks.md is left alone).
 *
 * Knobs: BENCH_TASKS (2000), BENCH_RPM (600), BENCH_WORKERS ("1,4"), BENCH_CONCURRENCY (16
 * per worker), BENCH_LATENCY_MS (400, the fake model's answer time), BENCH_UNGOVERNED_TASKS
 * (800), BENCH_WRITE_DOCS (1 always / 0 never; default only with default settings).
 * Self-contained: its own database on the server of `DATABASE_URL` (default
 * postgres://postgres@127.0.0.1:5432/postgres), its own Redis prefix per configuration on
 * REDIS_URL; both removed at the end. A full run takes about 10 minutes.
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
const knobs = new Knobs({ BENCH_TASKS: 2000, BENCH_RPM: 600, BENCH_CONCURRENCY: 16, BENCH_LATENCY_MS: 400, BENCH_UNGOVERNED_TASKS: 800 });
const TASKS = knobs.get("BENCH_TASKS");
const RPM = knobs.get("BENCH_RPM");
const CONCURRENCY = knobs.get("BENCH_CONCURRENCY");
const LATENCY_MS = knobs.get("BENCH_LATENCY_MS");
const UNGOVERNED_TASKS = knobs.get("BENCH_UNGOVERNED_TASKS");
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? "1,4").split(",").map((s) => Number(s.trim()));
const defaultSettings = knobs.isDefault() && (process.env.BENCH_WORKERS ?? "1,4") === "1,4";
const WINDOW_MS = 60_000;

const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

type RunResult = {
  label: string;
  workers: number;
  governed: boolean;
  tasks: number;
  seconds: number;
  counts: Record<string, number>;
  badAnalyses: number;
  calls: number;
  upstream429: number;
  maxPerMinute: number;
  windows: number;
  achievedRpm: number;
  achievedTpm: number;
};

const isChat = (r: RecordedRequest) => r.method === "POST" && r.path.endsWith("/chat/completions");

/** Most arrivals in any sliding window of WINDOW_MS. */
function maxInAnyWindow(times: number[]): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let lo = 0, hi = 0; hi < t.length; hi++) {
    while (t[hi]! - t[lo]! >= WINDOW_MS) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

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

async function runConfig(
  llm: FakeLlm,
  databaseUrl: string,
  o: { label: string; workers: number; tasks: number; governed: boolean; tpm: number },
): Promise<RunResult> {
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
  llm.control({ rpm: RPM, tpm: o.tpm, latencyMs: LATENCY_MS });
  const fleet = new Fleet({
    databaseUrl,
    redisUrl: redisUrl(),
    prefix,
    llmUrl: llm.url,
    leaseMs: 30_000,
    concurrency: CONCURRENCY,
    pgPoolMax: 10,
    extraEnv: o.governed ? { LLM_RPM: String(RPM), LLM_TPM: String(o.tpm) } : { LLM_RPM: "", LLM_TPM: "" },
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
  await deletePrefix(redis, prefix);
  redis.disconnect();
  const r: RunResult = {
    label: o.label,
    workers: o.workers,
    governed: o.governed,
    tasks: o.tasks,
    seconds,
    counts,
    badAnalyses: [...effects.values()].filter((e) => e.status === "COMPLETED" && e.analyses !== 1).length,
    calls: chat.length,
    upstream429: chat.filter((r) => r.status === 429).length,
    maxPerMinute: maxInAnyWindow(chat.map((r) => r.time)),
    windows: s.windows,
    achievedRpm: s.rpm,
    achievedTpm: s.tpm,
  };
  log(
    `${o.label}: ${JSON.stringify(counts)} in ${seconds.toFixed(0)} s; ${r.calls} calls, ${r.upstream429} × 429, ` +
      `steady ${r.achievedRpm.toFixed(0)} RPM / ${r.achievedTpm.toFixed(0)} TPM over ${r.windows} window(s)`,
  );
  // Where the calls fell (for finding lost quota): arrivals per 10 s from the first call.
  if (chat.length > 0) {
    const t0 = Math.min(...chat.map((q) => q.time));
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
  const r = await runConfig(llm, databaseUrl, { label: "calibration", workers: 1, tasks: n, governed: false, tpm: 0 });
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
    for (const w of WORKER_COUNTS) runs.push(await runConfig(llm, database.url, { label: `governed-${w}w`, workers: w, tasks: TASKS, governed: true, tpm }));
    if (UNGOVERNED_TASKS > 0)
      runs.push(await runConfig(llm, database.url, { label: "ungoverned-1w", workers: 1, tasks: UNGOVERNED_TASKS, governed: false, tpm }));

    const problems: string[] = [];
    for (const r of runs.filter((x) => x.governed)) {
      if (r.counts.COMPLETED !== r.tasks) problems.push(`${r.label}: ${JSON.stringify(r.counts)}`);
      if (r.badAnalyses) problems.push(`${r.label}: ${r.badAnalyses} completed tasks without exactly one analysis`);
    }
    const rows = runs.map((r) => [
      r.governed ? `governed, ${r.workers} worker${r.workers > 1 ? "s" : ""}` : `ungoverned (LLM_RPM/TPM unset), ${r.workers} worker`,
      String(r.tasks),
      r.governed ? r.achievedRpm.toFixed(0) : "—",
      r.governed ? (r.achievedRpm / RPM).toFixed(3) : "—",
      r.governed ? r.achievedTpm.toFixed(0) : "—",
      r.governed ? (r.achievedTpm / tpm).toFixed(3) : "—",
      String(r.upstream429),
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
      "upstream 429s",
      "max calls in any 60 s",
      "steady windows",
      "tasks ended",
      "drain time",
    ];
    const table = [
      `| ${header.join(" | ")} |`,
      `|${header.map((_, i) => (i === 0 || i === 9 ? "---" : "--:")).join("|")}|`,
      ...rows.map((r) => `| ${r.join(" | ")} |`),
    ].join("\n");
    console.log(`\nallowed: RPM ${RPM}, TPM ${tpm} (${perCall} tokens per call)\n\n${table}\n`);
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
        `| [Quota use](#quota-use) | \`npx tsx ${SCRIPT}\` | Achieved ÷ allowed RPM and TPM and upstream 429s while 1 and 4 worker processes ` +
        `drain 2,000 tasks against a fake upstream enforcing RPM 600 and a TPM; ungoverned 429s as contrast |`,
      body: () => docsBody({ table, tpm, perCall, seconds, loadStart: load0 }),
    });
    return { failed: false };
  } finally {
    await killEverything();
    await llm?.close();
    await closeDb();
    await database.drop().catch((e) => console.error("[bench] drop database failed", e));
  }
}

/** Markdown of the "Quota use" section of docs/benchmarks.md, from its heading on. */
function docsBody(d: { table: string; tpm: number; perCall: number; seconds: number; loadStart: number }): string {
  return `## Quota use

\`npx tsx ${SCRIPT}\` — a backlog of ${TASKS} resume analyses (batch lane) drained by 1, then 4
worker processes (concurrency ${CONCURRENCY} each) through the real pipeline against the fake
OpenAI server enforcing **RPM ${RPM}** and **TPM ${d.tpm}** over a sliding 60-s window, the
workers' \`LLM_RPM\`/\`LLM_TPM\` set to the same quota. Fake model answer time ${LATENCY_MS} ms.

- **TPM** = RPM × the tokens one call costs upstream (${d.perCall}: prompt + completion, measured
  mean of 8 calibration tasks), so both dimensions bind together.
- **Achieved** = answered calls (and their tokens) per full 60-s window after the first (the
  first holds the backlog's opening burst), from the fake server's arrival times, averaged.
  **Baseline: the allowed quota**; the ratio is achieved ÷ allowed (aim ≥ 0.95). The governor
  counts each grant for 61 s (its 1 s/min margin against send-latency jitter), so ≈ 0.984 is
  the ceiling by design.
- **Upstream 429s** (aim 0) and the most calls in any sliding 60-s window (never above RPM).
- **Ungoverned** contrast: \`LLM_RPM\`/\`LLM_TPM\` unset, 1 worker, ${UNGOVERNED_TASKS} tasks: the
  workers only react to upstream's 429s (shared pause from \`Retry-After\`).
- Valid only if every governed task ended COMPLETED with one analysis row.

Knobs: \`BENCH_TASKS\`, \`BENCH_RPM\`, \`BENCH_WORKERS\` ("1,4"), \`BENCH_CONCURRENCY\`,
\`BENCH_LATENCY_MS\`, \`BENCH_UNGOVERNED_TASKS\` (0 skips), \`BENCH_WRITE_DOCS\`. Only a run with
default settings rewrites this section.

### Latest run

${machineLine({ loadStart: d.loadStart, seconds: d.seconds, command: knobs.commandLine(SCRIPT, ["BENCH_WORKERS", "BENCH_WRITE_DOCS"]) })}

${d.table}`;
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
