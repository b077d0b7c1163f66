/**
 * Benchmark: how long detection + extraction take per corpus file (lib/resume/extract/).
 *
 *   npx tsx bench/extract-corpus.ts
 *
 * Claim measured: every resume and edge file of the shared corpus is detected and extracted in
 * "a couple of seconds" at most — under 2 000 ms of CPU (this process and the PDF reader's child
 * process) — and a PDF past its deadline is given up at the deadline, not when
 * the reader finishes. These were per-file budgets inside lib/resume/extract/corpus.test.ts and
 * extract.test.ts; a test may not assert speed (docs/testing.md), so they are measured here.
 *
 * - Each file runs BENCH_RUNS times (default 3) in one process, one at a time: wall time
 *   (`performance.now()`) and CPU time (`process.cpuUsage()`, user + system, plus the CPU the PDF
 *   reader child reports, `pdfReaderCpuMicros`) of `detectResumeKind` + `extractResumeText`; the file's figure is its slowest run.
 * - **Baseline, same run: the PDF floor** — the smallest PDF of resumes-pdf/ that extracts to a
 *   resume: what every PDF pays at least (a reader process, pdf.js, one page). Each folder's slowest
 *   file is shown as a ratio to it, and its CPU against the 2 000 ms budget.
 * - **Deadline**: `zh_typst_chicv-cn_lorem.pdf` with a 50 ms deadline (the test's case): wall
 *   time until the `corrupt` answer, as a ratio to the deadline and to the same file without one.
 * - Valid only if every file's outcome is the one `corpus-expectations.ts` states (and the
 *   deadline case answers `corrupt`); otherwise NOT VALID and docs/benchmarks.md is left alone.
 *
 * Knobs: BENCH_RUNS (3), BENCH_WRITE_DOCS. Only a default-settings run rewrites the
 * `extract-corpus` section of docs/benchmarks.md. Needs only the corpus (tests/corpus-dir.ts).
 */
