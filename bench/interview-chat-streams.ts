/**
 * Benchmark: N (default 200) concurrent interview chat streams against the fake upstream.
 *
 *   npx tsx bench/interview-chat-streams.ts
 *
 * Measures what Panelist adds on top of the model: time to first token (TTFT) of
 * `POST /api/interviews/{id}/chat {action: "start"}` — request sent → first non-empty
 * `text-delta` of the UI message stream — against the named baseline **fake-upstream-direct**:
 * the same client sending the same Chat Completions request the app sends (the body is copied
 * from a recorded app request) straight to the fake server's `/v1/chat/completions`
 * (`stream: true`) at the same concurrency → first non-empty `delta.content`. Both run in the
 * same process against the same fake server with the same per-token delay, one right after the
 * other. Also: memory per open stream = (RSS of the `next-server` process with all N streams
 * open − RSS idle) / N, from /proc/<pid>/status.
 *
 * Self-contained (through bench/lib): creates its own database on the server of `DATABASE_URL`
 * (default postgres://postgres@127.0.0.1:5432/postgres) and migrates it, uses a fresh
 * `PANELIST_REDIS_PREFIX`, starts the fake LLM in-process, runs `next build` only when
 * `.next/BUILD_ID` is missing or older than the sources (as scripts/e2e-serve.mjs does), starts
 * `next start` on a free port and one worker (both with `LLM_BASE_URL` = the fake server), and
 * removes all of it at the end, also when interrupted (children stopped, database dropped, Redis
 * keys deleted).
 *
 * Phases, in order:
 *   setup    N users (signed up in-process through better-auth: over HTTP sign-up is rate
 *            limited to 3 per 10 s per IP), 2N + warm-up interviews over HTTP, the worker plans
 *            them through the fake LLM; the bench waits until every plan is stored.
 *   warm-up  a few sequential chat streams and direct streams (loads the route, JIT).
 *   memory   the fake server streams one piece every BENCH_HOLD_CHUNK_DELAY_MS (2 500 ms, ~25 s
 *            per answer) so all N streams are open at once even when the web needs seconds to
 *            start them all; RSS is sampled every 100 ms.
 *   baseline N concurrent direct streams, one piece every BENCH_CHUNK_DELAY_MS (50 ms).
 *   panelist N concurrent chat streams on fresh interviews, same delay.
 *   verify   every stream 200 with text; N assistant messages saved per phase whose text is what
 *            the client received; N `interview.chat` usage rows with outcome ok per phase.
 *
 * Knobs (environment): BENCH_STREAMS (200), BENCH_CHUNK_DELAY_MS (50),
 * BENCH_HOLD_CHUNK_DELAY_MS (2500), BENCH_WARMUP (5), BENCH_REBUILD (1 = always build,
 * 0 = only when .next/BUILD_ID is missing), BENCH_KEEP=1 (keep database, Redis keys and logs),
 * BENCH_WEB_NODE_ARGS (node flags for the web only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`),
 * BENCH_WRITE_DOCS (1 = always, 0 = never; default: only with default settings) — the figures
 * go into the "Interview chat streams" section of docs/benchmarks.md. PANELIST_PG_POOL_MAX and
 * REDIS_URL pass through to web and worker. No timing assertions: this prints, it never fails on
 * a figure — it fails only when a stream is not real (error, missing text, message not saved).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { type FakeLlm, type RecordedRequest, startFakeLlm } from "@/scripts/fake-llm/server";
import { machineLine, ROOT, recordRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { type Child, cpuMsOf, ensureBuild, freePort, rssOf, startChild, startNext, stopChild } from "./lib/next-server";
import { concurrently } from "./lib/pool";
import { benchRedisPrefix, createBenchDatabase, deleteRedisPrefix, onInterrupt, redisUrl, serverUrl } from "./lib/resources";
import { consoleTable, fmtMs, markdownTable, percentile, ratio } from "./lib/stats";

// ---------------------------------------------------------------------------------------------
// Settings

const SCRIPT = "bench/interview-chat-streams.ts";
const SECTION = "interview-chat-streams";
const knobs = new Knobs({ BENCH_STREAMS: 200, BENCH_CHUNK_DELAY_MS: 50, BENCH_HOLD_CHUNK_DELAY_MS: 2500, BENCH_WARMUP: 5 });
const N = knobs.get("BENCH_STREAMS");
const CHUNK_MS = knobs.get("BENCH_CHUNK_DELAY_MS");
const HOLD_CHUNK_MS = knobs.get("BENCH_HOLD_CHUNK_DELAY_MS");
const WARMUP = knobs.get("BENCH_WARMUP");
/** Settings outside `knobs` that make a run non-default (they change what is measured). */
const NON_DEFAULT = ["PANELIST_PG_POOL_MAX", "BENCH_WEB_NODE_ARGS"];
/** Settings shown in the docs' command line, after the knobs. */
const COMMAND_ENV = ["BENCH_REBUILD", "BENCH_KEEP", "BENCH_WRITE_DOCS", "BENCH_WEB_NODE_ARGS", "PANELIST_PG_POOL_MAX"];
const KEEP = process.env.BENCH_KEEP === "1";

