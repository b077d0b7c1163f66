import { type CandidateName, tokenPattern } from "../redact";
import { type Gender, type NameVariant, variantWords } from "./names";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * The counterfactual resume of a fairness audit (docs/fairness.md, "What is swapped"): the same
 * text with the candidate's name, pronouns and gendered words changed to a variant's, and
 * nothing else — schools, places, dates, clubs and every other line stay as written.
 */

/** English word pairs (female, male); a swap writes the variant's side, keeping the capitalisation. */
const EN_PAIRS: readonly [string, string][] = [
  ["she", "he"],
  ["her", "his"],
  ["hers", "his"],
  ["herself", "himself"],
  ["ms", "mr"],
  ["mrs", "mr"],
  ["female", "male"],
  ["woman", "man"],
  ["women", "men"],
  ["lady", "gentleman"],
  ["sister", "brother"],
  ["daughter", "son"],
  ["wife", "husband"],
  ["mother", "father"],
  ["girl", "boy"],
  ["sorority", "fraternity"],
  ["chairwoman", "chairman"],
  ["spokeswoman", "spokesman"],
];
/** "him" has no pair of its own: "her" for a woman (a man's "her" becomes "his", from the pairs). */
const EN_EXTRA: Record<Gender, Record<string, string>> = { female: { him: "her" }, male: {} };

const ZH_PAIRS: readonly [string, string][] = [
  ["女士", "先生"],
  ["女性", "男性"],
];
/** 他/她, but not inside 其他 ("other") or 吉他 ("guitar"). */
const ZH_PRONOUN = /(?<![其吉])[他她]/g;
const ZH_SEX_FIELD = /(性\s*别\s*[:：]?\s*)[男女]/g;

/** `word` in the case `like` is written in (ALL CAPS, Capitalised or lower). */
function withCase(word: string, like: string): string {
  if (/\p{Lu}/u.test(like) && like === like.toUpperCase() && like.length > 1) return word.toUpperCase();
  if (like[0] === like[0].toUpperCase()) return word[0].toUpperCase() + word.slice(1);
  return word.toLowerCase();
}

/** Maps each gendered English word to the variant's gender's word (the first pair naming a word wins: his → her, not hers). */
function enTable(gender: Gender): Map<string, string> {
  const t = new Map<string, string>();
  for (const [f, m] of EN_PAIRS) {
    const to = gender === "female" ? f : m;
    if (!t.has(f)) t.set(f, to);
    if (!t.has(m)) t.set(m, to);
  }
  for (const [k, v] of Object.entries(EN_EXTRA[gender])) t.set(k, v);
  return t;
}

/**
 * Writes `variant` into a resume's text: every occurrence of the candidate's full name (and of
 * each of its words alone, for Latin names: "Mr. Smith") becomes the variant's name (its first
 * or last word), pronouns and gendered words become the variant's gender's (English word pairs;
 * 他/她, 先生/女士, 男性/女性 and the 性别 field in Chinese).
 * @param name the candidate's name found in the resume, or null (then only gender words change).
 */
export function swapIdentity(text: string, name: CandidateName | null, variant: NameVariant): string {
  let out = text;
  if (name) {
    const to = variantWords(variant, name.words).map((w, i) => withCase(w, name.words[i]));
    const full = new RegExp(name.words.map(escapeRegExp).join("[\\s\\u00a0]+"), "gu");
    out = out.replace(full, to.join(" "));
    // a word of the name alone ("Mr. Smith", "Smith, J."): the variant's word in the same place
    name.words.forEach((w, i) => {
      const p = name.tokens.includes(w) && name.words.length > 1 ? tokenPattern([w]) : null;
      if (p) out = out.replace(p, (m) => withCase(to[i], m));
    });
  }
  const table = enTable(variant.gender);
  out = out.replace(/\b[A-Za-z]+\b/g, (w) => {
    const to = table.get(w.toLowerCase());
    return to ? withCase(to, w) : w;
  });
  for (const [f, m] of ZH_PAIRS) out = out.replaceAll(variant.gender === "female" ? m : f, variant.gender === "female" ? f : m);
  out = out.replace(ZH_PRONOUN, variant.gender === "female" ? "她" : "他");
  return out.replace(ZH_SEX_FIELD, (_, label: string) => `${label}${variant.gender === "female" ? "女" : "男"}`);
}
