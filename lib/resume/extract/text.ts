/**
 * Text files (plain text, Markdown, JSON Resume) → raw resume text. UTF-8, or UTF-16 with a BOM.
 */
import { isJsonResume, jsonResumeToText } from "./json-resume";
import { MAX_TEXT_CHARS } from "./limits";
import { stripMarkup } from "./normalize";
import { type ExtractFailure, fail } from "./types";

type TextFormat = "json-resume" | "json" | "markup";

const TEXT_MESSAGES = {
  encoding: "This text file is not valid UTF-8 (or UTF-16 with a byte-order mark); save it as UTF-8 and upload it again.",
  tooLong: "This text is far longer than a resume (over 300,000 characters); upload the resume itself.",
} as const;

/** Decodes UTF-8 (BOM optional) or BOM-marked UTF-16; null when the bytes are not valid text. */
export function decodeTextBytes(bytes: Uint8Array): string | null {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : "utf-8";
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes); // strips the BOM
  } catch {
    return null;
  }
}

/** JSON Resume → readable lines; other JSON is kept as it is; anything else loses its markup. */
export function textToRaw(text: string): { raw: string; format: TextFormat } {
  const t = text.trim();
  if (t.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(t);
      if (isJsonResume(parsed)) return { raw: jsonResumeToText(parsed), format: "json-resume" };
      return { raw: text, format: "json" };
    } catch {
      /* not JSON */
    }
  }
  return { raw: stripMarkup(text), format: "markup" };
}

export function extractTextFile(bytes: Uint8Array): { ok: true; raw: string; format: TextFormat } | ExtractFailure {
  const text = decodeTextBytes(bytes);
  if (text === null) return fail("corrupt", TEXT_MESSAGES.encoding);
  // Normalising and classifying run synchronously: refuse a text far longer than any resume
  // before doing that work (a 10 MB text blocked a worker for seconds).
  if (text.length > MAX_TEXT_CHARS) return fail("not_a_resume", TEXT_MESSAGES.tooLong);
  return { ok: true, ...textToRaw(text) };
}