const REDIS_PREFIX = benchRedisPrefix();
const SECRET = randomBytes(32).toString("base64url");
const PASSWORD = "bench-password-123";

// ---------------------------------------------------------------------------------------------
// Small helpers

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const median = (v: number[]) => percentile(v, 50);

const MB = 1024 * 1024;
const fmtMb = (b: number) => `${(b / MB).toFixed(1)} MB`;
const fmtKb = (b: number) => `${(b / 1024).toFixed(0)} KB`;

// ---------------------------------------------------------------------------------------------
// The streaming client (global fetch = undici, shipped with Node)

type StreamResult = {
  status: number;
  /** Epoch ms when the request was sent. */
  sentAt: number;
  headersMs: number;
  /** Request sent → first non-empty text delta. */
  ttftMs: number;
  totalMs: number;
  text: string;
  deltas: number;
  contentEncoding: string | null;
  error: string | null;
};

type Tracker = { open: number; streaming: number; done: number };

// Each user's cookies as a browser keeps them: the sign-up's, then updated from every answer's
// Set-Cookie. The session cache cookie (docs/security.md, "Session cache") lives 60 s and is
// renewed by the answers; a client that kept the sign-up's copy would make every later request
// read the session from the database, which no browser does.
const jar = new Map<string, string>(); // sign-up cookie → the cookie header to send now
const rootOf = new Map<string, string>(); // a cookie header sent → its sign-up cookie
const currentCookie = (signUp: string) => jar.get(signUp) ?? signUp;
function keepCookies(sent: string | null, res: Response): void {
  const lines = res.headers.getSetCookie();
  if (!sent || lines.length === 0) return;
  const signUp = rootOf.get(sent) ?? sent;
  const cookies = new Map(
    currentCookie(signUp)
      .split("; ")
      .map((p) => [p.slice(0, p.indexOf("=")), p] as const),
  );
  for (const line of lines) {
    const pair = line.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (pair.endsWith("=") || /;\s*max-age=0\b/i.test(line)) cookies.delete(name);
    else cookies.set(name, pair);
  }
  const next = [...cookies.values()].join("; ");
  jar.set(signUp, next);
  rootOf.set(next, signUp);
}

/**
 * Sends one streaming request and reads its SSE body to the end.
 * @param kind `ui` — AI SDK UI message stream (`text-delta` chunks); `openai` — Chat Completions chunks.
 */
