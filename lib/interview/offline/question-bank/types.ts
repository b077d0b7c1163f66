import type { Difficulty, QuestionCategory } from "@/lib/interview/schemas";

/**
 * Shapes of the offline question bank: data shipped in the repo, one file per role area,
 * every question in English and Chinese. Counts and structure: `docs/interview-scoring.md`.
 */

/** Role areas of the bank. `behavioural` and `general` serve every role (and unknown ones). */
export const BANK_AREAS = [
  "backend",
  "frontend",
  "fullstack",
  "data",
  "ml",
  "product",
  "mobile",
  "devops",
  "qa",
  "security",
  "behavioural",
  "general",
] as const;
export type BankArea = (typeof BANK_AREAS)[number];

/**
 * One thing a good answer covers. `terms` are what the offline engine looks for to decide
 * whether an answer covers it: Latin terms match case-insensitively on word boundaries (a
 * trailing `*` matches any word ending: `cach*` → cache, caching, cached; a space or hyphen
 * matches either), Chinese terms as substrings. Both lists are tried on every answer, in
 * either language, because Chinese answers use English terms ("Redis", "TTL") freely.
 */
export interface BankKeyPoint {
  en: string;
  zh: string;
  terms: { en: string[]; zh: string[] };
}

export interface BankQuestion {
  /** Stable id, `<area prefix>-<nn>`; a plan keeps it so the evaluator can find the terms. */
  id: string;
  area: BankArea;
  /** Short topic ("caching", "conflict"): the planner avoids two questions on one topic. */
  topic: string;
  category: QuestionCategory;
  difficulty: Difficulty;
  en: { question: string; reference: string };
  zh: { question: string; reference: string };
  /** 2–6 key points. */
  keyPoints: BankKeyPoint[];
}

/** Key point from pipe-separated term lists: `kp("Use an index", "使用索引", "index*|b-tree", "索引|B+树")`. */
export function kp(en: string, zh: string, enTerms: string, zhTerms: string): BankKeyPoint {
  const split = (s: string) =>
    s
      .split("|")
      .map((t) => t.trim())
      .filter(Boolean);
  return { en, zh, terms: { en: split(enTerms), zh: split(zhTerms) } };
}

/** Question factory for one area file (keeps `area` out of every literal). */
export function forArea(area: BankArea) {
  return (q: Omit<BankQuestion, "area">): BankQuestion => ({ area, ...q });
}
