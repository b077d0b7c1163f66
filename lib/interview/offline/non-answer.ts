import { clauses } from "./clauses";

/**
 * "I don't know" and its relatives, in English and Chinese: the clauses in which a candidate
 * says they cannot answer ("I'm not sure", "I've never used it", "I can't think of one",
 * 不知道, 不太清楚, 没接触过, 没有这样的经历, 这题我不会). Politeness and hesitation around them
 * ("sorry", "honestly", "hmm", 不好意思, 嗯) carry nothing either.
 *
 * The evaluator grades what is left (`rest`): "I don't know, but I guess it's the B-tree …" is
 * judged by the guess; an admission with nothing on the question after it is a non-answer and
 * scores 0 (docs/interview-scoring.md, "Non-answers"). Phrase lists written by hand for
 * Panelist from how candidates decline a question.
 */

const DONT_KNOW = [
  /\bi\s+(?:really\s+|honestly\s+|just\s+)?(?:don'?t|do not|dunno)\s+(?:really\s+|actually\s+)?know\b/i,
  /\b(?:i'?m|i am)\s+(?:really\s+|honestly\s+|just\s+)?not\s+(?:really\s+)?(?:sure|certain|familiar)\b/i,
  /^(?:not\s+(?:really\s+)?sure|no idea|no clue|dunno)\b/i,
  /\b(?:no|not the slightest)\s+(?:idea|clue)\b/i,
  /\bi\s+(?:have|'ve)\s+no\s+(?:idea|clue|experience)\b/i,
  /\b(?:i'?ve|i have)\s+never\s+(?:really\s+|actually\s+)?[a-z]+(?:ed|ne|en|lt|wn|de|ht)\b/i,
  /\bi\s+never\s+(?:really\s+|actually\s+)?(?:used|worked|did|built|tried|touched|learned|learnt|studied|had)\b/i,
  /\bi\s+(?:haven'?t|have not|didn'?t|did not)\s+(?:really\s+|actually\s+|ever\s+)?(?:used|worked|done|built|tried|touched|heard|dealt|introduced|designed|learned|learnt|studied|had|seen|come across)\b/i,
  /\b(?:can'?t|cannot|can not)\s+(?:really\s+)?(?:think of|remember|recall|answer)\b/i,
  /\bnothing (?:comes|came) to mind\b/i,
  /\bno (?:experience|example)s?\b.{0,20}$/i,
];

const DONT_KNOW_ZH = [
  /不知道/,
  /不(?:太|是很|大|很|怎么)?(?:清楚|了解|懂|确定|熟悉|记得)/,
  /没(?:有)?(?:怎么|真正)?(?:接触|做|用|遇到|碰到|设计|主导|负责|参与|了解|学|听说|研究|写)过/,
  /没(?:有)?(?:这样|类似|相关|这方面|这种)的?(?:经历|经验|例子)/,
  /(?:我|这题|这道题|这个)(?:真的?|实在)?(?:不会|答不上|答不出)(?:来)?$/,
  /想不(?:起来|出来|到)/,
  /没(?:什么)?(?:思路|想法|印象)/,
];

/** Hesitation and politeness: a clause made only of these says nothing. */
const EMPTY_WORDS =
  /\b(?:i'?m|i am|sorry|honestly|hmm+|um+|uh+|er+m?|well|so|ok(?:ay)?|to be honest|actually|really|unfortunately|this one|that|it)\b|不好意思|抱歉|对不起|说实话|老实说|嗯+|呃+|啊|这个|那个|好像|其实|吧|呢|哈/gi;

function isDontKnow(clause: string): boolean {
  return DONT_KNOW.some((re) => re.test(clause)) || DONT_KNOW_ZH.some((re) => re.test(clause));
}

function saysNothing(clause: string): boolean {
  return !/[A-Za-z0-9\u3400-\u9fff]/.test(clause.replace(EMPTY_WORDS, ""));
}

/**
 * Whether the answer admits not knowing, and its text without those clauses and the
 * hesitation around them.
 * @returns `admitted` — at least one clause says "I don't know" (or a variant); `rest` — the
 *   other clauses, joined by spaces ("" when nothing else was said). Without an admission,
 *   `rest` is the text unchanged.
 */
export function screenNonAnswer(text: string): { admitted: boolean; rest: string } {
  const all = clauses(text);
  const admitted = all.some(isDontKnow);
  if (!admitted) return { admitted, rest: text };
  return {
    admitted,
    rest: all
      .filter((c) => !isDontKnow(c) && !saysNothing(c))
      .join(" ")
      .trim(),
  };
}
