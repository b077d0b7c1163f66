import { clauses } from "./clauses";
import { contentTokens } from "./tokens";

/**
 * Statements of an answer that the question's reference answer states the opposite of — a
 * third proxy for correctness beside doubtful clauses and reference support
 * (docs/interview-scoring.md, "Contradicted claims"). A wrong answer that swaps facts in calm
 * words ("increasing complexity raises bias", 消息不会被再次投递, "each thread has separate
 * memory") carries no cue word, but the reference says the reverse about the same thing.
 *
 * Both texts are cut into claims (clauses, cut again at "and", "but", 而, 但, brackets …). A
 * claim has a **polarity** on a **key**:
 * - an antonym pair (`POLES`, English and Chinese: faster/slower, increase/decrease,
 *   synchronous/asynchronous, blocking/non-blocking, over-/underfitting, 增加/减少, 同步/异步,
 *   之前/之后 …): the side it names, when it names only one side of the pair;
 * - negation scope: a modal or auxiliary and the word it governs — "can write" / "cannot
 *   write", "is free" / "is not free", 会被 / 不会被, 会阻塞 / 不阻塞, 应该等待 / 不应该等待 —
 *   keyed by the governed word (its first 6 letters; two Chinese characters).
 *
 * An answer claim is contradicted when some reference claim has the opposite polarity on the
 * same key and shares an anchor with it — at least `ANCHOR_MIN` content tokens in common other
 * than the polar words ("raises bias" against "lowers bias", 召回率会提高 against 召回率更低) —
 * and shares more than any reference claim of the same polarity on that key does (the
 * reference may say both, about different things). A claim that reports a measurement ("from
 * 62% to 85%", 从两小时到二十分钟) describes one case, not the rule, and is not checked. Pair
 * lists written by hand for Panelist.
 */

/**
 * Antonym pairs: each side a regular expression over lower-cased text. The first pairs are
 * directions of change, where a claim may name both sides as a relation — "increasing
 * complexity lowers bias", 阈值越高，召回率越低 — and its polarity is the parity of the second
 * side's occurrences (`SIGNED`); for the others a claim that names both sides takes neither.
 */
const POLES: readonly (readonly [RegExp, RegExp])[] = [
  [
    /\b(?:increas\w*|raises?|raising|rises|grows?|growing|higher|goes up)\b/,
    /\b(?:decreas\w*|lowers|lowering|drops?|shrinks?|falls|fewer|goes down)\b|\blower (?!bound)/,
  ],
  [/\b(?:faster|quicker|speeds? up|fast)\b/, /\b(?:slower|slows? down|slow)\b/],
  [/增加|增大|增多|变多|越多|更多|上升|升高|提高|提升|更高|越高/, /减少|减小|变少|越少|更少|下降|降低|更低|越低/],
  [/更快|变快|加快|越快|提速/, /更慢|变慢|减慢|越慢|拖慢/],
  [/\bover-?(?:fit|estimat|provision)\w*/, /\bunder-?(?:fit|estimat|provision)\w*/],
  [/(?<!a)\bsynchron\w*|\bsync\b/, /\basynchron\w*|\basync\b/],
  [/(?<!non-)(?<!non)\bblock(?:s|ing|ed)?\b/, /\bnon-?blocking\b/],
  [/\b(?:simple|simpler|too simple)\b/, /\b(?:complex|more complex|too complex)\b/],
  [/(?<!a)\bsymmetric\w*/, /\basymmetric\w*/],
  [/\bpublic key/, /\bprivate key/],
  [/\bstateless\b/, /\bstateful\b/],
  [/\bshared?\b|\bsharing\b/, /\bseparate\b|\bown (?:address|memory)\b/],
  [/\bephemeral\b|\bshort-lived\b/, /\blong-lived\b|\breused\b/],
  [/\bfalse positives?\b/, /\bfalse negatives?\b/],
  [/\bstrong(?:ly)? consisten\w*/, /\b(?:eventual(?:ly)?|weak) consisten\w*/],
  [/过拟合/, /欠拟合/],
  [/(?<!异)同步/, /异步/],
  [/(?<![不非])阻塞/, /不阻塞|非阻塞|不会阻塞/],
  [/(?<![无乱])有序/, /无序|乱序/],
  [/(?<!非)对称/, /非对称/],
  [/公钥/, /私钥/],
  [/简单/, /复杂/],
  [/共享/, /独立|隔离/],
  [/有状态/, /无状态/],
  [/强一致/, /最终一致|弱一致/],
  // a measured quantity said to be high or low: 代价高 / 代价比较低, 误报率很高 / 误报率低
  [
    /(?:代价|成本|开销|延迟|风险|概率|比例|率)(?:比较|较|很|更|太|非常)?(?:高|大)/,
    /(?:代价|成本|开销|延迟|风险|概率|比例|率)(?:比较|较|很|更|太|非常)?(?:低|小)/,
  ],
];

/** How many of `POLES` (the first ones) are directions of change, read by parity. */
const SIGNED = 4;

