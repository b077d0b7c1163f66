import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { LLM_ERROR_CODES } from "@/lib/ai/errors";
import { PIPELINE_ERROR_CODES } from "@/lib/queue/error-codes";
import { EXTRACT_FAILURE_CODES } from "@/lib/resume/extract";
import en from "@/messages/en.json";
import zh from "@/messages/zh.json";
import { HANDLER_ERROR_CODES, isTaskErrorCode, TASK_ERROR_BLAME, TASK_ERROR_CODES } from "./error-codes";

// Every code the code base can write, gathered from the writers' own exported lists.
const WRITTEN = {
  "the pipeline (lib/queue/consumer.ts)": PIPELINE_ERROR_CODES,
  "the LLM layer (lib/ai/errors.ts)": LLM_ERROR_CODES,
  "resume extraction (lib/resume/extract)": EXTRACT_FAILURE_CODES,
  "the task handlers (worker/handlers)": HANDLER_ERROR_CODES,
};
const SUBJECTS = ["resume", "interview"] as const;
const CATALOGUES = { en, zh };

/** A translator over `failure.*` that records what it could not find or format. */
function translator(locale: keyof typeof CATALOGUES) {
  const problems: string[] = [];
  const t = createTranslator({ locale, messages: CATALOGUES[locale], namespace: "failure", onError: (e) => problems.push(e.message) });
  return { t, problems };
}

describe("task error codes", () => {
  it.each(Object.entries(WRITTEN))("every code written by %s is in TASK_ERROR_CODES", (_, codes) => {
    for (const code of codes) expect(TASK_ERROR_CODES, code).toContain(code);
  });

  it.each(Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[])(
    "every code has a reason and a next step in messages/%s.json, for a resume and an interview",
    (locale) => {
      const { t, problems } = translator(locale);
      for (const code of Object.values(WRITTEN).flat()) {
        for (const part of ["reason", "next"] as const) {
          const key = `codes.${code}.${part}` as const;
          expect(t.has(key), `${locale}: failure.${key}`).toBe(true);
          for (const subject of SUBJECTS) {
            const text = t(key, { subject });
            expect(text.trim().length, `${locale}: failure.${key} (${subject})`).toBeGreaterThan(5);
            // A select that fell through or a placeholder left in the text is not a sentence.
            expect(text, `${locale}: failure.${key} (${subject})`).not.toMatch(/[{}]/);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it("the Chinese texts are translations, not English copies", () => {
    const { t: tEn } = translator("en");
    const { t: tZh } = translator("zh");
    for (const code of TASK_ERROR_CODES) {
      const zhReason = tZh(`codes.${code}.reason`, { subject: "resume" });
      expect(zhReason, code).not.toBe(tEn(`codes.${code}.reason`, { subject: "resume" }));
      expect(zhReason, code).toMatch(/[\u4e00-\u9fff]/u);
    }
  });

  it("a provider's limit is never blamed on the candidate's file", () => {
    for (const code of ["context_length", "content_policy", "rate_limited"] as const) {
      expect(TASK_ERROR_BLAME[code], code).toBe("model");
      const { t } = translator("en");
      const reason = t(`codes.${code}.reason`, { subject: "resume" });
      const inputReasons = EXTRACT_FAILURE_CODES.map((c) => t(`codes.${c}.reason`, { subject: "resume" }));
      expect(inputReasons).not.toContain(reason);
      expect(reason).toMatch(/model|provider|service/i);
      expect(reason).not.toMatch(/unreadable|damaged|could not be read/i);
    }
    for (const code of EXTRACT_FAILURE_CODES) expect(TASK_ERROR_BLAME[code], code).toBe("input");
  });

  it("a code this version does not know gets the generic texts, and every blame has a resume title", () => {
    expect(isTaskErrorCode("llm_failed")).toBe(false);
    expect(isTaskErrorCode("toString")).toBe(false);
    expect(isTaskErrorCode("context_length")).toBe(true);
    for (const locale of Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[]) {
      const { t, problems } = translator(locale);
      for (const subject of SUBJECTS) expect(t("unknown.reason", { subject }).length).toBeGreaterThan(5);
      for (const blame of new Set(Object.values(TASK_ERROR_BLAME))) expect(t(`title.${blame}`).length).toBeGreaterThan(3);
      expect(problems).toEqual([]);
    }
  });
});
