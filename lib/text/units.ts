/**
 * Script and length measures shared by every offline engine (resume analysis, interview
 * evaluation): which characters count as Chinese, how long a text is in words or characters,
 * and whether a line is mainly Chinese. Pure, no dictionaries.
 */

/** CJK Unified Ideographs (+ extension A) — what "a Chinese character" means everywhere. */
export const CJK = "\\u3400-\\u4dbf\\u4e00-\\u9fff";
const CJK_CHAR = new RegExp(`[${CJK}]`);
/** Every CJK character (global; for counting and blanking). */
const CJK_ALL = new RegExp(`[${CJK}]`, "g");

/** Number of CJK characters in `s`. */
export function countCjk(s: string): number {
  return s.match(CJK_ALL)?.length ?? 0;
}

/** True when `s` holds at least one CJK character. */
export function hasCjk(s: string): boolean {
  return CJK_CHAR.test(s);
}

/** Latin words (letters, digits and `+#.'-` inside a word), e.g. "C++", "Node.js", "don't". */
export function latinWords(s: string): string[] {
  return s.match(/[A-Za-z0-9][A-Za-z0-9+#.'’-]*/g) ?? [];
}

/**
 * Length in "units": Latin words + CJK characters. For English text this is the word count;
 * for Chinese it is the character count plus embedded English terms.
 */
export function lengthUnits(s: string): number {
  return latinWords(s.replace(CJK_ALL, " ")).length + countCjk(s);
}

/** True when the line is mainly Chinese (CJK characters ≥ Latin words). */
export function isMostlyCjk(s: string): boolean {
  const c = countCjk(s);
  return c > 0 && c >= latinWords(s.replace(CJK_ALL, " ")).length;
}
