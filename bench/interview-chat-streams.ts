/**
 * Benchmark: N (default 200) and H (default 500) concurrent interview chat streams against the
 * fake upstream, against two baselines measured in the same run.
 *
 *   npx tsx bench/interview-chat-streams.ts
 *
 * Measures what Panelist adds on top of the model: time to first token (TTFT) of
 * `POST /api/interviews/{id}/chat {action: "start"}` — request sent → first non-empty
 * `text-delta` of the UI message stream — against two named baselines:
 * - **fake-upstream-direct**: the same client sending the same Chat Completions request the app
 *   sends (the body is copied from a recorded app request) straight to the fake server's
 *   `/v1/chat/completions` (`stream: true`) at the same concurrency → first non-empty
 *   `delta.content`. "Added TTFT" is a route's TTFT − this one's at the same percentile.
 * - **baseline-route**: `POST /api/bench/chat-baseline` (app/api/bench/chat-baseline) in the same
 *   server with the recorded turn's system and user prompt: the chat's door (session,
 *   permission, `chat` request limits, JSON body) and AI SDK `streamText` to the same model,
 *   answered as a UI message stream — no database, no turn lock, no governor. Panelist /
 *   baseline-route is what the turn's own work costs: web CPU per turn, added TTFT at N and H,
 *   memory per open stream; each printed next to its aim.
 * - **framework floor**: `POST /api/bench/stream-floor` (app/api/bench/stream-floor), the same
 *   door, then a plain ReadableStream the handler writes itself, as many pieces as the model's
 *   answer, as far apart: what one open stream costs Next and Node before any model call.
 *   Each route's memory per open stream is printed as a ratio to it.
 * Each candidate is one browser: a cookie jar (tests/helpers/cookie-jar.ts) that sends what it holds
 * and takes every response's Set-Cookie, so better-auth's session cookie cache
 * (AUTH_SESSION_CACHE_SECONDS) lives and lapses as it does for a person.
 * Web CPU per turn = CPU time (utime + stime, /proc/<pid>/stat) of the `next-server` process
 * from a phase's first request to 1 s after its last stream ended, / turns. Memory per open stream
 * = (RSS of `next-server` with all N streams open − RSS just before) / N, /proc/<pid>/status;
 * JS heap per open stream = (heapUsed with all N open − heapUsed just before) / N, each read
 * right after a forced full GC inside the web (bench/lib/heap-probe.mjs, preloaded), so it counts
 * only what the streams keep reachable; `external` likewise (Buffers, ArrayBuffers).
 *
 * Stack (bench/lib/chat-stack.ts): a database of its own, a fresh Redis prefix, the fake LLM
 * in-process, `next start` (built when stale) and one worker, removed at the end.
 *
 * Phases, in order:
 *   setup     max(N, H) + 1 candidates (in-process sign-up), 2N + H + warm-up interviews over
 *             HTTP, planned by the worker through the fake LLM.
 *   warm-up   a few sequential chat streams (the first one's upstream request becomes both
 *             baselines' template), direct streams and baseline-route streams.
 *   memory    the fake server streams one piece every BENCH_HOLD_CHUNK_DELAY_MS (2 500 ms, ~25 s
 *             per answer) so all N streams are open at once; RSS sampled every 100 ms, the heap
 *             after a GC before and once all N stream; first N chat streams, then N
 *             baseline-route streams, then N floor streams.
 *   TTFT      at N, then at H concurrent: direct streams, baseline-route streams, chat streams on
 *             fresh interviews, one piece every BENCH_CHUNK_DELAY_MS (50 ms).
 *   verify    every stream 200 with text; every chat stream's interviewer message saved with
 *             the streamed text; one `interview.chat` usage row with outcome ok per chat stream;
 *             the fake LLM saw one streamed call per stream of each route phase.
 *
 * Knobs (environment): BENCH_STREAMS (200), BENCH_STREAMS_HIGH (500; 0 skips the second level),
 * BENCH_CHUNK_DELAY_MS (50), BENCH_HOLD_CHUNK_DELAY_MS (2500), BENCH_WARMUP (5), BENCH_REBUILD
 * (1 = always build, 0 = only when .next/BUILD_ID is missing), BENCH_KEEP=1 (keep database,
 * Redis keys and logs), BENCH_WEB_NODE_ARGS (node flags for the web only, e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/p`), BENCH_HEAP_SNAPSHOTS=1 (a heap snapshot at each heap reading, into the
 * kept log directory: bench/lib/heap-probe.mjs; with BENCH_KEEP=1), BENCH_WRITE_DOCS (1 = always, 0 = never; default: only with default
 * settings) — the figures go into the "Interview chat streams" section of docs/benchmarks.md.
 * PANELIST_PG_POOL_MAX and REDIS_URL pass through to web and worker. No timing assertions: this
 * prints, it never fails on a figure — it fails only when a stream is not real (error, missing
 * text, message not saved).
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RecordedRequest } from "@/scripts/fake-llm/server";
import { CookieJar } from "@/tests/helpers/cookie-jar";
import {
  assertAlive,
  type BenchInterview,
  type ChatStack,
  type ChatStackCtx,
  createPlannedInterviews,
  jsonHeaders,
  runChatBench,
  savedInterviewerTexts,
  signUpCandidates,
  startChatStack,
  startTurn,
} from "./lib/chat-stack";
import { machineLine, ROOT, recordRun } from "./lib/docs";
import { HEAP_PROBE, type HeapSample, heapAfterGc } from "./lib/heap-reader";
import { Knobs } from "./lib/knobs";
import { cpuMsOf, rssOf } from "./lib/next-server";
import { consoleTable, fmtMs, markdownTable, percentile, ratio } from "./lib/stats";
import { runStream, type StreamResult, type Tracker, withCookies } from "./lib/ui-stream";

// ---------------------------------------------------------------------------------------------
// Settings

const SCRIPT = "bench/interview-chat-streams.ts";
const SECTION = "interview-chat-streams";
const knobs = new Knobs({
  BENCH_STREAMS: 200,
  BENCH_STREAMS_HIGH: 500,
  BENCH_CHUNK_DELAY_MS: 50,
  BENCH_HOLD_CHUNK_DELAY_MS: 2500,
  BENCH_WARMUP: 5,
});
const N = knobs.get("BENCH_STREAMS");
const H = knobs.get("BENCH_STREAMS_HIGH");
const CHUNK_MS = knobs.get("BENCH_CHUNK_DELAY_MS");
const HOLD_CHUNK_MS = knobs.get("BENCH_HOLD_CHUNK_DELAY_MS");
const WARMUP = knobs.get("BENCH_WARMUP");
const LEVELS = H > 0 && H !== N ? [N, H] : [N];
/** Settings outside `knobs` that make a run non-default (they change what is measured). */
const NON_DEFAULT = ["PANELIST_PG_POOL_MAX", "BENCH_WEB_NODE_ARGS", "BENCH_HEAP_SNAPSHOTS"];
/** Settings shown in the docs' command line, after the knobs. */
const COMMAND_ENV = ["BENCH_REBUILD", "BENCH_KEEP", "BENCH_WRITE_DOCS", "BENCH_WEB_NODE_ARGS", "BENCH_HEAP_SNAPSHOTS", "PANELIST_PG_POOL_MAX"];
const KEEP = process.env.BENCH_KEEP === "1";

