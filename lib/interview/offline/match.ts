/**
 * Term matching for key-point coverage.
 *
 * - A Latin term matches case-insensitively on word boundaries: no letter or digit on
 *   either side ("index" is not found in "reindexing", "api" not in "rapid"). A `*` at the
 *   end of a word allows any word ending ("cach*" → cache, caches, caching, cached;
 *   "backward* compatib*" → "backwards compatible"). Inside a term a space
 *   or hyphen matches any run of spaces/hyphens ("trade-off" = "trade off"; the joined
 *   spelling "tradeoff" is a different term and is listed separately where it matters).
 * - A term with a Chinese character matches as a case-insensitive substring (Chinese has no
 *   word boundaries; "B+树" matches "用B+树索引").
 *
 * Chinese characters count as boundaries, so "用Redis缓存" contains the term "redis".
 */

const CJK = /[\u3400-\u4dbf\u4e00-\u9fff]/;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

export type TermTest = (text: string) => string | null;

function latinPattern(term: string): string {
  const body = term.trim();
  // every word may end in "*": "backward* compatib*" matches "backwards compatible"
  const src = body
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => (w.endsWith("*") ? `${escapeRegExp(w.slice(0, -1))}[A-Za-z0-9]*` : escapeRegExp(w)))
    .join("[\\s-]+");
  const before = /^[A-Za-z0-9]/.test(body) ? "(?<![A-Za-z0-9])" : "";
  const after = /[A-Za-z0-9*]$/.test(body) ? "(?![A-Za-z0-9])" : "";
  return `${before}${src}${after}`;
}

/**
 * Compiles a list of terms into one test that returns the first term found (as written in
 * the list) or `null`. Blank terms are ignored.
 */
export function compileTerms(terms: string[]): TermTest {
  // a bare "*" would match everything: a term needs a body
  const latin = terms.filter((t) => t.replace(/\*$/, "").trim() && !CJK.test(t));
  const cjk = terms.filter((t) => CJK.test(t)).map((t) => ({ term: t, lower: t.toLowerCase() }));
  const res = latin.map((t) => ({ term: t, re: new RegExp(latinPattern(t), "i") }));
  return (text: string) => {
    for (const { term, re } of res) if (re.test(text)) return term;
    const lower = text.toLowerCase();
    for (const { term, lower: l } of cjk) if (lower.includes(l)) return term;
    return null;
  };
}

/** How many of the terms occur in the text (each term counted once). */
export function countTerms(terms: string[], text: string): number {
  return terms.filter((t) => compileTerms([t])(text) !== null).length;
}
