import { gatherFacts } from "./facts";
import type { Lang } from "./types";

/** A resume as a ranking reads it: its lines, where its roles are, and how long its experience spans. */
export interface ResumeProfile {
  /** Every non-empty line as written (trimmed): what evidence quotes. */
  lines: string[];
  /** The same lines normalised for matching (markup and bullets removed, dashes unified). */
  matchLines: string[];
  /** Line index of each role/project heading that carries a date (the first line of its first range), resume order. */
  roleLines: number[];
  /** Experience span in years, from the earliest start to the latest end of the experience-section ranges (projects if none). */
  years: number;
  /** Line index of the title the target role was read from (`inferRole`), or -1. */
  titleLine: number;
  /** The dictionary skills it names or implies (`lib/text/skills.ts`), with their line indices; placeholder lines left out. */
  skills: { name: string; lines: number[]; implied: boolean }[];
}

/**
 * The offline analyser's view of a resume's experience, for ranking it against a job
 * (docs/recruiting.md, "Ranking"): the same date ranges, entries and timeline the experience
 * dimension rests on (docs/scoring.md). Pure: the same text, language and `now` give the same profile.
 * @param now the reference date for "Present".
 */
export function resumeProfile(input: { text: string; language: Lang; now: Date }): ResumeProfile {
  const f = gatherFacts(input);
  const withRoles = new Set(f.roles);
  const roleLines = f.exp.entries.flatMap((e, i) => (withRoles.has(i) && e.ranges.length > 0 ? [e.ranges[0].line] : []));
  return {
    lines: f.doc.lines.map((l) => l.raw),
    matchLines: f.doc.lines.map((l) => l.text),
    roleLines,
    years: Math.round((f.timeline.spanMonths / 12) * 10) / 10,
    titleLine: f.role?.line ?? -1,
    skills: [...f.skills.values()].map((h) => ({ name: h.name, lines: h.lines, implied: h.implied })),
  };
}
