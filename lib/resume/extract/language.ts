/**
 * Script-based language detection for resumes: English or Chinese, or "other" (refused).
 *
 * Rule (letters only; digits, punctuation and symbols are not counted):
 * - han = Han ideographs, latin = Latin-script letters, other = letters of every other script
 *   (Arabic, Cyrillic, Greek, Hebrew, Devanagari, Thai, Hangul, Hiragana/Katakana …).
 * - `other` when other ≥ 20 % of all letters (`dominantScript` names the largest such script);
 *   kana count as "other", so a Japanese resume (Han + kana) is not mistaken for Chinese.
 * - `zh` when han ≥ 15 % of all letters, or han ≥ 200 (a long Chinese section is a Chinese
 *   resume even when English tech terms outnumber it letter by letter).
 * - `en` otherwise (any Latin-script text; other Latin languages are not told apart).
 * A Chinese character counts as one letter, so 15 % of letters is roughly a third of the words.
 */
export type DetectedLanguage = "en" | "zh" | "other";

export interface LanguageCounts {
  han: number;
  latin: number;
  other: number;
  total: number;
}

export interface LanguageResult {
  language: DetectedLanguage;
  counts: LanguageCounts;
  /** For `other`: the most frequent non-Latin, non-Han script, e.g. "Arabic". */
  dominantScript: string | null;
}

const ZH_SHARE = 0.15;
export const ZH_MIN_HAN = 200;
const OTHER_SHARE = 0.2;

const SCRIPTS = [
  "Arabic",
  "Cyrillic",
  "Greek",
  "Hebrew",
  "Devanagari",
  "Bengali",
  "Thai",
  "Hangul",
  "Hiragana",
  "Katakana",
  "Armenian",
  "Georgian",
  "Tamil",
  "Telugu",
  "Kannada",
  "Malayalam",
  "Gujarati",
  "Gurmukhi",
  "Sinhala",
  "Khmer",
  "Lao",
  "Myanmar",
  "Ethiopic",
  "Tibetan",
  "Syriac",
  "Thaana",
] as const;
const SCRIPT_RES = SCRIPTS.map((name) => [name, new RegExp(`\\p{Script=${name}}`, "u")] as const);

function countScripts(text: string): { counts: LanguageCounts; byScript: Map<string, number> } {
  let han = 0;
  let latin = 0;
  let other = 0;
  const byScript = new Map<string, number>();
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) continue;
    if (/\p{Script=Han}/u.test(ch)) han++;
    else if (/\p{Script=Latin}/u.test(ch)) latin++;
    else {
      other++;
      const name = SCRIPT_RES.find(([, re]) => re.test(ch))?.[0] ?? "Other";
      byScript.set(name, (byScript.get(name) ?? 0) + 1);
    }
  }
  return { counts: { han, latin, other, total: han + latin + other }, byScript };
}

export function detectLanguage(text: string): LanguageResult {
  const { counts, byScript } = countScripts(text);
  const { han, other, total } = counts;
  if (total > 0 && other / total >= OTHER_SHARE) {
    const dominant = [...byScript.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
    return { language: "other", counts, dominantScript: dominant };
  }
  if (total > 0 && (han / total >= ZH_SHARE || han >= ZH_MIN_HAN)) return { language: "zh", counts, dominantScript: null };
  return { language: "en", counts, dominantScript: null };
}
