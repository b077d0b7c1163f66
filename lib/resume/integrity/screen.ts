import { type InjectionFinding, screenUntrustedText } from "@/lib/ai/injection";

/**
 * The screen every resume analysis starts with (docs/scoring.md, "Integrity"): the resume and the
 * job description go through {@link screenUntrustedText} before the offline engine and before
 * any prompt, so a line addressed to an AI — or a line the PDF draws invisibly — reaches neither.
 */
export interface ScreenedInput {
  /** The resume with the removed lines taken out. */
  text: string;
  /** The job description with its removed lines taken out; null when none was given. */
  jobDescription: string | null;
  /** What was removed from the resume (`hidden_text` for invisible PDF lines). */
  resumeFindings: InjectionFinding[];
  /** What was removed from the job description. */
  jobDescriptionFindings: InjectionFinding[];
  /** Lines removed from both, counting a two-line instruction as two. */
  removedLines: number;
}

/**
 * Screens one analysis input.
 * @param input.text extracted resume text, `\n`-separated lines.
 * @param input.jobDescription the job description, or null.
 * @param input.hidden lines the PDF draws invisibly (lib/resume/extract/pdf.ts), removed whatever they say.
 * @returns the screened texts and the findings; pure.
 */
export function screenResumeInput(input: { text: string; jobDescription: string | null; hidden?: readonly string[] }): ScreenedInput {
  const resume = screenUntrustedText(input.text, { hidden: input.hidden });
  const jd = input.jobDescription?.trim() ? screenUntrustedText(input.jobDescription) : null;
  const removedResume = removedLineCount(input.text, resume.text);
  const removedJd = jd ? removedLineCount(input.jobDescription ?? "", jd.text) : 0;
  return {
    text: resume.text,
    jobDescription: jd ? jd.text : null,
    resumeFindings: resume.findings,
    jobDescriptionFindings: jd?.findings ?? [],
    removedLines: removedResume + removedJd,
  };
}

function removedLineCount(before: string, after: string): number {
  return before.split("\n").length - after.split("\n").length;
}
