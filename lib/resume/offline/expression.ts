import { readAsMeant } from "@/lib/text/homophones";
import { hasCjk, latinWords, lengthUnits } from "@/lib/text/units";
import { opener, verbKind } from "./achievements";
import type { Line, Statement } from "./types";
import { ACTION_VERB_FORMS_EN, FILLERS_EN, FILLERS_ZH, PRONOUNS_EN, STOPWORDS_EN } from "./word-lists";

/**
 * Expression checks over the statements (and the summary lines for pronouns/fillers):
 * action-verb openers, statement length, first-person pronouns, filler words and repetition.
 *
 * Good statement length: 6–35 English words, or 8–80 units for Chinese statements (one or
 * two lines on a page; set by hand).
 * Repetition: an opener (first word / first two Chinese characters) used by ≥ 3 statements
 * and by more than 30 % of them, or a content word (≥ 5 letters, not a stop word) used ≥ 5
 * times across the statements. A misspelt opener counts as the opener it misspells: an English
 * one when that one is used by another statement of the same resume (`sameOpener`), a Chinese
 * pinyin-input slip always (`opener`); otherwise a typo hides a repetition, and fixing the typo
 * would lower the score (eval/README.md, "Round 2" and "Round 3"). Clichés are counted as meant too
 * (认真负则 is 认真负责).
 */
export interface ExpressionFacts {
  statements: number;
  actionLed: number;
  weakLed: number;
  goodLength: number;
  /** Statements that are too long (evidence for the suggestion). */
  longOnes: Statement[];
  /** Pronoun occurrences, with the lines they occur on. */
  pronouns: { count: number; lines: number[] };
  fillers: { count: number; words: string[]; lines: number[] };
  /** Over-used openers and words. */
  repeated: string[];
}

const GOOD_LENGTH = { en: [6, 35], zh: [8, 80] } as const;

export function analyzeExpression(statements: Statement[], summaryLines: Line[]): ExpressionFacts {
  let actionLed = 0;
  let weakLed = 0;
  let goodLength = 0;
  const longOnes: Statement[] = [];
  for (const s of statements) {
    const k = verbKind(s.text);
    if (k === "action") actionLed++;
    if (k === "weak") weakLed++;
    const zh = hasCjk(s.text);
    const n = zh ? lengthUnits(s.text) : latinWords(s.text).length;
    const [lo, hi] = zh ? GOOD_LENGTH.zh : GOOD_LENGTH.en;
    if (n >= lo && n <= hi) goodLength++;
    if (n > hi) longOnes.push(s);
  }

  const texts: { text: string; line: number }[] = [
    ...statements.map((s) => ({ text: s.text, line: s.line })),
    ...summaryLines.map((l) => ({ text: l.text, line: l.index })),
  ];
  const pronouns = { count: 0, lines: [] as number[] };
  const fillers = { count: 0, words: [] as string[], lines: [] as number[] };
  for (const { text, line } of texts) {
    const en = text.match(new RegExp(`(?<![A-Za-z'’])(?:${PRONOUNS_EN.join("|")})(?![A-Za-z'’])`, "gi")) ?? [];
    // "I" must be upper case; "my/me" any case. "自我" (self-) is not a pronoun.
    const enCount = en.filter((w) => w === "I" || w.toLowerCase() !== "i").length;
    const zhCount = text.match(/(?<!自)我(?!们)|本人/g)?.length ?? 0;
    if (enCount + zhCount > 0) {
      pronouns.count += enCount + zhCount;
      pronouns.lines.push(line);
    }
    const lower = text.toLowerCase();
    let hit = false;
    for (const f of FILLERS_EN) {
      const n = lower.match(new RegExp(`(?<![a-z])${f.replace(/[-/]/g, "\\$&")}(?![a-z])`, "g"))?.length ?? 0;
      if (n > 0) {
        fillers.count += n;
        fillers.words.push(f);
        hit = true;
      }
    }
    // a cliché misspelt by a pinyin keyboard (认真负则) is still the cliché (lib/text/homophones.ts)
    const meant = readAsMeant(text, FILLERS_ZH);
    for (const f of FILLERS_ZH) {
      const n = meant.split(f).length - 1;
      if (n > 0) {
        fillers.count += n;
        fillers.words.push(f);
        hit = true;
      }
    }
    if (hit) fillers.lines.push(line);
  }
  fillers.words = [...new Set(fillers.words)];

  const repeated: string[] = [];
  const openers = new Map<string, number>();
  const found = statements.map((s) => opener(s.text)).filter((o) => o.length > 0);
  for (const o of found) {
    const as = found.find((other) => other !== o && sameOpener(o, other)) ?? o;
    openers.set(as, (openers.get(as) ?? 0) + 1);
  }
  for (const [o, n] of openers) if (n >= 3 && n > 0.3 * statements.length) repeated.push(o);
  const words = new Map<string, number>();
  for (const s of statements) {
    for (const w of latinWords(s.text.toLowerCase())) {
      if (w.length < 5 || STOPWORDS_EN.has(w) || /\d/.test(w)) continue;
      words.set(w, (words.get(w) ?? 0) + 1);
    }
  }
  for (const [w, n] of words) if (n >= 5 && !repeated.includes(w)) repeated.push(w);

  return { statements: statements.length, actionLed, weakLed, goodLength, longOnes, pronouns, fillers, repeated };
}

/**
 * Whether `typo` reads as a misspelling of `word`, an English opener another statement uses:
 * `word` is an action-verb form and `typo` is not, both of 5+ letters with the same first letter,
 * at most two edits apart (one below 7 letters): Implmented for Implemented. Optimal string
 * alignment distance (Damerau, 1964: adjacent transpositions count one edit). Chinese slips are
 * homophones and are read as the verb they misspell before this (`opener`, lib/text/homophones.ts),
 * which, unlike one edit apart, does not take a real word (完善) for another (完成).
 */
export function sameOpener(typo: string, word: string): boolean {
  if (typo === word || typo.length === 0 || typo[0] !== word[0]) return false;
  if (!ACTION_VERB_FORMS_EN.has(word) || ACTION_VERB_FORMS_EN.has(typo) || Math.min(typo.length, word.length) < 5) return false;
  return editDistance(typo, word) <= (word.length < 7 ? 1 : 2);
}

/** Optimal string alignment distance between two short strings (insert, delete, substitute, swap neighbours). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
