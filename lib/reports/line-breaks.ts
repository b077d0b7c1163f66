/**
 * Where react-pdf may break a line inside a "word" (its words are the runs between ASCII
 * spaces), as its `hyphenationCallback`: the parts it returns are the word's pieces, and
 * react-pdf breaks either at an empty part (a zero-width glue: no hyphen drawn) or between two
 * non-empty parts (a hyphenation point: a "-" drawn at the line's end).
 *
 * - Chinese, Japanese and Korean text has no spaces and breaks between any two characters
 *   (UAX #14, class ID), so an empty part follows every such character — except before closing
 *   punctuation, which may not start a line (the simplest rule of JIS X 4051 / GB line breaking).
 *   react-pdf calls this once per word *per run*, and its runs split where the script or the font
 *   changes ("代价；" | "MVCC/" | "加锁", "举例" | "✗"): two runs' pieces meet as a hyphenation
 *   point, so a word that starts with a CJK character, or ends with one or with a symbol, gets
 *   an empty part at that end too.
 * - English words stay whole: react-pdf's default would hyphenate "Kuber-netes" into the text.
 * - A Latin run longer than {@link MAX_WHOLE_RUN_CHARS} (a URL, a path) is cut into pieces of
 *   {@link PIECE_CHARS}: with no break at all react-pdf cuts it off at the margin.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
const SYMBOL = /[\p{So}\p{Sm}]/u;
const NO_BREAK_BEFORE = /[，。、；：！？）》」』】〉,.;:!?)\]}]/u;
const MAX_WHOLE_RUN_CHARS = 30;
const PIECE_CHARS = 15;

/** A word's pieces for react-pdf (see the module comment); joined, they are the word again. */
export function reportWordBreaks(word: string): string[] {
  const chars = Array.from(word);
  const parts: string[] = [];
  let run = "";
  const flush = () => {
    if (!run) return;
    if (run.length > MAX_WHOLE_RUN_CHARS) parts.push(...(run.match(new RegExp(`.{1,${PIECE_CHARS}}`, "gsu")) ?? [run]));
    else parts.push(run);
    run = "";
  };
  chars.forEach((c, i) => {
    run += c;
    const next = chars[i + 1];
    if (next !== undefined && (CJK.test(c) || CJK.test(next)) && !NO_BREAK_BEFORE.test(next)) {
      flush();
      parts.push("");
    }
  });
  flush();
  const first = chars[0];
  const last = chars.at(-1);
  if (first !== undefined && CJK.test(first) && !NO_BREAK_BEFORE.test(first)) parts.unshift("");
  if (last !== undefined && (CJK.test(last) || SYMBOL.test(last))) parts.push("");
  return parts;
}
