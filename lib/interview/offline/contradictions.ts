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
 * - an antonym or counterpart pair (`POLES`, English and Chinese: faster/slower, increase/decrease,
 *   synchronous/asynchronous, blocking/non-blocking, over-/underfitting, hit/miss, fresh/stale,
 *   macrotask/microtask, 增加/减少, 同步/异步, 宏任务/微任务, 串行/并行 …): the side it names, when it
 *   names only one side of the pair; order in time (before/after, later, 之前/之后, 前/后) only as a
 *   relation, compared by subject and object (`RELATIONAL`);
 * - negation scope: a modal or auxiliary and the word it governs — "can write" / "cannot
 *   write", "is free" / "is not free", 会被 / 不会被, 会阻塞 / 不阻塞, 无法用来恢复 / 可以恢复 —
 *   keyed by the governed word (its first 6 letters; its first Chinese character);
 * - implicit polarity: a claim without negation that uses bare a word the other text scopes
 *   ("threads run in parallel" against "threads do not run in parallel"; `implied`).
 *
 * An answer claim is contradicted when some reference claim has the opposite polarity on the
 * same key and shares an anchor with it — at least `ANCHOR_MIN` content tokens in common other
 * than the polar words ("raises bias" against "lowers bias", 召回率会提高 against 召回率更低) —
 * and shares more than any reference claim of the same polarity on that key does (the
 * reference may say both, about different things); an implicit match needs more
 * (`IMPLIED_ANCHOR_MIN`, and the best match of all reference claims). A claim that reports a
 * measurement ("from 62% to 85%", 从两小时到二十分钟) describes one case, not the rule, and is
 * not checked. Pair lists written by hand for Panelist (docs/interview-scoring.md,
 * "Contradicted claims"; eval/README.md, "Round 3").
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
  [/(?<!a|semi-|semi)\bsynchron\w*|(?<!semi-)\bsync\b/, /\basynchron\w*|\basync\b/],
  [/(?<!non-)(?<!non)\bblock(?:s|ing|ed)?\b/, /\bnon-?blocking\b/],
  [/\b(?:simple|simpler|too simple)\b/, /\b(?:complex|more complex|too complex)\b/],
  // how well something performs or fits, after a verb of performance ("performs well on training data",
  // "fits the training data well" / "generalises poorly"); not "well documented", "I know it well"
  [
    /\b(?:perform|work|generali[sz]|fit|scal|do)\w*\b(?:\s+[\w-]+){0,4}?\s+well\b(?!-)/,
    /\b(?:perform|work|generali[sz]|fit|scal|do)\w*\b(?:\s+[\w-]+){0,4}?\s+(?:poorly|badly)\b/,
  ],
  // the model's error terms, with a degree: "high bias" / "high variance" (not "a biased sample", "the bias term")
  [/\b(?:high|higher|low|lower|more|less)\s+bias\b/, /\b(?:high|higher|low|lower|more|less)\s+variance\b/],
  [/(?<!a)\bsymmetric\w*/, /\basymmetric\w*/],
  [/\bpublic key/, /\bprivate key/],
  [/\bstateless\b/, /\bstateful\b/],
  [/\bshared?\b|\bsharing\b/, /\bseparate\b|\bown (?:address|memory)\b/],
  [/\bephemeral\b|\bshort-lived\b/, /\blong-lived\b|\breused\b/],
  [/\bfalse positives?\b/, /\bfalse negatives?\b/],
  [/\bstrong(?:ly)? consisten\w*/, /\b(?:eventual(?:ly)?|weak) consisten\w*/],
  // order in time, relational only: "before/after" + a word ("after a crash", "before the commit"), not
  // "before," / "I ran before" / "after that" (docs/interview-scoring.md, "Contradicted claims")
  [
    /\bbefore\s+(?!that\b|this\b|then\b|now\b)[a-z]|\bprior to\b|\bearlier than\b|\bearlier\b|\bfirst[\s,.;:]*$|\b(?:is|are|goes|go|comes?) first\b/,
    /\bafter\s+(?!that\b|this\b|all\b|which\b)[a-z]|\blater than\b|\blater\b|\bafterwards\b/,
  ],
  [/\b(?:cache )?hits?\b/, /\b(?:cache )?miss(?:es)?\b/],
  [/\bfresh\b/, /\bstale\b/],
  [/\bmacro-?tasks?\b/, /\bmicro-?tasks?\b/],
  [/\bhorizontal(?:ly)?\b|\bscal\w* out\b/, /\bvertical(?:ly)?\b|\bscal\w* up\b/],
  [/\bserial(?:ly)?\b|\bsequential(?:ly)?\b/, /\bparallel\b|\bconcurrent(?:ly)?\b/],
  [/\bfull (?:backup|sync|load|copy)\b/, /\bincremental\b/],
  [/\bdeep cop\w*/, /\bshallow cop\w*/],
  [/\bascending\b/, /\bdescending\b/],
  [/(?<!im)\bmutable\b/, /\bimmutable\b/],
  [/\bupstream\b/, /\bdownstream\b/],
  [/过拟合/, /欠拟合/],
  [/[高低大小]偏差|偏差(?:很|较|比较|更)?[高低大小]/, /[高低大小]方差|方差(?:很|较|比较|更)?[高低大小]/],
  // how well something performs: 在训练集上表现很好 / 在新数据上表现差
  [/(?:表现|泛化)得?也?(?:很|比较|较|更|非常)?好(?![不坏])/, /(?:表现|泛化)得?也?(?:很|比较|较|更|非常)?(?:差|不好|不佳)/],
  [/(?<!异)同步/, /异步/],
  [/(?<![不非])阻塞/, /不阻塞|非阻塞|不会阻塞/],
  [/(?<![无乱])有序/, /无序|乱序/],
  [/(?<!非)对称/, /非对称/],
  [/公钥/, /私钥/],
  [/简单/, /复杂/],
  [/共享/, /独立|隔离/],
  [/有状态/, /无状态/],
  [/强一致/, /最终一致|弱一致/],
  // 之前/之后 relational only: after a word (渲染之前, 提交之后), not 之前 meaning "previously" — clause-initial,
  // after 如/是/在/我 … (比如之前, 在之前的项目) or before a subject or 的 (之前我们, 之前的版本)
  [
    /(?<=[\u4e00-\u9fffA-Za-z0-9）)])(?<![如是在我们他她你很久不早从此这那])(?:之前|以前)(?![我你他她们的在有也都就曾一])|先于|(?<=[\u4e00-\u9fff])(?<![之以目当提向往眼从此空事先前])前(?![端台提面者景后往])/,
    /(?<=[\u4e00-\u9fffA-Za-z0-9）)])(?<![如是在我们他她你很久不早从此这那])(?:之后|以后)(?![我你他她们的在有也都就曾一])|晚于|(?<=[\u4e00-\u9fff])(?<![之以然最先前落背随今日其往向延滞幕善])后(?![端台续来面者果缀门])/,
  ],
  [/(?<!未)命中/, /未命中|没命中|不命中/],
  [/宏任务/, /微任务/],
  [/水平(?:扩展|拆分|扩容)/, /垂直(?:扩展|拆分|扩容)/],
  [/扩容/, /缩容/],
  [/串行/, /并行/],
  [/全量/, /增量/],
  [/深拷贝/, /浅拷贝/],
  [/升序/, /降序/],
  [/(?<!不)可变/, /不可变/],
  [/上游/, /下游/],
  // a measured quantity said to be high or low: 代价高 / 代价比较低, 误报率很高 / 误报率低
  [
    /(?:代价|成本|开销|延迟|风险|概率|比例|率)(?:比较|较|很|更|太|非常)?(?:高|大)/,
    /(?:代价|成本|开销|延迟|风险|概率|比例|率)(?:比较|较|很|更|太|非常)?(?:低|小)/,
  ],
];

