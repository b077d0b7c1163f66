/**
 * PDF → raw text with pdf.js (through unpdf, the only PDF library loaded), run in a child process
 * (`pdf-process.mjs`) with a wall-clock timeout and a V8 heap limit, so a hostile or huge PDF cannot
 * stall or exhaust the worker process. A child process rather than a worker thread: a thread
 * reaching its `resourceLimits` heap can abort the whole hosting process (nodejs/node#47224), while
 * a child that runs out of heap dies alone. The page count is read first and nothing more is read
 * when it exceeds MAX_PAGES.
 *
 * The reader also reports the lines a person cannot see — every item tiny (< 2 pt) or off the
 * page's view box (from `getTextContent` transforms), or all drawn while the fill colour is white
 * or the rendering mode invisible (3, 7; from the operator list) — so the analysis can remove them
 * (lib/resume/integrity/screen.ts): hidden text aimed at an automated screener.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { PdfEvidence } from "./classify";
import { MAX_PAGES, MAX_TEXT_CHARS, PDF_READER_HEAP_MB, PDF_TIMEOUT_MS } from "./limits";
import { type ExtractFailure, fail } from "./types";

/** A page tree claiming more pages than this, while pdf.js finds few, is damaged (or a bomb). */
export const DECLARED_PAGES_LIMIT = 10_000;
/** Pages whose operators are counted when almost no text came out. */
const OPS_PAGES = 3;

const PDF_MESSAGES = {
  encrypted: "This PDF is password-protected; remove the password (or print it to a new PDF) and upload it again.",
  corrupt: "This PDF is damaged or incomplete and could not be opened; export it again from the original document.",
  pagesUnreadable: "None of this PDF's pages could be read; it looks damaged, so export it again from the original document.",
  tooManyPages: (n: number) => `This PDF has ${n.toLocaleString("en-US")} pages; a resume has at most ${MAX_PAGES}, so it was not analysed.`,
  brokenPageTree: (n: number) => `This PDF is damaged: it claims ${n.toLocaleString("en-US")} pages but its page tree is broken.`,
  timeout: "This PDF took too long to read; it may be damaged or unusually complex.",
  memory: "This PDF needed too much memory to read; it may be damaged or unusually complex.",
} as const;

type PdfResult =
  | {
      ok: true;
      raw: string;
      pageCount: number;
      evidence: PdfEvidence;
      truncated: boolean;
      /** Each page's text, in page order (`raw` is these joined by a blank line); fewer than `pageCount` when truncated. */
      pages: string[];
      /** Lines of `raw` drawn invisibly: tiny (< 2 pt), off the page, white, or in an invisible rendering mode. */
      hidden: string[];
    }
  | ExtractFailure;

/**
 * The PDF reader itself could not start (unpdf missing, worker file not found): a deployment
 * problem, not a property of the file. Thrown, so the task is retried and surfaces as FAILED
 * rather than blaming the user's PDF.
 */
export class PdfReaderUnavailableError extends Error {
  constructor(detail: string) {
    super(`PDF reader unavailable: ${detail}`);
    this.name = "PdfReaderUnavailableError";
  }
}

type ReaderMessage = (
  | { type: "setup-error"; name: string; message: string }
  | { type: "open-error"; name: string; message: string }
  | { type: "too-many-pages"; numPages: number }
  | { type: "done"; numPages: number; pages: string[]; pageErrors: number; truncated: boolean; textShowOps: number; hidden?: string[] }
  | { type: "crash"; name: string; message: string }
) & { cpuMicros?: number };

type ReaderOutcome = ReaderMessage | { type: "timeout" } | { type: "memory" };

/**
 * Cheap scans of the raw bytes, without pdf.js: the largest `/Count` in the file (the page
 * tree's claimed page count; object streams can hide it, then pdf.js's count rules) and whether
 * the file has image XObjects (streams are never inside object streams, so this is reliable).
 */
export function scanPdfBytes(bytes: Uint8Array): { declaredPages: number; hasImages: boolean } {
  const s = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  let declaredPages = 0;
  for (const m of s.matchAll(/\/Count\s+(\d{1,15})/g)) declaredPages = Math.max(declaredPages, Number(m[1]));
  return { declaredPages, hasImages: /\/Subtype\s*\/Image\b/.test(s) };
}

/**
 * Caps of one read, for a caller whose documents are not resumes (a knowledge base's, lib/knowledge/ingest):
 * at most `maxPages` pages (refused beyond, before any text is read), text collection stopped at
 * `maxChars`, and the reader process's V8 heap (MB). Defaults: the resume limits of limits.ts.
 */
export interface PdfLimits {
  maxPages?: number;
  maxChars?: number;
  heapMb?: number;
  /** The refusal's sentence for a file over `maxPages`; default the resume's. */
  tooManyPages?: (pages: number) => string;
}

/**
 * PDF bytes → the raw text of every page (see the module comment), or a refusal. Never throws for
 * bad input; throws {@link PdfReaderUnavailableError} when the reader cannot start.
 * @param timeoutMs wall-clock budget of the read, the reader process's start included.
 * @param limits caps of the read ({@link PdfLimits}); the resume's by default.
 */
