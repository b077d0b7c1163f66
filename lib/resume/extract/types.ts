/**
 * Shared types of resume text extraction. Kept free of imports so that the upload route
 * (web process) can import `detect-type.ts` without pulling in pdf.js or mammoth.
 */

/** What the bytes are, decided by `detectResumeKind` (never by the file name). */
export type ResumeKind = "pdf" | "docx" | "text";

/**
 * Why a file is refused. The worker ends the task as TERMINATED_BY_POLICY with this code
 * and the outcome's `message` (bad input is not retryable: docs/architecture.md, "Retries").
 *
 * - `no_text_layer` — a PDF whose pages are images (a scan without OCR).
 * - `encrypted` — password-protected PDF or Word file.
 * - `corrupt` — broken, truncated or hostile file (damaged page tree, parse timeout, zip bomb).
 * - `unreadable` — text is there but extracts as garbage (fonts without a Unicode map, mojibake).
 * - `not_a_resume` — readable text that is plainly not a resume: far too long, not English or
 *   Chinese, placeholder text, or no resume structure at all.
 * - `too_short` — almost no text.
 * - `too_large` — a document over the caps of its reader (a knowledge base's: pages, characters;
 *   extract/document.ts); a resume's limits answer `not_a_resume` instead.
 */
export const EXTRACT_FAILURE_CODES = ["no_text_layer", "encrypted", "corrupt", "unreadable", "not_a_resume", "too_short", "too_large"] as const;
export type ExtractFailureCode = (typeof EXTRACT_FAILURE_CODES)[number];

export type ResumeLanguage = "en" | "zh";

export type ExtractOutcome =
  | {
      ok: true;
      /** Normalised text; line breaks kept (analysis evidence is quoted by line). */
      text: string;
      language: ResumeLanguage;
      /** PDF: pages in the document; DOCX: Word's own count from docProps/app.xml if present; text: null. */
      pageCount: number | null;
      /**
       * PDF: lines of `text` (normalised, trimmed) the document draws invisibly — white, tiny or off
       * the page —, removed before analysis (lib/resume/integrity/screen.ts). DOCX: the text of
       * hidden runs (docx-hidden-runs.ts), one entry per contiguous span, already left out of
       * `text`. Absent when there is none.
       */
      hidden?: string[];
    }
  | {
      ok: false;
      code: ExtractFailureCode;
      /** One English sentence a person understands. */
      message: string;
    };

export type ExtractFailure = Extract<ExtractOutcome, { ok: false }>;

export function fail(code: ExtractFailureCode, message: string): ExtractFailure {
  return { ok: false, code, message };
}
