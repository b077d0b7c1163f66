/**
 * The words of a question as retrieval and the offline answer read them: segmented with
 * `Intl.Segmenter` (ICU's dictionary-based word break for Chinese, UAX #29 elsewhere), lower-cased,
 * stop words and punctuation dropped. Chinese has no spaces, so without segmentation a whole
 * clause would be one "word" and match nothing in PostgreSQL's full-text search.
 */

/** A question's language: Chinese when CJK ideographs are at least 20 % of its letters, else English. */
export type QuestionLanguage = "en" | "zh";

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/gu;
const LETTER = /[\p{L}\p{N}]/gu;

/**
 * The language to answer in: `zh` when CJK ideographs are at least a fifth of the letters and
 * digits (a Chinese question naming "X200" or "API" stays Chinese), else `en`.
 */
export function questionLanguage(text: string): QuestionLanguage {
  const letters = (text.match(LETTER) ?? []).length;
  if (letters === 0) return "en";
  return (text.match(CJK) ?? []).length / letters >= 0.2 ? "zh" : "en";
}

/**
 * Function words that carry no topic: a question's "what", "is", "the", 的, 吗, 什么. Kept short on
 * purpose — a content word wrongly listed here can never be retrieved by the full-text side.
 */
const STOP_WORDS = new Set(
  [
    // English: articles, auxiliaries, pronouns, prepositions, question words.
    "a an the and or but if of to in on at by for with from into about as is are was were be been being do does did",
    "have has had can could should would will shall may might must not no it its it's this that these those they them",
    "their there here what which who whom whose when where why how i me my we our you your he she his her him us",
    "than then so such any some all each more most very much many also just only tell please say said one ones",
    "s t am let lets let's give show explain describe know",
    // Chinese: particles, pronouns, question words (as Intl.Segmenter splits them).
    "的 了 吗 呢 吧 啊 是 在 和 与 及 或 也 就 都 而 把 被 让 给 对 从 向 于 以 之 其 这 那 这个 那个 这些 那些 它 它们",
    "他 她 他们 我 我们 你 你们 什么 怎么 怎样 如何 哪 哪个 哪些 哪里 多少 几 为什么 吗 么 有 没有 请 说 一下 可以 能 会 要",
    "它的 它们的 他的 她的 这种 那种 多久 多长 那么 另外 还有 呢 如果 所以 因为 但是 还是",
  ]
    .join(" ")
    .split(/\s+/),
);

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(language: QuestionLanguage): Intl.Segmenter {
  let s = segmenters.get(language);
  if (!s) {
    s = new Intl.Segmenter(language === "zh" ? "zh" : "en", { granularity: "word" });
    segmenters.set(language, s);
  }
  return s;
}

/**
 * Every word of `text` in order (lower-cased, word-like segments only; stop words kept).
 * Chinese runs are split into dictionary words, other scripts at UAX #29 word boundaries.
 */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const seg of segmenter(questionLanguage(text)).segment(text.normalize("NFKC"))) {
    if (seg.isWordLike) out.push(seg.segment.toLowerCase());
  }
  return out;
}

/** Whether a word is a stop word (see {@link STOP_WORDS}). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}

/**
 * The distinct content words of `text`, in first-seen order: {@link words} without stop words
 * and without one-letter Latin words. A single CJK character stays (书, 假 carry meaning).
 */
export function keyTerms(text: string): string[] {
  const seen = new Set<string>();
  for (const w of words(text)) {
    if (isStopWord(w)) continue;
    if (/^[a-z]$/u.test(w)) continue;
    seen.add(w);
  }
  return [...seen];
}

/**
 * The question as the full-text side receives it: its key terms separated by spaces, so that
 * Chinese arrives segmented the way the chunks were (the store's `to_tsvector` reads
 * space-separated words).
 */
export function fullTextQuery(question: string): string {
  return keyTerms(question).join(" ");
}

/**
 * The share of `terms` that `text` contains (case-insensitive substring, so 续航 is found in
 * 续航时间 and "refund" in "refunds"), in [0, 1]; 0 for no terms.
 */
export function termCoverage(terms: readonly string[], text: string): number {
  if (terms.length === 0) return 0;
  const hay = text.normalize("NFKC").toLowerCase();
  let found = 0;
  for (const t of terms) if (hay.includes(t)) found++;
  return found / terms.length;
}