/** The aims printed next to the ratios (docs/benchmarks.md, "Interview chat streams"). */
const AIM = { cpuRatio: 1.5, addedTtftRatio: 1.5, perStreamBytes: 150 * 1024 };

// ---------------------------------------------------------------------------------------------
// Small helpers

/** The installed Next.js version (the framework the floor measures). */
const nextVersion = () => (JSON.parse(readFileSync(path.join(ROOT, "node_modules/next/package.json"), "utf8")) as { version: string }).version;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const median = (v: number[]) => percentile(v, 50);
const p50p99 = (v: number[]): [number, number] => [percentile(v, 50), percentile(v, 99)];

const MB = 1024 * 1024;
const fmtMb = (b: number) => `${(b / MB).toFixed(1)} MB`;
const fmtKb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
const ok = (rs: StreamResult[]) => rs.filter((r) => !r.error);

/** A request of one of the clients: its URL, init, stream kind and, for the app's routes, the candidate's cookie jar. */
type BenchRequest = { url: string; init: RequestInit; kind: "ui" | "openai"; jar?: CookieJar };

const send = (q: BenchRequest, tracker?: Tracker) => runStream(q.url, q.init, q.kind, tracker, q.jar);

/** One phase's streams, all sent at once, with the web's CPU time from the first send to 1 s after the last end. */
async function timedPhase(serverPid: number, reqs: BenchRequest[]): Promise<{ results: StreamResult[]; cpuMs: number; wallMs: number }> {
  const cpu0 = cpuMsOf(serverPid);
  const t0 = performance.now();
  const results = await Promise.all(reqs.map((q) => send(q)));
  const wallMs = performance.now() - t0;
  // Work a turn does after its stream ended (the usage row) is the turn's too.
  await sleep(1_000);
  return { results, cpuMs: cpuMsOf(serverPid) - cpu0, wallMs };
}

/** What a memory phase measured; `heapIdle` / `heapOpen` right after a forced full GC (null: the streams never all overlapped). */
type Hold = {
  results: StreamResult[];
  rssIdle: number;
  rssOpen: number;
  openCount: number;
  rssPeak: number;
  allOpenMs: number;
  sampleCount: number;
  heapIdle: HeapSample;
  heapOpen: HeapSample | null;
};

/**
 * N streams held open at once (the fake server must be slow by then), the web's RSS sampled
 * every 100 ms; its heap read after a forced GC just before, and once 1 s after all N stream.
 */
async function holdPhase(ctx: ChatStackCtx, serverPid: number, reqs: BenchRequest[]): Promise<Hold> {
  const heapIdle = await heapAfterGc(serverPid, ctx.logDir);
  // RSS keeps falling for a while after a full GC (V8 gives freed pages back lazily): the idle
  // samples wait for it, or the open − idle difference would miss what the GC was still freeing.
  await sleep(4_000);
  const idleSamples: number[] = [];
  for (let i = 0; i < 5; i++) {
    idleSamples.push(rssOf(serverPid));
    await sleep(200);
  }
  const tracker: Tracker = { open: 0, streaming: 0, done: 0 };
  const samples: { t: number; rss: number; streaming: number }[] = [];
  const t0 = performance.now();
  let allOpenSince: number | null = null;
  const probe: { heapOpen: Promise<HeapSample | null> | null } = { heapOpen: null };
  const sampler = setInterval(() => {
    try {
      samples.push({ t: performance.now() - t0, rss: rssOf(serverPid), streaming: tracker.streaming });
    } catch {
      /* process gone: reported by assertAlive */
    }
    if (tracker.streaming === reqs.length) allOpenSince ??= performance.now();
    if (allOpenSince !== null && !probe.heapOpen && performance.now() - allOpenSince >= 1_000) {
      probe.heapOpen = heapAfterGc(serverPid, ctx.logDir).catch(() => null);
    }
  }, 100);
  const results = await Promise.all(reqs.map((q) => send(q, tracker)));
  clearInterval(sampler);
  assertAlive(ctx);
  const allOpen = samples.filter((s) => s.streaming === reqs.length);
  const maxStreaming = Math.max(0, ...samples.map((s) => s.streaming));
  // When the streams never all overlapped, fall back to the samples with the most open.
  const openSamples = allOpen.length ? allOpen : samples.filter((s) => s.streaming === maxStreaming);
  return {
    results,
    rssIdle: median(idleSamples),
    rssOpen: median(openSamples.map((s) => s.rss)),
    openCount: openSamples.length ? openSamples[0].streaming : reqs.length,
    rssPeak: Math.max(...samples.map((s) => s.rss)),
    allOpenMs: allOpen.length ? allOpen[allOpen.length - 1].t - allOpen[0].t : 0,
    sampleCount: openSamples.length,
    heapIdle,
    heapOpen: probe.heapOpen ? await probe.heapOpen : null,
  };
}

