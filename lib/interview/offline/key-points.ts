import type { PlanQuestion } from "@/lib/interview/schemas";
import { mentions } from "@/lib/text/skills";
import { compileTerms } from "./match";
import { BANK_BY_ID } from "./question-bank";
import { parseResumeQuestionId, resumeKeyPoints } from "./resume-templates";
import { contentTokens } from "./tokens";

/**
 * How the offline engine decides whether an answer covers each key point of a planned
 * question. Three sources of match terms, by the question's id:
 * - a bank question (`be-01` …): the bank's terms for each key point, both languages;
 * - a resume question (`resume:<template>:<n>[:<skill>]`): the template's terms, and for
 *   the skill point, the skill's dictionary aliases (`lib/text/skills.ts`);
 * - anything else (a model-made plan evaluated offline): terms derived from the key point's
 *   own words — its Latin content words (4+ letters, not stop words) as prefixes (the
 *   whole word, or its first 5 letters when longer than 6), short acronyms ("TLS"), and its Chinese text cut into
 *   two-character pieces — covered when at least half of
 *   them (at least one, at most three) occur in the answer — or when the answer restates the
 *   reference answer's sentences about that point: the sentences in which the point's own
 *   terms occur give its evidence tokens (their content tokens, `claims.ts`, minus the
 *   question's), and the point is covered when the answer holds at least
 *   max(3, ⌈20 %⌉) of them. A model's key point is a heading ("the specific optimisations");
 *   its reference sentence says what they are ("a composite index, batched queries, …").
 *
 * The key point labels always come from the plan (in the plan's language); terms are
 * matched by position, so a plan keeps its bank key points in bank order.
 */

interface KeyPointMatcher {
  /** The key point as the plan states it. */
  label: string;
  /** The first matching term, or null when the answer does not cover the point. */
  match(text: string): string | null;
}

const STOP = new Set([
  "about",
  "after",
  "also",
  "and",
  "because",
  "before",
  "being",
  "both",
  "does",
  "each",
  "from",
  "have",
  "into",
  "more",
  "most",
  "only",
  "other",
  "over",
  "same",
  "should",
  "some",
  "such",
  "than",
  "that",
  "their",
  "them",
  "then",
  "there",
  "these",
  "they",
  "this",
  "those",
  "through",
  "under",
  "using",
  "very",
  "what",
  "when",
  "where",
  "which",
  "while",
  "with",
  "without",
  "your",
  "would",
  "could",
  "make",
  "makes",
  "well",
  "good",
  "clear",
]);
const CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff]{2,}/g;
const CJK_FILLER = new Set(["以及", "如何", "什么", "为什么", "一个", "进行", "可以", "通过", "我们", "你的", "哪些", "是否", "的是"]);

/** Matchers for each key point of a planned question (same order as `q.keyPoints`). */
export function keyPointMatchers(q: PlanQuestion): KeyPointMatcher[] {
  const bank = BANK_BY_ID.get(q.id);
  if (bank && bank.keyPoints.length === q.keyPoints.length) {
    return q.keyPoints.map((label, i) => {
      const t = bank.keyPoints[i].terms;
      return { label, match: compileTerms([...t.en, ...t.zh]) };
    });
  }
  const resume = parseResumeQuestionId(q.id);
  if (resume) {
    const kps = resumeKeyPoints(resume.template, resume.skill, q.difficulty);
    if (kps.length === q.keyPoints.length) {
      return q.keyPoints.map((label, i) => {
        const k = kps[i];
        if (k.skill) {
          const skill = k.skill;
          return { label, match: (text: string) => (mentions(skill, text) ? skill : null) };
        }
        return { label, match: compileTerms([...k.terms.en, ...k.terms.zh]) };
      });
    }
  }
  return q.keyPoints.map((label) => withReferenceEvidence(derivedMatcher(label), q));
}

/** A matcher from the words of a key point itself (see the module comment). */
function derivedMatcher(label: string): KeyPointMatcher {
  const latin = [
    ...new Set((label.match(/[A-Za-z][A-Za-z0-9+#.-]*/g) ?? []).map((w) => w.toLowerCase().replace(/[.-]+$/, "")).filter((w) => w.length >= 4 && !STOP.has(w))),
  ];
  // short upper-case terms carry meaning too ("TLS", "CAP", "SQL")
  const acronyms = [...new Set(label.match(/\b[A-Z][A-Z0-9+#]{1,3}\b/g) ?? [])].filter((a) => !latin.includes(a.toLowerCase()));
  // a prefix for every word, so inflections match ("proves", "negotiated")
  const words = [...latin.map((w) => (w.length > 6 ? `${w.slice(0, 5)}*` : `${w}*`)), ...acronyms];
  const pieces: string[] = [];
  for (const run of label.match(CJK_RUN) ?? []) {
    for (let i = 0; i + 2 <= run.length; i += 2) {
      const p = run.slice(i, i + 2);
      if (!CJK_FILLER.has(p)) pieces.push(p);
    }
  }
  const terms = [...new Set([...words, ...pieces])];
  const tests = terms.map((t) => ({ t, test: compileTerms([t]) }));
  const need = Math.min(3, Math.max(1, Math.ceil(terms.length / 2)));
  return {
    label,
    match: (text: string) => {
      if (tests.length === 0) return null;
      const found = tests.filter((x) => x.test(text) !== null);
      return found.length >= need ? found[0].t : null;
    },
  };
}

/** Sentences of a reference answer (Latin stops followed by a space, Chinese stops, line breaks). */
function referenceSentences(reference: string): string[] {
  return reference
    .split(/(?<=[.!?;])\s+|[。！？；\n]+/)
    .map((x) => x.trim())
    .filter(Boolean);
}

const EVIDENCE = { min: 3, share: 0.2 } as const;

/** A derived matcher that also accepts a restatement of the reference's sentences on the point (see the module comment). */
function withReferenceEvidence(own: KeyPointMatcher, q: PlanQuestion): KeyPointMatcher {
  const asked = new Set(contentTokens(q.question));
  const labelTokens = contentTokens(own.label);
  const linked = referenceSentences(q.referenceAnswer).filter((x) => {
    const ts = new Set(contentTokens(x));
    return labelTokens.some((t) => ts.has(t));
  });
  const evidence = [...new Set(linked.flatMap(contentTokens))].filter((t) => !asked.has(t));
  const need = Math.max(EVIDENCE.min, Math.ceil(EVIDENCE.share * evidence.length));
  if (evidence.length < need) return own;
  return {
    label: own.label,
    match: (text: string) => {
      const hit = own.match(text);
      if (hit !== null) return hit;
      const have = new Set(contentTokens(text));
      const found = evidence.filter((t) => have.has(t));
      return found.length >= need ? found[0] : null;
    },
  };
}
