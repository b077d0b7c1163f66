/**
 * Benchmark: 2,000 interview chat streams held open at once against a slow fake upstream.
 *
 *   npx tsx bench/interview-chat-2000.ts
 *
 * Every candidate opens `POST /api/interviews/{id}/chat {action: "start"}` at the same moment
 * while the fake server sends one piece every BENCH_HOLD_CHUNK_DELAY_MS (2 500 ms, so each
 * answer stays open ~28 s; a chat call may stream 60 s at most, lib/interview/session). How many
 * were open at once is a figure, not a validity check: when the web needs longer to start them
 * all than an answer lasts, the first end before the last begin, and the bench says so. Valid only if every stream answered 200 with the model's text (none
 * refused, none cut), every interviewer message was saved with exactly the streamed text, and
 * every call wrote an `interview.chat` usage row with outcome ok.
 *
 * Reports, against the same web idle just before (the named baseline **idle**):
 * - RSS of `next-server` (/proc/<pid>/status): idle, with all streams open, peak; per open stream;
 * - the web's event-loop delay, measured inside it: bench/lib/event-loop-monitor.mjs, preloaded
 *   with `--import`, appends each second's `monitorEventLoopDelay` p50 / p99 / max; the hold's
 *   figure is the median of the windows' p50 and the largest window p99 and max while all
 *   streams were open;
 * - the latency of a tiny probe, `GET /api/bench/noop` (a 405 answered by the route module: no
 *   session, no database, no Redis), one at a time every BENCH_PROBE_MS (250 ms) — what any
 *   other request waits behind the streams;
 * - how many streams were open at once and for how long, the turns' response-header time, TTFT
 *   and total time, the web's CPU share, its open file descriptors against its limit, and the
 *   PostgreSQL backends busy on the bench database.
 *
 * Stack (bench/lib/chat-stack.ts): a database of its own, a fresh Redis prefix, the fake LLM
 * in-process, `next start` (built when stale) and one worker, removed at the end. Candidates:
 * one per 20 streams (the `interview_create` policy's 20 interviews per person per hour; the
 * `chat` policy allows 30 turns per person per minute; its per-address limit is raised in the
 * web, the bench being one address). File descriptors: Node raises its soft
 * RLIMIT_NOFILE to the hard limit at start-up; the bench checks the web's limit holds two per
 * stream (client + upstream socket) and stops before the hold when it does not.
 *
 * Knobs (environment): BENCH_STREAMS (2000), BENCH_HOLD_CHUNK_DELAY_MS (2500), BENCH_PROBE_MS
 * (250), BENCH_WARMUP (3), BENCH_REBUILD, BENCH_KEEP=1, BENCH_WRITE_DOCS (1 always, 0 never;
 * default: only with default settings) — the figures go into the "Interview chat: 2,000 open
 * streams" section of docs/benchmarks.md. PANELIST_PG_POOL_MAX passes through to web and worker.
 * No timing assertions: this prints; it fails only when a stream is not real.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  assertAlive,
  type ChatStackCtx,
  createPlannedInterviews,
  runChatBench,
  savedInterviewerTexts,
  signUpCandidates,
  startChatStack,
  startTurn,
} from "./lib/chat-stack";
import { machineLine, ROOT, recordRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { cpuMsOf, rssOf } from "./lib/next-server";
import { consoleTable, fmtMs, markdownTable, percentile, ratio } from "./lib/stats";
import { runStream, type StreamResult, type Tracker } from "./lib/ui-stream";

const SCRIPT = "bench/interview-chat-2000.ts";
const SECTION = "interview-chat-2000";
const knobs = new Knobs({ BENCH_STREAMS: 2000, BENCH_HOLD_CHUNK_DELAY_MS: 2500, BENCH_PROBE_MS: 250, BENCH_WARMUP: 3 });
const S = knobs.get("BENCH_STREAMS");
const HOLD_CHUNK_MS = knobs.get("BENCH_HOLD_CHUNK_DELAY_MS");
const PROBE_MS = knobs.get("BENCH_PROBE_MS");
const WARMUP = knobs.get("BENCH_WARMUP");
const NON_DEFAULT = ["PANELIST_PG_POOL_MAX"];
const COMMAND_ENV = ["BENCH_REBUILD", "BENCH_KEEP", "BENCH_WRITE_DOCS", "PANELIST_PG_POOL_MAX"];
const KEEP = process.env.BENCH_KEEP === "1";
const MONITOR = path.join(ROOT, "bench/lib/event-loop-monitor.mjs");
/**
 * Streams per candidate: the `interview_create` policy's default of 20 new interviews per person
 * per hour (lib/ratelimit/policies.ts), well under the `chat` policy's 30 turns per person per minute.
 */
