import type { VerbKind } from "./achievements";
import { gatherFacts } from "./facts";
import type { Lang } from "./types";

/** One experience or project statement as the offline analyser reads it. */
export interface ResumeStatement {
  /** Normalised text (continuation lines joined). */
  text: string;
  /** Index of the role/project it belongs to, or -1. */
  entry: number;
  /** It carries a number (a metric, a team size, a money amount …). */
  quantified: boolean;
  /** How it opens: an action verb, a weak verb, or neither. */
  verb: VerbKind;
  /** Canonical names of the dictionary skills named (not only implied) on its lines, in dictionary order. */
  skills: string[];
}

/**
 * The statements of a resume's experience and project sections, in resume order, with the
 * same quantification, verbs and skills the resume report rests on (`gatherFacts`, see
 * `docs/scoring.md`). Pure: the same text, language and `now` give the same statements.
 * @param now the reference date for "Present" (statements do not depend on it, but the
 *   analyser needs one; pass a fixed one for reproducible results).
 */
export function resumeStatements(input: { text: string; language: Lang; now: Date }): ResumeStatement[] {
  const f = gatherFacts(input);
  const named = [...f.skills.values()].filter((h) => !h.implied);
  return f.exp.statements.map((s, i) => ({
    text: s.text,
    entry: s.entry,
    quantified: f.quantified[i],
    verb: f.verbs[i],
    skills: named.filter((h) => h.lines.some((l) => s.lines.includes(l))).map((h) => h.name),
  }));
}
