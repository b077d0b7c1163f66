import { keyTerms } from "../search-terms";

/**
 * Words that point back at something said before ("what about **its** price?", "那**它**的缺点呢？"):
 * a question holding one is read as a follow-up. Lower-case English words and Chinese segments
 * as `Intl.Segmenter` returns them.
 */
const ANAPHORS_EN = new Set([
  "it",
  "its",
  "it's",
  "they",
  "them",
  "their",
  "theirs",
  "this",
  "that",
  "these",
  "those",
  "he",
  "she",
  "his",
  "her",
  "one",
  "there",
  "same",
]);
const ANAPHORS_ZH = ["它", "它们", "其", "这", "那", "这个", "那个", "这些", "那些", "该", "此", "他", "她", "上述", "前者", "后者"];
/** Openings of a follow-up that names only the new aspect: "what about …", "and …", "那…呢". */
const FOLLOW_UP_OPENINGS = /^\s*(?:what about|how about|and\b|also\b|what else|any other)|^\s*(?:那|还有|另外|那么)|呢\s*[？?]?\s*$/iu;

/** A question with at most this many key terms is short: it leans on the one before. */
export const SHORT_QUESTION_TERMS = 2;
/** At most this many terms are carried over from the previous question (its first ones: the topic is usually named early). */
export const MAX_CARRIED_TERMS = 6;

/** Whether `question` reads as a follow-up: it holds an anaphor, opens like one, or is short. */
export function isFollowUp(question: string): boolean {
  if (FOLLOW_UP_OPENINGS.test(question)) return true;
  const lower = question.normalize("NFKC").toLowerCase();
  const latin = lower.match(/[a-z']+/gu) ?? [];
  if (latin.some((w) => ANAPHORS_EN.has(w))) return true;
  if (ANAPHORS_ZH.some((a) => lower.includes(a))) return true;
  return keyTerms(question).length <= SHORT_QUESTION_TERMS;
}

/**
 * The offline rewrite of a follow-up into a standalone query (no model): when `question` is a
 * follow-up ({@link isFollowUp}) and there was a previous question, the previous standalone
 * query's key terms that the new question lacks (at most {@link MAX_CARRIED_TERMS}) are appended
 * to it — "what about its price?" after "How long does the X200's battery last?" becomes
 * "what about its price? long x200 battery last". Deterministic; a first question, or one that
 * names its own topic, is returned unchanged.
 * @param previousStandalone the standalone query of the previous user question, or null.
 */
export function rewriteOffline(question: string, previousStandalone: string | null): string {
  const q = question.trim();
  if (!previousStandalone?.trim() || !isFollowUp(q)) return q;
  const own = new Set(keyTerms(q));
  const carried = keyTerms(previousStandalone)
    .filter((t) => !own.has(t))
    .slice(0, MAX_CARRIED_TERMS);
  return carried.length ? `${q} ${carried.join(" ")}` : q;
}

/**
 * The standalone query of the newest of `questions` (the user's questions, oldest first), by
 * rewriting each in turn against the one before ({@link rewriteOffline}), so a chain of
 * follow-ups keeps its topic.
 * @throws Error when `questions` is empty.
 */
export function standaloneOffline(questions: readonly string[]): string {
  if (questions.length === 0) throw new Error("standaloneOffline needs at least one question");
  let prev: string | null = null;
  for (const q of questions) prev = rewriteOffline(q, prev);
  return prev!;
}
