/**
 * No false flags on honest model output: every corpus resume, alone and against a corpus job,
 * analysed through the real engine (screen → prompt → lib/ai → the fake OpenAI-compatible
 * server's normal answers, which copy their evidence from the fenced resume → the guard).
 */
import "@/tests/helpers/env";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { corpusPath } from "@/tests/corpus-dir";
import { withFakeLlmModel } from "@/tests/helpers/fake-llm";
import { analyzeResume } from "../engine";
import { extractResumeText } from "../extract";

const { chatRequests } = withFakeLlmModel();
const FILES = ["resumes-pdf", "resumes-docx", "resumes-txt-md"].flatMap((dir) => readdirSync(corpusPath(dir)).map((f) => `${dir}/${f}`));
const JOBS = { en: "jobs/en_swe_senior-software-engineer_gsa-tts.md", zh: "jobs/zh_backend_java-engineer_jd.md" } as const;

describe("honest model output on the corpus resumes is not flagged", () => {
  it.each(FILES)("%s", async (file) => {
    const kind = file.endsWith(".pdf") ? "pdf" : file.endsWith(".docx") ? "docx" : "text";
    const r = await extractResumeText({ bytes: new Uint8Array(readFileSync(corpusPath(file))), kind });
    if (!r.ok) {
      // Refused files never reach an engine (a lorem-ipsum template): nothing to check.
      expect(r.code).toBe("not_a_resume");
      return;
    }
    for (const jobDescription of [null, readFileSync(corpusPath(JOBS[r.language]), "utf8")]) {
      const { analysis } = await analyzeResume({ text: r.text, jobDescription, language: r.language, hidden: r.hidden });
      expect(analysis.engine).toBe("gpt-4o-mini");
      // Nothing of an attack is ever seen in an honest answer. The fake server's scores are not
      // graded, though (they follow a hash of the prompt): on a template the offline engine
      // marks down for its placeholders (lib/resume/offline/placeholders.ts), a high one is
      // rightly re-scored as unsupported — that is the guard working, not a false flag.
      const template = /模板|template/i.test(r.text.slice(0, 400));
      const reasons = analysis.integrity!.reasons.filter((x) => !(template && x.code === "score_unsupported"));
      expect(reasons, file).toEqual([]);
      expect(analysis.integrity).toMatchObject({ replacedFields: [], removedLines: 0, droppedEvidence: 0 });
      if (!template) expect(analysis.injectionSuspected, file).toBe(false);
    }
    // The model was asked (and no note about removed lines was added to the prompt).
    const prompts = chatRequests().map((q) => JSON.stringify(q.body));
    expect(prompts).toHaveLength(2);
    expect(prompts.every((p) => !p.includes("removed before this prompt"))).toBe(true);
  });
});
