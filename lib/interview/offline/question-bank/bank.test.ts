import { describe, expect, it } from "vitest";
import { keyPointMatchers } from "../key-points";
import { fromBank } from "../plan";
import { BANK_AREAS, type BankArea, QUESTION_BANK, questionsOf } from "./index";

const CJK = /[\u3400-\u9fff]/;

/** Minimum questions per area (docs/interview-scoring.md, "The question bank"). */
const MIN_PER_AREA: Record<BankArea, number> = {
  backend: 15,
  frontend: 15,
  fullstack: 10,
  data: 12,
  ml: 12,
  product: 10,
  mobile: 10,
  devops: 12,
  qa: 6,
  security: 6,
  behavioural: 20,
  general: 8,
};

describe("question bank", () => {
  it("holds at least 150 questions, with a minimum per role area, and unique ids", () => {
    expect(QUESTION_BANK.length).toBeGreaterThanOrEqual(150);
    for (const area of BANK_AREAS) expect(questionsOf(area).length, area).toBeGreaterThanOrEqual(MIN_PER_AREA[area]);
    expect(new Set(QUESTION_BANK.map((q) => q.id)).size).toBe(QUESTION_BANK.length);
  });

  it("has every question in both languages: English text is English, Chinese text is Chinese", () => {
    for (const q of QUESTION_BANK) {
      for (const lang of ["en", "zh"] as const) {
        expect(q[lang].question.trim().length, `${q.id} ${lang} question`).toBeGreaterThan(10);
        expect(q[lang].reference.trim().length, `${q.id} ${lang} reference`).toBeGreaterThan(lang === "en" ? 300 : 120);
      }
      expect(CJK.test(q.en.question) || CJK.test(q.en.reference), `${q.id} en has Chinese`).toBe(false);
      expect(CJK.test(q.zh.question) && CJK.test(q.zh.reference), `${q.id} zh is Chinese`).toBe(true);
    }
  });

  it("gives every question 2–6 key points, each labelled in both languages with match terms in both", () => {
    for (const q of QUESTION_BANK) {
      expect(q.keyPoints.length, q.id).toBeGreaterThanOrEqual(2);
      expect(q.keyPoints.length, q.id).toBeLessThanOrEqual(6);
      for (const k of q.keyPoints) {
        expect(k.en.trim() && !CJK.test(k.en), `${q.id} ${k.en}`).toBeTruthy();
        expect(CJK.test(k.zh), `${q.id} ${k.zh}`).toBe(true);
        expect(k.terms.en.length, `${q.id} ${k.en} en terms`).toBeGreaterThan(0);
        expect(
          k.terms.zh.some((t) => CJK.test(t)),
          `${q.id} ${k.zh} zh terms`,
        ).toBe(true);
      }
    }
  });

  it("covers the behavioural topics (teamwork, conflict, failure, leadership, prioritisation …) once each", () => {
    const topics = questionsOf("behavioural").map((q) => q.topic);
    for (const t of ["teamwork", "conflict", "failure", "leadership", "prioritisation", "feedback", "ambiguity", "mentoring"]) {
      expect(topics, t).toContain(t);
    }
    expect(new Set(topics).size).toBe(topics.length);
  });

  it("offers each difficulty in every technical area, so every level gets suitable questions", () => {
    for (const area of ["backend", "frontend", "fullstack", "data", "ml", "product", "mobile", "devops", "qa", "security"] as const) {
      const d = new Set(questionsOf(area).map((q) => q.difficulty));
      expect([...d].sort(), area).toEqual(["easy", "hard", "medium"]);
    }
  });

  // The terms are what the offline evaluator grades with: a model answer must hit them,
  // a vague non-answer must not.
  it("has terms that its own reference answers cover (≥ 80 % of key points, in each language)", () => {
    const weak: string[] = [];
    for (const q of QUESTION_BANK) {
      for (const lang of ["en", "zh"] as const) {
        const ms = keyPointMatchers(fromBank(q, lang));
        const hit = ms.filter((m) => m.match(q[lang].reference) !== null).length;
        if (hit / ms.length < 0.8) weak.push(`${q.id}/${lang} ${hit}/${ms.length}`);
      }
    }
    expect(weak).toEqual([]);
  });

  it("has terms that a vague answer barely touches (< 5 % of all key points)", () => {
    const vague = {
      en: "I would look at the situation, think about it carefully and apply best practices so it works well in the end.",
      zh: "我会先看看情况，仔细想一想，然后按照最佳实践去做，把事情做好。",
    };
    for (const lang of ["en", "zh"] as const) {
      let hits = 0;
      let total = 0;
      for (const q of QUESTION_BANK) {
        const ms = keyPointMatchers(fromBank(q, lang));
        total += ms.length;
        hits += ms.filter((m) => m.match(vague[lang]) !== null).length;
      }
      expect(hits / total, lang).toBeLessThan(0.05);
    }
  });
});
