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
  // "I've never" + any participle, irregular ones too ("set up", "run", "led"): a first-person lack of experience
  /\b(?:i'?ve|i have)\s+never\s+(?:really\s+|actually\s+|personally\s+)?[a-z]{2,}\b/i,
  /\bi\s+never\s+(?:really\s+|actually\s+)?(?:used|worked|did|built|tried|touched|learned|learnt|studied|had)\b/i,
  /\bi\s+(?:haven'?t|have not|didn'?t|did not)\s+(?:really\s+|actually\s+|ever\s+)?(?:used|worked|done|built|tried|touched|heard|dealt|introduced|designed|learned|learnt|studied|had|seen|come across)\b/i,
  /\b(?:can'?t|cannot|can not)\s+(?:really\s+)?(?:think of|remember|recall|answer)\b/i,
  /\bnothing (?:comes|came) to mind\b/i,
  /\bno (?:experience|example)s?\b.{0,20}$/i,
];

const DONT_KNOW_ZH = [
  /不知道/,
  /没(?:有)?(?:怎么|真正)?(?:接触|做|用|遇到|碰到|设计|主导|负责|参与|了解|学|听说|研究|写)过/,
  // 我没有从零搭建过…, 自己从来没带过…: the first person and 没(有)…过 around any verb phrase ("have never …");
  // the subject is needed, since 延迟没有超过 100 毫秒 is a measurement, not an admission
  /(?:^|我|自己|本人)(?:之前|以前|还|从来|从|也|确实|真的|其实)*没(?:有)?[^，。,.!?！？；、]{0,10}?过(?![来去])/,
  /没(?:有)?(?:这样|类似|相关|这方面|这种)的?(?:经历|经验|例子)/,
  /(?:我|这题|这道题|这个)(?:真的?|实在)?(?:不会|答不上|答不出)(?:来)?$/,
  /想不(?:起来|出来|到)/,
  // 说不上来; 我了解得不多 (the speaker's own knowledge; 用户了解得不多 is content)
  /(?:说|答)不(?:上来|出来)/,
  /(?:^|我|自己|本人)(?:对[^，。,.!?！？；、]{0,12})?(?:了解|懂|知道|接触)得?(?:很少|不多|有限|不深)/,
  /没(?:什么)?(?:思路|想法|印象)/,
];

/** Hesitation and politeness: a clause made only of these says nothing. */
const EMPTY_WORDS =
  /\b(?:i'?m|i am|sorry|honestly|hmm+|um+|uh+|er+m?|well|so|ok(?:ay)?|to be honest|actually|really|unfortunately|this one|that|it)\b|不好意思|抱歉|对不起|说实话|老实说|嗯+|呃+|啊|这个|那个|好像|其实|吧|呢|哈/gi;

/**
 * 不清楚 / 不了解 / 不确定 … say "I don't know" only of the speaker: with nothing before them but the
 * first person, hedges or the topic's pointer (我不太清楚, 具体不太清楚, 这块我不了解). With another
 * subject they describe something else — 重点不清楚 (the point was unclear), 需求不确定 — and are part
 * of an answer.
 */
const UNSURE_ZH = /不(?:太|是很|大|很|怎么)?(?:清楚|了解|懂|确定|熟悉|记得)/;
const UNSURE_SUBJECT = /我|本人|自己/;
const UNSURE_PREFIX = /^(?:具体|也|还|都|确实|真的|并|实在|就|对此|对这|这块|这方面|这部分|这个问题|这题|这道题|细节|原理|说实话|老实说|其实|可能|我)*$/;

function unsureZh(clause: string): boolean {
  const m = UNSURE_ZH.exec(clause);
  if (!m) return false;
  const before = clause.slice(0, m.index).replace(EMPTY_WORDS, "").trim();
  return UNSURE_SUBJECT.test(before) || UNSURE_PREFIX.test(before);
}

function isDontKnow(clause: string): boolean {
  return DONT_KNOW.some((re) => re.test(clause)) || DONT_KNOW_ZH.some((re) => re.test(clause)) || unsureZh(clause);
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
