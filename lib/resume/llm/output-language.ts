/**
 * Is a model's resume analysis written in the resume's language? (docs/scoring.md, "Integrity" →
 * "Wrong language").
 *
 * Only the prose the model wrote is judged — `summary`, each dimension's `rationale`, `strengths`,
 * each suggestion's `issue` and `recommendation` — never skill names or evidence, which are copied
 * from the resume. Prose is measured after removing what is routinely in the *other* script in
 * correct prose:
 * - quoted spans (“…”, "…", 「…」, 『…』, ‘…’, `…`), URLs and e-mail addresses;
 * - code-ish and tech tokens: anything with a digit, `_ # + / \ @` or an inner dot (`CI/CD`,
 *   `Node.js`, `C++`, `p99`), camel-case words (`TypeScript`, `gRPC`) and acronyms (`SQL`, `AWS`);
 * - the draft's own skill names (`matchedSkills`, `missingSkills`);
 * - text borrowed from the source (the resume and the job description): with Chinese expected,
 *   Latin words that occur there (`React`, `Kubernetes`, `Spring`), except English function words,
 *   which no skill name is and which every English sentence is full of, and runs of Han characters
 *   of at least {@link MIN_COPIED_HAN} that occur there verbatim (a resume line copied into an
 *   English answer is not the model's Chinese); with English expected, runs of Han characters that
 *   occur there (a Chinese company, school or person's name).
 *
 * What remains is counted in Chinese-character units: a Han character is 1, a Latin word is
 * {@link LATIN_WORD_UNITS}. Every other script is a third language, foreign to both: a kana or
 * Hangul character is 1, a word of another alphabet (Cyrillic, Greek, Arabic …) is
 * {@link LATIN_WORD_UNITS}, and a prose field with kana in it is Japanese, so its kanji count as
 * that third language rather than as Chinese. An all-caps token is an acronym (`AWS`, `SQL`) and no
 * word, except in prose that shouts ({@link isShouting}), where it is a word unless it is short and
 * no function word. The measure is the share of units in the scripts not expected; the draft is in
 * the wrong language when that share is above {@link WRONG_SHARE} and there are at least
 * {@link MIN_UNITS} units to judge. Digits and punctuation count for nothing.
 */

export type ResumeLanguage = "en" | "zh";
/** The language a draft is found to be written in: one of the resume languages, or `other` (Japanese, Korean, Russian …). */
export type AnswerLanguage = ResumeLanguage | "other";

/** The prose of an analysis draft, as {@link proseOf} takes it. */
interface DraftProse {
  summary: string;
  dimensions: readonly { rationale: string }[];
  strengths: readonly string[];
  suggestions: readonly { issue: string; recommendation: string }[];
  matchedSkills?: readonly string[] | null;
  missingSkills?: readonly string[] | null;
}

/**
 * What one English word is worth in Han characters: English → Chinese translation runs at about
 * 1.5–1.8 characters per word (the translation trade's rule of thumb for quoting a Chinese job by
 * its English word count), so a word is counted as 1.5 characters and neither script is favoured.
 */
export const LATIN_WORD_UNITS = 1.5;
/**
 * Above this share of units in the other script the prose is in the wrong language. Measured
 * (output-language.test.ts, output-language.corpus.test.ts): whole analyses in the right language
 * measure 0–0.1 even with the source's words left in (Chinese dense in English terms 0.05, English
 * naming Chinese employers 0.10, the offline engine's on every corpus resume ≤ 0.022); a single
 * Chinese sentence with as many English terms as characters reaches 0.6; wrong-language answers
 * measure 0.96–1. The cut sits above the worst right prose and far below wrong prose, and an answer
 * half in each language (a model that switched midway, about 0.5) is let through rather than retried.
 */
export const WRONG_SHARE = 0.6;
/**
 * A Han run this long that occurs verbatim in the source is a copy, not the model's Chinese (with
 * Chinese expected). Six characters is longer than nearly every Chinese name (a person's 2–3, a
 * company's or school's 4–5: 字节跳动, 清华大学) yet shorter than a resume line's clause, and a
 * run the model wrote itself is rarely all inside the source because it carries the model's own
 * connecting words (主导推荐服务重构 against the resume's 的推荐服务重构).
 */
export const MIN_COPIED_HAN = 6;
/** Fewer units than this (about two short sentences) are too little to judge: the verdict is "right". */
export const MIN_UNITS = 24;

/**
 * English words that are never a skill or a name: common English function words (a hand list
 * drawn from the most frequent words of English, such as the Oxford English Corpus' top 100).
 * They are kept even when the source has them, so a bilingual Chinese resume does not hide an
 * English answer.
 */