const perStream = (h: Hold) => (h.rssOpen - h.rssIdle) / Math.max(1, h.openCount);
/** JS heap still reachable after a full GC, per open stream (NaN when the streams never all overlapped). */
const heapPerStream = (h: Hold) => (h.heapOpen ? (h.heapOpen.heapUsed - h.heapIdle.heapUsed) / h.openCount : Number.NaN);
/** Memory outside the JS heap that V8 knows of (Buffers, ArrayBuffers, …), per open stream. */
const externalPerStream = (h: Hold) => (h.heapOpen ? (h.heapOpen.external - h.heapIdle.external) / h.openCount : Number.NaN);

/** The streamed chat-completion calls the fake server received since index `from`. */
function upstreamCallsSince(stack: ChatStack, from: number): RecordedRequest[] {
  return stack.llm
    .requests()
    .slice(from)
    .filter((q) => q.path.endsWith("/chat/completions") && q.stream);
}

/** One concurrency level's three phases. */
type Level = {
  c: number;
  direct: StreamResult[];
  route: { results: StreamResult[]; cpuMs: number; wallMs: number; upstream: number };
  chat: { results: StreamResult[]; cpuMs: number; wallMs: number; upstream: RecordedRequest[] };
};

// ---------------------------------------------------------------------------------------------
// Main

