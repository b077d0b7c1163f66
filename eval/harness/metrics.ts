import { detectLanguage } from "@/lib/resume";

/**
 * The harness's pure arithmetic (docs/quality.md, "What the figures mean"): no I/O, no engine.
 */

/** Arithmetic mean; 0 for an empty list. */
export function mean(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length;
}

/** Largest value; 0 for an empty list. */
export function max(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : Math.max(...xs);
}

/**
 * Population standard deviation (divides by N, not N − 1): the spread of the N runs themselves,
 * not an estimate of a wider population's. 0 for fewer than two values and for equal values —
 * exactly 0, which the offline goal asks for (the mean is subtracted from each value first, so
 * equal values give 0 without rounding noise).
 */
export function stdDev(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
}

/** Share (0–1) of the flags that are true; 0 for none. */
export function share(flags: readonly boolean[]): number {
  return flags.length === 0 ? 0 : flags.filter(Boolean).length / flags.length;
}

/**
 * Share (0–1) of the pairs whose first value is strictly greater than the second; a tie is not
 * ordered. 0 for no pairs (callers refuse an empty kind before they get here).
 */
export function orderedShare(pairs: readonly (readonly [higher: number, lower: number])[]): number {
  return pairs.length === 0 ? 0 : pairs.filter(([a, b]) => a > b).length / pairs.length;
}

/** Han, kana and Hangul: scripts written without spaces, where one character counts as one word. */
const CJK_CLASS = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}";
const CJK = new RegExp(`[${CJK_CLASS}]`, "u");
const TOKEN = new RegExp(`[${CJK_CLASS}]|(?:(?![${CJK_CLASS}])[\\p{L}\\p{N}\\p{M}])+`, "gu");

/**
 * The words of a text for coverage: NFKC first (full-width letters, digits and punctuation become
 * their ASCII forms, compatibility ligatures split), then lower case; each CJK character is a
 * word; elsewhere a word is a run of letters, digits and combining marks — punctuation,
 * symbols and whitespace only separate words ("Node.js" → `node`, `js`; "C++" → `c`).
 */
export function words(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().match(TOKEN) ?? [];
}

/** Counts of each word of `text` (see {@link words}). */
function bag(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const w of words(text)) out.set(w, (out.get(w) ?? 0) + 1);
  return out;
}

/**
 * How much of `visible` reaches `input`, as a multiset of words (see {@link words}): a word that
 * occurs k times in `visible` counts as covered min(k, its count in `input`) times, so a line
 * lost once is missed even when its words occur elsewhere. Word order is not judged: the
 * extraction may reflow columns.
 * @returns `{ covered, total }` word counts; `total` 0 for a visible text without words.
 */
export function wordCoverage(visible: string, input: string): { covered: number; total: number } {
  const have = bag(input);
  let covered = 0;
  let total = 0;
  for (const [w, k] of bag(visible)) {
    total += k;
    covered += Math.min(k, have.get(w) ?? 0);
  }
  return { covered, total };
}

/** Word-weighted share of several coverages: Σ covered / Σ total; 0 when there are no words. */
export function pooledShare(parts: readonly { covered: number; total: number }[]): number {
  const total = parts.reduce((s, p) => s + p.total, 0);
  return total === 0 ? 0 : parts.reduce((s, p) => s + p.covered, 0) / total;
}

/** True for a string holding at least one CJK character. */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * The language prose is written in, by the product's own script rule (lib/resume
 * `detectLanguage`: Han ≥ 15 % of the letters, or ≥ 200 Han characters, is Chinese — English
 * technical terms inside Chinese prose do not make it English); `none` for text without letters.
 */
export function proseLanguage(text: string): "en" | "zh" | "other" | "none" {
  const r = detectLanguage(text);
  return r.counts.total === 0 ? "none" : r.language;
}