/** How many of `POLES` (the first ones) are directions of change, read by parity. */
const SIGNED = 4;
/**
 * Pairs of order in time (before/after, 之前/之后), whose claims are compared by subject and object:
 * "X after Y" contradicts "X before Y" only when both X and Y are shared, so "falls back to async
 * after a timeout" does not contradict "waits … before acknowledging the commit" (eval/README.md,
 * "Round 3"). The object follows "before/after" in English, and precedes 之前/之后 in Chinese, back
 * to 在/于 (在事务提交之前: 事务提交). A bare order word ("later", "earlier", "goes first") has
 * no object; such a claim must share two anchors (`relationalOverlap`).
 */
const RELATIONAL: ReadonlySet<number> = new Set(POLES.flatMap(([a], i) => (a.source.includes("before") || a.source.includes("之前") ? [i] : [])));

/** English negation scope: an auxiliary, optionally negated, and the word it governs. */
const EN_SCOPE =
  /\b(?:(cannot|can't|won't|isn't|aren't|doesn't|don't|didn't|wasn't|weren't|shouldn't|mustn't)|(is|are|was|were|can|could|will|would|does|do|did|should|must|may)(\s+not)?)\s+(?:be\s+|been\s+|get\s+|also\s+)?([a-z]{3,})/g;
/** Words an auxiliary governs that say nothing by themselves ("is a", "can be"). */
const EN_EMPTY = new Set(["the", "that", "this", "not", "also", "very", "more", "much", "used", "usually", "often", "only", "just", "then"]);
/**
 * Chinese negation scope: an optional negation, a modal, an optional 被/再次/用来 …, and the word it
 * governs (its first two characters). Keyed by the governed word's first character, since the
 * second is often the object's (不会丢数据 and 会丢失 both govern 丢; eval/README.md, "Round 3").
 */
const ZH_MODAL = /(不|没有|没|未|无法|没法)?(会被|会|能够|能|可以|应该|应当|需要|必须|保证|可能)(?:被|再次|再|用来|用于)?([\u4e00-\u9fff]{2})/g;
/** 不/无法/没法 + a verb directly (不阻塞, 无法用来恢复), minus words where 不 is part of the word (不同, 不过 …). */
const ZH_BU = /(?:不|无法|没法)(?![同过断少仅然管论足错久如但单止住])(?:用来|用于|被)?([\u4e00-\u9fff]{2})/g;
/**
 * A negation anywhere in a claim, or a verb of prevention ("keep X from delaying", 避免阻塞): such a
 * claim takes no implicit (bare-verb) polarity.
 */
const NEGATED =
  /\b(?:not|no|never|cannot|without|none|prevent\w*|avoid\w*|stops?|instead of|rather than)\b|n't\b|\bkeeps?\b.{0,40}\bfrom\b|[不没无未非]|避免|防止|以免|免得/;

/**
 * A word that lessens or remedies what it stands beside ("overfits less", "reduces cache misses", "helps a
 * model that generalises poorly", 减少过拟合): a state named that way is not asserted, so it takes no
 * polarity on a counterpart pair (`mitigated`).
 */
const MITIGATION =
  /\b(?:less|fewer|reduc\w*|prevent\w*|avoid\w*|curb\w*|limit\w*|cuts?|helps?|fix\w*|solv\w*|address\w*)\b|减少|降低|避免|防止|缓解|抑制|解决/g;

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
  /** The claim's lower-cased text, for implicit polarity (`implied`). */
  lower: string;
  /** The words its scoped keys govern ("run", 丢失), by key. */
  governed: Map<string, string>;
  /** For a relational pair's key: the anchors before its polar word and after it. */
  around: Map<string, [Set<string>, Set<string>]>;
}

function readClaim(text: string): Claim {
  const lower = text.toLowerCase();
  const poles = new Map<string, boolean>();
  // a measurement ("recall went from 62% to 85%") reports one case, not the rule the reference states
  const governed = new Map<string, string>();
  const around = new Map<string, [Set<string>, Set<string>]>();
  if (MEASUREMENT.test(lower)) return { poles, anchors: new Set(), lower, governed, around };
  let rest = lower;
  POLES.forEach(([a, b], i) => {
    const nA = (lower.match(new RegExp(a.source, "g")) ?? []).length;
    const nB = (lower.match(new RegExp(b.source, "g")) ?? []).length;
    if (i < SIGNED ? nA + nB > 0 : nA > 0 !== nB > 0 && !mitigated(lower, nA > 0 ? a : b)) {
      poles.set(`pair:${i}`, i < SIGNED ? nB % 2 === 0 : nA > 0);
      if (RELATIONAL.has(i)) around.set(`pair:${i}`, subjectAndObject(lower, nA > 0 ? a : b));
    }
    rest = rest.replace(new RegExp(a.source, "g"), " ").replace(new RegExp(b.source, "g"), " ");
  });
  const scoped = new Map<string, boolean[]>();
  const note = (key: string, positive: boolean) => scoped.set(key, [...(scoped.get(key) ?? []), positive]);
  for (const m of lower.matchAll(EN_SCOPE)) {
    if (EN_EMPTY.has(m[4])) continue;
    note(`en:${m[4].slice(0, 6)}`, !(m[1] || m[3]));
    governed.set(`en:${m[4].slice(0, 6)}`, m[4]);
    rest = rest.replace(m[0], " ");
  }
  for (const m of lower.matchAll(ZH_MODAL)) {
    note(`zh:${m[3][0]}`, !m[1]);
    governed.set(`zh:${m[3][0]}`, m[3]);
    rest = rest.replace(m[0], ` ${m[3]}`);
  }
  for (const m of lower.replace(ZH_MODAL, " ").matchAll(ZH_BU)) {
    note(`zh:${m[1][0]}`, false);
    governed.set(`zh:${m[1][0]}`, m[1]);
    rest = rest.replace(m[0], ` ${m[1]}`);
  }
  // a claim that says both "can" and "cannot" of the same word takes no side
  for (const [key, sides] of scoped) if (sides.every((s) => s === sides[0])) poles.set(key, sides[0]);
  return { poles, anchors: new Set(contentTokens(rest)), lower, governed, around };
}

/** Whether a mitigation word stands within a few characters of the first match of `re` in `lower`. */
function mitigated(lower: string, re: RegExp): boolean {
  const m = new RegExp(re.source).exec(lower);
  if (!m) return false;
  const near = lower.slice(Math.max(0, m.index - 20), m.index + m[0].length + 12);
  return new RegExp(MITIGATION.source).test(near);
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
  const answer = clauses(text).map(readClause);
  const words = new Map<string, Set<string>>();
  for (const c of [...ref, ...answer.flat()]) for (const [k, w] of c.governed) words.set(k, new Set([...(words.get(k) ?? []), w]));
  const refImplied = ref.map((r) => implied(r, words));
  return answer.map((claims) => claims.some((c) => isContradicted(c, implied(c, words), ref, refImplied)));
}

/**
 * Implicit polarity: a claim with no negation that uses, bare, a word the other text scopes with
 * an auxiliary or a negation — "CPU-bound threads run in parallel" against "threads do not run in
 * parallel", 回调在渲染之后执行 against 回调不会执行 — is on the positive side of that key. The
 * reference rarely words a fact with the answer's modal, so without this a 不会 or "does not" has no
 * counterpart (eval/README.md, "Round 3"). Such a match is weaker evidence; see `isContradicted`.
 */
function implied(c: Claim, words: Map<string, Set<string>>): Map<string, boolean> {
  const out = new Map<string, boolean>();
  if (NEGATED.test(c.lower)) return out;
  for (const [key, ws] of words) {
    if (c.poles.has(key)) continue;
    const uses = [...ws].some((w) => (/^[a-z]/.test(w) ? new RegExp(`\\b${w.replace(/e?s$/, "")}(?:s|es|ed|d|ing)?\\b`).test(c.lower) : c.lower.includes(w)));
    if (uses) out.set(key, true);
  }
  return out;
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
    return claims.map((c, i) => (i === 0 ? c : { ...c, anchors: new Set([...c.anchors, ...subject]) }));
  });
}

