/**
 * Shapes shared by the offline analysers. Everything here is plain data: the analysers are
 * pure functions from these shapes to other plain shapes.
 */

export type Lang = "en" | "zh";

/** One physical line of the prepared resume text. */
export interface Line {
  /** 0-based position in {@link PreparedDoc.lines}. */
  index: number;
  /** The line as it appeared in the input, trimmed: this is what evidence quotes. */
  raw: string;
  /**
   * Normalised text used for matching: HTML/Markdown markup removed, entities decoded,
   * every dash variant turned into `-`, soft hyphens dropped, whitespace collapsed and
   * spaces between two CJK characters removed ("教 育 背 景" → "教育背景").
   * The bullet marker, if any, is removed too (see {@link bullet}).
   */
  text: string;
  /** The line started with a list marker (`-`, `*`, `•`, `1.`, `一、` …). */
  bullet: boolean;
  /** Markdown heading level (`#` count), 1 for a setext heading, 0 for none. */
  markupHeading: number;
}

export interface PreparedDoc {
  /** Non-empty lines only, in input order. */
  lines: Line[];
}

/** Sections a heading can open. A heading may open more than one ("工作及教育经历"). */
export type SectionKey =
  | "experience"
  | "projects"
  | "education"
  | "skills"
  | "summary"
  | "contact"
  | "certifications"
  | "awards"
  | "publications"
  | "languages"
  | "volunteer"
  | "interests";

/** A parsed calendar point, in months since year 0 (`year * 12 + month0`). */
export interface DatePoint {
  /** `year * 12 + (month - 1)`; a year without a month is placed in July (month 7). */
  months: number;
  /** Whether the month was written (false for "2019"). */
  hasMonth: boolean;
  /** "Present", "至今", "now" … */
  present: boolean;
}

/** A date range found in the text, e.g. "Jan 2020 – Present". */
export interface DateRange {
  /** Index of the line the range starts on. */
  line: number;
  start: DatePoint;
  end: DatePoint;
  /** The matched text, as normalised. */
  text: string;
}

/** A statement: one bullet or one sentence of a description in an experience/project section. */
export interface Statement {
  /** Normalised text of the statement (continuation lines joined). */
  text: string;
  /** Verbatim evidence: the raw line (or raw lines joined with a space when wrapped). */
  evidence: string;
  /** First line index the statement comes from. */
  line: number;
  /** Every line index it spans (wrapped lines). */
  lines: number[];
  /** Index into {@link Entry} list of the role/project it belongs to, or -1. */
  entry: number;
  /** Whether it was written as a list item. */
  bullet: boolean;
}

/** One role or project in the experience/projects sections. */
export interface Entry {
  /** Line indices of the entry, in order. */
  lines: number[];
  /** Date ranges inside the entry. */
  ranges: DateRange[];
  section: "experience" | "projects";
}

/** What each dimension scorer returns; `index.ts` turns these into the draft. */
export interface DimensionResult {
  key: "experience" | "skills" | "content" | "structure" | "expression";
  /** Points, 0…max, before the resume-likeness factor. */
  score: number;
  max: number;
  rationale: string;
  /** Verbatim resume lines the score rests on. */
  evidence: string[];
  strengths: string[];
  suggestions: { category: string; priority: "high" | "medium" | "low"; issue: string; recommendation: string }[];
}