/** English negation scope: an auxiliary, optionally negated, and the word it governs. */
const EN_SCOPE =
  /\b(?:(cannot|can't|won't|isn't|aren't|doesn't|don't|didn't|wasn't|weren't|shouldn't|mustn't)|(is|are|was|were|can|could|will|would|does|do|did|should|must|may)(\s+not)?)\s+(?:be\s+|been\s+|get\s+|also\s+)?([a-z]{3,})/g;
/** Words an auxiliary governs that say nothing by themselves ("is a", "can be"). */
const EN_EMPTY = new Set(["the", "that", "this", "not", "also", "very", "more", "much", "used", "usually", "often", "only", "just", "then"]);
/** Chinese negation scope: an optional negation, a modal, and the two characters it governs. */
const ZH_MODAL = /(不|没有|没|未|无法)?(会被|会|能|可以|应该|应当|需要|必须|保证|可能)([\u4e00-\u9fff]{2})/g;
/** 不 + a verb directly (不阻塞, 不携带), minus words where 不 is part of the word (不同, 不过 …). */
const ZH_BU = /不(?![同过断少仅然管论足错久如但单止住])([\u4e00-\u9fff]{2})/g;

/** A quantity with a unit, or a change "from … to …" / 从…到… (see `readClaim`). */
const MEASUREMENT = /\d+(?:[.,]\d+)?\s*(?:%|ms\b|s\b|x\b|k\b|倍|毫秒|秒|分钟|小时|天)|\bfrom\b.{1,30}\bto\b.{0,6}\d|从.{1,16}(?:到|至)/;

/**
 * Breaks a clause into segments at brackets and the enumeration comma 、 (each says its own
 * thing: 误报越少（精确率更高）), and a segment into claims at conjunctions, so "raises bias and
 * lowers variance" is two.
 */
function segmentsOf(clause: string): string[][] {
  const trimmed = (xs: string[]) => xs.map((x) => x.trim()).filter((x) => x.length > 0);
  return trimmed(clause.split(/[()（）、]/)).map((seg) => trimmed(seg.split(/\s+(?:and|while|whereas|so|which)\s+|而且|并且|而|同时/)));
}

interface Claim {
  /** key → polarity (true = the first side of a pair, or the un-negated form). */
  poles: Map<string, boolean>;
  /** Anchor tokens: the claim's content tokens outside its polar words. */
  anchors: Set<string>;
}

function readClaim(text: string): Claim {
  const lower = text.toLowerCase();
  const poles = new Map<string, boolean>();
  // a measurement ("recall went from 62% to 85%") reports one case, not the rule the reference states
  if (MEASUREMENT.test(lower)) return { poles, anchors: new Set() };
  let rest = lower;
  POLES.forEach(([a, b], i) => {
    const nA = (lower.match(new RegExp(a.source, "g")) ?? []).length;
    const nB = (lower.match(new RegExp(b.source, "g")) ?? []).length;
    if (i < SIGNED ? nA + nB > 0 : nA > 0 !== nB > 0) poles.set(`pair:${i}`, i < SIGNED ? nB % 2 === 0 : nA > 0);
    rest = rest.replace(new RegExp(a.source, "g"), " ").replace(new RegExp(b.source, "g"), " ");
  });
  const scoped = new Map<string, boolean[]>();
  const note = (key: string, positive: boolean) => scoped.set(key, [...(scoped.get(key) ?? []), positive]);
  for (const m of lower.matchAll(EN_SCOPE)) {
    if (EN_EMPTY.has(m[4])) continue;
    note(`en:${m[4].slice(0, 6)}`, !(m[1] || m[3]));
    rest = rest.replace(m[0], " ");
  }
  for (const m of lower.matchAll(ZH_MODAL)) {
    note(`zh:${m[3]}`, !m[1]);
    rest = rest.replace(m[0], " ");
  }
  for (const m of lower.matchAll(ZH_BU)) {
    note(`zh:${m[1]}`, false);
    rest = rest.replace(m[0], " ");
  }
  // a claim that says both "can" and "cannot" of the same word takes no side
  for (const [key, sides] of scoped) if (sides.every((s) => s === sides[0])) poles.set(key, sides[0]);
  return { poles, anchors: new Set(contentTokens(rest)) };
}

/** Anchor tokens two claims must share to be about the same thing (set on the tuning half; claims are short). */
const ANCHOR_MIN = 1;

function shared(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const t of a) if (b.has(t)) n++;
  return n;
}

/**
 * Which clauses of `text` make a claim the reference states the opposite of.
 * @param text the answer (or part of it); cut with `clauses` as the claim check cuts it.
 * @param reference the question's reference answer; blank → nothing is contradicted.
 * @returns one boolean per clause of `clauses(text)`, in order.
 */
export function contradictedClauses(text: string, reference: string): boolean[] {
  const ref = clauses(reference).flatMap(readClause);
  return clauses(text).map((clause) => readClause(clause).some((c) => isContradicted(c, ref)));
}

/**
 * The claims of one clause. A claim after a conjunction also takes its segment's subject — the
 * first claim's tokens before its first polar word — as anchors: in "a linear model is too
 * simple and underfits", "underfits" is said of the linear model.
 */
function readClause(clause: string): Claim[] {
  return segmentsOf(clause).flatMap((parts) => {
    const claims = parts.map(readClaim);
    if (claims.length < 2) return claims;
    const head = parts[0].toLowerCase();
    const subject = new Set(contentTokens(head.slice(0, firstPolar(head))));
    return claims.map((c, i) => (i === 0 ? c : { poles: c.poles, anchors: new Set([...c.anchors, ...subject]) }));
  });
}

/** Where the first polar word of a lower-cased claim starts (its length when there is none). */
function firstPolar(lower: string): number {
  const at = [...POLES.flat(), EN_SCOPE, ZH_MODAL, ZH_BU].map((re) => lower.search(new RegExp(re.source))).filter((i) => i >= 0);
  return at.length === 0 ? lower.length : Math.min(...at);
}

function isContradicted(claim: Claim, ref: Claim[]): boolean {
  for (const [key, side] of claim.poles) {
    let against = 0;
    let along = 0;
    for (const r of ref) {
      const rs = r.poles.get(key);
      if (rs === undefined) continue;
      const w = shared(claim.anchors, r.anchors);
      if (rs === side) along = Math.max(along, w);
      else against = Math.max(against, w);
    }
    if (against >= ANCHOR_MIN && against > along) return true;
  }
  return false;
}
