import { clauses } from "./clauses";
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
  const ref = new Set(contentTokens(reference));
  for (const re of [PAIR_EN, PAIR_ZH]) {
    for (const m of question.matchAll(re)) {
      const a = contentTokens(m[1]);
      const b = contentTokens(m[2]);
      const sa = new Set(a.filter((t) => ref.has(t) && !b.includes(t)));
      const sb = new Set(b.filter((t) => ref.has(t) && !a.includes(t)));
      if (sa.size > 0 && sb.size > 0) return [sa, sb];
    }
  }
  return null;
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
    out.push({ side, tokens: new Set(toks.filter((t) => !subjects[0].has(t) && !subjects[1].has(t))) });
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
  const subjects = contrastedSubjects(question, reference);
  const n = clauses(text).length;
  if (subjects === null) return Array.from({ length: n }, () => false);
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