import { readFileSync, statSync } from "node:fs";
import os from "node:os";
import { CORPUS_EXPECTATIONS } from "@/lib/resume/extract/corpus-expectations";
import { detectResumeKind } from "@/lib/resume/extract/detect-type";
import { extractResumeText } from "@/lib/resume/extract/index";
import { pdfReaderCpuMicros } from "@/lib/resume/extract/pdf";
import { corpusPath } from "@/tests/corpus-dir";
import { machineLine, recordRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { runBench } from "./lib/run";
import { consoleTable, fmtMs, markdownTable, percentile, ratio } from "./lib/stats";

const SCRIPT = "bench/extract-corpus.ts";
const SECTION = "extract-corpus";
const knobs = new Knobs({ BENCH_RUNS: 3 });
const RUNS = Math.max(1, knobs.get("BENCH_RUNS"));
/** The per-file CPU budget the corpus test used to assert, ms. */
const CPU_BUDGET_MS = 2_000;
const DEADLINE_FILE = "resumes-pdf/zh_typst_chicv-cn_lorem.pdf";
const DEADLINE_MS = 50;

const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

type Measured = { path: string; folder: string; wallMs: number; cpuMs: number; outcome: string; expected: string };

/** The outcome in the words of corpus-expectations.ts: `http 415`, `COMPLETED en`, `TERMINATED_BY_POLICY corrupt`. */
function expectedOf(e: (typeof CORPUS_EXPECTATIONS)[number]["expect"]): string {
  if ("http" in e) return `http ${e.http}`;
  return e.status === "COMPLETED" ? `COMPLETED ${e.language}` : `TERMINATED_BY_POLICY ${e.code}`;
}

/** One detection + extraction of `bytes`: wall and CPU ms, and the outcome as {@link expectedOf} words it. */
async function once(bytes: Uint8Array, timeoutMs?: number): Promise<{ wallMs: number; cpuMs: number; outcome: string }> {
  const cpu0 = process.cpuUsage();
  const child0 = pdfReaderCpuMicros();
  const t0 = performance.now();
  const detected = await detectResumeKind(bytes);
  let outcome: string;
  if (!detected) outcome = bytes.length === 0 ? "http 422" : "http 415";
  else {
    const r = await extractResumeText({ bytes, kind: detected.kind }, timeoutMs === undefined ? {} : { timeoutMs });
    outcome = r.ok ? `COMPLETED ${r.language}` : `TERMINATED_BY_POLICY ${r.code}`;
  }
  const wallMs = performance.now() - t0;
  const c = process.cpuUsage(cpu0);
  return { wallMs, cpuMs: (c.user + c.system + pdfReaderCpuMicros() - child0) / 1000, outcome };
}

async function measure(path: string, expected: string, timeoutMs?: number): Promise<Measured> {
  const bytes = new Uint8Array(readFileSync(corpusPath(path)));
  let worst = { wallMs: 0, cpuMs: 0, outcome: "" };
  for (let i = 0; i < RUNS; i++) {
    const r = await once(bytes, timeoutMs);
    worst = { wallMs: Math.max(worst.wallMs, r.wallMs), cpuMs: Math.max(worst.cpuMs, r.cpuMs), outcome: r.outcome };
  }
  return { path, folder: path.split("/")[0], ...worst, expected };
}

async function main(): Promise<{ failed: boolean }> {
  const started = Date.now();
  const loadStart = os.loadavg()[0];
  log(`${CORPUS_EXPECTATIONS.length} files × ${RUNS} runs`);

  // The baseline first, so it is not measured on a process warmed by every other PDF.
  const floorCase = CORPUS_EXPECTATIONS.filter((c) => c.path.startsWith("resumes-pdf/") && "status" in c.expect && c.expect.status === "COMPLETED").sort(
    (a, b) => statSync(corpusPath(a.path)).size - statSync(corpusPath(b.path)).size,
  )[0];
  const floor = await measure(floorCase.path, expectedOf(floorCase.expect));
  const files: Measured[] = [];
  for (const c of CORPUS_EXPECTATIONS) files.push(await measure(c.path, expectedOf(c.expect)));
  const free = await measure(DEADLINE_FILE, "TERMINATED_BY_POLICY not_a_resume");
  const deadline = await measure(DEADLINE_FILE, "TERMINATED_BY_POLICY corrupt", DEADLINE_MS);

  const wrong = [floor, ...files, free, deadline].filter((m) => m.outcome !== m.expected);
  const valid = wrong.length === 0;
  for (const m of wrong) log(`NOT VALID: ${m.path} answered ${m.outcome}, expected ${m.expected}`);

  const folders = [...new Set(files.map((f) => f.folder))];
  const header = ["folder", "files", "wall p50", "wall max", "CPU max", "wall max / PDF floor", "CPU max / 2000 ms budget", "slowest file"];
  const rows = folders.map((folder) => {
    const of = files.filter((f) => f.folder === folder);
    const slowest = of.reduce((a, b) => (b.wallMs > a.wallMs ? b : a));
    const cpuMax = Math.max(...of.map((f) => f.cpuMs));
    return [
      folder,
      String(of.length),
      fmtMs(
        percentile(
          of.map((f) => f.wallMs),
          50,
        ),
      ),
      fmtMs(slowest.wallMs),
      fmtMs(cpuMax),
      ratio(slowest.wallMs, floor.wallMs),
      ratio(cpuMax, CPU_BUDGET_MS),
      `\`${slowest.path.split("/")[1]}\``,
    ];
  });
  rows.push([
    "baseline: PDF floor",
    "1",
    fmtMs(floor.wallMs),
    fmtMs(floor.wallMs),
    fmtMs(floor.cpuMs),
    "1.00×",
    ratio(floor.cpuMs, CPU_BUDGET_MS),
    `\`${floor.path.split("/")[1]}\``,
  ]);
  const worstCpu = files.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
  const deadlineRows = [
    [`${DEADLINE_MS} ms deadline → \`corrupt\``, fmtMs(deadline.wallMs), ratio(deadline.wallMs, DEADLINE_MS), ratio(deadline.wallMs, free.wallMs)],
    ["no deadline (baseline) → `not_a_resume`", fmtMs(free.wallMs), ratio(free.wallMs, DEADLINE_MS), "1.00×"],
  ];
  const deadlineHeader = [`\`${DEADLINE_FILE}\``, "wall (slowest run)", "/ deadline", "/ no deadline"];
  const summary = `Slowest CPU: ${fmtMs(worstCpu.cpuMs)} (${worstCpu.path}), ${ratio(worstCpu.cpuMs, CPU_BUDGET_MS)} the ${CPU_BUDGET_MS} ms budget — ${
    worstCpu.cpuMs < CPU_BUDGET_MS ? "within it" : "OVER it"
  }; the ${DEADLINE_MS} ms deadline answered after ${fmtMs(deadline.wallMs)}.`;

  console.log(consoleTable(header, rows));
  console.log(consoleTable(deadlineHeader, deadlineRows));
  log(summary);
  recordRun({
    defaultSettings: knobs.isDefault(),
    valid,
    log,
    section: SECTION,
    script: SCRIPT,
    indexRow: `| [Extraction per corpus file](#extraction-per-corpus-file) | \`npx tsx ${SCRIPT}\` | Wall and CPU time of detection + extraction per corpus file, against the smallest PDF's and the 2 000 ms CPU budget; a 50 ms PDF deadline against the deadline |`,
    body: () => `## Extraction per corpus file

\`npx tsx ${SCRIPT}\` — the extractor's budget: *every corpus file is detected and extracted in a
couple of seconds at most (under ${CPU_BUDGET_MS} ms of CPU, the PDF reader process included), and a PDF
past its deadline is given up at the deadline.* Each of the ${files.length} files of \`corpus-expectations.ts\`
runs ${RUNS} times, one at a time in one process; a file's figure is its slowest run (wall: \`performance.now()\`;
CPU: \`process.cpuUsage()\`, user + system, plus what the PDF reader process reports).

- **Baseline (same run): the PDF floor** — the smallest resume PDF (\`${floor.path}\`), what every
  PDF pays at least (a reader process, pdf.js, one page); measured first.
- **Deadline**: \`${DEADLINE_FILE}\` with a ${DEADLINE_MS} ms deadline, against the deadline and the same file without one.
- Valid only if every outcome is the one \`corpus-expectations.ts\` states.

Knobs: \`BENCH_RUNS\`, \`BENCH_WRITE_DOCS\`. Only a run with default settings rewrites this section.

### Latest run

${machineLine({ loadStart, seconds: (Date.now() - started) / 1000, command: knobs.commandLine(SCRIPT) })}

${markdownTable(header, rows)}

${markdownTable(deadlineHeader, deadlineRows)}

**${summary}**`,
  });
  return { failed: !valid };
}

await runBench(main);