async function main(ctx: ChatStackCtx): Promise<void> {
  const started = Date.now();
  const loadStart = os.loadavg()[0];
  const maxC = Math.max(...LEVELS);
  log(`${LEVELS.join(" and ")} streams, ${CHUNK_MS} ms per piece (TTFT phases), ${HOLD_CHUNK_MS} ms per piece (memory phases)`);
  const webNodeArgs = ["--import", HEAP_PROBE, ...(process.env.BENCH_WEB_NODE_ARGS ?? "").split(/\s+/).filter(Boolean)];
  const stack = await startChatStack(ctx, {
    tag: "chat",
    maxRecorded: 4 * (2 * N + LEVELS.reduce((a, b) => a + b, 0)) + 1000,
    log,
    webNodeArgs,
    webEnv: { BENCH_HEAP_DIR: ctx.logDir },
  });
  const { db, llm, serverPid, appUrl } = stack;

  // Candidates 0 … maxC−1 each hold one chat per phase they are in (well under the `chat`
  // policy's 30 turns per person per minute); the last one owns the warm-up interviews.
  // Each candidate is one browser: a cookie jar that every response of theirs updates.
  const cookies = (await signUpCandidates(stack, maxC + 1, log)).map((c) => CookieJar.from(c, appUrl));
  const warmCookie = cookies[maxC];
  const owners = [...cookies.slice(0, N), ...LEVELS.flatMap((c) => cookies.slice(0, c)), ...Array.from({ length: WARMUP }, () => warmCookie)];
  const created = await createPlannedInterviews(ctx, stack, owners, log);
  const holdIvs = created.slice(0, N);
  const ttftIvs: BenchInterview[][] = [];
  let at = N;
  for (const c of LEVELS) {
    ttftIvs.push(created.slice(at, at + c));
    at += c;
  }
  const warmIvs = created.slice(at);

  const chatReq = (iv: BenchInterview): BenchRequest => {
    const [url, init] = startTurn(stack, iv);
    return { url, init, kind: "ui", jar: iv.jar };
  };
  const slow = (chunkDelayMs: number) => llm.control({ mode: "slow", delayMs: 0, chunkDelayMs });

  // Warm-up: loads the routes and JITs all paths; the app's own upstream request becomes both
  // baselines' template, so they send exactly what Panelist sends.
  slow(CHUNK_MS);
  const appRequestsBefore = llm.requests().length;
  const warmChat: StreamResult[] = [];
  for (const iv of warmIvs) {
    const q = chatReq(iv);
    const r = await runStream(q.url, q.init, q.kind);
    if (r.error) throw new Error(`warm-up chat stream failed: ${r.error}`);
    warmChat.push(r);
  }
  // Unloaded reference points, one request at a time: the session check alone, and the
  // interview read (session + the same interview query the chat route makes).
  const timeGet = async (url: string, jar: CookieJar) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const res = await fetch(url, withCookies({ headers: { origin: appUrl } }, jar));
      jar.update(res.headers);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
      times.push(performance.now() - t);
    }
    return median(times);
  };
  const unloadedSession = await timeGet(`${appUrl}/api/auth/get-session`, warmCookie);
  const unloadedInterview = await timeGet(`${appUrl}/api/interviews/${warmIvs[0].id}`, warmCookie);
  const template = upstreamCallsSince(stack, appRequestsBefore)[0];
  if (!template) throw new Error("the app did not call the fake LLM (is LLM_BASE_URL reaching the web?)");
  const templateBody = template.body as { model: string; messages: { role: string; content: unknown }[] };
  const textOf = (role: string) => {
    const content = templateBody.messages.find((m) => m.role === role)?.content;
    return typeof content === "string" ? content : Array.isArray(content) ? content.map((p: { text?: string }) => p.text ?? "").join("") : "";
  };
  const turnPrompts = { system: textOf("system"), prompt: textOf("user") };
  if (!turnPrompts.system || !turnPrompts.prompt) throw new Error("the recorded app request has no system or user message");
  const directReq = (): BenchRequest => ({
    url: `${llm.url}/chat/completions`,
    init: {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer bench", accept: "text/event-stream" },
      body: JSON.stringify(template.body),
    },
    kind: "openai",
  });
  const routeReq = (jar: CookieJar): BenchRequest => ({
    url: `${appUrl}/api/bench/chat-baseline`,
    init: { method: "POST", headers: { ...jsonHeaders(stack, jar), accept: "text/event-stream" }, body: JSON.stringify(turnPrompts) },
    kind: "ui",
    jar,
  });
  // The framework floor streams as many pieces as the model's answer has, as far apart.
  const floorReq = (jar: CookieJar, pieces: number, intervalMs: number): BenchRequest => ({
    url: `${appUrl}/api/bench/stream-floor`,
    init: { method: "POST", headers: { ...jsonHeaders(stack, jar), accept: "text/event-stream" }, body: JSON.stringify({ pieces, intervalMs }) },
    kind: "ui",
    jar,
  });
  const warmDirect: StreamResult[] = [];
  const warmRoute: StreamResult[] = [];
  for (let i = 0; i < WARMUP; i++) {
    warmDirect.push(await send(directReq()));
    const r = await send(routeReq(warmCookie));
    if (r.error) throw new Error(`warm-up baseline-route stream failed: ${r.error}`);
    warmRoute.push(r);
    const f = await send(floorReq(warmCookie, 3, CHUNK_MS));
    if (f.error) throw new Error(`warm-up floor stream failed: ${f.error}`);
  }
  const answerPieces = median(warmDirect.map((r) => r.deltas));
  const lastOf = (rs: StreamResult[]) => median(rs.slice(-Math.max(1, rs.length - 2)).map((r) => r.ttftMs));
  const unloaded = { chat: lastOf(warmChat), direct: lastOf(warmDirect), route: lastOf(warmRoute) };
  log(`warm-up done; app request: model ${templateBody.model}, ${templateBody.messages.length} messages, ${JSON.stringify(templateBody).length} bytes`);

  // Memory phases: the chat route first (its RSS figure is measured on the heap the warm-up
  // left, as in earlier runs), then the baseline route, then the framework floor; each later one
  // partly reuses the RSS an earlier one grew. The heap after a forced GC does not depend on
  // the order.
  slow(HOLD_CHUNK_MS);
  await sleep(2_000);
  const holdChat = await holdPhase(ctx, serverPid, holdIvs.map(chatReq));
  log(
    `memory phase (chat): ${holdChat.openCount}/${N} streams open at once (all open for ${(holdChat.allOpenMs / 1000).toFixed(1)} s), RSS ${fmtMb(holdChat.rssIdle)} → ${fmtMb(holdChat.rssOpen)}, peak ${fmtMb(holdChat.rssPeak)}`,
  );
  await sleep(3_000);
  const holdRoute = await holdPhase(
    ctx,
    serverPid,
    cookies.slice(0, N).map((c) => routeReq(c)),
  );
  log(
    `memory phase (baseline route): ${holdRoute.openCount}/${N} open at once (all open for ${(holdRoute.allOpenMs / 1000).toFixed(1)} s), RSS ${fmtMb(holdRoute.rssIdle)} → ${fmtMb(holdRoute.rssOpen)}, peak ${fmtMb(holdRoute.rssPeak)}`,
  );
  await sleep(3_000);
  const holdFloor = await holdPhase(
    ctx,
    serverPid,
    cookies.slice(0, N).map((c) => floorReq(c, answerPieces, HOLD_CHUNK_MS)),
  );
  log(
    `memory phase (floor): ${holdFloor.openCount}/${N} open at once (all open for ${(holdFloor.allOpenMs / 1000).toFixed(1)} s), RSS ${fmtMb(holdFloor.rssIdle)} → ${fmtMb(holdFloor.rssOpen)}, peak ${fmtMb(holdFloor.rssPeak)}`,
  );
  for (const [name, h] of [
    ["chat", holdChat],
    ["baseline route", holdRoute],
    ["floor", holdFloor],
  ] as const) {
    log(`  ${name}: heap after GC ${fmtMb(h.heapIdle.heapUsed)} → ${h.heapOpen ? fmtMb(h.heapOpen.heapUsed) : "n/a"}, ${fmtKb(heapPerStream(h))} per stream`);
  }

  // Quiet gap: lets PostgreSQL flush the memory phases' statistics (≤ 10 s for idle backends).
  slow(CHUNK_MS);
  await sleep(11_000);
  const rssAfterHold = rssOf(serverPid);
  const xacts = async () => {
    const [row] = await ctx.admin<{ n: string }[]>`
      select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = ${stack.dbName}`;
    return row ? Number(row.n) : Number.NaN;
  };

  // TTFT levels: direct, baseline route, chat route, the same concurrency each.
  const levels: Level[] = [];
  const pg = { maxBusy: 0, maxActive: 0, maxIdleInTx: 0, maxWaitingLock: 0 };
  let xactsPerStream = Number.NaN;
  for (const [li, c] of LEVELS.entries()) {
    const direct = await Promise.all(Array.from({ length: c }, () => directReq()).map((q) => runStream(q.url, q.init, q.kind)));
    await sleep(1_000);
    const routeFrom = llm.requests().length;
    const route = await timedPhase(
      serverPid,
      cookies.slice(0, c).map((k) => routeReq(k)),
    );
    const routeUpstream = upstreamCallsSince(stack, routeFrom).length;
    // At the first level the bench database's transactions are counted around the chat phase alone.
    const first = li === 0;
    if (first) await sleep(11_000);
    const xactsBefore = first ? await xacts() : Number.NaN;
    // Chat route, with PostgreSQL activity sampled alongside.
    let sampling = true;
    const pgSampler = (async () => {
      while (sampling) {
        const [row] = await ctx.admin<{ busy: number; active: number; idletx: number; locked: number }[]>`
          select count(*) filter (where state <> 'idle')::int as busy,
                 count(*) filter (where state = 'active')::int as active,
                 count(*) filter (where state like 'idle in transaction%')::int as idletx,
                 count(*) filter (where wait_event_type = 'Lock')::int as locked
          from pg_stat_activity where datname = ${stack.dbName}`;
        if (first) {
          pg.maxBusy = Math.max(pg.maxBusy, row.busy);
          pg.maxActive = Math.max(pg.maxActive, row.active);
          pg.maxIdleInTx = Math.max(pg.maxIdleInTx, row.idletx);
          pg.maxWaitingLock = Math.max(pg.maxWaitingLock, row.locked);
        }
        await sleep(20);
      }
    })();
    const chatFrom = llm.requests().length;
    const chat = await timedPhase(serverPid, ttftIvs[li].map(chatReq));
    sampling = false;
    await pgSampler;
    assertAlive(ctx);
    if (first) {
      await sleep(10_000);
      xactsPerStream = ((await xacts()) - xactsBefore) / c;
    }
    levels.push({ c, direct, route: { ...route, upstream: routeUpstream }, chat: { ...chat, upstream: upstreamCallsSince(stack, chatFrom) } });
    log(`level ${c}: direct, baseline route and chat route done`);
  }
  const rssEnd = rssOf(serverPid);

  // Verify: real streams, saved messages, usage rows, one upstream call per stream.
  const problems: string[] = [];
  const check = (name: string, results: StreamResult[]) => {
    const bad = results.filter((r) => r.error || r.status !== 200);
    if (bad.length) problems.push(`${name}: ${bad.length}/${results.length} streams failed, e.g. ${bad[0].error}`);
  };
  check("memory phase (chat)", holdChat.results);
  check("memory phase (baseline route)", holdRoute.results);
  check("memory phase (floor)", holdFloor.results);
  if (!holdChat.heapOpen || !holdRoute.heapOpen || !holdFloor.heapOpen) problems.push("a memory phase's streams never all streamed at once: no heap sample");
  const savedFor = async (ivs: BenchInterview[], results: StreamResult[], name: string) => {
    const byId = await savedInterviewerTexts(db, ivs);
    const mismatched = ivs.filter((iv, i) => byId.get(iv.id) !== results[i].text.trim()).length;
    if (byId.size !== ivs.length) problems.push(`${name}: ${byId.size}/${ivs.length} interviewer messages saved`);
    else if (mismatched) problems.push(`${name}: ${mismatched} saved messages differ from the streamed text`);
    return byId.size;
  };
  const savedHold = await savedFor(holdIvs, holdChat.results, "memory phase");
  const savedAt: number[] = [];
  for (const [li, l] of levels.entries()) {
    check(`direct ${l.c}`, l.direct);
    check(`baseline route ${l.c}`, l.route.results);
    check(`chat ${l.c}`, l.chat.results);
    savedAt.push(await savedFor(ttftIvs[li], l.chat.results, `chat ${l.c}`));
    if (l.chat.upstream.length !== l.c) problems.push(`chat ${l.c}: the fake LLM saw ${l.chat.upstream.length} streamed calls, expected ${l.c}`);
    if (l.route.upstream !== l.c) problems.push(`baseline route ${l.c}: the fake LLM saw ${l.route.upstream} streamed calls, expected ${l.c}`);
    const offline = l.chat.results.filter((r) => !/^(Thanks|Understood|Good)/.test(r.text.trim())).length;
    if (offline) problems.push(`chat ${l.c}: ${offline} streams were not the model's words (offline fallback?)`);
  }
  const [usage] = await db<{ ok: number; other: number }[]>`
    select count(*) filter (where outcome = 'ok')::int as ok, count(*) filter (where outcome <> 'ok')::int as other
    from llm_usage where feature = 'interview.chat'`;
  const expectedUsage = N + LEVELS.reduce((a, b) => a + b, 0) + WARMUP;
  if (usage.ok !== expectedUsage) problems.push(`llm_usage interview.chat: ${usage.ok} ok (+${usage.other} failed), expected ${expectedUsage}`);

  // Figures
  const ttft = (rs: StreamResult[]) => p50p99(ok(rs).map((r) => r.ttftMs));
  const fig = levels.map((l) => {
    const direct = ttft(l.direct);
    const route = ttft(l.route.results);
    const chat = ttft(l.chat.results);
    return {
      c: l.c,
      direct,
      route,
      chat,
      routeAdded: [route[0] - direct[0], route[1] - direct[1]] as const,
      chatAdded: [chat[0] - direct[0], chat[1] - direct[1]] as const,
      cpuRoute: l.route.cpuMs / l.c,
      cpuChat: l.chat.cpuMs / l.c,
      busyChat: (100 * l.chat.cpuMs) / l.chat.wallMs,
    };
  });
  const f0 = fig[0];
  const l0 = levels[0];
  const chat0 = ok(l0.chat.results);
  const firstSent = Math.min(...l0.chat.results.map((r) => r.sentAt));
  const upstreamStart = p50p99(l0.chat.upstream.map((q) => q.time - firstSent));
  const ratios = [ratio(f0.chat[0], f0.direct[0]), ratio(f0.chat[1], f0.direct[1])];
  const pieces = median(ok(l0.direct).map((r) => r.deltas));
  const encodings = [...new Set(l0.chat.results.map((r) => r.contentEncoding ?? "identity"))].join(", ");
  const holdTotals = p50p99(ok(holdChat.results).map((r) => r.totalMs));

  const rows: [string, string, string][] = [
    [`baseline TTFT (fake-upstream-direct)`, fmtMs(f0.direct[0]), fmtMs(f0.direct[1])],
    [`baseline-route TTFT (POST /api/bench/chat-baseline)`, fmtMs(f0.route[0]), fmtMs(f0.route[1])],
    [`Panelist TTFT (chat route)`, fmtMs(f0.chat[0]), fmtMs(f0.chat[1])],
    [`added by the baseline route (baseline route − direct)`, fmtMs(f0.routeAdded[0]), fmtMs(f0.routeAdded[1])],
    [`added by Panelist (Panelist − baseline)`, fmtMs(f0.chatAdded[0]), fmtMs(f0.chatAdded[1])],
    [`ratio Panelist / baseline`, ratios[0], ratios[1]],
    [`Panelist: response headers`, ...p50p99(chat0.map((r) => r.headersMs)).map(fmtMs)] as [string, string, string],
    [`Panelist: upstream call starts (after send)`, fmtMs(upstreamStart[0]), fmtMs(upstreamStart[1])],
    [`baseline total stream`, ...p50p99(ok(l0.direct).map((r) => r.totalMs)).map(fmtMs)] as [string, string, string],
    [`Panelist total stream (incl. saving the message)`, ...p50p99(chat0.map((r) => r.totalMs)).map(fmtMs)] as [string, string, string],
  ];
  const meets = (good: boolean) => (good ? "yes" : "no");
  const vsRows: string[][] = [];
  for (const f of fig) {
    vsRows.push([
      `web CPU per turn at ${f.c}`,
      fmtMs(f.cpuChat),
      fmtMs(f.cpuRoute),
      ratio(f.cpuChat, f.cpuRoute),
      f.c === N ? `≤ ${AIM.cpuRatio}×` : "",
      f.c === N ? meets(f.cpuChat / f.cpuRoute <= AIM.cpuRatio) : "",
    ]);
  }
  for (const f of fig) {
    for (const [pi, p] of ["p50", "p99"].entries()) {
      const aimed = f.c === N;
      vsRows.push([
        `added TTFT ${p} at ${f.c} (over fake-upstream-direct)`,
        fmtMs(f.chatAdded[pi]),
        fmtMs(f.routeAdded[pi]),
        ratio(f.chatAdded[pi], f.routeAdded[pi]),
        aimed ? `≤ ${AIM.addedTtftRatio}×` : "",
        aimed ? meets(f.chatAdded[pi] / f.routeAdded[pi] <= AIM.addedTtftRatio) : "",
      ]);
    }
  }
  vsRows.push([
    `memory per open stream (${N} open)`,
    fmtKb(perStream(holdChat)),
    fmtKb(perStream(holdRoute)),
    ratio(perStream(holdChat), perStream(holdRoute)),
    `Panelist ≤ ${fmtKb(AIM.perStreamBytes)}`,
    meets(perStream(holdChat) <= AIM.perStreamBytes),
  ]);
  const levelRows: string[][] = fig
    .filter((f) => f.c !== N)
    .flatMap((f) => [
      [`fake-upstream-direct TTFT at ${f.c}`, fmtMs(f.direct[0]), fmtMs(f.direct[1])],
      [`baseline-route TTFT at ${f.c}`, fmtMs(f.route[0]), fmtMs(f.route[1])],
      [`Panelist TTFT at ${f.c}`, fmtMs(f.chat[0]), fmtMs(f.chat[1])],
    ]);
  const memHeader = [
    `${N} streams open at once`,
    "RSS per stream",
    "JS heap per stream (after GC)",
    "external per stream",
    "RSS − heap − external",
    "RSS / floor",
    "heap / floor",
  ];
  const memStreamRows: string[][] = [
    ["framework floor (POST /api/bench/stream-floor)", holdFloor],
    ["baseline route (POST /api/bench/chat-baseline)", holdRoute],
    ["Panelist (chat route)", holdChat],
  ].map(([name, h]) => {
    const hold = h as Hold;
    return [
      name as string,
      fmtKb(perStream(hold)),
      fmtKb(heapPerStream(hold)),
      fmtKb(externalPerStream(hold)),
      fmtKb(perStream(hold) - heapPerStream(hold) - externalPerStream(hold)),
      ratio(perStream(hold), perStream(holdFloor)),
      ratio(heapPerStream(hold), heapPerStream(holdFloor)),
    ];
  });
  const memRows: [string, string][] = [
    [`next-server RSS idle (after warm-up)`, fmtMb(holdChat.rssIdle)],
    [
      `next-server RSS with ${holdChat.openCount === N ? `all ${N}` : `${holdChat.openCount} (not all ${N})`} chat streams open (median of ${holdChat.sampleCount} samples)`,
      fmtMb(holdChat.rssOpen),
    ],
    [`memory per open chat stream ((open − idle) / ${holdChat.openCount})`, fmtKb(perStream(holdChat))],
    [`next-server RSS peak during the chat memory phase`, fmtMb(holdChat.rssPeak)],
    [
      `baseline route: RSS before → with ${holdRoute.openCount === N ? `all ${N}` : `${holdRoute.openCount} (not all ${N})`} open; per open stream`,
      `${fmtMb(holdRoute.rssIdle)} → ${fmtMb(holdRoute.rssOpen)}; ${fmtKb(perStream(holdRoute))}`,
    ],
    [
      `framework floor: RSS before → with ${holdFloor.openCount === N ? `all ${N}` : `${holdFloor.openCount} (not all ${N})`} open; per open stream`,
      `${fmtMb(holdFloor.rssIdle)} → ${fmtMb(holdFloor.rssOpen)}; ${fmtKb(perStream(holdFloor))}`,
    ],
    [
      `JS heap after GC before the phases (chat / baseline route / floor)`,
      `${fmtMb(holdChat.heapIdle.heapUsed)} / ${fmtMb(holdRoute.heapIdle.heapUsed)} / ${fmtMb(holdFloor.heapIdle.heapUsed)}`,
    ],
    [`next-server RSS after the memory phases (+11 s / end of run)`, `${fmtMb(rssAfterHold)} / ${fmtMb(rssEnd)}`],
  ];
  const extraRows: [string, string][] = [
    [`text pieces per answer (median)`, String(pieces)],
    [`memory-phase chat streams: total time p50 / p99`, `${fmtMs(holdTotals[0])} / ${fmtMs(holdTotals[1])}`],
    [`next-server CPU time per chat stream at ${N}; busy share of the phase`, `${fmtMs(f0.cpuChat)}; ${f0.busyChat.toFixed(0)} % of one core`],
    [
      `PostgreSQL: max non-idle backends on the bench database (web pool ${process.env.PANELIST_PG_POOL_MAX ?? 10} + worker): active / idle in transaction`,
      `${pg.maxBusy}: ${pg.maxActive} / ${pg.maxIdleInTx}`,
    ],
    [`PostgreSQL: max backends waiting on a lock`, String(pg.maxWaitingLock)],
    [`PostgreSQL: transactions per chat stream at ${N} (≈, incl. the worker's relay polling)`, xactsPerStream.toFixed(1)],
    [
      `unloaded, one at a time (warm-up, median): TTFT direct / baseline route / Panelist`,
      `${fmtMs(unloaded.direct)} / ${fmtMs(unloaded.route)} / ${fmtMs(unloaded.chat)}`,
    ],
    [`unloaded, one at a time: GET /api/auth/get-session / GET /api/interviews/{id}`, `${fmtMs(unloadedSession)} / ${fmtMs(unloadedInterview)}`],
    [`chat response content-encoding`, encodings],
    [`responses that set cookies (all candidates' jars; sign-up not counted)`, String(cookies.reduce((n, j) => n + j.updates, 0))],
    [
      `chat streams OK / saved (${levels.map((l) => l.c).join(", ")}, memory phase)`,
      [...levels.map((l, i) => `${ok(l.chat.results).length}/${l.c}, ${savedAt[i]}/${l.c}`), `${ok(holdChat.results).length}/${N}, ${savedHold}/${N}`].join(
        "; ",
      ),
    ],
  ];
  const fh = fig.at(-1)!;
  const summary =
    `${N} concurrent chat streams: Panelist adds ${fmtMs(f0.chatAdded[0])} p50 / ${fmtMs(f0.chatAdded[1])} p99 to the fake upstream's TTFT ` +
    `(${fmtMs(f0.direct[0])} / ${fmtMs(f0.direct[1])} → ${fmtMs(f0.chat[0])} / ${fmtMs(f0.chat[1])}, ${ratios[0]} / ${ratios[1]} the baseline), ` +
    `${ratio(f0.chatAdded[0], f0.routeAdded[0])} / ${ratio(f0.chatAdded[1], f0.routeAdded[1])} what the baseline route adds; ` +
    `${fmtMs(f0.cpuChat)} of next-server CPU per turn (${ratio(f0.cpuChat, f0.cpuRoute)} the baseline route's) and ${fmtKb(perStream(holdChat))} of its RSS per open stream ` +
    `(${fmtKb(heapPerStream(holdChat))} of JS heap after GC), against a framework floor of ${fmtKb(perStream(holdFloor))} RSS / ${fmtKb(heapPerStream(holdFloor))} heap ` +
    `(${ratio(perStream(holdChat), perStream(holdFloor))} / ${ratio(heapPerStream(holdChat), heapPerStream(holdFloor))})` +
    (fh.c !== N
      ? `; at ${fh.c}: adds ${fmtMs(fh.chatAdded[0])} p50 / ${fmtMs(fh.chatAdded[1])} p99 (${ratio(fh.chatAdded[0], fh.routeAdded[0])} / ${ratio(fh.chatAdded[1], fh.routeAdded[1])} the baseline route's).`
      : ".");
  const floorRss = perStream(holdFloor);
  const ownRss = perStream(holdChat) - floorRss;
  const verdict =
    `**The floor.** One open stream of the bare route — the door and a \`ReadableStream\` written by hand — costs ${fmtKb(floorRss)} of RSS ` +
    `(${fmtKb(heapPerStream(holdFloor))} of it JS heap that survives a GC, ${fmtKb(externalPerStream(holdFloor))} external). ` +
    `Panelist's chat stream costs ${fmtKb(perStream(holdChat))} (${fmtKb(heapPerStream(holdChat))} heap), ${fmtKb(ownRss)} of RSS and ` +
    `${fmtKb(heapPerStream(holdChat) - heapPerStream(holdFloor))} of heap above the floor; the AI SDK baseline route ${fmtKb(perStream(holdRoute))} ` +
    `(${fmtKb(heapPerStream(holdRoute))} heap). ` +
    `Of the floor's RSS, ${fmtKb(floorRss - heapPerStream(holdFloor) - externalPerStream(holdFloor))} is neither reachable heap nor external memory: ` +
    `the connection's native state and the pages V8 and malloc hold between collections — what a route handler of Next ${nextVersion()} ` +
    `on Node ${process.versions.node} costs before any code of the route's own. ` +
    (floorRss >= AIM.perStreamBytes
      ? `The floor alone is above the ${fmtKb(AIM.perStreamBytes)} aim: on this stack no turn code reaches it; the turn's own share is what Panelist can still cut.`
      : `The floor leaves ${fmtKb(AIM.perStreamBytes - floorRss)} per stream for the turn under the ${fmtKb(AIM.perStreamBytes)} aim; Panelist ${perStream(holdChat) <= AIM.perStreamBytes ? "is within it" : `uses ${fmtKb(ownRss)}`}.`);
  const vsHeader = ["Panelist vs baseline route", "Panelist", "baseline route", "ratio", "aim", "meets"];

  console.log(`\n${consoleTable([`time to first token, ${N} concurrent, ${CHUNK_MS} ms per piece`, "p50", "p99"], rows)}`);
  if (levelRows.length) console.log(`\n${consoleTable([`time to first token, higher concurrency`, "p50", "p99"], levelRows)}`);
  console.log(`\n${consoleTable(vsHeader, vsRows)}`);
  console.log(`\n${consoleTable(memHeader, memStreamRows)}`);
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
      `at 200 and 500 concurrent chat streams, web CPU per turn and memory per open stream (RSS and JS heap after GC), against a baseline route (session + \`streamText\`) and a framework floor (session + a bare stream) |`,
    body: () =>
      docsBody({
        tables: [
          markdownTable(["time to first token", "p50", "p99"], rows),
          ...(levelRows.length ? [markdownTable(["time to first token, higher concurrency", "p50", "p99"], levelRows)] : []),
          markdownTable(vsHeader, vsRows),
          markdownTable(memHeader, memStreamRows),
          markdownTable(["memory", "value"], memRows),
          markdownTable(["other", "value"], extraRows),
        ],
        summary,
        verdict,
        seconds: (Date.now() - started) / 1000,
        model: templateBody.model,
        loadStart,
        pieces,
      }),
  });
}