const PER_CANDIDATE = 20;
/** Memory per open stream the chat aims at (docs/benchmarks.md, "Interview chat streams"). */
const AIM_PER_STREAM_BYTES = 150 * 1024;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const median = (v: number[]) => percentile(v, 50);
const p50p99 = (v: number[]) => `${fmtMs(percentile(v, 50))} / ${fmtMs(percentile(v, 99))}`;
const fmtMb = (b: number) => `${(b / (1024 * 1024)).toFixed(1)} MB`;
const fmtKb = (b: number) => `${(b / 1024).toFixed(0)} KB`;

type EldWindow = { t: number; p50: number; p99: number; max: number; mean: number; n: number };

/** The event-loop windows the monitor wrote for `pid` (none when it did not run in that process). */
function eldWindows(dir: string, pid: number): EldWindow[] {
  const file = path.join(dir, `${pid}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as EldWindow);
}

/** Median window p50, largest window p99 and max of `ws`, ms. */
function eldSummary(ws: EldWindow[]): { p50: number; p99: number; max: number } {
  const largest = (v: number[]) => (v.length ? Math.max(...v) : Number.NaN);
  return { p50: median(ws.map((w) => w.p50)), p99: largest(ws.map((w) => w.p99)), max: largest(ws.map((w) => w.max)) };
}

/** Soft "Max open files" of a process (/proc/<pid>/limits, proc(5)). */
function openFilesLimit(pid: number): number {
  const m = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync(`/proc/${pid}/limits`, "utf8"));
  return !m || m[1] === "unlimited" ? Number.POSITIVE_INFINITY : Number(m[1]);
}

const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

/** Sequential probes of `url` every `everyMs` until `stop()`; each sample's send time and latency, ms. */
function startProbe(url: string, everyMs: number): { stop: () => Promise<{ at: number; ms: number }[]> } {
  const samples: { at: number; ms: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
        samples.push({ at: t, ms: performance.now() - t });
      } catch {
        samples.push({ at: t, ms: Number.NaN });
      }
      await sleep(Math.max(0, everyMs - (performance.now() - t)));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
}

async function main(ctx: ChatStackCtx): Promise<void> {
  const started = Date.now();
  const loadStart = os.loadavg()[0];
  log(`${S} streams held open, ${HOLD_CHUNK_MS} ms per piece, probe every ${PROBE_MS} ms`);
  const stack = await startChatStack(ctx, {
    tag: "chat2k",
    maxRecorded: 3 * S + 1000,
    log,
    webNodeArgs: ["--import", MONITOR],
    webEnv: { BENCH_ELD_DIR: ctx.logDir },
  });
  const { db, llm, serverPid, appUrl } = stack;
  const fdLimit = openFilesLimit(serverPid);
  if (fdLimit < 2 * S + 500) throw new Error(`the web may open ${fdLimit} files; ${S} streams need about ${2 * S + 500} (raise the hard limit: ulimit -Hn)`);

  // Each candidate holds PER_CANDIDATE of the streams: at the per-person limits' defaults.
  const candidates = Math.ceil(S / PER_CANDIDATE);
  const cookies = await signUpCandidates(stack, candidates + 1, log);
  const owners = Array.from({ length: S }, (_, i) => cookies[i % candidates]);
  const created = await createPlannedInterviews(ctx, stack, [...owners, ...Array.from({ length: WARMUP }, () => cookies[candidates])], log);
  const ivs = created.slice(0, S);

  llm.control({ mode: "slow", delayMs: 0, chunkDelayMs: 50 });
  for (const iv of created.slice(S)) {
    const r = await runStream(...startTurn(stack, iv), "ui");
    if (r.error) throw new Error(`warm-up chat stream failed: ${r.error}`);
  }
  const probeUrl = `${appUrl}/api/bench/noop`;
  const probeStatus = (await fetch(probeUrl)).status;
  if (probeStatus !== 405) throw new Error(`GET /api/bench/noop answered ${probeStatus}, expected 405`);

  // Idle baseline: the same probe and monitor with nothing else going on.
  llm.control({ mode: "slow", delayMs: 0, chunkDelayMs: HOLD_CHUNK_MS });
  await sleep(2_000);
  const idleFrom = Date.now();
  const idleProbe = startProbe(probeUrl, PROBE_MS);
  const idleRss: number[] = [];
  for (let i = 0; i < 25; i++) {
    idleRss.push(rssOf(serverPid));
    await sleep(200);
  }
  const idleProbes = await idleProbe.stop();
  const idleUntil = Date.now();
  const rssIdle = median(idleRss);
  const fdsIdle = openFiles(serverPid);

  // The hold.
  const tracker: Tracker = { open: 0, streaming: 0, done: 0 };
  const samples: { t: number; epoch: number; rss: number; streaming: number; fds: number }[] = [];
  let maxBusy = 0;
  let sampling = true;
  const pgSampler = (async () => {
    while (sampling) {
      const [row] = await ctx.admin<{ busy: number }[]>`
        select count(*) filter (where state <> 'idle')::int as busy from pg_stat_activity where datname = ${stack.dbName}`;
      maxBusy = Math.max(maxBusy, row.busy);
      await sleep(100);
    }
  })();
  const t0 = performance.now();
  const cpu0 = cpuMsOf(serverPid);
  const sampler = setInterval(() => {
    try {
      samples.push({ t: performance.now() - t0, epoch: Date.now(), rss: rssOf(serverPid), streaming: tracker.streaming, fds: openFiles(serverPid) });
    } catch {
      /* process gone: reported by assertAlive */
    }
  }, 100);
  const holdProbe = startProbe(probeUrl, PROBE_MS);
  const results: StreamResult[] = await Promise.all(ivs.map((iv) => runStream(...startTurn(stack, iv), "ui", tracker)));
  const holdMs = performance.now() - t0;
  const cpuMs = cpuMsOf(serverPid) - cpu0;
  clearInterval(sampler);
  const probes = await holdProbe.stop();
  sampling = false;
  await pgSampler;
  assertAlive(ctx);

  const maxStreaming = Math.max(0, ...samples.map((s) => s.streaming));
  const allOpen = samples.filter((s) => s.streaming === S);
  const openSamples = allOpen.length ? allOpen : samples.filter((s) => s.streaming === maxStreaming);
  const rssOpen = median(openSamples.map((s) => s.rss));
  const openCount = openSamples[0]?.streaming ?? 0;
  const perStream = (rssOpen - rssIdle) / Math.max(1, openCount);
  const rssPeak = Math.max(...samples.map((s) => s.rss));
  const fdsPeak = Math.max(...samples.map((s) => s.fds));
  const openFrom = openSamples[0]?.epoch ?? Number.NaN;
  const openUntil = openSamples.at(-1)?.epoch ?? Number.NaN;
  const allOpenMs = allOpen.length ? allOpen[allOpen.length - 1].t - allOpen[0].t : 0;
  log(
    `hold: ${maxStreaming}/${S} open at once (all open for ${(allOpenMs / 1000).toFixed(1)} s), RSS ${fmtMb(rssIdle)} → ${fmtMb(rssOpen)}, peak ${fmtMb(rssPeak)}`,
  );

  // The monitor's last window is written up to 1 s later.
  await sleep(1_500);
  const windows = eldWindows(ctx.logDir, serverPid);
  const eldIdle = eldSummary(windows.filter((w) => w.t > idleFrom + 1000 && w.t <= idleUntil));
  const eldHold = eldSummary(windows.filter((w) => w.t > openFrom + 1000 && w.t <= openUntil));
  const eldWhole = eldSummary(windows.filter((w) => w.t > idleUntil && w.t <= idleUntil + holdMs + 1000));
  const perfStart = performance.timeOrigin;
  const probesOpen = probes.filter((p) => perfStart + p.at >= openFrom && perfStart + p.at <= openUntil).map((p) => p.ms);
  const probesAll = probes.map((p) => p.ms);
  const probesIdle = idleProbes.map((p) => p.ms);

  // Verify.
  const problems: string[] = [];
  const bad = results.filter((r) => r.error || r.status !== 200);
  const statuses = new Map<number, number>();
  for (const r of bad) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  if (bad.length) problems.push(`${bad.length}/${S} streams failed (${[...statuses].map(([s, n]) => `${n}× HTTP ${s}`).join(", ")}), e.g. ${bad[0].error}`);
  const offline = results.filter((r) => !r.error && !/^(Thanks|Understood|Good)/.test(r.text.trim())).length;
  if (offline) problems.push(`${offline} streams were not the model's words (offline fallback?)`);
  const saved = await savedInterviewerTexts(db, ivs);
  const mismatched = ivs.filter((iv, i) => saved.get(iv.id) !== results[i].text.trim()).length;
  if (saved.size !== S) problems.push(`${saved.size}/${S} interviewer messages saved`);
  else if (mismatched) problems.push(`${mismatched} saved messages differ from the streamed text`);
  const [usage] = await db<{ ok: number; other: number }[]>`
    select count(*) filter (where outcome = 'ok')::int as ok, count(*) filter (where outcome <> 'ok')::int as other
    from llm_usage where feature = 'interview.chat'`;
  if (usage.ok !== S + WARMUP) problems.push(`llm_usage interview.chat: ${usage.ok} ok (+${usage.other} failed), expected ${S + WARMUP}`);
  if (maxStreaming < S) log(`note: at most ${maxStreaming}/${S} streams were open at once (the first answers ended before the web had started the last)`);

  const good = results.filter((r) => !r.error);
  const pieces = median(good.map((r) => r.deltas));
  const rows: [string, string, string][] = [
    [`streams OK / saved / refused or failed`, `${good.length} / ${saved.size} / ${bad.length} of ${S}`, ""],
    [`open at once (max); all ${S} open for`, `${maxStreaming}; ${(allOpenMs / 1000).toFixed(1)} s`, ""],
    [`next-server RSS idle → all open (median of ${openSamples.length} samples); peak`, `${fmtMb(rssIdle)} → ${fmtMb(rssOpen)}; ${fmtMb(rssPeak)}`, ""],
    [
      `memory per open stream ((open − idle) / ${openCount})`,
      fmtKb(perStream),
      `aim ≤ ${fmtKb(AIM_PER_STREAM_BYTES)}: ${perStream <= AIM_PER_STREAM_BYTES ? "yes" : "no"}`,
    ],
    [
      `event-loop delay in the web, all open (idle): window p50 / max p99 / max`,
      `${fmtMs(eldHold.p50)} / ${fmtMs(eldHold.p99)} / ${fmtMs(eldHold.max)}`,
      `(${fmtMs(eldIdle.p50)} / ${fmtMs(eldIdle.p99)} / ${fmtMs(eldIdle.max)}); p99 ${ratio(eldHold.p99, eldIdle.p99)} idle`,
    ],
    [
      `event-loop delay in the web, whole hold incl. start-up: window p50 / max p99 / max`,
      `${fmtMs(eldWhole.p50)} / ${fmtMs(eldWhole.p99)} / ${fmtMs(eldWhole.max)}`,
      "",
    ],
    [
      `probe GET /api/bench/noop latency, all open (idle): p50 / p99`,
      p50p99(probesOpen),
      `(${p50p99(probesIdle)}); p50 ${ratio(percentile(probesOpen, 50), percentile(probesIdle, 50))} idle`,
    ],
    [`probe latency over the whole hold: p50 / p99 / max (${probesAll.length} probes)`, p50p99(probesAll), fmtMs(Math.max(...probesAll))],
    [`turns: response headers p50 / p99`, p50p99(good.map((r) => r.headersMs)), ""],
    [`turns: TTFT p50 / p99`, p50p99(good.map((r) => r.ttftMs)), ""],
    [`turns: total stream p50 / p99`, p50p99(good.map((r) => r.totalMs)), ""],
    [`next-server CPU over the hold; per turn`, `${((100 * cpuMs) / holdMs).toFixed(0)} % of one core; ${fmtMs(cpuMs / S)}`, ""],
    [`next-server open files: idle / peak / limit`, `${fdsIdle} / ${fdsPeak} / ${fdLimit}`, ""],
    [`PostgreSQL: max non-idle backends on the bench database (web pool ${process.env.PANELIST_PG_POOL_MAX ?? 10} + worker)`, String(maxBusy), ""],
  ];
  const summary =
    `${good.length}/${S} chat streams held open at once (${maxStreaming} at most, all for ${(allOpenMs / 1000).toFixed(0)} s), ${saved.size} saved, ${bad.length} refused: ` +
    `${fmtKb(perStream)} of next-server RSS per open stream (${fmtMb(rssOpen)} in all), event-loop delay p99 ${fmtMs(eldHold.p99)} ` +
    `(idle ${fmtMs(eldIdle.p99)}), a probe request ${fmtMs(percentile(probesOpen, 50))} p50 / ${fmtMs(percentile(probesOpen, 99))} p99 (idle ${fmtMs(percentile(probesIdle, 50))}).`;

  const header = [`${S} open chat streams, ${HOLD_CHUNK_MS} ms per piece`, "value", "against idle / aim"];
  console.log(`\n${consoleTable(header, rows)}`);
  console.log(`\n${summary}\n(load average ${loadStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at the end, on ${os.cpus().length} cores)\n`);
  if (problems.length) {
    ctx.failed = true;
    console.error(`NOT VALID:\n  ${problems.join("\n  ")}`);
  }

  recordRun({
    defaultSettings: knobs.isDefault(NON_DEFAULT),
    valid: problems.length === 0,
    log,
    section: SECTION,
    script: SCRIPT,
    indexRow:
      `| [Interview chat: 2,000 open streams](#interview-chat-2000-open-streams) | \`npx tsx ${SCRIPT}\` | 2,000 chat streams open at once ` +
      `(slow upstream, ~30 s each): all served and saved; the web's RSS per stream and event-loop delay against the same web idle |`,
    body: () => `## Interview chat: 2,000 open streams

\`npx tsx ${SCRIPT}\` — ${S} candidates each open \`POST /api/interviews/{id}/chat\` \`{action: "start"}\`
at the same moment against the production build (\`next start\`) plus one worker; the in-process
fake OpenAI server (mode \`slow\`) sends one piece every ${HOLD_CHUNK_MS} ms, so each answer stays open
~${Math.round((HOLD_CHUNK_MS * pieces) / 1000)} s (${pieces} pieces per answer). Baseline **idle**: the same web, warmed up, with nothing open, measured just before.

- **Event-loop delay** is measured inside the web: \`bench/lib/event-loop-monitor.mjs\`, preloaded
  with \`node --import\`, records Node's \`monitorEventLoopDelay\` (10 ms resolution) and writes each
  second's p50 / p99 / max; shown: the median window p50 and the largest window p99 and max while
  all streams were open (and over the whole hold, start-up included). Each value is the time
  between two ticks of its 10 ms timer, so an idle loop reads ~10 ms; the excess is the delay.
- **Probe**: \`GET /api/bench/noop\` (405 from the route module: no session, database or Redis), one
  at a time every ${PROBE_MS} ms, from the bench — what any other request waits behind the streams.
- **Memory per open stream** = (RSS of \`next-server\` with all streams open − idle) / streams,
  \`/proc/<pid>/status\`, sampled every 100 ms.
- The bench is one client address: the \`chat\` policy's per-address limit is raised in the web
  (still counted); one candidate per ${PER_CANDIDATE} streams keeps every per-person limit at its default
  (${PER_CANDIDATE} new interviews per hour, 30 turns per minute). The web's
  open-file limit is checked before the hold (Node raises its soft limit to the hard one).
- Valid only if every stream answered 200 with the model's text, every interviewer message was
  saved with exactly that text and every call wrote an \`interview.chat\` usage row with outcome ok
  (NOT VALID otherwise; this file is then left alone). How many were open at once is reported:
  when starting them all takes the web longer than an answer lasts (a chat call streams 60 s at
  most), fewer than ${S} overlap, and memory per stream is taken over the samples with the most open.

Knobs: \`BENCH_STREAMS\` (${S}), \`BENCH_HOLD_CHUNK_DELAY_MS\`, \`BENCH_PROBE_MS\`, \`BENCH_WARMUP\`,
\`BENCH_REBUILD\`, \`BENCH_KEEP=1\`, \`BENCH_WRITE_DOCS\`; \`PANELIST_PG_POOL_MAX\` passes through to web
and worker. Only a run with default settings rewrites this section.

### Latest run

${machineLine({ loadStart, seconds: (Date.now() - started) / 1000, command: knobs.commandLine(SCRIPT, COMMAND_ENV) })}

${markdownTable(header, rows)}

**${summary}**`,
  });
}

await runChatBench({ keep: KEEP, log }, main);