async function runStream(url: string, init: RequestInit, kind: "ui" | "openai", tracker?: Tracker): Promise<StreamResult> {
  const t0 = performance.now();
  const r: StreamResult = {
    status: 0,
    sentAt: performance.timeOrigin + t0,
    headersMs: Number.NaN,
    ttftMs: Number.NaN,
    totalMs: Number.NaN,
    text: "",
    deltas: 0,
    contentEncoding: null,
    error: null,
  };
  let opened = false;
  let streaming = false;
  try {
    const res = await fetch(url, init);
    r.headersMs = performance.now() - t0;
    keepCookies(new Headers(init.headers).get("cookie"), res);
    r.status = res.status;
    r.contentEncoding = res.headers.get("content-encoding");
    if (tracker) tracker.open++;
    opened = true;
    if (!res.ok || !res.body) {
      r.error = `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`;
      return r;
    }
    const decoder = new TextDecoder();
    let buf = "";
    const reader = res.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
        const line = buf.slice(0, nl).trimEnd();
        buf = buf.slice(nl + 1);
        if (!line.startsWith("data:")) continue;
        const data = line.slice(5).trim();
        if (data === "[DONE]" || data === "") continue;
        let delta = "";
        const chunk = JSON.parse(data) as {
          type?: string;
          delta?: string;
          errorText?: string;
          choices?: { delta?: { content?: string | null } }[];
        };
        if (kind === "ui") {
          if (chunk.type === "text-delta") delta = chunk.delta ?? "";
          else if (chunk.type === "error") r.error = `stream error: ${chunk.errorText}`;
        } else {
          delta = chunk.choices?.[0]?.delta?.content ?? "";
        }
        if (delta) {
          if (r.deltas === 0) {
            r.ttftMs = performance.now() - t0;
            if (tracker) tracker.streaming++;
            streaming = true;
          }
          r.deltas++;
          r.text += delta;
        }
      }
    }
    r.totalMs = performance.now() - t0;
    if (!r.text && !r.error) r.error = "no text";
  } catch (err) {
    r.error = String(err);
  } finally {
    if (tracker) {
      if (opened) tracker.open--;
      if (streaming) tracker.streaming--;
      tracker.done++;
    }
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// Main

type Ctx = {
  /** On the server's maintenance database: pg_stat_* of the bench database without being counted in it. */
  admin: postgres.Sql;
  database: Awaited<ReturnType<typeof createBenchDatabase>> | null;
  db: postgres.Sql | null;
  llm: FakeLlm | null;
  /** web and worker, stopped together at the end. */
  children: Child[];
  logDir: string;
  failed: boolean;
};

function assertAlive(ctx: Ctx): void {
  const dead = ctx.children.find((c) => c.exited);
  if (dead) throw new Error(`${dead.name} died (${dead.code}); see ${dead.logFile}`);
}

async function main(ctx: Ctx): Promise<void> {
  const started = Date.now();
  const loadStart = os.loadavg()[0];

  // Database
  ctx.database = await createBenchDatabase("chat");
  const { name: dbName, url: databaseUrl } = ctx.database;
  log(`${N} streams, ${CHUNK_MS} ms per piece (TTFT phases), ${HOLD_CHUNK_MS} ms per piece (memory phase); database ${dbName}, redis prefix ${REDIS_PREFIX}`);
  ctx.db = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const db = ctx.db;
  log("database created and migrated");

  // Fake upstream, in-process
  const llm = await startFakeLlm({ maxRecorded: 10 * N + 1000 });
  ctx.llm = llm;
  log(`fake LLM at ${llm.url}`);

  // Build, then web + worker (ensureBuild waits for anyone else's `next build` in this checkout).
  await ensureBuild(log);
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl(),
    PANELIST_REDIS_PREFIX: REDIS_PREFIX,
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: "bench",
    APP_URL: appUrl,
    BETTER_AUTH_URL: appUrl,
    BETTER_AUTH_SECRET: SECRET,
    PORT: String(port),
    WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? "16",
  };
  const webNodeArgs = (process.env.BENCH_WEB_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  delete childEnv.LLM_PROVIDER;
  delete childEnv.LLM_MODEL;
  delete childEnv.PANELIST_DEMO;
  const worker = startChild("worker", [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "worker/index.ts"], childEnv, ctx.logDir);
  ctx.children.push(worker);
  log(`worker started (pid ${worker.proc.pid}), log ${worker.logFile}`);
  const { child: web, serverPid } = await startNext({ port, env: childEnv, logDir: ctx.logDir, nodeArgs: webNodeArgs });
  ctx.children.push(web);
  log(`web ready on ${appUrl} (next-server pid ${serverPid}), log ${web.logFile}`);

  // Users: in-process better-auth sign-up against the same database and secret (the HTTP
  // sign-up endpoint allows 3 per 10 s per IP in production).
  Object.assign(process.env, { DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: SECRET, APP_URL: appUrl, BETTER_AUTH_URL: appUrl, PORT: String(port) });
  const { getAuth } = await import("@/lib/auth/auth");
  const { closeDb } = await import("@/lib/db/client");
  const tUsers = Date.now();
  const cookies = await concurrently(N + 1, 4, async (i) => {
    const res = await getAuth().api.signUpEmail({
      body: { email: `bench-${i}-${process.pid}@example.test`, password: PASSWORD, name: `Bench ${i}` },
      asResponse: true,
    });
    if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });
  await closeDb();
  log(`${cookies.length} users signed up in ${((Date.now() - tUsers) / 1000).toFixed(1)} s`);

  // Interviews over HTTP; the worker plans them through the fake LLM.
  const headersFor = (cookie: string) => ({ cookie: currentCookie(cookie), origin: appUrl, "content-type": "application/json" });
  type Iv = { id: string; cookie: string };
  const createFor = async (cookie: string): Promise<Iv> => {
    const res = await fetch(`${appUrl}/api/interviews`, {
      method: "POST",
      headers: headersFor(cookie),
      body: JSON.stringify({ role: "backend engineer", level: "mid", questionCount: 5, language: "en" }),
    });
    if (res.status !== 201) throw new Error(`POST /api/interviews: ${res.status} ${await res.text()}`);
    return { id: ((await res.json()) as { id: string }).id, cookie };
  };
  const warmCookie = cookies[N];
  const jobs: string[] = [...cookies.slice(0, N), ...cookies.slice(0, N), ...Array.from({ length: WARMUP }, () => warmCookie)];
  const tPlan = Date.now();
  const created = await concurrently(jobs.length, 16, (i) => createFor(jobs[i]));
  const holdIvs = created.slice(0, N);
  const ttftIvs = created.slice(N, 2 * N);
  const warmIvs = created.slice(2 * N);
  log(`${created.length} interviews created; waiting for their plans …`);
  for (let lastNote = 0; ; ) {
    assertAlive(ctx);
    const [{ planned, failed }] = await db<{ planned: number; failed: number }[]>`
      select (select count(*)::int from interviews where plan is not null) as planned,
             (select count(*)::int from tasks where status = 'FAILED') as failed`;
    if (failed > 0) throw new Error(`${failed} plan task(s) FAILED; see the worker log`);
    if (planned >= created.length) break;
    if (Date.now() - tPlan > 10 * 60_000) throw new Error(`only ${planned}/${created.length} plans after 10 min`);
    if (Date.now() - lastNote > 10_000) {
      lastNote = Date.now();
      log(`  ${planned}/${created.length} planned`);
    }
    await sleep(500);
  }
  log(`all plans ready in ${((Date.now() - tPlan) / 1000).toFixed(1)} s`);

  const chatUrl = (id: string) => `${appUrl}/api/interviews/${id}/chat`;
  const chatInit = (iv: Iv): RequestInit => ({
    method: "POST",
    headers: { ...headersFor(iv.cookie), accept: "text/event-stream" },
    body: JSON.stringify({ id: iv.id, action: "start", messages: [] }),
  });
  const slow = (chunkDelayMs: number) => llm.control({ mode: "slow", delayMs: 0, chunkDelayMs });

  // Warm-up: loads the route and JITs both paths; the app's own upstream request becomes the
  // baseline's template, so the baseline sends exactly what Panelist sends.
  slow(CHUNK_MS);
  const appRequestsBefore = llm.requests().length;
  const warmChat: StreamResult[] = [];
  for (const iv of warmIvs) {
    const r = await runStream(chatUrl(iv.id), chatInit(iv), "ui");
    if (r.error) throw new Error(`warm-up chat stream failed: ${r.error}`);
    warmChat.push(r);
  }
  // Unloaded reference points, one request at a time: the session check alone, and the
  // interview read (session + the same interview query the chat route makes).
  const timeGet = async (url: string, cookie: string) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const sent = currentCookie(cookie);
      const res = await fetch(url, { headers: { cookie: sent, origin: appUrl } });
      keepCookies(sent, res);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
      times.push(performance.now() - t);
    }
    return median(times);
  };
  const unloadedSession = await timeGet(`${appUrl}/api/auth/get-session`, warmCookie);
  const unloadedInterview = await timeGet(`${appUrl}/api/interviews/${warmIvs[0].id}`, warmCookie);
  const template = llm
    .requests()
    .slice(appRequestsBefore)
    .find((q) => q.path.endsWith("/chat/completions") && q.stream);
  if (!template) throw new Error("the app did not call the fake LLM (is LLM_BASE_URL reaching the web?)");
  const baselineUrl = `${llm.url}/chat/completions`;
  const baselineInit = (): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer bench", accept: "text/event-stream" },
    body: JSON.stringify(template.body),
  });
  const warmBase: StreamResult[] = [];
  for (let i = 0; i < WARMUP; i++) warmBase.push(await runStream(baselineUrl, baselineInit(), "openai"));
  const lastOf = (rs: StreamResult[]) => median(rs.slice(-Math.max(1, rs.length - 2)).map((r) => r.ttftMs));
  const unloaded = { chat: lastOf(warmChat), base: lastOf(warmBase) };
  const templateBody = template.body as { model: string; messages: unknown[]; max_tokens?: number; stream_options?: unknown };
  log(`warm-up done; app request: model ${templateBody.model}, ${templateBody.messages.length} messages, ${JSON.stringify(templateBody).length} bytes`);

  // Memory phase
  slow(HOLD_CHUNK_MS);
  await sleep(2_000);
  const idleSamples: number[] = [];
  for (let i = 0; i < 5; i++) {
    idleSamples.push(rssOf(serverPid));
    await sleep(200);
  }
  const rssIdle = median(idleSamples);
  const holdTracker: Tracker = { open: 0, streaming: 0, done: 0 };
  const samples: { t: number; rss: number; open: number; streaming: number }[] = [];
  const tHold = performance.now();
  const sampler = setInterval(() => {
    try {
      samples.push({ t: performance.now() - tHold, rss: rssOf(serverPid), open: holdTracker.open, streaming: holdTracker.streaming });
    } catch {
      /* process gone: reported by assertAlive */
    }
  }, 100);
  const holdResults = await Promise.all(holdIvs.map((iv) => runStream(chatUrl(iv.id), chatInit(iv), "ui", holdTracker)));
  clearInterval(sampler);
  assertAlive(ctx);
  const allOpen = samples.filter((s) => s.streaming === N);
  const maxStreaming = Math.max(0, ...samples.map((s) => s.streaming));
  // When the streams never all overlapped, fall back to the samples with the most open.
  const openSamples = allOpen.length ? allOpen : samples.filter((s) => s.streaming === maxStreaming);
  const rssOpen = median(openSamples.map((s) => s.rss));
  const openCount = openSamples.length ? openSamples[0].streaming : N;
  const rssPeak = Math.max(...samples.map((s) => s.rss));
  const allOpenMs = allOpen.length ? allOpen[allOpen.length - 1].t - allOpen[0].t : 0;
  log(
    `memory phase: ${maxStreaming}/${N} streams open at once (all open for ${(allOpenMs / 1000).toFixed(1)} s), RSS idle ${fmtMb(rssIdle)}, with all open ${fmtMb(rssOpen)}, peak ${fmtMb(rssPeak)}`,
  );

  // Quiet gap: lets PostgreSQL flush the memory phase's statistics (≤ 10 s for idle backends),
  // then snapshot the bench database's transaction counter and the settled RSS.
  slow(CHUNK_MS);
  await sleep(11_000);
  const rssAfterHold = rssOf(serverPid);
  const xacts = async () => {
    const [row] = await ctx.admin<{ n: string }[]>`
      select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = ${dbName}`;
    return row ? Number(row.n) : Number.NaN;
  };
  const xactsBefore = await xacts();

  // Baseline: the fake server directly, same client, same request, same concurrency.
  const baseResults = await Promise.all(Array.from({ length: N }, () => runStream(baselineUrl, baselineInit(), "openai")));
  await sleep(1_000);

  // Panelist: N chat streams at once, with PostgreSQL activity sampled alongside.
  let maxBusy = 0;
  let maxActive = 0;
  let maxIdleInTx = 0;
  let maxWaitingLock = 0;
  let sampling = true;
  const pgSampler = (async () => {
    while (sampling) {
      const [row] = await ctx.admin<{ busy: number; active: number; idletx: number; locked: number }[]>`
        select count(*) filter (where state <> 'idle')::int as busy,
               count(*) filter (where state = 'active')::int as active,
               count(*) filter (where state like 'idle in transaction%')::int as idletx,
               count(*) filter (where wait_event_type = 'Lock')::int as locked
        from pg_stat_activity where datname = ${dbName}`;
      maxBusy = Math.max(maxBusy, row.busy);
      maxActive = Math.max(maxActive, row.active);
      maxIdleInTx = Math.max(maxIdleInTx, row.idletx);
      maxWaitingLock = Math.max(maxWaitingLock, row.locked);
      await sleep(20);
    }
  })();
  const upstreamBefore = llm.requests().length;
  const cpuBefore = cpuMsOf(serverPid);
  const tPanelist = performance.now();
  const chatResults = await Promise.all(ttftIvs.map((iv) => runStream(chatUrl(iv.id), chatInit(iv), "ui")));
  const panelistWallMs = performance.now() - tPanelist;
  const webCpuMs = cpuMsOf(serverPid) - cpuBefore;
  sampling = false;
  await pgSampler;
  assertAlive(ctx);
  const upstream: RecordedRequest[] = llm
    .requests()
    .slice(upstreamBefore)
    .filter((q) => q.path.endsWith("/chat/completions") && q.stream);
  const firstSent = Math.min(...chatResults.map((r) => r.sentAt));
  const upstreamStartMs = upstream.map((q) => q.time - firstSent);
  await sleep(11_000);
  const xactsPerStream = ((await xacts()) - xactsBefore) / N;
  const rssEnd = rssOf(serverPid);

  // Verify: real streams, saved messages, usage rows.
  const problems: string[] = [];
  const check = (name: string, results: StreamResult[]) => {
    const bad = results.filter((r) => r.error || r.status !== 200);
    if (bad.length) problems.push(`${name}: ${bad.length}/${results.length} streams failed, e.g. ${bad[0].error}`);
  };
  check("memory phase", holdResults);
  check("baseline", baseResults);
  check("panelist", chatResults);
  const savedFor = async (ivs: Iv[], results: StreamResult[], name: string) => {
    const ids = ivs.map((iv) => iv.id);
    let rows: { interview_id: string; text: string }[] = [];
    for (let i = 0; i < 60; i++) {
      rows = await db<{ interview_id: string; text: string }[]>`
        select interview_id, text from interview_messages where role = 'assistant' and interview_id = any(${ids}::uuid[])`;
      if (rows.length >= ids.length) break;
      await sleep(500);
    }
    const byId = new Map(rows.map((r) => [r.interview_id, r.text]));
    const mismatched = ivs.filter((iv, i) => byId.get(iv.id) !== results[i].text.trim()).length;
    if (rows.length !== ids.length) problems.push(`${name}: ${rows.length}/${ids.length} interviewer messages saved`);
    else if (mismatched) problems.push(`${name}: ${mismatched} saved messages differ from the streamed text`);
    return rows.length;
  };
  const savedHold = await savedFor(holdIvs, holdResults, "memory phase");
  const savedTtft = await savedFor(ttftIvs, chatResults, "panelist");
  const [usage] = await db<{ ok: number; other: number }[]>`
    select count(*) filter (where outcome = 'ok')::int as ok, count(*) filter (where outcome <> 'ok')::int as other
    from llm_usage where feature = 'interview.chat'`;
  const expectedUsage = 2 * N + WARMUP;
  if (usage.ok !== expectedUsage) problems.push(`llm_usage interview.chat: ${usage.ok} ok (+${usage.other} failed), expected ${expectedUsage}`);
  if (upstream.length !== N) problems.push(`panelist phase: the fake LLM saw ${upstream.length} streamed calls, expected ${N}`);
  const offlineFallbacks = chatResults.filter((r) => !/^(Thanks|Understood|Good)/.test(r.text.trim())).length;
  if (offlineFallbacks) problems.push(`panelist: ${offlineFallbacks} streams were not the model's words (offline fallback?)`);

  // Figures
  const ok = (rs: StreamResult[]) => rs.filter((r) => !r.error);
  const base = ok(baseResults);
  const pan = ok(chatResults);
  const f = {
    baseTtft: [
      percentile(
        base.map((r) => r.ttftMs),
        50,
      ),
      percentile(
        base.map((r) => r.ttftMs),
        99,
      ),
    ],
    panTtft: [
      percentile(
        pan.map((r) => r.ttftMs),
        50,
      ),
      percentile(
        pan.map((r) => r.ttftMs),
        99,
      ),
    ],
    baseTotal: [
      percentile(
        base.map((r) => r.totalMs),
        50,
      ),
      percentile(
        base.map((r) => r.totalMs),
        99,
      ),
    ],
    panTotal: [
      percentile(
        pan.map((r) => r.totalMs),
        50,
      ),
      percentile(
        pan.map((r) => r.totalMs),
        99,
      ),
    ],
    panHeaders: [
      percentile(
        pan.map((r) => r.headersMs),
        50,
      ),
      percentile(
        pan.map((r) => r.headersMs),
        99,
      ),
    ],
    upstreamStart: [percentile(upstreamStartMs, 50), percentile(upstreamStartMs, 99)],
  };
  const added = [f.panTtft[0] - f.baseTtft[0], f.panTtft[1] - f.baseTtft[1]];
  const ratios = [ratio(f.panTtft[0], f.baseTtft[0]), ratio(f.panTtft[1], f.baseTtft[1])];
  const perStream = (rssOpen - rssIdle) / Math.max(1, openCount);
  const holdTotals = ok(holdResults).map((r) => r.totalMs);
  const pieces = median(base.map((r) => r.deltas));
  const encodings = [...new Set(chatResults.map((r) => r.contentEncoding ?? "identity"))].join(", ");

  const rows: [string, string, string][] = [
    [`baseline TTFT (fake-upstream-direct)`, fmtMs(f.baseTtft[0]), fmtMs(f.baseTtft[1])],
    [`Panelist TTFT (chat route)`, fmtMs(f.panTtft[0]), fmtMs(f.panTtft[1])],
    [`added by Panelist (Panelist − baseline)`, fmtMs(added[0]), fmtMs(added[1])],
    [`ratio Panelist / baseline`, ratios[0], ratios[1]],
    [`Panelist: response headers`, fmtMs(f.panHeaders[0]), fmtMs(f.panHeaders[1])],
    [`Panelist: upstream call starts (after send)`, fmtMs(f.upstreamStart[0]), fmtMs(f.upstreamStart[1])],
    [`baseline total stream`, fmtMs(f.baseTotal[0]), fmtMs(f.baseTotal[1])],
    [`Panelist total stream (incl. saving the message)`, fmtMs(f.panTotal[0]), fmtMs(f.panTotal[1])],
  ];
  const memRows: [string, string][] = [
    [`next-server RSS idle (after warm-up)`, fmtMb(rssIdle)],
    [
      `next-server RSS with ${allOpen.length ? `all ${N}` : `${openCount} (not all ${N})`} streams open (median of ${openSamples.length} samples)`,
      fmtMb(rssOpen),
    ],
    [`memory per open stream ((open − idle) / ${openCount})`, fmtKb(perStream)],
    [`next-server RSS peak during the memory phase`, fmtMb(rssPeak)],
    [`next-server RSS after the streams closed (+11 s / end of run)`, `${fmtMb(rssAfterHold)} / ${fmtMb(rssEnd)}`],
  ];
  const extraRows: [string, string][] = [
    [`text pieces per answer (median)`, String(pieces)],
    [`memory-phase streams: total time p50 / p99`, `${fmtMs(percentile(holdTotals, 50))} / ${fmtMs(percentile(holdTotals, 99))}`],
    [
      `next-server CPU time per chat stream (whole Panelist phase / ${N}); busy share of the phase`,
      `${fmtMs(webCpuMs / N)}; ${((100 * webCpuMs) / panelistWallMs).toFixed(0)} % of one core`,
    ],
    [
      `PostgreSQL: max non-idle backends on the bench database (web pool ${process.env.PANELIST_PG_POOL_MAX ?? 10} + worker): active / idle in transaction`,
      `${maxBusy}: ${maxActive} / ${maxIdleInTx}`,
    ],
    [`PostgreSQL: max backends waiting on a lock`, String(maxWaitingLock)],
    [`PostgreSQL: transactions per chat stream (≈, incl. the worker's relay polling)`, xactsPerStream.toFixed(1)],
    [`unloaded, one at a time (warm-up, median): TTFT baseline / Panelist`, `${fmtMs(unloaded.base)} / ${fmtMs(unloaded.chat)}`],
    [`unloaded, one at a time: GET /api/auth/get-session / GET /api/interviews/{id}`, `${fmtMs(unloadedSession)} / ${fmtMs(unloadedInterview)}`],
    [`chat response content-encoding`, encodings],
    [`streams OK / saved (panelist, memory phase)`, `${pan.length}/${N}, ${savedTtft}/${N}; ${ok(holdResults).length}/${N}, ${savedHold}/${N}`],
  ];
  const summary =
    `${N} concurrent chat streams: Panelist adds ${fmtMs(added[0])} p50 / ${fmtMs(added[1])} p99 to the fake upstream's TTFT ` +
    `(${fmtMs(f.baseTtft[0])} / ${fmtMs(f.baseTtft[1])} → ${fmtMs(f.panTtft[0])} / ${fmtMs(f.panTtft[1])}, ${ratios[0]} / ${ratios[1]} the baseline); ` +
    `${fmtMs(webCpuMs / N)} of next-server CPU and ${fmtKb(perStream)} of its RSS per stream.`;

  console.log(`\n${consoleTable([`time to first token, ${N} concurrent, ${CHUNK_MS} ms per piece`, "p50", "p99"], rows)}`);
  console.log(`\n${consoleTable([`memory, ${HOLD_CHUNK_MS} ms per piece`, "value"], memRows)}`);
  console.log(`\n${consoleTable(["other", "value"], extraRows)}`);
  console.log(`\n${summary}\n(load average ${loadStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at the end, on ${os.cpus().length} cores)\n`);

  if (problems.length) {
    ctx.failed = true;
    console.error(`NOT VALID — the streams were not all real:\n  ${problems.join("\n  ")}`);
  }

  recordRun({
    defaultSettings: knobs.isDefault(NON_DEFAULT),
    valid: problems.length === 0,
    log,
    section: SECTION,
    script: SCRIPT,
    indexRow:
      `| [Interview chat streams](#interview-chat-streams) | \`npx tsx ${SCRIPT}\` | TTFT added by Panelist over the fake upstream ` +
      `at 200 concurrent chat streams; memory per open stream |`,
    body: () => docsBody({ rows, memRows, extraRows, summary, seconds: (Date.now() - started) / 1000, template: templateBody, loadStart, pieces }),
  });
}

