/**
 * Resume text extraction, used by the worker (`resume.analyze`): bytes of a known kind →
 * normalised text with its language, or a refusal with a code and a sentence a person
 * understands. Never throws for bad input (broken, hostile, encrypted, huge or garbage files);
 * throws only on programmer error (wrong argument types) and when the PDF reader cannot start
 * at all (`PdfReaderUnavailableError`: a deployment fault, which should be retried, not refused).
 *
 * Pipeline: extract (pdf.ts in a child process / docx.ts / text.ts) → normalize.ts → classify.ts
 * (garbage → length → language → placeholder → resume-likeness).
 */
import { judgeText, type Verdict } from "./classify";
import { extractDocx } from "./docx";
import { MAX_PAGES } from "./limits";
import { normalizeText } from "./normalize";
import { extractPdf, PdfReaderUnavailableError } from "./pdf";
import { extractTextFile } from "./text";
import { type ExtractOutcome, fail, type ResumeKind } from "./types";

export { EXTRACT_FAILURE_CODES } from "./types";

interface ExtractOptions {
  /** Wall-clock budget for one PDF or DOCX (default: limits.ts). */
  timeoutMs?: number;
}

interface ExtractReport {
  outcome: ExtractOutcome;
  /** The classifier's view (scores, language counts); null when extraction itself failed. */
  verdict: Verdict | null;
  /** Raw extracted text before normalisation (empty when extraction failed). */
  raw: string;
  elapsedMs: number;
}

const KINDS: readonly ResumeKind[] = ["pdf", "docx", "text"];

const GENERIC_MESSAGES = {
  empty: "The file is empty.",
  unexpected: "This file could not be read; it may be damaged, so export it again and upload the new copy.",
  docxPages: (n: number) => `This document has ${n} pages; a resume has at most ${MAX_PAGES}, so it was not analysed.`,
} as const;

/** A PDF's invisible lines or a DOCX's hidden runs, normalised as the text is, on a successful outcome (none: unchanged). */
function withHidden(outcome: ExtractOutcome, hidden: string[]): ExtractOutcome {
  if (!outcome.ok || hidden.length === 0) return outcome;
  const lines = [
    ...new Set(
      hidden
        .flatMap((h) => normalizeText(h).split("\n"))
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
  return lines.length > 0 ? { ...outcome, hidden: lines } : outcome;
}

export async function extractResumeText(input: { bytes: Uint8Array; kind: ResumeKind }, options: ExtractOptions = {}): Promise<ExtractOutcome> {
  return (await extractResumeTextWithReport(input, options)).outcome;
}

/** `extractResumeText` plus what the classifier saw; for tests, logs and debugging. */
export async function extractResumeTextWithReport(input: { bytes: Uint8Array; kind: ResumeKind }, options: ExtractOptions = {}): Promise<ExtractReport> {
  if (!input || !(input.bytes instanceof Uint8Array)) throw new TypeError("extractResumeText: bytes must be a Uint8Array");
  if (!KINDS.includes(input.kind)) throw new TypeError(`extractResumeText: unknown kind ${String(input.kind)}`);
  const started = performance.now();
  const done = (outcome: ExtractOutcome, verdict: Verdict | null = null, raw = ""): ExtractReport => ({
    outcome,
    verdict,
    raw,
    elapsedMs: Math.round(performance.now() - started),
  });
  const { bytes, kind } = input;
  if (bytes.length === 0) return done(fail("too_short", GENERIC_MESSAGES.empty));

  try {
    if (kind === "pdf") {
      const r = await extractPdf(bytes, options.timeoutMs);
      if (!r.ok) return done(r);
      const verdict = judgeText({ raw: r.raw, text: normalizeText(r.raw), pageCount: r.pageCount, pdf: r.evidence });
      return done(withHidden(verdict.outcome, r.hidden), verdict, r.raw);
    }
    if (kind === "docx") {
      const r = await extractDocx(bytes, options.timeoutMs);
      if (!r.ok) return done(r);
      if (r.pageCount !== null && r.pageCount > MAX_PAGES) return done(fail("not_a_resume", GENERIC_MESSAGES.docxPages(r.pageCount)), null, r.raw);
      const verdict = judgeText({ raw: r.raw, text: normalizeText(r.raw), pageCount: r.pageCount });
      return done(withHidden(verdict.outcome, r.hidden), verdict, r.raw);
    }
    const r = extractTextFile(bytes);
    if (!r.ok) return done(r);
    const verdict = judgeText({ raw: r.raw, text: normalizeText(r.raw), pageCount: null });
    return done(verdict.outcome, verdict, r.raw);
  } catch (err) {
    // A broken deployment is not the user's fault: let the task retry and fail visibly.
    if (err instanceof PdfReaderUnavailableError) throw err;
    // A library choking on hostile input is still bad input, not a reason to retry the task.
    return done(fail("corrupt", GENERIC_MESSAGES.unexpected));
  }
}
