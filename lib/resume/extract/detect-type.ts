/**
 * Decides what an uploaded file is from its bytes. Runs in the upload route (web process):
 * cheap, and it imports neither pdf.js (unpdf) nor mammoth.
 */
import { fileTypeFromBuffer } from "file-type";
import type { ResumeKind } from "./types";

export const DOCX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Text-based formats that decode as UTF-8 but are not resume text we can read. */
const TEXT_FORMATS_WE_REFUSE = new Set(["rtf", "xml", "ps", "svg", "eps"]);

/** How far into the file a PDF header may start (PDF readers accept leading junk up to 1 KiB). */
const PDF_HEADER_WINDOW = 1024;

/**
 * Decide type from the BYTES (magic numbers via file-type; valid UTF-8 → text incl. Markdown
 * and JSON Resume), never the file name.
 *
 * - `%PDF-` within the first 1 KiB → `pdf` (`application/pdf`).
 * - A ZIP that file-type recognises as a Word 2007+ document → `docx`. Any other ZIP (xlsx,
 *   odt, plain zip), OLE/CFB containers (legacy .doc, password-protected .docx, which Word
 *   stores as CFB "EncryptedPackage") → null.
 * - UTF-8 without NUL bytes and with (almost) no control characters → `text`, with media type
 *   `application/json` (parses as a JSON object), `text/markdown` (Markdown/HTML markers) or
 *   `text/plain`. RTF, XML, SVG and PostScript decode as text too but are refused (null).
 * - UTF-16 with a byte-order mark (Windows Notepad "Unicode") → `text` with its charset.
 * - Empty input → null; the route answers 422 (empty) before asking.
 * - Anything else (PNG, JPEG, binary garbage, Latin-1/GBK text that is not valid UTF-8) → null.
 *
 * Returns null for "unsupported" (the route answers 415); never throws for bad bytes.
 */
export async function detectResumeKind(bytes: Uint8Array): Promise<{ kind: ResumeKind; mediaType: string } | null> {
  if (!(bytes instanceof Uint8Array)) throw new TypeError("detectResumeKind: bytes must be a Uint8Array");
  if (bytes.length === 0) return null;

  if (hasPdfHeader(bytes)) return { kind: "pdf", mediaType: "application/pdf" };

  if (isZip(bytes)) {
    const ft = await safeFileType(bytes);
    return ft?.mime === DOCX_MEDIA_TYPE ? { kind: "docx", mediaType: DOCX_MEDIA_TYPE } : null;
  }

  const utf16 = utf16Bom(bytes);
  if (utf16) {
    const text = decode(bytes, utf16);
    return text !== null && looksLikeText(text) ? { kind: "text", mediaType: textMediaType(text, utf16) } : null;
  }

  const text = decode(bytes, "utf-8");
  if (text === null || !looksLikeText(text)) return null;
  const ft = await safeFileType(bytes);
  if (ft && TEXT_FORMATS_WE_REFUSE.has(ft.ext)) return null;
  return { kind: "text", mediaType: textMediaType(text, "utf-8") };
}

/**
 * A sentence for the 415 answer that says why these bytes were refused, more precisely than
 * "unsupported type" where we can tell (a password-protected Word file, a legacy .doc, an image).
 */
export function unsupportedReason(bytes: Uint8Array): string {
  if (bytes.length === 0) return "The file is empty.";
  if (isCfb(bytes)) {
    return containsUtf16(bytes, "EncryptedPackage")
      ? "This Word file is password-protected; remove the password in Word (File › Info › Protect Document) and upload it again."
      : "This is an old-format Office file (.doc); save it as .docx or PDF and upload that.";
  }
  if (isZip(bytes)) return "This ZIP file is not a Word (.docx) document; upload a PDF, DOCX, TXT or Markdown resume.";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) || startsWith(bytes, [0xff, 0xd8, 0xff])) {
    return "Images are not supported; upload your resume as a PDF, DOCX, TXT or Markdown file.";
  }
  return "Only PDF, Word (.docx), plain text, Markdown and JSON Resume files are supported.";
}

// ── helpers ────────────────────────────────────────────────────────────────────────────

function hasPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length - 5, PDF_HEADER_WINDOW);
  for (let i = 0; i <= end; i++) {
    if (bytes[i] === 0x25 && bytes[i + 1] === 0x50 && bytes[i + 2] === 0x44 && bytes[i + 3] === 0x46 && bytes[i + 4] === 0x2d) {
      return true;
    }
  }
  return false;
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

export function isZip(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
}

export function isCfb(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
}

/** Looks for an ASCII name stored as UTF-16LE (how CFB directory entries name their streams). */
export function containsUtf16(bytes: Uint8Array, name: string): boolean {
  const needle = new Uint8Array(name.length * 2);
  for (let i = 0; i < name.length; i++) needle[i * 2] = name.charCodeAt(i);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(needle) !== -1;
}

function utf16Bom(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  if (startsWith(bytes, [0xff, 0xfe])) return "utf-16le";
  if (startsWith(bytes, [0xfe, 0xff])) return "utf-16be";
  return null;
}

function decode(bytes: Uint8Array, encoding: "utf-8" | "utf-16le" | "utf-16be"): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** No NUL, and control characters other than tab/newline/CR/FF are under 1 % (and under 32). */
function looksLikeText(text: string): boolean {
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return false;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0x7f || (c >= 0x80 && c <= 0x9f)) {
      controls++;
    }
  }
  return controls < 32 && controls <= text.length / 100;
}

function textMediaType(text: string, charset: string): string {
  const t = text.replace(/^\uFEFF/, "").trimStart();
  if (t.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(t);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return `application/json; charset=${charset}`;
    } catch {
      /* not JSON: fall through */
    }
  }
  // Headings, fences, links, tables, setext underlines, HTML tags or entities. Bullets alone
  // are not enough: plain-text resumes use "- " too.
  const markdown = /^(#{1,6}\s|```|\|.*\|\s*$|(={3,}|-{3,})\s*$)|\]\(|<\/?(center|div|h[1-6]|p|br|table)\b|&(emsp|ensp|nbsp);/im;
  return `${markdown.test(t) ? "text/markdown" : "text/plain"}; charset=${charset}`;
}

async function safeFileType(bytes: Uint8Array) {
  try {
    return await fileTypeFromBuffer(bytes);
  } catch {
    return undefined;
  }
}