// ---------------------------------------------------------------------------------------------
// docs/benchmarks.md: this benchmark owns the part between its markers (bench/lib/docs.ts).

/** Markdown of the "Interview chat streams" section of docs/benchmarks.md, from its heading on. */
function docsBody(d: {
  rows: [string, string, string][];
  memRows: [string, string][];
  extraRows: [string, string][];
  summary: string;
  seconds: number;
  template: { model: string; messages: unknown[] };
  loadStart: number;
  pieces: number;
}): string {
  return `## Interview chat streams

\`npx tsx ${SCRIPT}\` — ${N} candidates each open \`POST /api/interviews/{id}/chat\`
\`{action: "start"}\` at the same moment, against the production build (\`next start\`) plus one
worker, with \`LLM_BASE_URL\` pointing at the in-process fake OpenAI server
(\`scripts/fake-llm/server.ts\`, mode \`slow\`: no delay before the answer, ${CHUNK_MS} ms between
pieces, ${d.pieces} pieces per answer).

- **TTFT** = request sent → first non-empty \`text-delta\` of the UI message stream.
- **Baseline \`fake-upstream-direct\`**: the same client sends the request the app sends (body copied
  from a recorded app request: ${d.template.model}, system + turn prompt, \`stream: true\`) straight to the
  fake server's \`/v1/chat/completions\`, ${N} at once, just before the Panelist phase → first
  non-empty \`delta.content\`. Added = Panelist − baseline at the same percentile.
- **Memory per open stream** = (RSS of the \`next-server\` process with all ${N} streams open −
  its RSS idle after warm-up) / ${N}, from \`/proc/<pid>/status\`; in that phase the fake server sends
  a piece every ${HOLD_CHUNK_MS} ms so every stream stays open ~${Math.round((HOLD_CHUNK_MS * d.pieces) / 1000)} s. The JS heap is not sampled
  (it is not readable from outside the process).
- Valid only if every stream answered 200 with text, each interview got its interviewer message
  saved with exactly the streamed text, and each call wrote an \`interview.chat\` usage row with
  outcome ok (the script says NOT VALID otherwise and does not touch this file).

Knobs: \`BENCH_STREAMS\`, \`BENCH_CHUNK_DELAY_MS\`, \`BENCH_HOLD_CHUNK_DELAY_MS\`, \`BENCH_WARMUP\`,
\`BENCH_REBUILD\` (1 always / 0 only when missing), \`BENCH_KEEP=1\`, \`BENCH_WRITE_DOCS\`,
\`BENCH_WEB_NODE_ARGS\` (node flags for the web only, e.g. \`--cpu-prof --cpu-prof-dir=/tmp/prof\`);
\`PANELIST_PG_POOL_MAX\` passes through to web and worker. Only a run with default settings
rewrites this section.

### Latest run

${machineLine({ loadStart: d.loadStart, seconds: d.seconds, command: knobs.commandLine(SCRIPT, COMMAND_ENV) })}

${markdownTable(["time to first token", "p50", "p99"], d.rows)}

${markdownTable(["memory", "value"], d.memRows)}

${markdownTable(["other", "value"], d.extraRows)}

**${d.summary}**`;
}

