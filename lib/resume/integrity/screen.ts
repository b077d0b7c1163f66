import { type InjectionFinding, screenUntrustedText } from "@/lib/ai/injection";

/**
 * The screen every resume analysis starts with (docs/scoring.md, "Integrity"): the resume and the
 * job description go through {@link screenUntrustedText} before the offline engine and before
 * any prompt, so a line addressed to an AI — or a line the PDF draws invisibly — reaches neither.
 * A Word file's hidden runs were already left out of the text by extraction; each is still
 * recorded here as a `hidden_text` finding, so the analysis says what was hidden.
 */
export interface ScreenedInput {
  /** The resume with the removed lines taken out. */
  text: string;
  /** The job description with its removed lines taken out; null when none was given. */
  jobDescription: string | null;
  /**
   * What was removed from the resume: `hidden_text` for invisible PDF lines, and for DOCX hidden
   * spans (their `line` is -1: extraction took them out of the text, inside a line that stays).
   */
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
 * @param input.hidden lines the PDF draws invisibly (lib/resume/extract/pdf.ts), removed whatever
 *   they say; an entry that is no line of `text` (a DOCX hidden span, already taken out) is
 *   recorded as a finding only.
 * @returns the screened texts and the findings; pure.
 */
export function screenResumeInput(input: { text: string; jobDescription: string | null; hidden?: readonly string[] }): ScreenedInput {
  const resume = screenUntrustedText(input.text, { hidden: input.hidden });
  const lines = new Set(input.text.split("\n").map((l) => l.trim()));
  const takenOut = (input.hidden ?? []).map((h) => h.trim()).filter((h) => h && !lines.has(h));
  const findings: InjectionFinding[] = [
    ...resume.findings,
    ...takenOut.map((h) => ({ kind: "hidden_text" as const, excerpt: h.length > 300 ? `${h.slice(0, 299)}…` : h, line: -1 })),
  ];
  const jd = input.jobDescription?.trim() ? screenUntrustedText(input.jobDescription) : null;
  const removedResume = removedLineCount(input.text, resume.text);
  const removedJd = jd ? removedLineCount(input.jobDescription ?? "", jd.text) : 0;
  return {
    text: resume.text,
    jobDescription: jd ? jd.text : null,
    resumeFindings: findings,
    jobDescriptionFindings: jd?.findings ?? [],
    removedLines: removedResume + removedJd,
  };
}

function removedLineCount(before: string, after: string): number {
  return before.split("\n").length - after.split("\n").length;
}