const FUNCTION_WORDS = new Set(
  (
    "the be is are was were been being to of and a an in that have has had it for not on with he she as you do does did at this but his her by from they we " +
    "say or will my one all would there their what so up out if about who get which me when make can like no just him know take into your some could " +
    "them see other than then now only its also after use how our well way even because any these give most us should very more such while where those"
  ).split(" "),
);

const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;
/**
 * Han runs joined across the Latin terms, digits and spaces a resume line mixes in (`负责基于 Spring
 * Boot 和 Kafka 的推荐服务重构`), so a copied line is found whole; sentence punctuation ends it.
 */
const HAN_SPAN = /\p{Script=Han}+(?:[\p{Script=Latin}\d \t./+#%-]+\p{Script=Han}+)*/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Syllabic scripts, one unit a character like Han. */
const SYLLABLE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/** A word of an alphabet other than Latin (letters and their combining marks, which Devanagari's vowels are). */
const OTHER_WORD = /(?:(?![\p{Script=Latin}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])\p{L}\p{M}*)+/gu;
const QUOTED = /“[^”]*”|"[^"\n]*"|「[^」]*」|『[^』]*』|‘[^’]*’|`[^`\n]*`|《[^》]*》/g;
const URL_OR_EMAIL = /\b(?:https?:\/\/|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi;
/** A run of Latin letters, digits and the characters code and tech names are made of. */
const TOKEN = /[\p{Script=Latin}\d_#+./\\@'’-]+/gu;

/** The prose fields of a draft, one string each (skills and evidence are not prose). */
export function proseOf(draft: DraftProse): string[] {
  return [draft.summary, ...draft.dimensions.map((d) => d.rationale), ...draft.strengths, ...draft.suggestions.flatMap((s) => [s.issue, s.recommendation])];
}

/** How prose measured against an expected language. */
export interface LanguageMeasure {
  /** Han characters counted as Chinese (not those of a Japanese field). */
  han: number;
  /** Latin words counted. */
  latinWords: number;
  /** Units of every other script: kana, Hangul and Japanese kanji 1 a character, other alphabets {@link LATIN_WORD_UNITS} a word. */
  otherUnits: number;
  /** han + latinWords × {@link LATIN_WORD_UNITS} + otherUnits. */
  units: number;
  /** Share of `units` in the scripts not expected, 0–1 (0 when units is 0). */
  foreignShare: number;
  /** The language the prose is written in — the larger foreign part — when it is not the expected one; null when it is, or too short to tell. */
  wrongLanguage: AnswerLanguage | null;
}

/**
 * Measures `prose` against `expected` (see the module comment for the rule).
 * @param prose the strings to judge ({@link proseOf}).
 * @param expected the resume's language.
 * @param context `skills`: names to remove (the draft's skill lists); `source`: the resume and job
 *   description the model was given, whose borrowed words are removed.
 * @returns the counts and the verdict; pure.
 */
export function measureOutputLanguage(
  prose: readonly string[],
  expected: ResumeLanguage,
  context: { skills?: readonly string[]; source?: readonly string[] } = {},
): LanguageMeasure {
  const source = (context.source ?? []).join("\n");
  const sourceWords = expected === "zh" ? new Set((source.match(/\p{Script=Latin}+/gu) ?? []).map((w) => w.toLowerCase())) : new Set<string>();
  const skills = (context.skills ?? []).map((s) => s.trim()).filter((s) => s.length > 0);
  const texts = prose.map((raw) => {
    let text = raw.replace(URL_OR_EMAIL, " ").replace(QUOTED, " ");
    for (const skill of skills) text = text.replace(skillPattern(skill), " ");
    if (expected === "en") return text.replace(HAN_RUN, (run) => (source.includes(run) ? " " : run));
    return source ? withoutCopiedHan(text, source) : text;
  });
  const tokens = texts.map((text) => (text.match(TOKEN) ?? []).map(trimToken).filter((t) => t !== null));
  const shouting = isShouting(tokens.flat());
  let han = 0;
  let latinWords = 0;
  let otherUnits = 0;
  texts.forEach((text, i) => {
    const hanHere = (text.match(HAN_RUN) ?? []).join("").length;
    if (KANA.test(text)) otherUnits += hanHere;
    else han += hanHere;
    otherUnits += (text.match(SYLLABLE) ?? []).length + (text.match(OTHER_WORD) ?? []).length * LATIN_WORD_UNITS;
    for (const word of tokens[i]!) {
      if (!isProseWord(word, shouting)) continue;
      const lower = word.toLowerCase();
      if (expected === "zh" && sourceWords.has(lower.replace(/['’].*$/, "")) && !FUNCTION_WORDS.has(lower)) continue;
      latinWords++;
    }
  });
  const latinUnits = latinWords * LATIN_WORD_UNITS;
  const units = han + latinUnits + otherUnits;
  const otherResume = expected === "zh" ? latinUnits : han;
  const foreignShare = units === 0 ? 0 : (otherResume + otherUnits) / units;
  const wrong = units >= MIN_UNITS && foreignShare > WRONG_SHARE;
  const answered: AnswerLanguage = otherUnits > otherResume ? "other" : expected === "zh" ? "en" : "zh";
  return { han, latinWords, otherUnits, units, foreignShare, wrongLanguage: wrong ? answered : null };
}

/**
 * `text` without the Han it copies from `source`: a {@link HAN_SPAN} with at least
 * {@link MIN_COPIED_HAN} Han characters that occurs verbatim there, else each such Han run.
 */
function withoutCopiedHan(text: string, source: string): string {
  const copied = (s: string) => s.replace(/[^\p{Script=Han}]/gu, "").length >= MIN_COPIED_HAN && source.includes(s);
  return text.replace(HAN_SPAN, (span) => (copied(span) ? " " : span.replace(HAN_RUN, (run) => (copied(run) ? " " : run))));
}

/**
 * A token with edge punctuation stripped (`results.` → `results`), or null when it is code, a
 * number or a tech name rather than a word: anything with no Latin letter, a digit,
 * `_ # + / \ @`, an inner dot, or an inner capital after a small letter.
 */
function trimToken(token: string): string | null {
  const t = token.replace(/^[.'’-]+|[.'’-]+$/g, "");
  if (!t || !/\p{Script=Latin}/u.test(t)) return null;
  if (/[\d_#+/\\@]/.test(t) || t.includes(".")) return null;
  if (/\p{Ll}\p{Lu}/u.test(t)) return null;
  return t;
}

/** Two capitals and no small letter: an acronym in ordinary prose (`AWS`), or a shouted word. */
function isAllCaps(word: string): boolean {
  return /^[\p{Lu}'’-]+$/u.test(word) && (word.match(/\p{Lu}/gu) ?? []).length >= 2;
}

/** Longest all-caps token still taken for an acronym in shouted prose (`HTTPS`, `COBOL`; `BACKEND` is a word). */
const MAX_ACRONYM_LETTERS = 5;

/**
 * Does the prose shout? At least half its words are all-caps and at least three of those are longer
 * than any acronym ({@link MAX_ACRONYM_LETTERS}): Chinese prose naming `AWS、GCP 和 SQL` has all-caps
 * words, but short ones; `THE CANDIDATE HAS STRONG BACKEND EXPERIENCE` has four long ones.
 */
function isShouting(words: readonly string[]): boolean {
  const caps = words.filter(isAllCaps);
  return caps.length * 2 >= words.length && caps.filter((w) => w.replace(/['’-]/g, "").length > MAX_ACRONYM_LETTERS).length >= 3;
}

/** Is `word` (from {@link trimToken}) a word of prose? An all-caps word is, only in shouted prose, and there a short one only when it is a function word. */
function isProseWord(word: string, shouting: boolean): boolean {
  if (!isAllCaps(word)) return true;
  if (!shouting) return false;
  return word.replace(/['’-]/g, "").length > MAX_ACRONYM_LETTERS || FUNCTION_WORDS.has(word.toLowerCase());
}

/** A skill name as a pattern: case-insensitive, and a Latin end must not run on into a longer word (`Go` is not in `Good`). */
function skillPattern(skill: string): RegExp {
  const escaped = skill.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const before = /^[\p{L}\p{N}]/u.test(skill) && !HAN.test(skill[0]!) ? "(?<![\\p{L}\\p{N}])" : "";
  const after = /[\p{L}\p{N}]$/u.test(skill) && !HAN.test(skill.at(-1)!) ? "(?![\\p{L}\\p{N}])" : "";
  return new RegExp(`${before}${escaped}${after}`, "giu");
}

/** The sentence of an `invalid_output` error for a draft in `answered` when `expected` was asked. */
export function wrongLanguageMessage(answered: AnswerLanguage, expected: ResumeLanguage): string {
  const name = { en: "English", zh: "Chinese", other: "another language" } as const;
  return `The model answered in ${name[answered]}; the resume is in ${name[expected]}`;
}
