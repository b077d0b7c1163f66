import { keyTerms, type QuestionLanguage, termCoverage } from "../search-terms";
import { checkMarkers } from "./citation-markers";

/** The answer when the documents hold nothing relevant, per language (docs/knowledge.md; the UI and tests match it exactly). */
export const NOT_FOUND_ANSWER: Record<QuestionLanguage, string> = {
  en: "Not found in your documents.",
  zh: "在你的文档中没有找到相关内容。",
};

/** At most this many sentences make an offline answer: enough to hold a fact and its condition, short enough to read. */
export const MAX_ANSWER_SENTENCES = 3;
/** Sentences are drawn from this many of the best passages only: lower ones are less likely to answer. */
export const ANSWER_PASSAGES = 3;
/** A further sentence joins only when it overlaps the question at least this fraction as well as the best one does. */
const RUNNER_UP_RATIO = 0.5;
/** A sentence longer than this (characters) is cut with "…": a passage without punctuation is not an answer. */
const MAX_SENTENCE_CHARS = 400;

/** A passage as the offline answer reads it: its id and its text, best first. */
export type AnswerPassage = { id: string; content: string };

/** An answer and the passages it cites, in the order of their markers ([1] is `cited[0]`). */
export type ExtractiveAnswer<P extends AnswerPassage> = { text: string; cited: P[] };

/**
 * Splits a passage into sentences: after . ! ? (followed by a space) and after 。！？；, and at
 * line breaks (headings and list items are their own lines). Empty pieces are dropped.
 */
export function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=\S)|(?<=[。！？；])/u)
    .map((s) => s.replace(/^[\s#>*\-•·\d.)]+(?=\S)/u, "").trim())
    .filter((s) => s.length > 1);
}

/**
 * The offline, extractive answer (no model): the best one to {@link MAX_ANSWER_SENTENCES}
 * sentences of the first {@link ANSWER_PASSAGES} passages, scored by how many of the question's
 * key terms each contains (a tie goes to the better-ranked passage, then the earlier sentence),
 * each followed by the `[n]` marker of its passage; passages are numbered in the order the answer
 * first cites them. Sentences are quoted as written (less any bracketed numbers of their own, which
 * would read as markers), so the answer is in the documents' words;
 * with no sentence sharing a key term with the question, the answer is
 * {@link NOT_FOUND_ANSWER} in the question's language, with no citation.
 * @param passages the retrieved passages, best first.
 * @param opts.numberBy `position`: `[n]` is the passage's position in `passages` and `cited` is
 *   all of them — for an answer after the sources were already streamed (a model that failed).
 */
export function extractiveAnswer<P extends AnswerPassage>(
  question: string,
  passages: readonly P[],
  language: QuestionLanguage,
  opts: { numberBy?: "citation" | "position" } = {},
): ExtractiveAnswer<P> {
  const terms = keyTerms(question);
  type Candidate = { passage: number; index: number; text: string; score: number };
  const candidates: Candidate[] = [];
  passages.slice(0, ANSWER_PASSAGES).forEach((p, pi) => {
    sentences(p.content).forEach((s, si) => {
      const score = termCoverage(terms, s);
      if (score > 0) candidates.push({ passage: pi, index: si, text: s, score });
    });
  });
  candidates.sort((a, b) => b.score - a.score || a.passage - b.passage || a.index - b.index);
  const best = candidates[0];
  if (!best) return { text: NOT_FOUND_ANSWER[language], cited: [] };
  // Chunks overlap (the chunker repeats a little text at each boundary): one sentence is quoted once.
  const seen = new Set<string>();
  const chosen = candidates.filter((c) => {
    if (c.score < best.score * RUNNER_UP_RATIO || seen.has(c.text)) return false;
    seen.add(c.text);
    return true;
  });
  const cited: P[] = [];
  const parts = chosen.slice(0, MAX_ANSWER_SENTENCES).map((c) => {
    const p = passages[c.passage];
    let n = opts.numberBy === "position" ? c.passage + 1 : cited.indexOf(p) + 1;
    if (n === 0) n = cited.push(p);
    // A document's own bracketed numbers (a paper's "[2]", a planted "【7】") would read as markers
    // pointing at another passage or none: every marker of the answer is one it adds.
    const quoted = checkMarkers(c.text, 0);
    const text = quoted.length > MAX_SENTENCE_CHARS ? `${quoted.slice(0, MAX_SENTENCE_CHARS - 1)}…` : quoted;
    // Chinese text has no spaces between sentences, so none before its marker either.
    return language === "zh" ? `${text}[${n}]` : `${text} [${n}]`;
  });
  return { text: parts.join(language === "zh" ? "" : " "), cited: opts.numberBy === "position" ? [...passages] : cited };
}