// ---------------------------------------------------------------------------------------------
// docs/benchmarks.md: this benchmark owns the part between its markers (bench/lib/docs.ts).

/** Markdown of the "Interview chat streams" section of docs/benchmarks.md, from its heading on. */
function docsBody(d: { tables: string[]; summary: string; verdict: string; seconds: number; model: string; loadStart: number; pieces: number }): string {
  return `## Interview chat streams

\`npx tsx ${SCRIPT}\` — ${LEVELS.join(", then ")} candidates each open \`POST /api/interviews/{id}/chat\`
\`{action: "start"}\` at the same moment, against the production build (\`next start\`) plus one
worker, with \`LLM_BASE_URL\` pointing at the in-process fake OpenAI server
(\`scripts/fake-llm/server.ts\`, mode \`slow\`: no delay before the answer, ${CHUNK_MS} ms between
pieces, ${d.pieces} pieces per answer).

- **TTFT** = request sent → first non-empty \`text-delta\` of the UI message stream.
- **Baseline \`fake-upstream-direct\`**: the same client sends the request the app sends (body copied
  from a recorded app request: ${d.model}, system + turn prompt, \`stream: true\`) straight to the
  fake server's \`/v1/chat/completions\`, as many at once, just before the routes' phases → first
  non-empty \`delta.content\`. Added = route − this baseline at the same percentile.
- **Baseline \`baseline-route\`**: \`POST /api/bench/chat-baseline\` in the same server (only with
  \`PANELIST_BENCH_ROUTES=1\`, otherwise 404) with the recorded turn's system and user prompt: the
  chat route's door (\`route()\`: origin, session, \`interview:chat\`, the \`chat\` request limits,
  JSON body), then AI SDK \`streamText\` to the same model as a UI message stream — no database,
  no turn lock, no governor or meter. Panelist / baseline-route is what the turn's own work costs;
  the aims: web CPU per turn ≤ ${AIM.cpuRatio}× and added TTFT at ${N} ≤ ${AIM.addedTtftRatio}× the baseline route's, ≤ ${fmtKb(AIM.perStreamBytes)} per open stream.
- **Web CPU per turn** = CPU time of the \`next-server\` process (utime + stime of \`/proc/<pid>/stat\`)
  from a phase's first request to 1 s after its last stream ended, / turns.
- **Baseline \`framework floor\`**: \`POST /api/bench/stream-floor\` (same gate, same door), then a
  plain \`ReadableStream\` the handler writes itself — the first piece at once, then one every
  ${HOLD_CHUNK_MS} ms, ${d.pieces} in all, in the UI message stream's shape: no AI SDK, no upstream request, no
  database. What one open stream costs Next and Node, the least any route here can cost.
- **Memory per open stream** = (RSS of \`next-server\` with all ${N} streams open − its RSS just
  before) / ${N}, from \`/proc/<pid>/status\`; in those phases the fake server sends a piece every
  ${HOLD_CHUNK_MS} ms so every stream stays open ~${Math.round((HOLD_CHUNK_MS * d.pieces) / 1000)} s. The chat route's phase runs first, on the heap
  the warm-up left; the baseline route's and the floor's after it, on a heap the earlier phases
  grew, which they partly reuse — their RSS figures are lower bounds, Panelist's ratios to them
  upper bounds. **JS heap per open stream** is read inside the web (\`bench/lib/heap-probe.mjs\`,
  preloaded with \`--import\`; SIGUSR2 → two full GCs → \`process.memoryUsage()\`), just before
  each phase and once 1 s after all ${N} streams stream: only what the open streams keep reachable,
  independent of the phases' order; \`external\` likewise (Buffers, ArrayBuffers). RSS − heap −
  external is what lives outside V8's view: sockets' and HTTP parsers' native memory, malloc's
  and V8's free-but-kept pages.
- **Cookies like a browser**: each candidate has a cookie jar (\`tests/helpers/cookie-jar.ts\`) that
  sends what it holds and takes every response's \`Set-Cookie\` (expiry by \`Max-Age\` /
  \`Expires\`), so better-auth's session cookie cache (\`session_data\`,
  \`AUTH_SESSION_CACHE_SECONDS\`, default 60 s) is used while it lives and lapses as it does for
  a person (the API routes read the session without refreshing that cookie).
- The bench is one client address (127.0.0.1): the web runs with the \`chat\` policy's per-address
  limit raised (still counted on every turn); the per-person limits keep their defaults, and the
  turns are spread over ${Math.max(...LEVELS)} candidates.
- Valid only if every stream answered 200 with text, each interview got its interviewer message
  saved with exactly the streamed text, each chat call wrote an \`interview.chat\` usage row with
  outcome ok, and the fake server saw one call per stream (the script says NOT VALID otherwise
  and does not touch this file).

Knobs: \`BENCH_STREAMS\` (${N}), \`BENCH_STREAMS_HIGH\` (${H}; 0 skips it), \`BENCH_CHUNK_DELAY_MS\`,
\`BENCH_HOLD_CHUNK_DELAY_MS\`, \`BENCH_WARMUP\`, \`BENCH_REBUILD\` (1 always / 0 only when missing),
\`BENCH_KEEP=1\`, \`BENCH_WRITE_DOCS\`, \`BENCH_WEB_NODE_ARGS\` (node flags for the web only, e.g.
\`--cpu-prof --cpu-prof-dir=/tmp/prof\`); \`PANELIST_PG_POOL_MAX\` passes through to web and worker.
Only a run with default settings rewrites this section.

### Latest run

${machineLine({ loadStart: d.loadStart, seconds: d.seconds, command: knobs.commandLine(SCRIPT, COMMAND_ENV) })}

${d.tables.join("\n\n")}

${d.verdict}

**${d.summary}**`;
}

await runChatBench({ keep: KEEP, log }, main);
