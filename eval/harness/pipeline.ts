import { readFile } from "node:fs/promises";
import { getLlmConfig } from "@/lib/ai/config";
import { evaluateAnswers } from "@/lib/interview/engine";
import { finalizeReport, type Language, type PlanQuestion } from "@/lib/interview/schemas";
import type { Analysis } from "@/lib/resume";
import { analyzeResume } from "@/lib/resume/engine";
import { extractResumeText } from "@/lib/resume/extract";
import { detectResumeKind } from "@/lib/resume/extract/detect-type";
import { screenResumeInput } from "@/lib/resume/integrity/screen";
import { EvalSetError } from "./load";

/**
 * The production path, without the database: what an upload and the worker's `resume.analyze`
 * and `interview.evaluate` handlers do to their inputs (lib/resume/service.ts `checkResumeFile`
 * + `analyseResume`, lib/interview/service.ts `evaluateInterview`), minus the rows they write.
 * No usage scope is set (lib/finops/scope.ts), so the meter records nothing and the result
 * cache is neither read nor written (lib/finops/cache.ts `cachedResult`): every analysis is
 * made afresh, offline or by the configured model.
 */

/**
 * Reference date of every analysis ("Present" in a resume's dates counts up to it), so a run
 * next year gives the figures of this one: the date the set's years of experience were written
 * for ("reference date late 2026", eval/README.md "How the set was built").
 */
export const EVAL_NOW = new Date("2026-12-01T00:00:00Z");

/** `offline`, or the configured model's id (an analysis also names the model that wrote it). */
export function engineName(): string {
  const config = getLlmConfig();
  return config.mode === "offline" ? "offline" : config.model;
}

/** A resume as an upload's analysis receives it. */
export type ExtractedResume = {
  /** The extracted text (`extractResumeText`'s), before screening. */
  text: string;
  language: "en" | "zh";
  hidden?: string[];
  /** The text the engine sees: the extracted text screened (lib/resume/integrity/screen.ts), job description aside. */
  input: string;
};

/** An extraction's outcome: the resume, or why the extraction refused the file. */
export type Extracted = { ok: true; resume: ExtractedResume } | { ok: false; reason: string };

/** Reads a resume file ({@link extractFile}, or a run's cache of it). */
export type Extractor = (file: string) => Promise<Extracted>;

/**
 * Reads a resume file as an upload is read: its kind from its bytes (`detectResumeKind`, as
 * `checkResumeFile` does — never from the file name), then `extractResumeText`.
 * @returns the extraction, or the refusal's code and sentence.
 */
export async function extractFile(file: string): Promise<Extracted> {
  const bytes = new Uint8Array(await readFile(file));
  const detected = await detectResumeKind(bytes);
  if (!detected) return { ok: false, reason: "unsupported file type" };
  const out = await extractResumeText({ bytes, kind: detected.kind });
  if (!out.ok) return { ok: false, reason: `${out.code}: ${out.message}` };
  const input = screenResumeInput({ text: out.text, jobDescription: null, hidden: out.hidden }).text;
  return { ok: true, resume: { text: out.text, language: out.language, hidden: out.hidden, input } };
}

/**
 * {@link extractFile} once per file for one run of the harness: a file several cases name (a
 * job's fit resume, a monotonicity base edited three ways) is extracted once — extraction is a
 * pure function of the bytes. Stability bypasses it, extracting afresh on every run.
 */
export function cachedExtractor(): Extractor {
  const seen = new Map<string, Promise<Extracted>>();
  return (file) => {
    let out = seen.get(file);
    if (!out) {
      out = extractFile(file);
      seen.set(file, out);
    }
    return out;
  };
}

/** A job description file, read as a pasted one: its text, trimmed (`checkResumeFile`); empty → null. */
export async function readJob(file: string | undefined): Promise<string | null> {
  if (!file) return null;
  const text = (await readFile(file, "utf8")).trim();
  return text.length > 0 ? text : null;
}

/**
 * Analyses an extracted resume as `analyseResume` does (`analyzeResume`: screening, the
 * configured engine, the integrity guard, `finalizeAnalysis`), at {@link EVAL_NOW}.
 * `text` replaces the extracted text (a monotonicity edit); language and hidden lines stay the
 * resume's.
 * @throws as `analyzeResume` throws (the model's `LlmError`).
 */
export async function analyse(resume: ExtractedResume, job: string | null, text: string = resume.text): Promise<Analysis> {
  const { analysis } = await analyzeResume({ text, jobDescription: job, language: resume.language, hidden: resume.hidden, now: EVAL_NOW });
  return analysis;
}

/**
 * The extracted resume of `file`.
 * @throws {EvalSetError} when the extraction refuses it: a refused file is an error of the set, not a score.
 */
export async function extractedResume(file: string, extract: Extractor = extractFile): Promise<ExtractedResume> {
  const extracted = await extract(file);
  if (!extracted.ok)
    throw new EvalSetError([`${file}: the extraction refused it (${extracted.reason}); only an extraction case may name a file that is refused`]);
  return extracted.resume;
}

/** Extracts (with `extract`, afresh by default) and analyses a resume file. @throws as {@link extractedResume} and {@link analyse} throw. */
export async function analyseFile(file: string, job: string | null, extract: Extractor = extractFile): Promise<Analysis> {
  return analyse(await extractedResume(file, extract), job);
}

/**
 * Grades one answer to one question as `interview.evaluate` does: a one-question plan, the
 * answer (empty text counts as not answered, scored 0 by `finalizeReport`), `evaluateAnswers`
 * (screening, the configured engine, the model check) and `finalizeReport`.
 * @returns the report's overall score, which for one question is that question's score (0–100).
 * @throws as `evaluateAnswers` and `finalizeReport` throw.
 */
export async function gradeAnswer(a: { question: PlanQuestion; answer: string; language: Language; role: string }): Promise<number> {
  const plan = { questions: [a.question] };
  const answers = [{ questionId: a.question.id, text: a.answer, skipped: false }];
  const { draft, engine, injectionReasons } = await evaluateAnswers({ plan, answers, language: a.language, role: a.role });
  return finalizeReport(draft, { plan, answers, engine, language: a.language, injectionReasons }).overallScore;
}
