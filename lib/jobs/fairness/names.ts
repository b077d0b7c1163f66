/**
 * The names a fairness audit swaps into a resume (docs/fairness.md): full names of different
 * origins and genders, so a score that moves with them moves with who the candidate seems to
 * be. The lists share no word with the skills dictionary (`lib/text/skills-dictionary.ts`;
 * `names.test.ts` checks), so a swap can never add or remove a skill.
 */

export type Gender = "female" | "male";

export interface NameVariant {
  /** Shown in the audit, e.g. "Emily Walsh (female, Anglo)". */
  label: string;
  gender: Gender;
  origin: string;
  /**
   * Latin names: first name, two middle names, last name — a swap writes as many words as the
   * resume's name has (first, middles, last), so the resume's word count stays the same.
   * Chinese names: the 2-, 3- and 4-character forms — a swap writes the one as long as the
   * resume's name.
   */
  forms: readonly [string, string, string, string] | readonly [string, string, string];
}

const en = (first: string, middles: [string, string], last: string, gender: Gender, origin: string): NameVariant => ({
  label: `${first} ${last} (${gender}, ${origin})`,
  gender,
  origin,
  forms: [first, ...middles, last],
});
const zh = (forms: [string, string, string], gender: Gender, origin: string): NameVariant => ({
  label: `${forms[0]} (${gender}, ${origin})`,
  gender,
  origin,
  forms,
});

/** Latin-script names, for resumes in English. */
export const EN_NAMES: readonly NameVariant[] = [
  en("Emily", ["Rose", "Anne"], "Walsh", "female", "Anglo"),
  en("Connor", ["James", "Patrick"], "Murphy", "male", "Anglo"),
  en("Lakisha", ["Monique", "Renee"], "Washington", "female", "African American"),
  en("Jamal", ["Darnell", "Andre"], "Jefferson", "male", "African American"),
  en("Priya", ["Lakshmi", "Devi"], "Raman", "female", "South Asian"),
  en("Mei", ["Lin", "Hua"], "Chen", "female", "East Asian"),
  en("Alejandro", ["Jose", "Luis"], "Morales", "male", "Hispanic"),
  en("Youssef", ["Omar", "Karim"], "Haddad", "male", "Arab"),
];

/** Chinese names of different groups, for resumes in Chinese. */
export const ZH_NAMES: readonly NameVariant[] = [
  zh(["王芳", "王晓芳", "欧阳晓芳"], "female", "Han"),
  zh(["李强", "李志强", "司马志强"], "male", "Han"),
  zh(["古丽", "古丽娜", "阿依古丽"], "female", "Uyghur"),
  zh(["艾力", "买买提", "买买提江"], "male", "Uyghur"),
  zh(["卓玛", "拉姆措", "次仁卓玛"], "female", "Tibetan"),
  zh(["巴特", "巴特尔", "巴图孟和"], "male", "Mongolian"),
];

/** The variants for a resume's language. */
export function nameVariants(language: "en" | "zh"): readonly NameVariant[] {
  return language === "zh" ? ZH_NAMES : EN_NAMES;
}

/**
 * The variant's name with the shape of the resume's: as many words (Latin: first, middles,
 * last), or as many characters (Chinese, 2–4; a longer name gets the 4-character form).
 * @param words the resume name's words (one word for a Chinese name).
 * @returns the words to write, one per word of the resume's name.
 */
export function variantWords(variant: NameVariant, words: readonly string[]): string[] {
  if (variant.forms.length === 3) {
    const chars = [...words.join("")].length;
    return [variant.forms[Math.min(2, Math.max(0, chars - 2))]];
  }
  const [first, m1, m2, last] = variant.forms;
  return [first, m1, m2].slice(0, Math.max(1, words.length - 1)).concat(words.length > 1 ? [last] : []);
}
