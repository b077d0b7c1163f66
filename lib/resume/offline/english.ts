/**
 * English grammar for the offline analyser's sentences: articles, plurals and "k of n"
 * phrases that read naturally at 0 and 1 ("none of the 13 statements", "1 of 13 statements
 * contains") instead of "0 of 13" / "1 … appear".
 */

/**
 * "a" or "an" for the word that follows, by its sound: a vowel letter ("an accountant"), or an
 * initialism whose first letter is named with a vowel sound ("an SRE", "an ML engineer");
 * "a" for vowel letters sounding like "you"/"w" ("a user-facing", "a one-person").
 * Rule of thumb after Merriam-Webster, "a vs. an": the sound, not the letter, decides.
 */
export function article(next: string): "a" | "an" {
  const w = next.trim();
  const initialism = /^[A-Z]{2,}\b/.exec(w);
  if (initialism) return /^[AEFHILMNORSX]/.test(w) ? "an" : "a";
  if (/^(?:uni|use|usu|uti|eu|one|once|ur[aeio])/i.test(w)) return "a";
  if (/^(?:hour|honest|honou?r|heir)/i.test(w)) return "an";
  return /^[aeiou]/i.test(w) ? "an" : "a";
}

/** `"${article} ${phrase}"`: `withArticle("accountant")` → "an accountant". */
export const withArticle = (phrase: string) => `${article(phrase)} ${phrase}`;

/** "1 filler word", "3 filler words"; `plural` defaults to `singular + "s"`. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** Upper-cases the first letter, for a phrase that starts a sentence. */
export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A "k of n" clause with its verb agreeing: `ofN(0, 13, ["statement", "statements"],
 * ["contains a number", "contain a number", "does not contain a number"])` →
 * "none of the 13 statements contain a number"; k = 1 → "1 of 13 statements contains a
 * number"; k = n > 1 → "all 13 statements contain a number"; n = 1 → "the one statement
 * contains / does not contain a number". Lower-case; wrap in {@link cap} at a sentence start.
 *
 * @param noun [singular, plural]
 * @param verb [agreeing with one, agreeing with many, negated for the single item of n = 1]
 */
export function ofN(k: number, n: number, noun: [string, string], verb: [string, string, string]): string {
  if (n === 1) return `the one ${noun[0]} ${k >= 1 ? verb[0] : verb[2]}`;
  if (k === 0) return `none of the ${n} ${noun[1]} ${verb[1]}`;
  if (k === n) return `all ${n} ${noun[1]} ${verb[1]}`;
  return `${k} of ${n} ${noun[1]} ${k === 1 ? verb[0] : verb[1]}`;
}

/** Up to `max` words, each quoted, then "and N more": `"several", "various" and 2 more`. */
export function quotedList(words: string[], max = 3, open = '"', close = '"', sep = ", ", more = (n: number) => ` and ${n} more`): string {
  const shown = words
    .slice(0, max)
    .map((w) => `${open}${w}${close}`)
    .join(sep);
  return words.length > max ? `${shown}${more(words.length - max)}` : shown;
}
