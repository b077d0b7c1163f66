/**
 * The offline embedding (`offline:hash-v1`): a deterministic local vector made by the hashing
 * trick — Weinberger, Dasgupta, Langford, Smola & Attenberg, "Feature Hashing for Large Scale
 * Multitask Learning", ICML 2009. Every feature of the text is hashed to one of
 * {@link OFFLINE_EMBEDDING_DIM} buckets and added with a sign from a second hash, so collisions
 * cancel in expectation and inner products stay unbiased (their §2); no vocabulary, no model
 * file, the same vector on every machine.
 *
 * Features (after NFKC and lower-casing):
 * - Latin and other non-Chinese text: word unigrams (weight 1), word bigrams (0.7: phrase
 *   matches such as "leave policy" count more than two loose words) and character trigrams of
 *   each word with boundary marks (0.25: `#lea`, `lea`, `eav`, … so "policy" meets "policies"
 *   and typos half-match). Function words ("the", "is", "what"…) get no unigram, so a question's
 *   wording does not pull it toward unrelated text sharing only "what is the".
 * - Chinese: words from `Intl.Segmenter("zh", {granularity: "word"})` (weight 1) and character
 *   bigrams of each Han run (0.7), which catch compounds the segmenter splits differently in a
 *   question and in a document (年假 / 年假制度). Particles (的, 了, 是…) are dropped as words.
 * - Term frequency is sublinear, 1 + ln(tf) (Manning, Raghavan & Schütze, "Introduction to
 *   Information Retrieval", §6.4.1), so a word repeated ten times does not dominate.
 * The vector is L2-normalised (cosine = dot product); a text with no features gets a fixed unit vector.
 */

/**
 * 384 dimensions: the size of common small local sentence-embedding models (all-MiniLM-L6-v2,
 * bge-small), so an HNSW index and storage per chunk (1.5 KB as float4) match what a deployment
 * swapping in such a model would use. A 400-token chunk yields roughly 300 word and 1,000 trigram
 * features; their collisions in 384 buckets are the hashing trick's noise, zero-mean by the signs
 * and small against the weighted word features that decide relevance (tested in hashing.test.ts).
 */
export const OFFLINE_EMBEDDING_DIM = 384;
/** The model id recorded on a knowledge base embedded offline; bump the version when the features change. */
export const OFFLINE_EMBEDDING_MODEL = "offline:hash-v1";

const WEIGHT = { word: 1, bigram: 0.7, trigram: 0.25, hanBigram: 0.7 } as const;

/** English function words: no unigram feature (they still form bigrams, where they carry phrase meaning). */
const EN_STOP = new Set(
  "a an the is are was were be been being am do does did what which who whom whose how when where why of to in on at by for with from as and or but if then than that this these those it its i you he she we they me my your our their there here can could should would will shall may might must not no so about into over under up down out".split(
    " ",
  ),
);
/** Chinese particles and copulas the segmenter returns as words. */
const ZH_STOP = new Set([
  "的",
  "了",
  "是",
  "在",
  "和",
  "与",
  "及",
  "或",
  "吗",
  "呢",
  "吧",
  "啊",
  "也",
  "就",
  "都",
  "而",
  "之",
  "其",
  "这",
  "那",
  "什么",
  "怎么",
  "如何",
  "哪些",
  "有",
]);

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
const HAN = /\p{Script=Han}/u;

/** FNV-1a (32-bit) of `s` with a seed mixed into the offset basis; two seeds give bucket and sign. */
function fnv1a(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // Final avalanche (murmur3 fmix32), so nearby strings spread over the buckets.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** The weighted feature counts of a text (see the module comment). */
export function hashingFeatures(text: string): Map<string, { tf: number; weight: number }> {
  const features = new Map<string, { tf: number; weight: number }>();
  const add = (key: string, weight: number) => {
    const f = features.get(key);
    if (f) f.tf += 1;
    else features.set(key, { tf: 1, weight });
  };
  const norm = text.normalize("NFKC").toLowerCase();
  let prevWord: string | null = null;
  for (const seg of segmenter.segment(norm)) {
    if (!seg.isWordLike) {
      // Punctuation (not spaces) ends a phrase: no bigram across a sentence or clause mark.
      if (/[^\s]/u.test(seg.segment)) prevWord = null;
      continue;
    }
    const w = seg.segment;
    if (HAN.test(w)) {
      if (!ZH_STOP.has(w)) add(`z:${w}`, WEIGHT.word);
      const chars = Array.from(w);
      for (let i = 0; i + 1 < chars.length; i++) add(`zb:${chars[i]}${chars[i + 1]}`, WEIGHT.hanBigram);
      // Bigrams across segmenter words of one run: 年假 + 制度 → 假制.
      if (prevWord && HAN.test(prevWord)) add(`zb:${Array.from(prevWord).at(-1)}${chars[0]}`, WEIGHT.hanBigram);
      prevWord = w;
      continue;
    }
    if (!EN_STOP.has(w)) add(`w:${w}`, WEIGHT.word);
    if (prevWord && !HAN.test(prevWord)) add(`b:${prevWord} ${w}`, WEIGHT.bigram);
    const marked = `#${w}#`;
    for (let i = 0; i + 3 <= marked.length; i++) add(`t:${marked.slice(i, i + 3)}`, WEIGHT.trigram);
    prevWord = w;
  }
  return features;
}

/**
 * The offline embedding of `text`: {@link OFFLINE_EMBEDDING_DIM} (or `dim`) numbers, L2-normalised.
 * Deterministic: the same text gives the same vector everywhere. Pure, synchronous.
 */
export function hashingEmbedding(text: string, dim: number = OFFLINE_EMBEDDING_DIM): number[] {
  const v = new Float64Array(dim);
  for (const [key, { tf, weight }] of hashingFeatures(text)) {
    const value = weight * (1 + Math.log(tf));
    const bucket = fnv1a(key, 0) % dim;
    v[bucket] += fnv1a(key, 0x9e3779b9) & 1 ? value : -value;
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  if (norm === 0) {
    v[0] = 1;
    norm = 1;
  }
  const inv = 1 / Math.sqrt(norm);
  return Array.from(v, (x) => x * inv);
}