/** Where the first polar word of a lower-cased claim starts (its length when there is none). */
function firstPolar(lower: string): number {
  const at = [...POLES.flat(), EN_SCOPE, ZH_MODAL, ZH_BU].map((re) => lower.search(new RegExp(re.source))).filter((i) => i >= 0);
  return at.length === 0 ? lower.length : Math.min(...at);
}

/** A relational claim's subject and object anchors around its first order word (see `RELATIONAL`). */
function subjectAndObject(lower: string, re: RegExp): [Set<string>, Set<string>] {
  const m = re.exec(lower);
  if (!m) return [new Set(), new Set()];
  const word = m[0].replace(/\s+[a-z]$/, "");
  const before = lower.slice(0, m.index);
  const after = lower.slice(m.index + word.length);
  const tokens = (t: string) => new Set(contentTokens(t));
  if (/^(?:之前|以前|之后|以后|前|后)$/.test(word)) {
    const at = Math.max(before.lastIndexOf("在"), before.lastIndexOf("于"), before.lastIndexOf("到"));
    return at < 0 ? [tokens(after), tokens(before)] : [tokens(`${before.slice(0, at)} ${after}`), tokens(before.slice(at + 1))];
  }
  if (/^(?:before|after|prior to|earlier than|later than|先于|晚于)$/.test(word)) return [tokens(before), tokens(after)];
  return [tokens(`${before} ${after}`), new Set()];
}

