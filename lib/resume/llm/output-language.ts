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
 *   which no skill name is and which every English sentence is full of; with English expected,
 *   runs of Han characters that occur there (a Chinese company, school or person's name).
 *
 * What remains is counted in Chinese-character units: a Han character is 1, a Latin word is
 * {@link LATIN_WORD_UNITS}. The measure is the share of those units in the other script; the draft
 * is in the wrong language when that share is above {@link WRONG_SHARE} and there are at least
 * {@link MIN_UNITS} units to judge. Kana, Hangul, digits and punctuation count for neither.
 */

export type ResumeLanguage = "en" | "zh";

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
  /** Han characters counted. */
  han: number;
  /** Latin words counted. */
  latinWords: number;
  /** han + latinWords × {@link LATIN_WORD_UNITS}. */
  units: number;
  /** Share of `units` in the script of the language that was not expected, 0–1 (0 when units is 0). */
  foreignShare: number;
  /** The language the prose is written in, when it is the other one; null when it is the expected one or too short to tell. */
  wrongLanguage: ResumeLanguage | null;
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
  let han = 0;
  let latinWords = 0;
  for (const raw of prose) {
    let text = raw.replace(URL_OR_EMAIL, " ").replace(QUOTED, " ");
    for (const skill of skills) text = text.replace(skillPattern(skill), " ");
    if (expected === "en") text = text.replace(HAN_RUN, (run) => (source.includes(run) ? " " : run));
    for (const ch of text) if (HAN.test(ch)) han++;
    for (const token of text.match(TOKEN) ?? []) {
      const word = countedWord(token);
      if (word === null) continue;
      const lower = word.toLowerCase();
      if (expected === "zh" && sourceWords.has(lower.replace(/['’].*$/, "")) && !FUNCTION_WORDS.has(lower)) continue;
      latinWords++;
    }
  }
  const latinUnits = latinWords * LATIN_WORD_UNITS;
  const units = han + latinUnits;
  const foreign = expected === "zh" ? latinUnits : han;
  const foreignShare = units === 0 ? 0 : foreign / units;
  const wrong = units >= MIN_UNITS && foreignShare > WRONG_SHARE;
  return { han, latinWords, units, foreignShare, wrongLanguage: wrong ? (expected === "zh" ? "en" : "zh") : null };
}

/**
 * The word a token counts as, or null when it is code, a number or a tech name rather than a word
 * of prose: edge punctuation is stripped (`results.` → `results`), then anything with a digit,
 * `_ # + / \ @`, an inner dot, an inner capital after a small letter, or two capitals and no small
 * letter is not a word.
 */
function countedWord(token: string): string | null {
  const t = token.replace(/^[.'’-]+|[.'’-]+$/g, "");
  if (!t || !/\p{Script=Latin}/u.test(t)) return null;
  if (/[\d_#+/\\@]/.test(t) || t.includes(".")) return null;
  if (/\p{Ll}\p{Lu}/u.test(t)) return null;
  if (/^[\p{Lu}'’-]+$/u.test(t) && (t.match(/\p{Lu}/gu) ?? []).length >= 2) return null;
  return t;
}

/** A skill name as a pattern: case-insensitive, and a Latin end must not run on into a longer word (`Go` is not in `Good`). */
function skillPattern(skill: string): RegExp {
  const escaped = skill.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const before = /^[\p{L}\p{N}]/u.test(skill) && !HAN.test(skill[0]!) ? "(?<![\\p{L}\\p{N}])" : "";
  const after = /[\p{L}\p{N}]$/u.test(skill) && !HAN.test(skill.at(-1)!) ? "(?![\\p{L}\\p{N}])" : "";
  return new RegExp(`${before}${escaped}${after}`, "giu");
}

/** The sentence of an `invalid_output` error for a draft in `answered` when `expected` was asked. */
export function wrongLanguageMessage(answered: ResumeLanguage, expected: ResumeLanguage): string {
  const name = { en: "English", zh: "Chinese" } as const;
  return `The model answered in ${name[answered]}; the resume is in ${name[expected]}`;
}
