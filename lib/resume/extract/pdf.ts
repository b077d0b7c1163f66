/**
 * PDF → raw text with pdf.js (through unpdf, the only PDF library loaded), run in a worker thread
 * (`pdf-worker.mjs`) with a wall-clock timeout and a heap limit, so a hostile or huge PDF cannot
 * stall or exhaust the worker process. The page count is read first and nothing more is read when
 * it exceeds MAX_PAGES.
 *
 * The worker also reports the lines a reader cannot see — every item tiny (< 2 pt) or off the
 * page's view box (from `getTextContent` transforms), or all drawn while the fill colour is white
 * or the rendering mode invisible (3, 7; from the operator list) — so the analysis can remove them
 * (lib/resume/integrity/screen.ts): hidden text aimed at an automated screener.
 */
import { Worker } from "node:worker_threads";
import type { PdfEvidence } from "./classify";
import { MAX_PAGES, MAX_TEXT_CHARS, PDF_TIMEOUT_MS, PDF_WORKER_HEAP_MB } from "./limits";
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

type WorkerMessage =
  | { type: "setup-error"; name: string; message: string }
  | { type: "open-error"; name: string; message: string }
  | { type: "too-many-pages"; numPages: number }
  | { type: "done"; numPages: number; pages: string[]; pageErrors: number; truncated: boolean; textShowOps: number; hidden?: string[] }
  | { type: "crash"; name: string; message: string };

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
 * `maxChars`, and the worker thread's heap. Defaults: the resume limits of limits.ts.
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
 * @param timeoutMs wall-clock budget of the read, worker start included.
 * @param limits caps of the read ({@link PdfLimits}); the resume's by default.
 */
export async function extractPdf(bytes: Uint8Array, timeoutMs = PDF_TIMEOUT_MS, limits: PdfLimits = {}): Promise<PdfResult> {
  const { declaredPages, hasImages } = scanPdfBytes(bytes);
  const data = bytes.slice(); // pdf.js takes ownership of (detaches) the buffer it is given
  const msg = await runWorker(data, timeoutMs, {
    maxPages: limits.maxPages ?? MAX_PAGES,
    maxChars: limits.maxChars ?? MAX_TEXT_CHARS,
    heapMb: limits.heapMb ?? PDF_WORKER_HEAP_MB,
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

/** The worker script; resolved next to this file (tsx and vitest run the sources in place). */
const PDF_WORKER_URL = new URL("./pdf-worker.mjs", import.meta.url);

function runWorker(
  data: Uint8Array,
  timeoutMs: number,
  caps: { maxPages: number; maxChars: number; heapMb: number },
): Promise<WorkerMessage | { type: "timeout" } | { type: "memory" }> {
  return new Promise((resolve) => {
    let settled = false;
    let worker: Worker;
    try {
      worker = new Worker(PDF_WORKER_URL, {
        workerData: { data, maxPages: caps.maxPages, maxChars: caps.maxChars, opsPages: OPS_PAGES },
        transferList: [data.buffer as ArrayBuffer],
        resourceLimits: { maxOldGenerationSizeMb: caps.heapMb, maxYoungGenerationSizeMb: 64 },
        execArgv: [], // plain Node: the thread runs JavaScript only
        stdout: false,
        stderr: false,
      });
    } catch (err) {
      resolve({ type: "setup-error", name: (err as Error).name, message: (err as Error).message });
      return;
    }
    const settle = (value: WorkerMessage | { type: "timeout" } | { type: "memory" }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(value);
    };
    const timer = setTimeout(() => settle({ type: "timeout" }), timeoutMs);
    worker.once("message", (m: WorkerMessage) => settle(m));
    worker.once("error", (err: Error & { code?: string }) => {
      if (err.code === "ERR_WORKER_OUT_OF_MEMORY") settle({ type: "memory" });
      else if (err.code === "MODULE_NOT_FOUND" || err.code === "ERR_MODULE_NOT_FOUND" || err.code === "ERR_WORKER_PATH") {
        settle({ type: "setup-error", name: err.name, message: err.message });
      } else settle({ type: "crash", name: err.name, message: err.message });
    });
    worker.once("exit", () => settle({ type: "crash", name: "Exit", message: "the PDF worker exited without an answer" }));
  });
}