/**
 * How much two claims on a relational key share: subject with subject and object with object, each
 * at least one anchor; when either has no object (a bare "later"), two anchors of the whole claim.
 * Undefined when the key is not relational.
 */
function relationalOverlap(a?: [Set<string>, Set<string>], b?: [Set<string>, Set<string>]): number | undefined {
  if (!a || !b) return undefined;
  if (a[1].size === 0 || b[1].size === 0) {
    const all = shared(new Set([...a[0], ...a[1]]), new Set([...b[0], ...b[1]]));
    return all >= 2 ? all : 0;
  }
  const subject = shared(a[0], b[0]);
  const object = shared(a[1], b[1]);
  return subject >= 1 && object >= 1 ? subject + object : 0;
}

/**
 * Shared anchors an implicit match needs, and it must be the reference claim that shares the most
 * with the answer claim, alone: a bare verb is weaker evidence than a scoped one (set on the tuning half).
 */
const IMPLIED_ANCHOR_MIN = 2;

/** Whether `a` and `b` take opposite sides of an antonym pair other than `key`. */
function flippedElsewhere(a: Claim, b: Claim, key: string): boolean {
  for (const [k, side] of a.poles) if (k !== key && k.startsWith("pair:") && b.poles.has(k) && b.poles.get(k) !== side) return true;
  return false;
}

