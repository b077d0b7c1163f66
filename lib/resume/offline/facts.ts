import { extractSkills, type SkillHit } from "@/lib/text/skills";
import { isQuantified, type VerbKind, verbKind } from "./achievements";
import { type ContactInfo, findContacts } from "./contact";
import { findDateRanges, hasDate, type Timeline, timeline } from "./dates";
import { analyzeExpression, type ExpressionFacts } from "./expression";
import { dumpOnlySkills, findKeywordDumps, type ImplausibleNumbers, implausibleNumbers } from "./gaming";
import { type JdMatch, jdSkills, matchJd } from "./jd";
import { type LengthInfo, measureLength } from "./length";
import { findPlaceholders } from "./placeholders";
import { inferRole, type RoleGuess } from "./roles";
import { detectSections, type SectionMap } from "./sections";
import { buildExperience, type ExperienceModel } from "./statements";
import { prepare } from "./text";
import type { DateRange, Lang, Line, PreparedDoc } from "./types";

/**
 * Everything the analysers find in one resume, computed once; the dimension scorers only
 * read this. Pure: the same text, job description, language and `now` give the same facts.
 */
export interface Facts {
  lang: Lang;
  doc: PreparedDoc;
  sections: SectionMap;
  contacts: ContactInfo;
  placeholders: Set<number>;
  ranges: DateRange[];
  exp: ExperienceModel;
  /** Per statement (same order as `exp.statements`). */
  quantified: boolean[];
  verbs: VerbKind[];
  /** Per statement: names at least one dictionary skill. */
  namesSkill: boolean[];
  /** Entries that have at least one statement ("roles"). */
  roles: number[];
  /** Lines in experience/project sections that carry a date. */
  datedLines: Set<number>;
  /**
   * The dating check: `R` roles that should carry dates — the experience-section roles when
   * there are any (a project need not be dated; adding an undated one must not cost points),
   * else every role — and `D` = min(R, dated lines among them).
   */
  dating: { R: number; D: number };
  /** Timeline of the experience-section ranges (projects if there are none). */
  timeline: Timeline;
  skills: Map<string, SkillHit>;
  length: LengthInfo;
  role: RoleGuess | null;
  /** Lines of the summary section. */
  summaryLines: Line[];
  expression: ExpressionFacts;
  /** Present when a job description with at least one recognised skill was given. */
  jd: JdMatch | null;
  /** A job description was given but no dictionary skill was found in it. */
  jdWithoutSkills: boolean;
  /** Keyword-dump lines (gaming.ts). */
  dumpLines: Set<number>;
  /** Skills named or implied only on dump lines: they earn no skill points (gaming.ts). */
  dumpOnly: Set<string>;
  /** Set when the density of quantified statements is implausible (gaming.ts). */
  implausibleNumbers: ImplausibleNumbers | null;
}

export function gatherFacts(input: { text: string; jobDescription?: string | null; language: Lang; now?: Date }): Facts {
  const now = input.now ?? new Date();
  const doc = prepare(input.text);
  const { lines } = doc;
  const sections = detectSections(lines);
  const contacts = findContacts(lines);
  const placeholders = findPlaceholders(lines);
  const ranges = findDateRanges(lines, now);
  const exp = buildExperience(lines, sections, ranges, placeholders);

  const skills = extractSkills(lines.filter((l) => !placeholders.has(l.index)));
  const statementSkillLines = new Set([...skills.values()].filter((h) => !h.implied).flatMap((h) => h.lines));
  const quantified = exp.statements.map((s) => isQuantified(s.text));
  const verbs = exp.statements.map((s) => verbKind(s.text));
  const namesSkill = exp.statements.map((s) => s.lines.some((i) => statementSkillLines.has(i)));

  const roles = exp.entries.map((_, i) => i).filter((i) => exp.statements.some((s) => s.entry === i));
  const expLineSet = new Set(exp.entries.flatMap((e) => e.lines));
  const datedLines = new Set(lines.filter((l) => expLineSet.has(l.index) && hasDate(l.text, now)).map((l) => l.index));
  const jobRoles = roles.filter((i) => exp.entries[i].section === "experience");
  const dateBase = jobRoles.length > 0 ? exp.entries.filter((e) => e.section === "experience") : exp.entries;
  const datedInBase = dateBase.flatMap((e) => e.lines).filter((i) => datedLines.has(i)).length;
  const dating = { R: jobRoles.length > 0 ? jobRoles.length : roles.length, D: 0 };
  dating.D = Math.min(dating.R, datedInBase);
  const sectionEntries =
    exp.entries.filter((e) => e.section === "experience" && e.ranges.length > 0).length > 0
      ? exp.entries.filter((e) => e.section === "experience")
      : exp.entries.filter((e) => e.section === "projects");
  const mainRanges = sectionEntries.flatMap((e) => e.ranges.slice(0, 1));
  // group by the heading above each entry, for the order check
  const blockOf = (line: number) => Math.max(-1, ...sections.headings.filter((h) => h.line < line).map((h) => h.line));
  const blocks = new Map<number, DateRange[]>();
  for (const e of sectionEntries) {
    if (e.ranges.length === 0) continue;
    const b = blockOf(e.lines[0]);
    blocks.set(b, [...(blocks.get(b) ?? []), e.ranges[0]]);
  }
  const expLines = new Set(exp.entries.flatMap((e) => e.lines));
  const educationRanges = ranges.filter((r) => !expLines.has(r.line) && sections.sectionOf[r.line].includes("education"));

  const summaryLines = lines.filter((l) => sections.sectionOf[l.index].includes("summary") && !sections.headings.some((h) => h.line === l.index));
  const datedAll = new Set(ranges.map((r) => r.line));

  let jd: JdMatch | null = null;
  let jdWithoutSkills = false;
  const js = input.jobDescription?.trim() ? jdSkills(input.jobDescription) : null;
  if (js) {
    if (js.length > 0) jd = matchJd(js, skills, exp.statements);
    else jdWithoutSkills = true;
  }
  const dumpLines = findKeywordDumps(
    lines.filter((l) => !placeholders.has(l.index)),
    exp.statements,
    js && js.length > 0 ? new Set(js.map((x) => x.name)) : null,
  );

  return {
    lang: input.language,
    doc,
    sections,
    contacts,
    placeholders,
    ranges,
    exp,
    quantified,
    verbs,
    namesSkill,
    roles,
    datedLines,
    dating,
    timeline: timeline(mainRanges, [...blocks.values()], educationRanges),
    skills,
    length: measureLength(lines, input.language),
    role: inferRole(lines, sections, datedAll),
    summaryLines,
    expression: analyzeExpression(exp.statements, summaryLines),
    jd,
    jdWithoutSkills,
    dumpLines,
    dumpOnly: dumpOnlySkills(skills, dumpLines),
    implausibleNumbers: implausibleNumbers(exp.statements, quantified),
  };
}
