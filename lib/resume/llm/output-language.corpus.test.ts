/**
 * The output-language measure on real prose of both languages: the offline engine's analysis of
 * every corpus resume (its own wording in the resume's language, with the resume's terms and
 * evidence in it) is judged in its language, and the same prose is judged wrong against the other.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { corpusPath } from "@/tests/corpus-dir";
import { extractResumeText } from "../extract";
import { analyzeOfflineWithSignals } from "../offline";
import { MIN_UNITS, measureOutputLanguage, proseOf, WRONG_SHARE } from "./output-language";

const FILES = ["resumes-pdf", "resumes-docx", "resumes-txt-md"].flatMap((dir) => readdirSync(corpusPath(dir)).map((f) => `${dir}/${f}`));
const JOBS = { en: "jobs/en_swe_senior-software-engineer_gsa-tts.md", zh: "jobs/zh_backend_java-engineer_jd.md" } as const;
const NOW = new Date("2026-01-01T00:00:00Z");

describe("the offline engine's analyses of the corpus resumes", () => {
  it.each(FILES)("%s: in its language, and wrong against the other", async (file) => {
    const kind = file.endsWith(".pdf") ? "pdf" : file.endsWith(".docx") ? "docx" : "text";
    const r = await extractResumeText({ bytes: new Uint8Array(readFileSync(corpusPath(file))), kind });
    if (!r.ok) {
      expect(r.code).toBe("not_a_resume");
      return;
    }
    const jobDescription = readFileSync(corpusPath(JOBS[r.language]), "utf8");
    const { draft } = analyzeOfflineWithSignals({ text: r.text, jobDescription, language: r.language, now: NOW });
    const context = { skills: [...(draft.matchedSkills ?? []), ...(draft.missingSkills ?? [])], source: [r.text, jobDescription] };
    const right = measureOutputLanguage(proseOf(draft), r.language, context);
    expect(right.units, file).toBeGreaterThanOrEqual(MIN_UNITS);
    expect(right.wrongLanguage, `${file}: ${JSON.stringify(right)}`).toBeNull();
    expect(right.foreignShare, file).toBeLessThan(WRONG_SHARE / 2);
    const other = r.language === "zh" ? "en" : "zh";
    const wrong = measureOutputLanguage(proseOf(draft), other, { skills: context.skills });
    expect(wrong.wrongLanguage, `${file} against ${other}: ${JSON.stringify(wrong)}`).toBe(r.language);
  });
});
