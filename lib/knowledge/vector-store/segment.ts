/**
 * Text → the words PostgreSQL's `simple` text-search configuration indexes. `simple` splits on
 * spaces and punctuation and only lower-cases, so Chinese (written without spaces) must be split
 * into words first: `Intl.Segmenter` with granularity `word` (ECMA-402 §18, backed by ICU's
 * dictionary-based word break for CJK, which Node ships with full ICU) does that, and words of
 * other scripts pass through unchanged. The same function runs on chunks and on queries, so both
 * sides agree on what a word is.
 */
const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

/** Only letters, digits and joiners survive: a tsquery operator (`&|!():*<>'\`) never reaches SQL. */
const NOT_WORD = /[^\p{L}\p{N}\p{M}_]+/gu;

/**
 * The words of `text`, lower-cased, in order (duplicates kept: `ts_rank_cd` counts them).
 * @param text any text; empty → [].
 */
export function segmentWords(text: string): string[] {
  const words: string[] = [];
  for (const s of segmenter.segment(text)) {
    if (!s.isWordLike) continue;
    for (const part of s.segment.toLowerCase().split(NOT_WORD)) if (part) words.push(part);
  }
  return words;
}

/** The words of `text` joined by spaces: the input of `to_tsvector('simple', …)`. */
export function segmentForIndex(text: string): string {
  return segmentWords(text).join(" ");
}

/**
 * A `to_tsquery('simple', …)` source matching any word of the question (OR), so `ts_rank_cd`
 * ranks passages by how many of its words they hold; null when the question has no word.
 * Words are distinct and at most 64 (a pasted page must not become a giant query).
 */
export function segmentForQuery(text: string): string | null {
  const words = [...new Set(segmentWords(text))].slice(0, 64);
  return words.length ? words.map((w) => `'${w}'`).join(" | ") : null;
}
