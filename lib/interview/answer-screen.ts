import { type InjectionFinding, screenUntrustedText } from "@/lib/ai/injection";

/**
 * Candidate answers are untrusted: before a model reads one (the evaluation prompt, the chat
 * prompt), the lines addressed to the AI are taken out by the injection screen
 * (lib/ai/injection.ts) and each is replaced by {@link REMOVED_MARK}, so the model sees that
 * something was there without seeing what (docs/interview-scoring.md, "Answers are data"). The
 * stored transcript keeps the candidate's own words.
 */

/** What a model reads in place of a removed line. */
export const REMOVED_MARK = "[removed: text addressed to the AI]";

/** One answer after the screen. */
export interface ScreenedAnswer {
  /** For a model: every removed line replaced by {@link REMOVED_MARK}. */
  forModel: string;
  /** For the offline evaluator: the removed lines simply gone (a marker is not the candidate's words). */
  forOffline: string;
  findings: InjectionFinding[];
}

/**
 * Screens one answer.
 * @param text the candidate's text, `\n`-separated lines.
 * @returns the two screened forms and the findings (none: both forms are `text` unchanged).
 */
export function screenAnswer(text: string): ScreenedAnswer {
  const scan = screenUntrustedText(text);
  if (!scan.suspected) return { forModel: text, forOffline: text, findings: [] };
  return { forModel: withMarks(text, scan.text), forOffline: scan.text, findings: scan.findings };
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
