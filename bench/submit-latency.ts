/**
 * Benchmark: submit latency of `POST /api/resumes` against a no-op route in the same server.
 *
 *   npx tsx bench/submit-latency.ts
 *
 * What an upload costs a user before the answer: autocannon (8.0.0, programmatic API) sends
 * authenticated multipart uploads of a real corpus resume (resumes-pdf/en_typst_rendercv_classic.pdf,
 * 85 KiB) to the production build (`next build` + `next start`), each with its own job
 * description so each is a new analysis (202 + task id), never a duplicate (200).
 * Baseline **noop-route**: `POST /api/bench/noop` (app/api/bench/noop/route.ts) in the same
 * server — the same session check (`withUser`) and the same multipart body read in full, then
 * 202 with nothing done. It exists only with `PANELIST_BENCH_ROUTES=1`, which this script sets
 * for its own server. So Panelist − baseline is what the upload adds: type detection, SHA-256,
 * the outbox transaction (file + resume + task), the XADD and the `message_id` update.
 *
 * Self-contained: its own database (created and migrated, dropped at the end) on the server of
 * `DATABASE_URL` and its own `PANELIST_REDIS_PREFIX` (keys deleted at the end); builds only
 * when `.next/BUILD_ID` is missing or older than the sources. No worker runs: the tasks stay
 * PENDING in their stream (the worker's cost is bench/pipeline-vs-bullmq.ts's subject, and it
 * would take CPU from the web on a small machine).
 *
 * Phases: sign-up (one bench user over HTTP), warm-up (BENCH_WARMUP_S of each route), then
 * baseline and Panelist, BENCH_DURATION_S each with BENCH_CONNECTIONS connections, one after
 * the other. Verify: every request of both phases answered 202 (no errors, no timeouts), every
 * Panelist task id is distinct, exists in the database as a PENDING resume.analyze task with a
 * stream entry id, and is in the stream (duplicate entries are counted, not failed: delivery is
 * at least once). Otherwise NOT VALID and
 * docs/benchmarks.md is left alone.
 *
 * Knobs: BENCH_CONNECTIONS (10), BENCH_DURATION_S (20), BENCH_WARMUP_S (3), BENCH_REBUILD
 * (1 always / 0 only when missing), BENCH_KEEP=1 (keep database, Redis keys, logs),
 * BENCH_WRITE_DOCS (1 always / 0 never; default: only a default-settings run writes the
 * "Submit latency" section). PANELIST_PG_POOL_MAX and REDIS_URL pass through to the web.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import Redis from "ioredis";
import postgres from "postgres";
import { corpusPath } from "@/tests/corpus-dir";
import { machineLine, recordRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { benchWebEnv, type Child, cpuMsOf, ensureBuild, freePort, signUpBenchUser, startNext, stopChild } from "./lib/next-server";
import { benchRedisPrefix, createBenchDatabase, deleteRedisPrefix, redisUrl } from "./lib/resources";
import { consoleTable, fmtMs, markdownTable, ratio } from "./lib/stats";

const SCRIPT = "bench/submit-latency.ts";
const SECTION = "submit-latency";
const RESUME = "resumes-pdf/en_typst_rendercv_classic.pdf";
const knobs = new Knobs({ BENCH_CONNECTIONS: 10, BENCH_DURATION_S: 20, BENCH_WARMUP_S: 3 });
const EXTRA = ["BENCH_REBUILD", "BENCH_KEEP", "BENCH_WRITE_DOCS", "PANELIST_PG_POOL_MAX"];
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

// ---------------------------------------------------------------------------------------------
// autocannon 8.0.0 ships no types; these are the parts used here (its README, "API").

type AutocannonRequest = { method: string; path: string; headers: Record<string, string>; body?: Buffer | string };
type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number; p99_9?: number };
type AutocannonResult = {
  requests: Histogram & { total: number; sent: number };
  latency: Histogram & { p97_5: number; totalCount: number };
  throughput: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
};
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  requests: {
    method: string;
    path: string;
    setupRequest(req: AutocannonRequest, context: object): AutocannonRequest;
    onResponse?(status: number, body: string): void;
  }[];
};
const autocannon = createRequire(import.meta.url)("autocannon") as (o: AutocannonOptions) => Promise<AutocannonResult>;

// ---------------------------------------------------------------------------------------------
// The upload body: a real resume plus a job description that makes every request new.

const BOUNDARY = `----panelist-bench-${randomBytes(8).toString("hex")}`;
const resumeBytes = readFileSync(corpusPath(RESUME));
const filePart = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
  resumeBytes,
  Buffer.from("\r\n"),
]);
let sequence = 0;
function uploadBody(): Buffer {
  const jd = `Backend engineer, bench opening ${process.pid}-${++sequence}. TypeScript, PostgreSQL, Redis.`;
  return Buffer.concat([filePart, Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="jobDescription"\r\n\r\n${jd}\r\n--${BOUNDARY}--\r\n`)]);
}

type Phase = { name: string; result: AutocannonResult; taskIds: string[]; cpuMs: number; pgCpuMs: number };

/** CPU so far (user + system) of the PostgreSQL backends connected to `dbName` (the web's pool), ms. */
async function pgCpuMs(admin: postgres.Sql, dbName: string): Promise<number> {
  const rows = await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`;
  let ms = 0;
  for (const { pid } of rows) {
    try {
      ms += cpuMsOf(pid);
    } catch {
      /* the backend exited meanwhile */
    }
  }
  return ms;
}

async function load(o: {
  appUrl: string;
  path: string;
  cookie: string;
  seconds: number;
  connections: number;
  serverPid: number;
  admin: postgres.Sql;
  dbName: string;
}): Promise<Phase> {
  const taskIds: string[] = [];
  const pgBefore = await pgCpuMs(o.admin, o.dbName);
  const cpuBefore = cpuMsOf(o.serverPid);
  const result = await autocannon({
    url: o.appUrl,
    connections: o.connections,
    duration: o.seconds,
    timeout: 30,
    requests: [
      {
        method: "POST",
        path: o.path,
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, cookie: o.cookie, origin: o.appUrl, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
          body: uploadBody(),
        }),
        onResponse: (status, body) => {
          if (status === 202) taskIds.push((JSON.parse(body) as { taskId: string }).taskId);
        },
      },
    ],
  });
  const cpuMs = cpuMsOf(o.serverPid) - cpuBefore;
  return { name: o.path, result, taskIds, cpuMs, pgCpuMs: (await pgCpuMs(o.admin, o.dbName)) - pgBefore };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<boolean> {
  const started = Date.now();
  const loadStart = os.loadavg()[0];
  const connections = knobs.get("BENCH_CONNECTIONS");
  const seconds = knobs.get("BENCH_DURATION_S");
  const warmup = knobs.get("BENCH_WARMUP_S");
  const keep = process.env.BENCH_KEEP === "1";
  const logDir = mkdtempSync(path.join(os.tmpdir(), "panelist-bench-submit-"));
  const prefix = benchRedisPrefix();
  const database = await createBenchDatabase("submit");
  log(`${connections} connections, ${seconds} s per phase; database ${database.name}, redis prefix ${prefix}, logs ${logDir}`);
  let web: Child | undefined;
  const sql = postgres(database.url, { max: 2, onnotice: () => {} });
  try {
    await ensureBuild(log);
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const env = benchWebEnv({
      databaseUrl: database.url,
      prefix,
      appUrl,
      extra: {
        PANELIST_BENCH_ROUTES: "1",
        PORT: String(port),
        // One bench user uploads thousands of resumes a minute: the upload limits, still charged
        // by both routes' door, are raised out of reach (docs/request-limits.md).
        RATE_LIMIT_UPLOAD_PER_MINUTE: "1000000000",
        RATE_LIMIT_UPLOAD_PER_DAY: "1000000000",
        RATE_LIMIT_UPLOAD_BYTES_PER_DAY: "1000000000000",
        RATE_LIMIT_UPLOAD_PER_IP_PER_MINUTE: "1000000000",
        RATE_LIMIT_UPLOAD_TOTAL_PER_MINUTE: "1000000000",
      },
    });
    const server = await startNext({ port, env, logDir });
    web = server.child;
    const serverPid = server.serverPid;
    log(`web ready on ${appUrl} (next-server pid ${serverPid})`);

    const cookie = await signUpBenchUser(appUrl);

    const run = (p: string, s: number) => load({ appUrl, path: p, cookie, seconds: s, connections, serverPid, admin: sql, dbName: database.name });
    if (warmup > 0) {
      await run("/api/bench/noop", warmup);
      await run("/api/resumes", warmup);
      log("warm-up done");
    }
    const base = await run("/api/bench/noop", seconds);
    log(`baseline: ${base.result.requests.total} requests`);
    const pan = await run("/api/resumes", seconds);
    log(`Panelist: ${pan.result.requests.total} requests`);
    if (web.exited) throw new Error(`web died (${web.code}); see ${web.logFile}`);

    // Verify
    const problems: string[] = [];
    for (const ph of [base, pan]) {
      const r = ph.result;
      const codes = Object.entries(r.statusCodeStats)
        .map(([c, s]) => `${c}×${s.count}`)
        .join(", ");
      if (r.errors || r.timeouts || r.non2xx || ph.taskIds.length !== r.requests.total) {
        problems.push(
          `${ph.name}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx, ${ph.taskIds.length} 202s of ${r.requests.total} (${codes})`,
        );
      }
    }
    const ids = pan.taskIds;
    if (new Set(ids).size !== ids.length) problems.push(`Panelist: ${ids.length - new Set(ids).size} repeated task ids`);
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from tasks
      where id = any(${ids}::uuid[]) and type = 'resume.analyze' and status = 'PENDING' and message_id is not null`;
    if (row.n !== ids.length) problems.push(`Panelist: ${row.n} of ${ids.length} accepted tasks are in the database as PENDING and published`);
    // Delivery is at least once (a resent XADD is a harmless duplicate the worker's claim
    // absorbs), so every accepted task must be in the stream, and duplicates are only counted.
    const redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1 });
    // One user posting this fast is bulk work: past a few open tasks its uploads go to the batch lane.
    const entries = await Promise.all(["interactive", "batch"].map((lane) => redis.xrange(`${prefix}panelist:{resume.analyze}:${lane}`, "-", "+")))
      .then((lanes) => lanes.flat())
      .finally(() => redis.disconnect());
    const inStream = new Set(entries.map(([, fields]) => fields[fields.indexOf("taskId") + 1]));
    const missing = ids.filter((id) => !inStream.has(id)).length;
    if (missing) problems.push(`Panelist: ${missing} accepted tasks have no stream entry`);
    const duplicates = entries.length - inStream.size;

    // Figures
    const lat = (p: Phase) => p.result.latency;
    const rows: string[][] = [
      [
        "baseline noop-route (session + multipart read)",
        fmtMs(lat(base).p50),
        fmtMs(lat(base).p99),
        fmtMs(lat(base).mean),
        base.result.requests.mean.toFixed(0),
      ],
      ["Panelist `POST /api/resumes`", fmtMs(lat(pan).p50), fmtMs(lat(pan).p99), fmtMs(lat(pan).mean), pan.result.requests.mean.toFixed(0)],
      [
        "added by Panelist (Panelist − baseline)",
        fmtMs(lat(pan).p50 - lat(base).p50),
        fmtMs(lat(pan).p99 - lat(base).p99),
        fmtMs(lat(pan).mean - lat(base).mean),
        "—",
      ],
      [
        "ratio Panelist / baseline",
        ratio(lat(pan).p50, lat(base).p50),
        ratio(lat(pan).p99, lat(base).p99),
        ratio(lat(pan).mean, lat(base).mean),
        ratio(pan.result.requests.mean, base.result.requests.mean),
      ],
    ];
    const header = [`${connections} connections, ${seconds} s each`, "p50", "p99", "mean", "req/s"];
    const per = (p: Phase, x: number) => x / Math.max(1, p.result.requests.total);
    const extra: string[][] = [
      ["requests (baseline / Panelist)", `${base.result.requests.total} / ${pan.result.requests.total}`],
      ["next-server CPU per request (baseline / Panelist)", `${fmtMs(per(base, base.cpuMs))} / ${fmtMs(per(pan, pan.cpuMs))}`],
      ["PostgreSQL backend CPU per request, web pool (baseline / Panelist)", `${fmtMs(per(base, base.pgCpuMs))} / ${fmtMs(per(pan, pan.pgCpuMs))}`],
      ["max latency (baseline / Panelist)", `${fmtMs(lat(base).max)} / ${fmtMs(lat(pan).max)}`],
      ["body per request", `${(uploadBody().length / 1024).toFixed(0)} KB (${RESUME} + job description)`],
      [
        "accepted uploads in the database (PENDING, published) / in the stream / duplicate stream entries",
        `${row.n} / ${ids.length - missing} / ${duplicates}`,
      ],
    ];
    console.log(`\n${consoleTable(header, rows)}\n\n${consoleTable(["other", "value"], extra)}`);
    const summary =
      `Submit at ${connections} connections: p50 ${fmtMs(lat(pan).p50)} / p99 ${fmtMs(lat(pan).p99)} against the no-op route's ` +
      `${fmtMs(lat(base).p50)} / ${fmtMs(lat(base).p99)} (${ratio(lat(pan).p50, lat(base).p50)} / ${ratio(lat(pan).p99, lat(base).p99)}); ` +
      `${pan.result.requests.mean.toFixed(0)} vs ${base.result.requests.mean.toFixed(0)} req/s.`;
    console.log(`\n${summary}\n(load average ${loadStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at the end, on ${os.cpus().length} cores)\n`);
    if (problems.length) console.error(`NOT VALID:\n  ${problems.join("\n  ")}`);

    recordRun({
      defaultSettings: knobs.isDefault(["PANELIST_PG_POOL_MAX"]),
      valid: problems.length === 0,
      log,
      section: SECTION,
      script: SCRIPT,
      indexRow: `| [Submit latency](#submit-latency) | \`npx tsx ${SCRIPT}\` | \`POST /api/resumes\` p50/p99/mean and req/s against a no-op route with the same auth and body read, same server, same run |`,
      body: () =>
        docsBody({
          header,
          rows,
          extra,
          summary,
          connections,
          seconds,
          warmup,
          command: knobs.commandLine(SCRIPT, EXTRA),
          loadStart,
          secondsTaken: (Date.now() - started) / 1000,
        }),
    });
    return problems.length === 0;
  } finally {
    await sql.end({ timeout: 5 });
    if (web) await stopChild(web);
    if (keep) log(`kept: database ${database.name}, redis prefix ${prefix}, logs ${logDir}`);
    else {
      await database.drop().catch((err) => console.error(`could not drop ${database.name}: ${err}`));
      await deleteRedisPrefix(prefix).catch((err) => console.error(`could not delete ${prefix}*: ${err}`));
      rmSync(logDir, { recursive: true, force: true });
    }
  }
}

