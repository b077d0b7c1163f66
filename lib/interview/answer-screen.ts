import { type InjectionFinding, screenUntrustedText } from "@/lib/ai/injection";

/**
 * Candidate answers are untrusted: before a model reads one, the lines addressed to the AI are
 * taken out by the injection screen (lib/ai/injection.ts); the stored transcript keeps the
 * candidate's own words (docs/interview-scoring.md, "Answers are data").
 *
 * Two forms: the evaluation (model and offline evaluator alike) reads the answer with those
 * lines simply gone — so an attacked answer is, to the grader, the same text as the answer
 * without the attack, and scores the same (the same prompt, even the same cached result). The
 * chat's interviewer reads each run of removed lines as {@link REMOVED_MARK}, so it can steer
 * back to the question instead of replying to a gap.
 */

/** What a model reads in place of a removed line. */
export const REMOVED_MARK = "[removed: text addressed to the AI]";

/** One answer after the screen. */
export interface ScreenedAnswer {
  /** For the evaluation: the removed lines gone, every other line byte for byte. */
  text: string;
  /** For the interviewer: every run of removed lines replaced by one {@link REMOVED_MARK} line. */
  marked: string;
  findings: InjectionFinding[];
}

/**
 * Screens one answer.
 * @param text the candidate's text, `\n`-separated lines.
 * @returns the two screened forms and the findings (none: both forms are the input unchanged).
 */
export function screenAnswer(text: string): ScreenedAnswer {
  const scan = screenUntrustedText(text);
  if (!scan.suspected) return { text, marked: text, findings: [] };
  return { text: scan.text, marked: withMarks(text, scan.text), findings: scan.findings };
}

/**
 * `original` with each run of lines the screen removed (the lines missing from `kept`, which
 * keeps every other line byte for byte and in order) replaced by one {@link REMOVED_MARK} line.
 */
function withMarks(original: string, kept: string): string {
  const lines = original.split("\n");
  const rest = kept.length > 0 ? kept.split("\n") : [];
  const out: string[] = [];
  // Greedy in order: a removed line cannot equal a kept one (the screen judges a line by its
  // text), except the second half of an instruction broken over two lines — harmless either way.
  const keptFrom = new Array<number>(lines.length).fill(-1);
  for (let i = 0, j = 0; i < lines.length && j < rest.length; i++) if (lines[i] === rest[j]) keptFrom[i] = j++;
  for (let i = 0; i < lines.length; i++) {
    if (keptFrom[i] >= 0) out.push(lines[i]!);
    else if (out.at(-1) !== REMOVED_MARK) out.push(REMOVED_MARK);
  }
  return out.join("\n");
}