export async function extractPdf(bytes: Uint8Array, timeoutMs = PDF_TIMEOUT_MS, limits: PdfLimits = {}): Promise<PdfResult> {
  const { declaredPages, hasImages } = scanPdfBytes(bytes);
  const msg = await runReader(bytes, timeoutMs, {
    maxPages: limits.maxPages ?? MAX_PAGES,
    maxChars: limits.maxChars ?? MAX_TEXT_CHARS,
    heapMb: limits.heapMb ?? PDF_READER_HEAP_MB,
  });

  switch (msg.type) {
    case "setup-error":
      throw new PdfReaderUnavailableError(`${msg.name}: ${msg.message}`);
    case "open-error":
      return msg.name === "PasswordException" ? fail("encrypted", PDF_MESSAGES.encrypted) : fail("corrupt", PDF_MESSAGES.corrupt);
    case "too-many-pages":
      return fail("not_a_resume", (limits.tooManyPages ?? PDF_MESSAGES.tooManyPages)(msg.numPages));
    case "timeout":
      return fail("corrupt", PDF_MESSAGES.timeout);
    case "memory":
      return fail("corrupt", PDF_MESSAGES.memory);
    case "crash":
      return fail("corrupt", PDF_MESSAGES.corrupt);
    case "done": {
      if (declaredPages > DECLARED_PAGES_LIMIT && declaredPages > msg.numPages) {
        return fail("corrupt", PDF_MESSAGES.brokenPageTree(declaredPages));
      }
      if (msg.numPages === 0) return fail("corrupt", PDF_MESSAGES.corrupt);
      if (msg.pageErrors === msg.numPages) return fail("corrupt", PDF_MESSAGES.pagesUnreadable);
      return {
        ok: true,
        raw: msg.pages.join("\n\n"),
        pageCount: msg.numPages,
        evidence: { hasImages, textShowOps: msg.textShowOps },
        truncated: msg.truncated,
        pages: msg.pages,
        hidden: msg.hidden ?? [],
      };
    }
  }
}

/**
 * The reader script's path, next to this file (tsx and vitest run the sources in place). Resolved
 * when a read starts, not at import: a bundler (the web build) may hand `new URL(…)` back as its
 * own asset reference, so only its `href` string is read.
 */
function readerPath(): string {
  return fileURLToPath(new URL("./pdf-process.mjs", import.meta.url).href);
}

/** CPU time (user + system, µs) the PDF reader processes of this process have reported. */
let readerCpuMicros = 0;

/**
 * CPU time spent in PDF reader child processes since this process started, in microseconds
 * (user + system, as each child reported it with its answer). `process.cpuUsage()` counts worker
 * threads but not child processes, so a caller measuring extraction's CPU adds this.
 */
export function pdfReaderCpuMicros(): number {
  return readerCpuMicros;
}

/** V8's message when a heap limit is reached (src/heap: "Reached heap limit", "JavaScript heap out of memory"). */
const OUT_OF_HEAP = /heap limit|heap out of memory/i;
/** Enough of the child's stderr to find V8's out-of-memory line; the rest is dropped. */
const STDERR_TAIL_CHARS = 4096;

function runReader(bytes: Uint8Array, timeoutMs: number, caps: { maxPages: number; maxChars: number; heapMb: number }): Promise<ReaderOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    let child: ChildProcess;
    let stderr = "";
    const env = { ...process.env };
    delete env.NODE_OPTIONS; // no loaders, inspectors or heap flags of the parent: plain Node, this heap
    try {
      child = fork(readerPath(), [], {
        execArgv: [`--max-old-space-size=${caps.heapMb}`],
        env,
        serialization: "advanced", // the PDF's bytes travel as a Uint8Array, not as JSON
        stdio: ["ignore", "ignore", "pipe", "ipc"],
      });
    } catch (err) {
      resolve({ type: "setup-error", name: (err as Error).name, message: (err as Error).message });
      return;
    }
    const settle = (value: ReaderOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if ("cpuMicros" in value && typeof value.cpuMicros === "number") readerCpuMicros += value.cpuMicros;
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      resolve(value);
    };
    const timer = setTimeout(() => settle({ type: "timeout" }), timeoutMs);
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.once("message", (m: ReaderMessage) => settle(m));
    child.once("error", (err: Error & { code?: string }) => {
      if (err.code === "ENOENT" || err.code === "EACCES") settle({ type: "setup-error", name: err.name, message: err.message });
      else settle({ type: "crash", name: err.name, message: err.message });
    });
    // "close", not "exit": stderr is read to its end, so V8's out-of-memory line is in `stderr`.
    child.once("close", (code, signal) => {
      // V8 prints its out-of-memory line before aborting; a SIGKILL we did not send is the kernel's OOM killer.
      if (OUT_OF_HEAP.test(stderr) || signal === "SIGKILL") settle({ type: "memory" });
      else if (/Cannot find (module|package)|ERR_MODULE_NOT_FOUND/.test(stderr)) {
        settle({ type: "setup-error", name: "Error", message: stderr.trim().split("\n").slice(-3).join(" ") });
      } else settle({ type: "crash", name: "Exit", message: `the PDF reader exited without an answer (code ${code}, signal ${signal})` });
    });
    child.send({ data: bytes, maxPages: caps.maxPages, maxChars: caps.maxChars, opsPages: OPS_PAGES }, (err) => {
      if (err) settle({ type: "crash", name: err.name, message: err.message });
    });
  });
}