function docsBody(d: {
  header: string[];
  rows: string[][];
  extra: string[][];
  summary: string;
  connections: number;
  seconds: number;
  warmup: number;
  command: string;
  loadStart: number;
  secondsTaken: number;
}): string {
  return `## Submit latency

\`npx tsx ${SCRIPT}\` — autocannon 8.0.0 (programmatic API) sends authenticated multipart uploads of
a real corpus resume (\`${RESUME}\`, ${(resumeBytes.length / 1024).toFixed(0)} KB) with ${d.connections} connections
for ${d.seconds} s to the production build (\`next start\`, no worker running); each upload carries its own
job description, so each is a new analysis answered 202 with a task id.

- **Baseline \`noop-route\`**: \`POST /api/bench/noop\` in the same server (only with
  \`PANELIST_BENCH_ROUTES=1\`, otherwise 404): the same \`withUser\` session check and the same
  multipart read, then 202 with nothing done; same connections and duration, measured just
  before the Panelist phase after a ${d.warmup} s warm-up of each route.
- Panelist − baseline is what an upload costs on top of HTTP + session + body: type detection,
  SHA-256, the outbox transaction (file bytes, resume, PENDING task), the XADD and the
  \`message_id\` update.
- Valid only if every request of both phases answered 202 (no errors or timeouts) and every
  accepted task is in the database, PENDING, with its stream entry (the script says NOT VALID
  otherwise and does not touch this file).

Knobs: \`BENCH_CONNECTIONS\`, \`BENCH_DURATION_S\`, \`BENCH_WARMUP_S\`, \`BENCH_REBUILD\`, \`BENCH_KEEP=1\`,
\`BENCH_WRITE_DOCS\`; \`PANELIST_PG_POOL_MAX\` passes through to the web. Only a run with default
settings rewrites this section.

### Latest run

${machineLine({ loadStart: d.loadStart, seconds: d.secondsTaken, command: d.command })}

${markdownTable(d.header, d.rows)}

${markdownTable(["other", "value"], d.extra)}

${d.summary}`;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
