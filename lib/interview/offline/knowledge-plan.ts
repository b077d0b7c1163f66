import {
  type Difficulty,
  KEY_POINTS,
  type KnowledgeSource,
  type Language,
  type Level,
  type Plan,
  type PlanQuestion,
  planSchema,
  QUESTION_COUNT,
} from "@/lib/interview/schemas";
import { seededRandom } from "@/lib/text/random";
import { buildOfflinePlan } from "./plan";

/**
 * The offline planner for an interview drawn from a knowledge base (docs/knowledge.md,
 * "Interviews from a knowledge base"): diverse passages become questions, with no language model.
 *
 * - **Which passages** ({@link selectPassages}): the documents in a seeded order, round and round,
 *   each round taking from every document a passage under a heading not used yet in it — so the
 *   questions spread over documents first, then over headings. Passages too short to ask about
 *   (under {@link MIN_PASSAGE}) are left out while longer ones remain. Deterministic per seed.
 * - **The question**: from the passage's heading (its last segment; without one, its most
 *   significant words) and the document's title, in the interview's language, one of three
 *   forms in turn ("Explain X, as <doc> describes it." / "What does <doc> say about X, and why?"
 *   / "How would you apply …").
 * - **Key points**: the passage's most significant sentences, shortened — significance after
 *   Luhn (1958, "The automatic creation of literature abstracts", IBM J. R&D 2(2)): a sentence
 *   scores (significant words in it)² / its length, a significant word being a content word that
 *   occurs at least twice in the passage (all content words when none does). The reference answer
 *   is the passage itself, so the offline evaluator's key-point matching (key-points.ts: terms
 *   from each point's words, or the reference sentences on it) grades answers as for any
 *   model-made plan.
 * - Fewer usable passages than questions: the rest come from the question bank (same role, level
 *   and language), after the passages.
 */

/** What a passage must have for the planner: its citation fields and its text. */
export type PlanPassage = KnowledgeSource & { ordinal: number; content: string };

/** A passage shorter than this many words (Latin) or characters (CJK) is asked about only when nothing longer is left. */
const MIN_PASSAGE = { words: 12, cjk: 30 } as const;
/** A key point is at most this many words, or CJK characters. */
const KEY_POINT_MAX = { words: 14, cjk: 36 } as const;
/** The reference answer: the passage, cut at a sentence end within this many characters. */
const REFERENCE_MAX_CHARS = 1_500;
/** Difficulty of a knowledge question by level (a passage has no difficulty of its own). */
const KB_DIFFICULTY: Record<Level, Difficulty> = { junior: "easy", mid: "medium", senior: "hard" };

const CJK = /[\u3400-\u4dbf\u4e00-\u9fff]/u;
const STOP = new Set(
  "about after also and are because been before being both but can could does each for from had has have how into its more most must not only other our over same shall should some such than that the their them then there these they this those through under use used using very was were what when where which while who will with without would your you may any all".split(
    " ",
  ),
);
const CJK_STOP = new Set([
  "我们",
  "你们",
  "他们",
  "一个",
  "这个",
  "那个",
  "以及",
  "可以",
  "进行",
  "通过",
  "如果",
  "因为",
  "所以",
  "但是",
  "并且",
  "或者",
  "没有",
  "需要",
  "应该",
]);
const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

