/**
 * Benchmark: what a second web process buys on one host — the production build served by
 * scripts/web-cluster.mjs with `WEB_PROCESSES=1` (baseline, what `next start` gives) and then
 * `WEB_PROCESSES=BENCH_PROCESSES` (2), on the same port, database and Redis, in the same run.
 *
 *   npx tsx bench/web-processes.ts
 *
 * Load: autocannon (8.0.0, programmatic API) sends an authenticated real read,
 * `GET /api/interviews/{id}` (the door: session, permission, read limits in Redis; then the
 * interview, its messages and report from PostgreSQL), with BENCH_CONNECTIONS keep-alive
 * connections for BENCH_DURATION_S after a BENCH_WARMUP_S warm-up (and after every process has
 * answered the route once: a process compiles a route on its first request), against each tier in turn. The
 * cluster's primary hands each new connection to the next process (round-robin), so each process
 * holds half of them. The load generator runs in this process on the same cores (its CPU is shown).
 *
 * Verify: every request of both phases answered 200 (no errors, no timeouts); every process of the
 * multi-process tier used CPU during its phase (each served); and two things that must hold across
 * processes on the multi-process tier: a request limit counts in Redis, not per process (creations
 * of interviews sent at once on separate connections past `RATE_LIMIT_INTERVIEW_CREATE_PER_HOUR`
 * are refused exactly as many times as they exceed it), and every process publishes its metrics
 * snapshot to Redis (docs/finops.md, "Prometheus"). Otherwise NOT VALID and docs/benchmarks.md is
 * left alone.
 *
 * Self-contained: its own database (created, migrated, dropped at the end) on the server of
 * `DATABASE_URL`, its own `PANELIST_REDIS_PREFIX` (keys deleted at the end); builds only when
 * `.next/BUILD_ID` is missing or older than the sources; no worker (the interview's plan task stays
 * PENDING, which the read does not care about).
 *
 * Knobs: BENCH_CONNECTIONS (16), BENCH_DURATION_S (15), BENCH_WARMUP_S (3), BENCH_PROCESSES (2),
 * BENCH_REBUILD, BENCH_KEEP=1, BENCH_WRITE_DOCS (default: only a default-settings run writes the
 * "Web processes" section). PANELIST_PG_POOL_MAX and REDIS_URL pass through to the web.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import Redis from "ioredis";
import { ROOT, recordKnobbedRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { benchWebEnv, type Child, cpuMsOf, ensureBuild, freePort, ppidOf, signUpBenchUser, startChild, stopChild } from "./lib/next-server";
import { benchRedisPrefix, createBenchDatabase, deleteRedisPrefix, onInterrupt, redisUrl } from "./lib/resources";
import { consoleTable, fmtMs, markdownTable, ratio } from "./lib/stats";

const SCRIPT = "bench/web-processes.ts";
const SECTION = "web-processes";
const knobs = new Knobs({ BENCH_CONNECTIONS: 16, BENCH_DURATION_S: 15, BENCH_WARMUP_S: 3, BENCH_PROCESSES: 2 });
const EXTRA = ["BENCH_REBUILD", "BENCH_KEEP", "BENCH_WRITE_DOCS", "PANELIST_PG_POOL_MAX"];
/** Interviews the bench user may create per hour: one for the reads, then LIMIT_PROBE − 1 in the cross-process check. */
const LIMIT_PROBE = 6;
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// autocannon 8.0.0 ships no types; the parts used here (its README, "API").
type Histogram = { mean: number; p50: number; p99: number; max: number };
type AutocannonResult = {
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
};
type AutocannonOptions = { url: string; connections: number; duration: number; timeout?: number; headers: Record<string, string> };
const autocannon = createRequire(import.meta.url)("autocannon") as (o: AutocannonOptions) => Promise<AutocannonResult>;

type Tier = { processes: number; child: Child; pids: number[] };
type Phase = { tier: Tier; result: AutocannonResult; cpuMs: number[]; clientCpuMs: number };

/** The serving processes: the child itself with one process, else the primary's forked children. */
function servingPids(rootPid: number, processes: number): number[] {
  if (processes === 1) return [rootPid];
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => ppidOf(p) === rootPid);
}

