/**
 * Benchmark: how long a report takes to render as PDF (lib/reports/pdf.tsx), against the same
 * report rendered as HTML by the page's own component.
 *
 *   npx tsx bench/report-pdf.ts
 *
 * Reports (typical ones, made in this run by the offline engines from the corpus):
 *   resume zh   resumes-pdf/zh_typst_qianxi_cv.pdf against jobs/zh_backend_java-engineer_jd.md
 *   resume en   resumes-pdf/en_typst_rendercv_classic.pdf against jobs/en_swe_full-stack-engineer_resume-matcher.txt
 *   interview   an offline 8-question backend interview (en), six answered with their reference
 *               answers, one with a short answer, one skipped, evaluated offline
 *
 * Measured, per report, BENCH_ITERATIONS times after 3 warm-up rounds: `renderResumeReportPdf` /
 * `renderInterviewReportPdf` → the PDF bytes. Baseline **html**, same run, same data: the page's
 * component (components/resume/report.tsx `Report`, components/interview/interview-report.tsx
 * `InterviewReport`) inside `NextIntlClientProvider`, through react-dom/server `renderToString` —
 * what serving the report as HTML would cost. Also: the **first render** in the process (the font
 * files parsed: two 10.5 MB TrueType files), measured once before anything else, and each PDF's size.
 *
 * Valid only if every PDF starts with `%PDF-` and its text (unpdf) contains the overall score.
 *
 * Knobs: BENCH_ITERATIONS (20), BENCH_WRITE_DOCS. Only a default-settings run rewrites the
 * `report-pdf` section of docs/benchmarks.md. Needs no database or Redis.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { NextIntlClientProvider } from "next-intl";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { extractText, getDocumentProxy } from "unpdf";
import { InterviewReport } from "@/components/interview/interview-report";
import { Report } from "@/components/resume/report";
import type { InterviewReportBody } from "@/lib/interview/contracts";
import { buildOfflinePlan } from "@/lib/interview/offline";
import { evaluateOffline } from "@/lib/interview/offline/evaluate";
import { type CandidateAnswer, finalizeReport } from "@/lib/interview/schemas";
import { renderInterviewReportPdf, renderResumeReportPdf } from "@/lib/reports/pdf";
import { type Analysis, finalizeAnalysis } from "@/lib/resume/analysis-schema";
import { extractResumeText } from "@/lib/resume/extract";
import { analyzeOffline } from "@/lib/resume/offline";
import en from "@/messages/en.json";
import zh from "@/messages/zh.json";
import { corpusPath } from "@/tests/corpus-dir";
import { machineLine, recordRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { runBench } from "./lib/run";
import { consoleTable, fmtMs, markdownTable, percentile, ratio } from "./lib/stats";

const SCRIPT = "bench/report-pdf.ts";
const SECTION = "report-pdf";
const knobs = new Knobs({ BENCH_ITERATIONS: 20 });
const ITERATIONS = Math.max(1, knobs.get("BENCH_ITERATIONS"));
const WARMUP = 3;
const CREATED_AT = "2026-12-01T09:30:00.000Z";

const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

type Case = { name: string; score: number; pdf: () => Promise<Buffer>; html: () => string };

async function resumeAnalysis(file: string, jd: string, language: "en" | "zh"): Promise<Analysis> {
  const extracted = await extractResumeText({ bytes: new Uint8Array(readFileSync(corpusPath(file))), kind: "pdf" });
  if (!extracted.ok) throw new Error(`${file} did not extract: ${extracted.code}`);
  const jobDescription = readFileSync(corpusPath(jd), "utf8");
  const draft = analyzeOffline({ text: extracted.text, jobDescription, language, now: new Date(CREATED_AT) });
  return finalizeAnalysis(draft, { engine: "offline", language, hasJobDescription: true });
}

function interviewReport(): InterviewReportBody {
  const settings = { role: "backend engineer", level: "mid", questionCount: 8, language: "en" } as const;
  const plan = buildOfflinePlan(settings);
  const answers: CandidateAnswer[] = plan.questions.map((q, i) => ({
    questionId: q.id,
    text: i === 6 ? "" : i === 7 ? "I would use a cache." : q.referenceAnswer,
    skipped: i === 6,
  }));
  const report = finalizeReport(evaluateOffline({ plan, answers, language: "en" }), { plan, answers, engine: "offline", language: "en" });
  return { id: "bench", ...settings, createdAt: CREATED_AT, endedAt: CREATED_AT, report };
}

/** The page's component as HTML, with the catalogue of its language (the baseline). */
function html(language: "en" | "zh", node: ReactNode): string {
  // biome-ignore lint/correctness/noChildrenProp: a .ts file has no JSX, and the provider's props type requires children, which createElement's third argument does not satisfy
  return renderToString(createElement(NextIntlClientProvider, { locale: language, messages: language === "zh" ? zh : en, timeZone: "UTC", children: node }));
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

async function timed(fn: () => unknown | Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function main(): Promise<{ failed: boolean }> {
  const started = Date.now();
  const loadStart = os.loadavg()[0];
  const [zhAnalysis, enAnalysis] = [
    await resumeAnalysis("resumes-pdf/zh_typst_qianxi_cv.pdf", "jobs/zh_backend_java-engineer_jd.md", "zh"),
    await resumeAnalysis("resumes-pdf/en_typst_rendercv_classic.pdf", "jobs/en_swe_full-stack-engineer_resume-matcher.txt", "en"),
  ];
  const interview = interviewReport();
  const cases: Case[] = [
    {
      name: "resume zh",
      score: Math.round(zhAnalysis.overallScore),
      pdf: () => renderResumeReportPdf({ fileName: "zh_typst_qianxi_cv.pdf", createdAt: CREATED_AT, analysis: zhAnalysis }),
      html: () => html("zh", createElement(Report, { analysis: zhAnalysis })),
    },
    {
      name: "resume en",
      score: Math.round(enAnalysis.overallScore),
      pdf: () => renderResumeReportPdf({ fileName: "en_typst_rendercv_classic.pdf", createdAt: CREATED_AT, analysis: enAnalysis }),
      html: () => html("en", createElement(Report, { analysis: enAnalysis })),
    },
    {
      name: "interview en",
      score: Math.round(interview.report.overallScore),
      pdf: () => renderInterviewReportPdf(interview),
      html: () => html("en", createElement(InterviewReport, { report: interview.report })),
    },
  ];

  let firstBytes: Buffer | undefined;
  const firstMs = await timed(async () => {
    firstBytes = await cases[0].pdf();
  });
  log(`first render (fonts parsed): ${fmtMs(firstMs)}, ${firstBytes!.length} bytes`);

  let valid = true;
  const rows: { name: string; pdf: number[]; html: number[]; bytes: number; pages: number }[] = [];
  for (const c of cases) {
    const bytes = await c.pdf();
    const text = await pdfText(bytes);
    const ok = bytes.subarray(0, 5).toString("latin1") === "%PDF-" && text.includes(String(c.score));
    if (!ok) {
      valid = false;
      log(`NOT VALID: ${c.name} — no PDF header or no overall score ${c.score} in its text`);
    }
    const pages = (await getDocumentProxy(new Uint8Array(bytes))).numPages;
    for (let i = 0; i < WARMUP; i++) {
      await c.pdf();
      c.html();
    }
    const pdf: number[] = [];
    const htmlMs: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      pdf.push(await timed(c.pdf));
      htmlMs.push(await timed(c.html));
    }
    rows.push({ name: c.name, pdf, html: htmlMs, bytes: bytes.length, pages });
    log(`${c.name}: pdf p50 ${fmtMs(percentile(pdf, 50))}, html p50 ${fmtMs(percentile(htmlMs, 50))}`);
  }

  const header = ["report", "pages", "PDF size", "PDF p50", "PDF p95", "HTML p50", "PDF ÷ HTML (p50)"];
  const table = rows.map((r) => [
    r.name,
    String(r.pages),
    `${(r.bytes / 1024).toFixed(0)} KiB`,
    fmtMs(percentile(r.pdf, 50)),
    fmtMs(percentile(r.pdf, 95)),
    fmtMs(percentile(r.html, 50)),
    ratio(percentile(r.pdf, 50), percentile(r.html, 50)),
  ]);
  console.log(`\n${consoleTable(header, table)}\n\nfirst render in the process (font files parsed): ${fmtMs(firstMs)}\n`);
  const seconds = (Date.now() - started) / 1000;
  recordRun({
    section: SECTION,
    script: SCRIPT,
    indexRow: `| [Report PDFs](#${SECTION}) | \`npx tsx ${SCRIPT}\` | Render time of a resume analysis (zh, en) and an interview report as PDF vs the page's component as HTML (react-dom/server); the first render's font load; PDF sizes |`,
    defaultSettings: knobs.isDefault(),
    valid,
    log,
    body: () =>
      [
        "## Report PDFs",
        "",
        `\`npx tsx ${SCRIPT}\` — typical reports, made in the run by the offline engines from the corpus:`,
        "`resumes-pdf/zh_typst_qianxi_cv.pdf` and `resumes-pdf/en_typst_rendercv_classic.pdf`, each against a job",
        "description, and an 8-question backend interview (six answers, one short, one skipped). Each is rendered",
        `${ITERATIONS} times after ${WARMUP} warm-up rounds by \`lib/reports/pdf.tsx\`. Baseline **HTML**: the page's own component`,
        "for the same report through react-dom/server `renderToString`, same run. Valid only if each PDF's text",
        "(unpdf) holds its overall score.",
        "",
        markdownTable(header, table),
        "",
        `- **First render** in a process, which parses the font files (Noto Sans SC, 10.5 MB a weight; DejaVu Sans): ${fmtMs(firstMs)}.`,
        "  Once per web process; later renders reuse the parsed fonts.",
        "- Rendering is CPU work on the web process's event loop: a report costs a few hundred milliseconds of it.",
        "- A PDF embeds only the glyphs it uses (a subset with a ToUnicode map), hence the small files.",
        "",
        `Latest run: ${machineLine({ loadStart, seconds, command: knobs.commandLine(SCRIPT) })}`,
      ].join("\n"),
  });
  return { failed: !valid };
}

await runBench(main);
