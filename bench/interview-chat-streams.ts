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
 * Web CPU per turn = CPU time (utime + stime, /proc/<pid>/stat) of the `next-server` process
 * from a phase's first request to 1 s after its last stream ended, / turns. Memory per open stream
 * = (RSS of `next-server` with all N streams open − RSS just before) / N, /proc/<pid>/status.
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
 *             per answer) so all N streams are open at once; RSS sampled every 100 ms; first N
 *             chat streams, then N baseline-route streams.
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
 * --cpu-prof-dir=/tmp/p`), BENCH_WRITE_DOCS (1 = always, 0 = never; default: only with default
 * settings) — the figures go into the "Interview chat streams" section of docs/benchmarks.md.
 * PANELIST_PG_POOL_MAX and REDIS_URL pass through to web and worker. No timing assertions: this
 * prints, it never fails on a figure — it fails only when a stream is not real (error, missing
 * text, message not saved).
 */
import os from "node:os";
import type { RecordedRequest } from "@/scripts/fake-llm/server";
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
import { machineLine, recordRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { cpuMsOf, rssOf } from "./lib/next-server";
import { consoleTable, fmtMs, markdownTable, percentile, ratio } from "./lib/stats";
import { runStream, type StreamResult, type Tracker } from "./lib/ui-stream";

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
const NON_DEFAULT = ["PANELIST_PG_POOL_MAX", "BENCH_WEB_NODE_ARGS"];
/** Settings shown in the docs' command line, after the knobs. */
const COMMAND_ENV = ["BENCH_REBUILD", "BENCH_KEEP", "BENCH_WRITE_DOCS", "BENCH_WEB_NODE_ARGS", "PANELIST_PG_POOL_MAX"];
const KEEP = process.env.BENCH_KEEP === "1";

/** The aims printed next to the ratios (docs/benchmarks.md, "Interview chat streams"). */
const AIM = { cpuRatio: 1.5, addedTtftRatio: 1.5, perStreamBytes: 150 * 1024 };

// ---------------------------------------------------------------------------------------------
// Small helpers

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const median = (v: number[]) => percentile(v, 50);
const p50p99 = (v: number[]): [number, number] => [percentile(v, 50), percentile(v, 99)];

const MB = 1024 * 1024;
const fmtMb = (b: number) => `${(b / MB).toFixed(1)} MB`;
const fmtKb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
const ok = (rs: StreamResult[]) => rs.filter((r) => !r.error);

/** A request of one of the three clients: its URL, init and stream kind. */
type BenchRequest = { url: string; init: RequestInit; kind: "ui" | "openai" };

/** One phase's streams, all sent at once, with the web's CPU time from the first send to 1 s after the last end. */
async function timedPhase(serverPid: number, reqs: BenchRequest[]): Promise<{ results: StreamResult[]; cpuMs: number; wallMs: number }> {
  const cpu0 = cpuMsOf(serverPid);
  const t0 = performance.now();
  const results = await Promise.all(reqs.map((q) => runStream(q.url, q.init, q.kind)));
  const wallMs = performance.now() - t0;
  // Work a turn does after its stream ended (the usage row) is the turn's too.
  await sleep(1_000);
  return { results, cpuMs: cpuMsOf(serverPid) - cpu0, wallMs };
}

/** What a memory phase measured. */
type Hold = { results: StreamResult[]; rssIdle: number; rssOpen: number; openCount: number; rssPeak: number; allOpenMs: number; sampleCount: number };

/** N streams held open at once (the fake server must be slow by then), the web's RSS sampled every 100 ms. */
async function holdPhase(ctx: ChatStackCtx, serverPid: number, reqs: BenchRequest[]): Promise<Hold> {
  const idleSamples: number[] = [];
  for (let i = 0; i < 5; i++) {
    idleSamples.push(rssOf(serverPid));
    await sleep(200);
  }
  const tracker: Tracker = { open: 0, streaming: 0, done: 0 };
  const samples: { t: number; rss: number; streaming: number }[] = [];
  const t0 = performance.now();
  const sampler = setInterval(() => {
    try {
      samples.push({ t: performance.now() - t0, rss: rssOf(serverPid), streaming: tracker.streaming });
    } catch {
      /* process gone: reported by assertAlive */
    }
  }, 100);
  const results = await Promise.all(reqs.map((q) => runStream(q.url, q.init, q.kind, tracker)));
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
  };
}

const perStream = (h: Hold) => (h.rssOpen - h.rssIdle) / Math.max(1, h.openCount);

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
  const webNodeArgs = (process.env.BENCH_WEB_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const stack = await startChatStack(ctx, { tag: "chat", maxRecorded: 4 * (2 * N + LEVELS.reduce((a, b) => a + b, 0)) + 1000, log, webNodeArgs });
  const { db, llm, serverPid, appUrl } = stack;

  // Candidates 0 … maxC−1 each hold one chat per phase they are in (well under the `chat`
  // policy's 30 turns per person per minute); the last one owns the warm-up interviews.
  const cookies = await signUpCandidates(stack, maxC + 1, log);
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
    return { url, init, kind: "ui" };
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
  const timeGet = async (url: string, cookie: string) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const res = await fetch(url, { headers: { cookie, origin: appUrl } });
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
  const routeReq = (cookie: string): BenchRequest => ({
    url: `${appUrl}/api/bench/chat-baseline`,
    init: { method: "POST", headers: { ...jsonHeaders(stack, cookie), accept: "text/event-stream" }, body: JSON.stringify(turnPrompts) },
    kind: "ui",
  });
  const warmDirect: StreamResult[] = [];
  const warmRoute: StreamResult[] = [];
  for (let i = 0; i < WARMUP; i++) {
    const d = directReq();
    warmDirect.push(await runStream(d.url, d.init, d.kind));
    const b = routeReq(warmCookie);
    const r = await runStream(b.url, b.init, b.kind);
    if (r.error) throw new Error(`warm-up baseline-route stream failed: ${r.error}`);
    warmRoute.push(r);
  }
  const lastOf = (rs: StreamResult[]) => median(rs.slice(-Math.max(1, rs.length - 2)).map((r) => r.ttftMs));
  const unloaded = { chat: lastOf(warmChat), direct: lastOf(warmDirect), route: lastOf(warmRoute) };
  log(`warm-up done; app request: model ${templateBody.model}, ${templateBody.messages.length} messages, ${JSON.stringify(templateBody).length} bytes`);

  // Memory phases: the chat route first (its figure is measured on the heap the warm-up left,
  // as in earlier runs), then the baseline route.
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
    `${fmtMs(f0.cpuChat)} of next-server CPU per turn (${ratio(f0.cpuChat, f0.cpuRoute)} the baseline route's) and ${fmtKb(perStream(holdChat))} of its RSS per open stream` +
    (fh.c !== N
      ? `; at ${fh.c}: adds ${fmtMs(fh.chatAdded[0])} p50 / ${fmtMs(fh.chatAdded[1])} p99 (${ratio(fh.chatAdded[0], fh.routeAdded[0])} / ${ratio(fh.chatAdded[1], fh.routeAdded[1])} the baseline route's).`
      : ".");
  const vsHeader = ["Panelist vs baseline route", "Panelist", "baseline route", "ratio", "aim", "meets"];

  console.log(`\n${consoleTable([`time to first token, ${N} concurrent, ${CHUNK_MS} ms per piece`, "p50", "p99"], rows)}`);
  if (levelRows.length) console.log(`\n${consoleTable([`time to first token, higher concurrency`, "p50", "p99"], levelRows)}`);
  console.log(`\n${consoleTable(vsHeader, vsRows)}`);
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
      `at 200 and 500 concurrent chat streams, web CPU per turn and memory per open stream, against a baseline route (session + \`streamText\`) |`,
    body: () =>
      docsBody({
        tables: [
          markdownTable(["time to first token", "p50", "p99"], rows),
          ...(levelRows.length ? [markdownTable(["time to first token, higher concurrency", "p50", "p99"], levelRows)] : []),
          markdownTable(vsHeader, vsRows),
          markdownTable(["memory", "value"], memRows),
          markdownTable(["other", "value"], extraRows),
        ],
        summary,
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
function docsBody(d: { tables: string[]; summary: string; seconds: number; model: string; loadStart: number; pieces: number }): string {
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
- **Memory per open stream** = (RSS of \`next-server\` with all ${N} streams open − its RSS just
  before) / ${N}, from \`/proc/<pid>/status\`; in those phases the fake server sends a piece every
  ${HOLD_CHUNK_MS} ms so every stream stays open ~${Math.round((HOLD_CHUNK_MS * d.pieces) / 1000)} s. The chat route's phase runs first, on the heap
  the warm-up left; the baseline route's right after, on a heap the chat phase has grown, which
  it partly reuses — its figure is a lower bound, the ratio an upper bound. The JS heap is not
  sampled (not readable from outside the process).
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

**${d.summary}**`;
}

await runChatBench({ keep: KEEP, log }, main);
