import { describe, expect, it } from "vitest";
import { detectLanguage, ZH_MIN_HAN } from "./language";
import { SAMPLE_RESUME_EN, SAMPLE_RESUME_ZH } from "./test-helpers";

describe("detectLanguage", () => {
  it("English resume → en", () => {
    expect(detectLanguage(SAMPLE_RESUME_EN.join("\n")).language).toBe("en");
  });

  it("Chinese resume with English tech terms → zh", () => {
    expect(detectLanguage(SAMPLE_RESUME_ZH.join("\n")).language).toBe("zh");
  });

  it("an English resume with a Chinese name stays en", () => {
    expect(detectLanguage(`张伟 (Wei Zhang)\n${SAMPLE_RESUME_EN.slice(1).join("\n")}`).language).toBe("en");
  });

  it("zh from 15 % of letters: 15 Han + 85 Latin is zh, 14 + 86 is en", () => {
    expect(detectLanguage(`${"中".repeat(15)} ${"a".repeat(85)}`).language).toBe("zh");
    expect(detectLanguage(`${"中".repeat(14)} ${"a".repeat(86)}`).language).toBe("en");
  });

  it(`zh from ${ZH_MIN_HAN} Han characters even when Latin letters dominate`, () => {
    expect(detectLanguage(`${"中".repeat(ZH_MIN_HAN)} ${"a".repeat(5000)}`).language).toBe("zh");
    expect(detectLanguage(`${"中".repeat(ZH_MIN_HAN - 1)} ${"a".repeat(5000)}`).language).toBe("en");
  });

  it("Arabic, Cyrillic and Japanese are other, naming the script", () => {
    const ar = detectLanguage("السيرة الذاتية: مهندس برمجيات، خبرة عشر سنوات");
    expect(ar).toMatchObject({ language: "other", dominantScript: "Arabic" });
    expect(detectLanguage("Опыт работы: старший разработчик, Москва").dominantScript).toBe("Cyrillic");
    expect(detectLanguage("職務経歴書：ソフトウェアエンジニアとして働いています").language).toBe("other");
  });

  it("a few Greek letters in an English resume do not make it other", () => {
    expect(detectLanguage(`Tuned λ and α for ${SAMPLE_RESUME_EN.join(" ")}`).language).toBe("en");
  });
});
