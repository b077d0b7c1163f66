import { clauses } from "./clauses";
import { contradictedClauses } from "./contradictions";
import { swappedClauses } from "./swaps";
import { contentTokens } from "./tokens";

/**
 * How far an answer's statements can be trusted, without understanding them — two signals the
 * offline evaluator uses so that a confident wrong answer built from the key points' own words
 * ("an index makes every write faster, so add one to every column") does not outscore a short
 * correct one (docs/interview-scoring.md, "Doubtful claims" and "Reference support").
 *
 * 1. **Doubtful clauses**: a clause that waves a concern away ("you don't need a TTL", "makes
 *    no difference", 不需要加盐, 没必要) or makes a sweeping claim ("always", "every column",
 *    "completely isolated", "the more … the better", "the fastest", 永远, 完全, 根本, 只要…就, 越…越,
 *    就行, 只会, 最快). Sound
 *    engineering answers are hedged and conditional; blanket claims and dismissals are where
 *    wrong answers live. Key points count only in the other clauses (`credibleText`), so a
 *    point mentioned only inside such a claim is not covered. Cue lists written by hand for
 *    Panelist.
 * 2. **Reference support**: the share of the answer's content tokens — Latin words (their
 *    first 6 letters, stop words dropped) and Chinese character bigrams — that also occur in
 *    the question's reference answer, leaving out tokens of the question itself (which any
 *    on-topic answer repeats). A correct answer restates the reference's facts in its own
 *    order; a wrong one says other things in the same topic's words. This is the unigram
 *    precision of ROUGE-style overlap scoring (Lin, "ROUGE", 2004) against one reference.
 */

const DISMISSIVE = [
  /\b(?:don'?t|doesn'?t|do not|does not|isn'?t|is not|aren'?t|are not|won'?t)\s+(?:really\s+|even\s+|actually\s+)?(?:need(?:ed|s)?|matter|necessary|required|a problem|an issue|worth it|important|involved|useful)\b/i,
  /\bno\s+(?:need|real\s+downside|downside|difference|point|problem)\b/i,
  /\bmakes?\s+no\s+difference\b/i,
  /\b(?:unnecessary|overkill|pointless|irrelevant|useless|a waste of time|not needed|not necessary)\b/i,
  /不需要|不用|没必要|没有必要|无所谓|不重要|没区别|没什么区别|没有区别|不必|用不着|没什么用|不是问题|遇不到|不建议|没什么问题|不明显|太麻烦|太花时间|浪费时间/,
];

const SWEEPING = [
  // "never" before a past-tense verb tells what did not happen ("a test set the model never saw",
  // "transactions that never committed"), not a rule without exception
  /\b(?:always|everything|everyone|anything|anywhere|whatever|nobody|completely|totally|entirely|instantly|guaranteed?|exactly once)\b|\bnever\b(?!\s+(?:(?!need|exceed|proceed|succeed|speed|feed|seed|matter)\w+ed|saw|meant|knew|got|went|ran|came|made|took|had|was|were|did|left|wrote|read|found|sent|became|began|caught|held|kept|lost|met|paid|put|said|set|sat|told|thought|understood|won)\b)/i,
  /\b(?:the|is|are)\s+(?:fastest|safest|simplest|most secure|most accurate)\b/i,
  /\bin any (?:order|case|way)\b/i,
  /\bthe (?:more|bigger|larger|longer|fewer)\b.{1,60}\bthe (?:better|faster|safer|more)\b/i,
  /永远|肯定|绝对|完全|根本|任何|总是|从来|当然|越.{1,8}越|只要.{1,16}就|就行|就好|就可以了|只会|最(?:重要|快|好|高|简单|安全)/,
];

/** A clause that dismisses a concern or claims something without exception. */
export function isDoubtful(clause: string): boolean {
  return DISMISSIVE.some((re) => re.test(clause)) || SWEEPING.some((re) => re.test(clause));
}

/**
 * The answer's claims split by credibility.
 * @param text the answer, minus grader-directed sentences and "I don't know" clauses.
 * @param reference the question's reference answer, or "" when none applies: a clause it
 *   states the opposite of (`contradictions.ts`), or one that gives a pair's one subject what the
 *   reference says of the other (`swaps.ts`, needs `question`), is doubtful too.
 * @param question the question, where a contrasted pair ("TCP and UDP") is named; "" → no swap check.
 * @returns `credibleText` — the clauses that are neither doubtful nor contradicted, joined by
 *   spaces (key points are matched against it); `doubtful` — how many clauses are doubtful or
 *   contradicted; `contradicted` — how many of those are contradicted; `clauses` — how many in all.
 */
export function weighClaims(text: string, reference = "", question = ""): { credibleText: string; doubtful: number; contradicted: number; clauses: number } {
  const all = clauses(text);
  const opposite = reference.trim() === "" ? all.map(() => false) : contradictedClauses(text, reference);
  const swapped = reference.trim() === "" || question.trim() === "" ? all.map(() => false) : swappedClauses(text, reference, question);
  const against = opposite.map((x, i) => x || swapped[i]);
  const kept = all.filter((c, i) => !isDoubtful(c) && !against[i]);
  return { credibleText: kept.join(" "), doubtful: all.length - kept.length, contradicted: against.filter(Boolean).length, clauses: all.length };
}

/**
 * Reference support: the share (0–1) of the answer's content tokens, outside the question's
 * own tokens, that occur in the reference answer; `null` when the reference is blank or the
 * answer has no such tokens.
 */
export function referenceSupport(answer: string, reference: string, question: string): number | null {
  const ref = new Set(contentTokens(reference));
  if (ref.size === 0) return null;
  const asked = new Set(contentTokens(question));
  const own = contentTokens(answer).filter((t) => !asked.has(t));
  if (own.length === 0) return null;
  return own.filter((t) => ref.has(t)).length / own.length;
}
