/**
 * Text extraction for documents that are not resumes (a knowledge base's handbook, notes, question
 * banks; lib/knowledge/ingest): the same sandboxed readers as a resume — pdf.js in a child process
 * with a wall-clock timeout and a heap limit, the DOCX reader's ZIP-bomb checks and inflation
 * budget — under the caller's caps, and without the resume classifier (length, resume-likeness,
 * language): only what makes a file unusable as a document is refused (no text, garbage, a scan,
 * encrypted, damaged, over the caps). Never throws for bad input; throws
 * `PdfReaderUnavailableError` when the PDF reader cannot start (a deployment fault).
 */
import { assessGarbage, countUnits, type PdfEvidence } from "./classify";
import { extractDocx } from "./docx";
import { detectLanguage } from "./language";
import { normalizeText } from "./normalize";
import { extractPdf, PdfReaderUnavailableError } from "./pdf";
import { decodeTextBytes } from "./text";
import { type ExtractFailure, fail } from "./types";

/** The formats a document may have; `markdown` keeps its `#` headings for the chunker. */
export type DocumentKind = "pdf" | "docx" | "text" | "markdown";

/** The caps of one read (a knowledge base's: lib/knowledge/ingest/limits.ts). */
export interface DocumentLimits {
  /** Pages of a PDF (or Word's saved page count of a DOCX) beyond which the file is refused. */
  maxPages: number;
  /** Characters of text beyond which the file is refused (a PDF stops reading there). */
  maxChars: number;
  /** Total unpacked XML of a DOCX (the zip-bomb budget). */
  maxDocxXmlBytes: number;
  /** Wall-clock budget of one PDF or DOCX read. */
  timeoutMs: number;
  /** V8 heap of the PDF reader process, MB. */
  pdfHeapMb: number;
}

export type DocumentOutcome =
  | {
      ok: true;
      /** Normalised text; line breaks kept; a DOCX's heading paragraphs written as Markdown headings (`## Leave`). */
      text: string;
      /** A PDF's pages, each normalised (page n is `pages[n - 1]`); null for formats without pages. */
      pages: string[] | null;
      /** Pages in the document (PDF; DOCX: Word's saved count), else null. */
      pageCount: number | null;
      language: "en" | "zh";
    }
  | ExtractFailure;

const MESSAGES = {
  empty: "The file is empty.",
  noText: "This file has no readable text.",
  scan: "This PDF's pages are images (a scan) with no text layer; run it through OCR and upload the result.",
  garbage: "This file's text comes out as garbage (fonts without a Unicode map, or the wrong encoding), so it could not be read.",
  tooManyPages: (n: number, max: number) =>
    `This document has ${n.toLocaleString("en-US")} pages; a knowledge base takes at most ${max.toLocaleString("en-US")} per file.`,
  tooLong: (max: number) => `This document has more than ${max.toLocaleString("en-US")} characters of text; split it into smaller files.`,
  unexpected: "This file could not be read; it may be damaged, so export it again and upload the new copy.",
} as const;

/** Fewer reading units than this (words + Chinese characters / 2) is no text at all. */
const MIN_UNITS = 3;

/**
 * Bytes of a known kind → normalised text (and a PDF's pages), or a refusal with an extraction
 * failure code and one sentence a person understands: `encrypted`, `corrupt` (damaged, a zip
 * bomb, a read over the timeout, not UTF-8), `no_text_layer` (a scan), `unreadable` (garbage),
 * `too_short` (no text), `too_large` (over the page or character cap of `limits`, or a DOCX
 * unpacking past its XML budget). `not_a_resume` is never returned.
 */
export async function extractDocumentText(input: { bytes: Uint8Array; kind: DocumentKind }, limits: DocumentLimits): Promise<DocumentOutcome> {
  const { bytes, kind } = input;
  if (bytes.length === 0) return fail("too_short", MESSAGES.empty);
  try {
    if (kind === "pdf") {
      const r = await extractPdf(bytes, limits.timeoutMs, {
        maxPages: limits.maxPages,
        // One character past the cap tells "over the cap" from "exactly at it".
        maxChars: limits.maxChars + 1,
        heapMb: limits.pdfHeapMb,
        tooManyPages: (n) => MESSAGES.tooManyPages(n, limits.maxPages),
      });
      if (!r.ok) return r.code === "not_a_resume" ? tooLong(r.message) : r;
      if (r.truncated || r.raw.length > limits.maxChars) return tooLong(MESSAGES.tooLong(limits.maxChars));
      const pages = r.pages.map(normalizeText);
      return judge(r.raw, pages.join("\n\n"), pages, r.pageCount, r.evidence);
    }
    if (kind === "docx") {
      const r = await extractDocx(bytes, limits.timeoutMs, { maxXmlBytes: limits.maxDocxXmlBytes });
      if (!r.ok) return r.code === "not_a_resume" ? tooLong(r.message) : r;
      if (r.pageCount !== null && r.pageCount > limits.maxPages) return tooLong(MESSAGES.tooManyPages(r.pageCount, limits.maxPages));
      if (r.raw.length > limits.maxChars) return tooLong(MESSAGES.tooLong(limits.maxChars));
      return judge(r.raw, normalizeText(withHeadings(r.raw, r.headings)), null, r.pageCount, null);
    }
    const text = decodeTextBytes(bytes);
    if (text === null) return fail("corrupt", "This text file is not valid UTF-8 (or UTF-16 with a byte-order mark); save it as UTF-8 and upload it again.");
    if (text.length > limits.maxChars) return tooLong(MESSAGES.tooLong(limits.maxChars));
    return judge(text, normalizeText(text), null, null, null);
  } catch (err) {
    if (err instanceof PdfReaderUnavailableError) throw err;
    return fail("corrupt", MESSAGES.unexpected);
  }
}

/** A refusal for a file over the caps: not a broken file, a too large one. */
function tooLong(message: string): ExtractFailure {
  return fail("too_large", message);
}

/**
 * The resume classifier's first checks, without its resume rules: garbage → `unreadable`; almost
 * no text from a PDF drawing ≥ 20 text operators → `unreadable` (fonts without a Unicode map), from
 * a PDF with images → `no_text_layer` (a scan), else → `too_short`.
 */
function judge(raw: string, text: string, pages: string[] | null, pageCount: number | null, pdf: PdfEvidence | null): DocumentOutcome {
  if (assessGarbage(raw, text).garbage) return fail("unreadable", MESSAGES.garbage);
  if (countUnits(text).units < MIN_UNITS) {
    if (pdf && pdf.textShowOps >= 20) return fail("unreadable", MESSAGES.garbage);
    return pdf?.hasImages ? fail("no_text_layer", MESSAGES.scan) : fail("too_short", MESSAGES.noText);
  }
  return { ok: true, text, pages, pageCount, language: detectLanguage(text).language === "zh" ? "zh" : "en" };
}

/** `raw` with each line that is a heading paragraph prefixed `#`×level, in order (a line matching a later heading is left alone). */
function withHeadings(raw: string, headings: { text: string; level: number }[]): string {
  if (headings.length === 0) return raw;
  let next = 0;
  return raw
    .split("\n")
    .map((line) => {
      const h = headings[next];
      if (h && line.replace(/\s+/g, " ").trim() === h.text) {
        next++;
        return `${"#".repeat(Math.min(h.level, 6))} ${h.text}`;
      }
      return line;
    })
    .join("\n");
}