/**
 * Starts scripts/web-cluster.mjs with `processes` serving processes and waits until every one
 * listens and the tier answers.
 * @throws {Error} when it dies or is not ready within 120 s (it is stopped first).
 */
async function startTier(processes: number, port: number, env: NodeJS.ProcessEnv, logDir: string): Promise<Tier> {
  const child = startChild(
    `web-${processes}`,
    [path.join(ROOT, "scripts/web-cluster.mjs"), "-p", String(port), "-H", "127.0.0.1"],
    { ...env, WEB_PROCESSES: String(processes) },
    logDir,
  );
  const readyBy = Date.now() + 120_000;
  const ready = new RegExp(`${processes} of ${processes} processes listening`);
  for (;;) {
    const failure = child.exited ? `web died (${child.code})` : Date.now() > readyBy ? "web was not ready within 120 s" : null;
    if (failure) {
      await stopChild(child);
      throw new Error(`${failure}; see ${child.logFile}`);
    }
    if (ready.test(readFileSync(child.logFile, "utf8"))) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/auth/ok`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
    }
    await sleep(250);
  }
  const pids = servingPids(child.proc.pid!, processes);
  if (pids.length !== processes) throw new Error(`expected ${processes} serving processes, found ${pids.length}`);
  return { processes, child, pids };
}

async function load(tier: Tier, url: string, cookie: string, seconds: number, connections: number): Promise<Phase> {
  const before = tier.pids.map(cpuMsOf);
  const client = process.cpuUsage();
  const result = await autocannon({ url, connections, duration: seconds, timeout: 30, headers: { cookie } });
  const c = process.cpuUsage(client);
  return { tier, result, cpuMs: tier.pids.map((p, i) => cpuMsOf(p) - before[i]), clientCpuMs: (c.user + c.system) / 1000 };
}

/** One request on a connection of its own, so the primary hands each to the next process; resolves with the status. */
function ownConnection(method: string, url: string, headers: Record<string, string>, body = ""): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: false, headers: body ? { ...headers, "content-length": Buffer.byteLength(body) } : headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body || undefined);
  });
}

/** Loads the route in every process (a process compiles a route on its first request) before anything is timed. */
async function prime(tier: Tier, url: string, cookie: string): Promise<void> {
  for (let i = 0; i < 2 * tier.processes; i++) {
    const status = await ownConnection("GET", url, { cookie });
    if (status !== 200) throw new Error(`priming GET ${url}: ${status}`);
  }
}

async function main(): Promise<boolean> {
  const started = performance.now();
  const loadStart = os.loadavg()[0];
  const connections = knobs.get("BENCH_CONNECTIONS");
  const seconds = knobs.get("BENCH_DURATION_S");
  const warmup = knobs.get("BENCH_WARMUP_S");
  const processes = knobs.get("BENCH_PROCESSES");
  if (processes < 2) throw new Error("BENCH_PROCESSES must be at least 2 (1 is the baseline)");
  const keep = process.env.BENCH_KEEP === "1";
  const logDir = mkdtempSync(path.join(os.tmpdir(), "panelist-bench-webprocs-"));
  const prefix = benchRedisPrefix();
  const database = await createBenchDatabase("webprocs");
  let tier: Tier | undefined;
  const cleanup = async () => {
    if (tier) await stopChild(tier.child);
    if (keep) return log(`kept: database ${database.name}, redis prefix ${prefix}, logs ${logDir}`);
    await database.drop().catch((err) => console.error(`could not drop ${database.name}: ${err}`));
    await deleteRedisPrefix(prefix).catch((err) => console.error(`could not delete ${prefix}*: ${err}`));
    rmSync(logDir, { recursive: true, force: true });
  };
  onInterrupt(cleanup);
  log(`1 vs ${processes} processes, ${connections} connections, ${seconds} s per phase; database ${database.name}, redis prefix ${prefix}`);
  try {
    await ensureBuild(log);
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const env = benchWebEnv({
      databaseUrl: database.url,
      prefix,
      appUrl,
      extra: {
        METRICS_PUBLISH_INTERVAL_MS: "1000",
        // One bench user reads thousands of times a minute: the read limits, still charged by the
        // door on every request, are raised out of reach (docs/request-limits.md).
        RATE_LIMIT_READ_PER_MINUTE: "1000000000",
        RATE_LIMIT_READ_PER_IP_PER_MINUTE: "1000000000",
        RATE_LIMIT_INTERVIEW_CREATE_PER_HOUR: String(LIMIT_PROBE),
      },
    });

    // Baseline: one process. The user and the interview are made on it (sessions are in PostgreSQL,
    // so the cookie holds on the second tier too).
    tier = await startTier(1, port, env, logDir);
    log(`1 process ready (pid ${tier.pids[0]})`);
    const cookie = await signUpBenchUser(appUrl);
    const jsonHeaders = { cookie, origin: appUrl, "content-type": "application/json" };
    const interviewBody = JSON.stringify({ role: "backend engineer", level: "mid", questionCount: 5, language: "en" });
    const created = await fetch(`${appUrl}/api/interviews`, { method: "POST", headers: jsonHeaders, body: interviewBody });
    if (created.status !== 201) throw new Error(`POST /api/interviews: ${created.status} ${await created.text()}`);
    const target = `${appUrl}/api/interviews/${((await created.json()) as { id: string }).id}`;

    await prime(tier, target, cookie);
    if (warmup > 0) await load(tier, target, cookie, warmup, connections);
    const base = await load(tier, target, cookie, seconds, connections);
    log(`1 process: ${base.result.requests.total} requests`);
    await stopChild(tier.child);

    tier = await startTier(processes, port, env, logDir);
    log(`${processes} processes ready (pids ${tier.pids.join(", ")})`);
    await prime(tier, target, cookie);
    if (warmup > 0) await load(tier, target, cookie, warmup, connections);
    const multi = await load(tier, target, cookie, seconds, connections);
    log(`${processes} processes: ${multi.result.requests.total} requests`);

    // Across processes: the request limit is one count in Redis ...
    const probes = 2 * (LIMIT_PROBE - 1);
    const codes = await Promise.all(Array.from({ length: probes }, () => ownConnection("POST", `${appUrl}/api/interviews`, jsonHeaders, interviewBody)));
    const createdCount = codes.filter((c) => c === 201).length;
    const refusedCount = codes.filter((c) => c === 429).length;
    // ... and every process publishes its metrics snapshot (ids are `web-<host>-<pid>-<random>`).
    await sleep(2_500);
    const redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1 });
    const publishers = await redis.smembers(`${prefix}panelist:{metrics}:procs`).finally(() => redis.disconnect());
    const publishing = tier.pids.filter((pid) => publishers.some((id) => id.startsWith("web-") && id.includes(`-${pid}-`)));
    if (tier.child.exited) throw new Error(`web died (${tier.child.code}); see ${tier.child.logFile}`);

    const problems: string[] = [];
    for (const ph of [base, multi]) {
      const r = ph.result;
      const got = Object.entries(r.statusCodeStats)
        .map(([c, s]) => `${c}×${s.count}`)
        .join(", ");
      if (r.errors || r.timeouts || r.non2xx || r.requests.total === 0) {
        problems.push(`${ph.tier.processes} process(es): ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx of ${r.requests.total} (${got})`);
      }
    }
    multi.cpuMs.forEach((ms, i) => {
      if (ms <= 0) problems.push(`process ${multi.tier.pids[i]} used no CPU: it served nothing`);
    });
    if (createdCount !== LIMIT_PROBE - 1 || refusedCount !== probes - createdCount) {
      problems.push(
        `request limit across processes: ${createdCount} created and ${refusedCount} refused of ${probes}, expected ${LIMIT_PROBE - 1} and ${probes - LIMIT_PROBE + 1}`,
      );
    }
    if (publishing.length !== processes) problems.push(`${publishing.length} of ${processes} processes published their metrics to Redis`);

    const lat = (p: Phase) => p.result.latency;
    const rps = (p: Phase) => p.result.requests.mean;
    const cpuPerReq = (p: Phase) => p.cpuMs.reduce((a, b) => a + b, 0) / Math.max(1, p.result.requests.total);
    const header = [`${connections} connections, ${seconds} s each`, "req/s", "p50", "p99", "mean", "server CPU per request"];
    const row = (name: string, p: Phase) => [name, rps(p).toFixed(0), fmtMs(lat(p).p50), fmtMs(lat(p).p99), fmtMs(lat(p).mean), fmtMs(cpuPerReq(p))];
    const rows = [
      row("baseline: 1 process (`WEB_PROCESSES=1`, as `next start`)", base),
      row(`${processes} processes (\`WEB_PROCESSES=${processes}\`)`, multi),
      [
        `ratio ${processes} / 1`,
        ratio(rps(multi), rps(base)),
        ratio(lat(multi).p50, lat(base).p50),
        ratio(lat(multi).p99, lat(base).p99),
        ratio(lat(multi).mean, lat(base).mean),
        ratio(cpuPerReq(multi), cpuPerReq(base)),
      ],
    ];
    const extra = [
      ["requests (1 / N processes)", `${base.result.requests.total} / ${multi.result.requests.total}`],
      ["server CPU per process during the N-process phase", multi.cpuMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(" / ")],
      ["load generator CPU (1 / N processes phase)", `${(base.clientCpuMs / 1000).toFixed(1)} s / ${(multi.clientCpuMs / 1000).toFixed(1)} s`],
      ["max latency (1 / N processes)", `${fmtMs(lat(base).max)} / ${fmtMs(lat(multi).max)}`],
      ["request limit across processes: created / refused (limit left)", `${createdCount} / ${refusedCount} (${LIMIT_PROBE - 1})`],
      ["processes publishing metrics to Redis", `${publishing.length} of ${processes}`],
    ];
    console.log(`\n${consoleTable(header, rows)}\n\n${consoleTable(["other", "value"], extra)}`);
    const summary =
      `On ${os.cpus().length} cores, ${processes} web processes answered ${rps(multi).toFixed(0)} req/s against one process's ${rps(base).toFixed(0)} ` +
      `(${ratio(rps(multi), rps(base))}); p50 ${fmtMs(lat(multi).p50)} vs ${fmtMs(lat(base).p50)}, p99 ${fmtMs(lat(multi).p99)} vs ${fmtMs(lat(base).p99)}.`;
    console.log(`\n${summary}\n(load average ${loadStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at the end)\n`);
    if (problems.length) console.error(`NOT VALID:\n  ${problems.join("\n  ")}`);

    recordKnobbedRun(knobs, {
      script: SCRIPT,
      section: SECTION,
      extra: EXTRA,
      valid: problems.length === 0,
      log,
      indexRow: `| [Web processes](#web-processes) | \`npx tsx ${SCRIPT}\` | req/s and p50/p99 of an authenticated read on 2 web processes (scripts/web-cluster.mjs) against 1, same host, same run |`,
      title: "Web processes",
      loadStart,
      started,
      lines: () => [
        `\`npx tsx ${SCRIPT}\` — the production build served by \`scripts/web-cluster.mjs\` with one process`,
        `(baseline: what \`next start\` gives) and then with ${processes} (node:cluster: the primary hands each new connection to`,
        "the next process), on the same port, database and Redis. autocannon 8.0.0 sends an authenticated",
        `\`GET /api/interviews/{id}\` (session, permission and read limits in the door; the interview, its messages`,
        `and report from PostgreSQL) with ${connections} keep-alive connections for ${seconds} s after a ${warmup} s warm-up of each tier.`,
        "The load generator runs on the same cores. Valid only if every request answered 200, every process",
        "served (used CPU), a request limit held across the processes (interviews created at once past",
        "`RATE_LIMIT_INTERVIEW_CREATE_PER_HOUR` refused exactly as often as they exceed it) and every process",
        "published its metrics snapshot to Redis.",
        "",
        `Knobs: \`BENCH_CONNECTIONS\`, \`BENCH_DURATION_S\`, \`BENCH_WARMUP_S\`, \`BENCH_PROCESSES\`, \`BENCH_REBUILD\`, \`BENCH_KEEP=1\`,`,
        "`BENCH_WRITE_DOCS`; `PANELIST_PG_POOL_MAX` passes through. Only a run with default settings rewrites this section.",
        "",
        markdownTable(header, rows),
        "",
        markdownTable(["other", "value"], extra),
        "",
        summary,
      ],
    });
    return problems.length === 0;
  } finally {
    await cleanup();
    tier = undefined;
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