/** Content words of a text, lower-cased: Latin words of 3+ letters not stop words, CJK words of 2+ characters (Intl.Segmenter). */
function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text)) {
    if (!s.isWordLike) continue;
    const w = s.segment.toLowerCase();
    if (CJK.test(w)) {
      if (w.length >= 2 && !CJK_STOP.has(w)) out.push(w);
    } else if (/^[a-z][a-z0-9+#-]{2,}$/.test(w) && !STOP.has(w)) out.push(w);
  }
  return out;
}

/** Words (Latin) or characters (CJK) of a text, whichever measure suits it. */
function size(text: string): { units: number; cjk: boolean } {
  const cjk = (text.match(/[\u3400-\u4dbf\u4e00-\u9fff]/gu) ?? []).length;
  const words = (text.match(/[A-Za-z0-9][\w'’-]*/g) ?? []).length;
  return cjk > words ? { units: cjk, cjk: true } : { units: words, cjk: false };
}

function usable(p: PlanPassage): boolean {
  const s = size(p.content);
  return s.units >= (s.cjk ? MIN_PASSAGE.cjk : MIN_PASSAGE.words);
}

/** A seeded Fisher–Yates shuffle (a copy). */
function shuffled<T>(xs: readonly T[], random: () => number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * Up to `count` passages spread over documents, then headings (see the module comment).
 * Deterministic: the same passages and seed give the same choice, in the order asked.
 */
export function selectPassages<P extends PlanPassage>(passages: readonly P[], count: number, seed: number | string): P[] {
  const random = seededRandom(seed);
  const long = passages.filter(usable);
  const pool = long.length >= count ? long : [...long, ...passages.filter((p) => !usable(p))];
  // document → heading → its passages, each level in a seeded order
  const byDocument = new Map<string, Map<string, P[]>>();
  for (const p of [...pool].sort((a, b) => a.documentId.localeCompare(b.documentId) || a.ordinal - b.ordinal)) {
    const headings = byDocument.get(p.documentId) ?? new Map<string, P[]>();
    const key = p.heading?.trim() || `#${p.ordinal}`;
    headings.set(key, [...(headings.get(key) ?? []), p]);
    byDocument.set(p.documentId, headings);
  }
  const documents = shuffled([...byDocument.keys()], random).map((d) =>
    shuffled([...byDocument.get(d)!.values()], random).map((group) => shuffled(group, random)),
  );
  const out: P[] = [];
  // Round r takes the r-th heading of each document; later passes take further passages of a heading.
  for (let depth = 0; out.length < count; depth++) {
    let took = false;
    for (let round = 0; out.length < count; round++) {
      let any = false;
      for (const groups of documents) {
        if (round < groups.length) any = true;
        const p = groups[round]?.[depth];
        if (p && out.length < count) {
          out.push(p);
          took = true;
        }
      }
      if (!any) break;
    }
    if (!took) break;
  }
  return out;
}

/** Sentences of a passage (Latin stops followed by a space, Chinese stops, line breaks). */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?;:])\s+|(?<=[。！？；])|\n+/u)
    .map((s) => s.replace(/^[\s#>*\-•\d.)]+/u, "").trim())
    .filter((s) => size(s).units >= 3);
}

/** The passage's significant words (Luhn 1958): content words occurring twice or more, else all of them. */
function significantWords(text: string): Set<string> {
  const counts = new Map<string, number>();
  for (const w of contentWords(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const frequent = [...counts].filter(([, n]) => n >= 2).map(([w]) => w);
  return new Set(frequent.length > 0 ? frequent : counts.keys());
}

/** The most significant words, most frequent first (ties in order of appearance). */
function topWords(text: string, n: number): string[] {
  const counts = new Map<string, number>();
  for (const w of contentWords(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([w]) => w);
}

/** Luhn's sentence score: (significant words)² / words. */
function luhnScore(sentence: string, significant: Set<string>): number {
  const words = contentWords(sentence);
  if (words.length === 0) return 0;
  const hits = words.filter((w) => significant.has(w)).length;
  return (hits * hits) / words.length;
}

/** A sentence shortened to a key point: at most {@link KEY_POINT_MAX} words or CJK characters, without its closing stop. */
function shorten(sentence: string): string {
  const s = sentence.replace(/[。！？；.!?;:：]+$/u, "").trim();
  if (size(s).cjk) return s.length <= KEY_POINT_MAX.cjk ? s : `${s.slice(0, KEY_POINT_MAX.cjk)}…`;
  const words = s.split(/\s+/);
  return words.length <= KEY_POINT_MAX.words ? s : `${words.slice(0, KEY_POINT_MAX.words).join(" ")}…`;
}

/** 2–4 key points of a passage: its most significant sentences, shortened, in the passage's order. */
export function passageKeyPoints(content: string): string[] {
  const significant = significantWords(content);
  const all = sentences(content);
  const ranked = all
    .map((s, i) => ({ s, i, score: luhnScore(s, significant) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const want = Math.min(4, Math.max(KEY_POINTS.min, Math.ceil(all.length / 3)));
  const points = [
    ...new Set(
      ranked
        .slice(0, want)
        .sort((a, b) => a.i - b.i)
        .map((x) => shorten(x.s)),
    ),
  ];
  // A passage of one sentence: its clauses, then its significant words, make up the second point.
  if (points.length < KEY_POINTS.min) {
    for (const clause of content.split(/[,，;；:：、]/u).map((c) => c.trim())) {
      if (points.length >= KEY_POINTS.min) break;
      if (size(clause).units >= 2 && !points.includes(shorten(clause))) points.push(shorten(clause));
    }
  }
  const words = topWords(content, 6);
  while (points.length < KEY_POINTS.min) {
    const half = words.splice(0, 3);
    points.push(half.length > 0 ? half.join(", ") : content.trim().slice(0, 40) || "—");
  }
  return points.slice(0, KEY_POINTS.max);
}

/** What the passage is about: the last segment of its heading path, without numbering; else its most significant words. */
export function passageTopic(p: Pick<PlanPassage, "heading" | "content">, language: Language): string {
  const last = p.heading
    ?.split(/\s*(?:›|>|\/|»)\s*/u)
    .map((h) => h.replace(/^[#\s]*(?:\d+(?:\.\d+)*\.?|[IVX]+\.)\s+/u, "").trim())
    .filter(Boolean)
    .at(-1);
  if (last) return last;
  const words = topWords(p.content, 3);
  return words.join(language === "zh" ? "、" : ", ") || (language === "zh" ? "这段内容" : "this passage");
}

/** A document's title from its file name: without the extension, separators as spaces. */
function documentTitle(fileName: string): string {
  const base = fileName
    .replace(/\.[A-Za-z0-9]{1,5}$/u, "")
    .replace(/[_]+/g, " ")
    .trim();
  return base || fileName;
}

const FORMS: Record<Language, ((t: { topic: string; title: string }) => string)[]> = {
  en: [
    ({ topic, title }) => `Explain ${topic}, as ${title} describes it.`,
    ({ topic, title }) => `What does ${title} say about ${topic}, and why?`,
    ({ topic, title }) => `How would you apply what ${title} says about ${topic} in practice?`,
  ],
  zh: [
    ({ topic, title }) => `请解释《${title}》中的“${topic}”。`,
    ({ topic, title }) => `《${title}》关于“${topic}”是怎么说的？为什么？`,
    ({ topic, title }) => `在实际工作中，你会如何运用《${title}》中关于“${topic}”的内容？`,
  ],
};

/** The passage, whitespace-normalised and cut at a sentence end within {@link REFERENCE_MAX_CHARS}. */
function referenceOf(content: string): string {
  const text = content
    .replace(/[ \t]+/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (text.length <= REFERENCE_MAX_CHARS) return text;
  const cut = text.slice(0, REFERENCE_MAX_CHARS);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("。"), cut.lastIndexOf("\n"));
  return end > REFERENCE_MAX_CHARS / 2 ? cut.slice(0, end + 1).trim() : `${cut.trimEnd()}…`;
}

/** The citation of a passage, as a plan question carries it. */
export function sourceOf(p: PlanPassage): KnowledgeSource {
  return { knowledgeBaseId: p.knowledgeBaseId, documentId: p.documentId, chunkId: p.chunkId, fileName: p.fileName, heading: p.heading, page: p.page };
}

/**
 * One passage as a plan question (id `kb:<chunkId>`), in `language`; `variant` picks the form
 * of the question (0–2, in turn).
 */
export function passageQuestion(p: PlanPassage, o: { language: Language; level: Level; variant: number }): PlanQuestion {
  const forms = FORMS[o.language];
  return {
    id: `kb:${p.chunkId}`,
    category: "role-specific",
    difficulty: KB_DIFFICULTY[o.level],
    question: forms[o.variant % forms.length]!({ topic: passageTopic(p, o.language), title: documentTitle(p.fileName) }),
    keyPoints: passageKeyPoints(p.content),
    referenceAnswer: referenceOf(p.content),
    source: sourceOf(p),
  };
}

/**
 * An offline plan of `questionCount` questions drawn from `passages` (see the module comment).
 * @throws {RangeError} when `questionCount` is not an integer between 5 and 15, or there is no passage.
 */
export function buildKnowledgePlan(input: {
  passages: readonly PlanPassage[];
  role: string;
  level: Level;
  questionCount: number;
  language: Language;
  seed: number | string;
}): Plan {
  const n = input.questionCount;
  if (!Number.isInteger(n) || n < QUESTION_COUNT.min || n > QUESTION_COUNT.max) {
    throw new RangeError(`questionCount must be an integer from ${QUESTION_COUNT.min} to ${QUESTION_COUNT.max}, got ${n}`);
  }
  if (input.passages.length === 0) throw new RangeError("a knowledge plan needs at least one passage");
  const picked = selectPassages(input.passages, n, input.seed);
  const questions = picked.map((p, i) => passageQuestion(p, { language: input.language, level: input.level, variant: i }));
  return planSchema.parse({ questions: topUpFromBank(questions, input) });
}

/**
 * `questions` followed by bank questions (same role, level and language; no resume questions)
 * until there are `questionCount`: a knowledge base with fewer usable passages than questions.
 */
export function topUpFromBank(
  questions: PlanQuestion[],
  input: { role: string; level: Level; questionCount: number; language: Language; seed: number | string },
): PlanQuestion[] {
  const out = questions.slice(0, input.questionCount);
  if (out.length >= input.questionCount) return out;
  const bank = buildOfflinePlan({ role: input.role, level: input.level, questionCount: QUESTION_COUNT.max, language: input.language, seed: input.seed });
  const ids = new Set(out.map((q) => q.id));
  for (const q of bank.questions) {
    if (out.length >= input.questionCount) break;
    if (!ids.has(q.id) && q.source !== "resume") out.push(q);
  }
  return out;
}
