import { clauses } from "./clauses";
import { COUNTERPARTS } from "./counterparts";
import { contentTokens } from "./tokens";

/**
 * Swapped facts: an answer that gives one of two contrasted things the other's behaviour —
 * "useCallback caches a computed value" where the reference says useMemo does, 节流是在停止触发
 * 一段时间后才执行 where it says 防抖 is — in calm words, with no antonym or negation for
 * `contradictions.ts` to find (docs/interview-scoring.md, "Contradicted claims").
 *
 * The two **subjects** come from the question when it names a pair ("the difference between
 * TCP and UDP", 乐观锁和悲观锁, "X vs Y"): each side's content tokens (`tokens.ts`) that the
 * reference uses and the other side does not. Every clause of the answer and of the reference
 * is tagged with the side it names (only one side; a clause naming neither takes the side of
 * the clause before it in the same sentence — up to a full stop or a semicolon — as "…, so it suits search boxes" speaks of the
 * sentence's subject; a clause naming both, or "both", 两者 …, is a comparison and takes none). An answer clause
 * is swapped when the reference clause that says the most of the same things — the most
 * shared content tokens, subject tokens left out — is about the other side, sharing at least
 * half of the clause's tokens (and at least `MIN_SHARED`), and no reference clause about the
 * clause's own side shares as many. Written for Panelist; the idea is that of checking a
 * claim's predicate against the reference's sentence about the same subject.
 *
 * A question often asks about one of two counterparts ("What is overfitting?", Promise.then 什么时候
 * 执行) and its reference sets it against the other; a pair of `counterparts.ts` whose both sides
 * the reference names is checked too (`swapPairs`), each pair on its own.
 */

/** Tokens an answer clause must share with the other side's reference clause (set on the tuning half). */
const MIN_SHARED = 1;

/** A pair named in the question: "A and/vs/or B", "between A and B", A和/与/跟/还是B. */
const PAIR_EN = /(?:^|[\s(])(?:an?\s+|the\s+)?([A-Za-z][\w.#+-]*)\s+(?:and|vs\.?|versus|or)\s+(?:an?\s+|the\s+)?([A-Za-z][\w.#+-]*)/g;
const PAIR_ZH = /([\u4e00-\u9fff]{2,4})(?:[（(][^）)]*[）)])?\s*(?:和|与|跟|还是|以及|对比|vs)\s*([\u4e00-\u9fff]{2,4}|[A-Za-z][\w.#+-]*)/g;

type Side = 0 | 1 | null;

/** Words that speak of both subjects at once: such a clause takes no side. */
const BOTH = /\b(?:both|either|neither|they|each of them)\b|两者|二者|两种|它们|它俩/i;

/** The question's two subjects as token sets, or null when it names no pair the reference speaks of separately. */
export function contrastedSubjects(question: string, reference: string): [Set<string>, Set<string>] | null {
  for (const re of [PAIR_EN, PAIR_ZH]) {
    for (const m of question.matchAll(re)) {
      const pair = subjectsOf(m[1], m[2], reference);
      if (pair) return pair;
    }
  }
  return null;
}

/** Each side's tokens that the reference uses and the other side's name does not; null when a side has none. */
function subjectsOf(a: string, b: string, reference: string): [Set<string>, Set<string>] | null {
  const ref = new Set(contentTokens(reference));
  const ta = contentTokens(a);
  const tb = contentTokens(b);
  const sa = new Set(ta.filter((t) => ref.has(t) && !tb.includes(t)));
  const sb = new Set(tb.filter((t) => ref.has(t) && !ta.includes(t)));
  return sa.size > 0 && sb.size > 0 ? [sa, sb] : null;
}

/**
 * Every pair to check: the question's (`contrastedSubjects`), then each pair of `COUNTERPARTS`
 * whose both sides the reference names (all of a side's tokens; a side's own tokens only, so
 * 宏任务/微任务 is 宏任 against 微任).
 */
export function swapPairs(question: string, reference: string): [Set<string>, Set<string>][] {
  const out: [Set<string>, Set<string>][] = [];
  const asked = contrastedSubjects(question, reference);
  if (asked) out.push(asked);
  const ref = new Set(contentTokens(reference));
  for (const [a, b] of COUNTERPARTS) {
    const pair = subjectsOf(a, b, reference);
    if (!pair || ![...pair[0], ...pair[1]].every((t) => ref.has(t))) continue;
    const key = (p: [Set<string>, Set<string>]) => [...p[0], "|", ...p[1]].join(" ");
    if (!out.some((p) => key(p) === key(pair) || key([p[1], p[0]]) === key(pair))) out.push(pair);
  }
  return out;
}

interface Tagged {
  side: Side;
  tokens: Set<string>;
}

/** The clauses of `text` (as `clauses` cuts them), each with its side and its tokens minus the subjects'. */
function tag(text: string, subjects: [Set<string>, Set<string>]): Tagged[] {
  const all = clauses(text);
  const out: Tagged[] = [];
  let cursor = 0;
  let carried: Side = null;
  for (const c of all) {
    const at = text.indexOf(c, cursor);
    // a sentence end between the previous clause and this one drops the carried subject
    if (at > cursor && /[.!?;。！？；\n]/.test(text.slice(Math.max(0, cursor - 1), at))) carried = null;
    if (at >= 0) cursor = at + c.length;
    const toks = contentTokens(c);
    const hasA = toks.some((t) => subjects[0].has(t));
    const hasB = toks.some((t) => subjects[1].has(t));
    const side: Side = (hasA && hasB) || BOTH.test(c) ? null : hasA ? 0 : hasB ? 1 : carried;
    if (hasA || hasB) carried = side;
    // the subjects' Chinese bigrams are blanked first, so no bigram straddling a name (是宏 of 是宏任务) is left to match on
    let masked = c;
    for (const t of [...subjects[0], ...subjects[1]]) if (/^[\u3400-\u9fff]{2}$/.test(t)) masked = masked.split(t).join("  ");
    out.push({ side, tokens: new Set(contentTokens(masked).filter((t) => !subjects[0].has(t) && !subjects[1].has(t))) });
  }
  return out;
}

function shared(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const t of a) if (b.has(t)) n++;
  return n;
}

/**
 * Which clauses of `text` state of one contrasted subject what the reference states of the other.
 * @param text the answer (or part of it).
 * @param reference the question's reference answer.
 * @param question the question, where the pair is named; no pair → nothing is swapped.
 * @returns one boolean per clause of `clauses(text)`, in order.
 */
export function swappedClauses(text: string, reference: string, question: string): boolean[] {
  const out = clauses(text).map(() => false);
  for (const subjects of swapPairs(question, reference)) {
    swappedBy(text, reference, subjects).forEach((x, i) => {
      if (x) out[i] = true;
    });
  }
  return out;
}

function swappedBy(text: string, reference: string, subjects: [Set<string>, Set<string>]): boolean[] {
  const ref = tag(reference, subjects).filter((r) => r.side !== null);
  return tag(text, subjects).map((c) => {
    if (c.side === null || c.tokens.size === 0) return false;
    let own = 0;
    let other = 0;
    for (const r of ref) {
      const w = shared(c.tokens, r.tokens);
      if (r.side === c.side) own = Math.max(own, w);
      else other = Math.max(other, w);
    }
    return other >= Math.max(MIN_SHARED, Math.ceil(c.tokens.size / 2)) && other > own;
  });
}