// ---------------------------------------------------------------------------------------------
// Clean-up on every path, once (an interrupt during the normal clean-up waits for it)

async function cleanUp(ctx: Ctx): Promise<void> {
  await Promise.all(ctx.children.map((c) => stopChild(c)));
  await ctx.llm?.close().catch(() => undefined);
  await ctx.db?.end({ timeout: 5 }).catch(() => undefined);
  await ctx.admin.end({ timeout: 5 }).catch(() => undefined);
  if (KEEP) {
    log(`kept database ${ctx.database?.name}, redis prefix ${REDIS_PREFIX}, logs in ${ctx.logDir}`);
    return;
  }
  await ctx.database?.drop().catch((err) => console.error("[bench] dropping the database failed", err));
  await deleteRedisPrefix(REDIS_PREFIX).catch((err) => console.error("[bench] deleting the Redis keys failed", err));
  if (!ctx.failed) rmSync(ctx.logDir, { recursive: true, force: true });
  else log(`logs kept in ${ctx.logDir}`);
  log("cleaned up (children stopped, database dropped, Redis keys deleted)");
}

const ctx: Ctx = {
  admin: postgres(serverUrl(), { max: 2, onnotice: () => {} }),
  database: null,
  db: null,
  llm: null,
  children: [],
  logDir: mkdtempSync(path.join(os.tmpdir(), "panelist-bench-")),
  failed: false,
};
let cleaning: Promise<void> | undefined;
const cleanUpOnce = () => (cleaning ??= cleanUp(ctx));
onInterrupt(cleanUpOnce);

try {
  await main(ctx);
} catch (err) {
  ctx.failed = true;
  console.error("[bench] failed:", err);
}
await cleanUpOnce();
process.exit(ctx.failed ? 1 : 0);