function isContradicted(claim: Claim, claimImplied: Map<string, boolean>, ref: Claim[], refImplied: Map<string, boolean>[]): boolean {
  const overlaps = ref.map((r) => shared(claim.anchors, r.anchors));
  const best = Math.max(0, ...overlaps);
  const alone = overlaps.filter((w) => w === best).length === 1;
  for (const [key, side] of [...claim.poles, ...claimImplied]) {
    const bare = claimImplied.has(key);
    let against = 0;
    let againstBare = false;
    let along = 0;
    ref.forEach((r, i) => {
      const rs = r.poles.get(key) ?? refImplied[i].get(key);
      if (rs === undefined) return;
      // opposite on a second pair too: the reference speaks of the counterpart ("an underfitting model has high
      // bias" against "a model with high variance overfits"), which agrees rather than contradicts
      if (rs !== side && flippedElsewhere(claim, r, key)) return;
      const w = relationalOverlap(claim.around.get(key), r.around.get(key)) ?? overlaps[i];
      if (rs === side) along = Math.max(along, w);
      else if (w > against) {
        against = w;
        againstBare = !r.poles.has(key);
      }
    });
    if (bare || againstBare) {
      if (against >= IMPLIED_ANCHOR_MIN && against > along && against === best && alone) return true;
    } else if (against >= ANCHOR_MIN && against > along) return true;
  }
  return false;
}
