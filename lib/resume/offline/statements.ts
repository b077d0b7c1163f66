import { countCjk, hasCjk, latinWords, lengthUnits } from "@/lib/text/units";
import type { SectionMap } from "./sections";
import { isHeading } from "./sections";
import type { DateRange, Entry, Line, Statement } from "./types";

/**
 * Splits the experience and project sections into entries (roles/projects) and statements
 * (one bullet, or one sentence of a description paragraph).
 *
 * Entry boundaries: a new section, a Markdown sub-heading ("### DEF项目"), a non-bullet
 * line right after a bullet block, or a line with a date range when the current entry
 * already has one. Wrapped lines are joined to the statement they continue (the next line
 * starts in lower case, or the previous ends with a hyphen, comma or joining word).
 *
 * When a resume has no experience/project heading at all, the lines outside every other
 * known section (after the first three header lines) are used instead.
 */

const JOINERS = /(?:\b(?:and|or|of|to|the|a|an|in|for|with|by|from|on|at|as|that|which|across|into|over|than)|[,&-])$/i;
const LOWER_WORDS = new Set(["of", "and", "in", "the", "at", "for", "to", "a", "an", "&", "on", "with", "de", "la"]);

/** True when a Latin line reads like a title ("Machine Learning Engineer, OpenAI, USA"). */
function isTitleLike(text: string): boolean {
  const words = latinWords(text).filter((w) => /^[A-Za-z]/.test(w) && !LOWER_WORDS.has(w.toLowerCase()));
  if (words.length === 0) return false;
  const caps = words.filter((w) => /^[A-Z]/.test(w)).length;
  return caps / words.length >= 0.6;
}

export interface ExperienceModel {
  entries: Entry[];
  /** Statements that are not placeholders. */
  statements: Statement[];
  /** Statements dropped because they are template placeholders. */
  placeholderStatements: number;
  /** Whether an experience or projects heading was found (else the fallback was used). */
  headed: boolean;
}

function inExperience(keys: string[]): "experience" | "projects" | null {
  // volunteering and campus involvement are experience too (students' main evidence)
  if (keys.includes("experience") || keys.includes("volunteer")) return "experience";
  if (keys.includes("projects")) return "projects";
  return null;
}

const OTHER = new Set(["education", "skills", "summary", "contact", "certifications", "awards", "publications", "languages", "interests"]);

export function buildExperience(lines: Line[], sections: SectionMap, ranges: DateRange[], placeholders: Set<number>): ExperienceModel {
  const headed = sections.found.has("experience") || sections.found.has("projects") || sections.found.has("volunteer");
  const rangesAt = new Map<number, DateRange[]>();
  for (const r of ranges) rangesAt.set(r.line, [...(rangesAt.get(r.line) ?? []), r]);

  const member = (l: Line): "experience" | "projects" | null => {
    if (isHeading(sections, l.index)) return null;
    const keys = sections.sectionOf[l.index];
    if (headed) return inExperience(keys);
    if (l.index < 3) return null;
    return keys.some((k) => OTHER.has(k)) ? null : "experience";
  };

  const entries: Entry[] = [];
  let cur: Entry | null = null;
  let prev: Line | null = null;
  for (const l of lines) {
    const sec = member(l);
    if (!sec) {
      prev = null;
      cur = null;
      continue;
    }
    const lr = rangesAt.get(l.index) ?? [];
    const startNew =
      !cur ||
      !prev ||
      prev.index !== l.index - 1 ||
      cur.section !== sec ||
      l.markupHeading > 0 ||
      (!l.bullet && prev.bullet && !continues(prev, l, lines[l.index + 1])) ||
      (lr.length > 0 && cur.ranges.length > 0);
    if (startNew) {
      cur = { lines: [], ranges: [], section: sec };
      entries.push(cur);
    }
    cur!.lines.push(l.index);
    cur!.ranges.push(...lr);
    prev = l;
  }

  const statements: Statement[] = [];
  let placeholderStatements = 0;
  entries.forEach((e, ei) => {
    let open: { text: string; evidence: string[]; line: number; lines: number[]; bullet: boolean; placeholder: boolean } | null = null;
    const flush = () => {
      if (!open) return;
      const parts = open.bullet ? [open.text] : splitSentences(open.text);
      // Evidence is verbatim: the raw lines split the same way (the normalised sentence has
      // unified dashes and no markup); when the split differs, the whole raw paragraph.
      const raw = open.evidence.join(" ");
      const rawParts = parts.length === 1 ? [raw] : splitSentences(raw);
      for (const [i, p] of parts.entries()) {
        if (!isStatementText(p, open.bullet)) continue;
        if (open.placeholder) {
          placeholderStatements++;
          continue;
        }
        const evidence = rawParts.length === parts.length ? rawParts[i] : raw;
        statements.push({ text: p, evidence, line: open.line, lines: open.lines, entry: ei, bullet: open.bullet });
      }
      open = null;
    };
    for (const idx of e.lines) {
      const l = lines[idx];
      if (open && !l.bullet && continues(lines[idx - 1], l, lines[idx + 1]) && !rangesAt.get(idx)?.length) {
        const joinNoSpace = /[A-Za-z]-$/.test(open.text) && /^[a-z]/.test(l.text);
        open.text = joinNoSpace ? open.text.slice(0, -1) + l.text : `${open.text} ${l.text}`;
        open.evidence.push(l.raw);
        open.lines.push(idx);
        open.placeholder ||= placeholders.has(idx);
        continue;
      }
      flush();
      if (l.markupHeading > 0 || isHeaderLine(l, rangesAt.has(idx))) continue;
      open = { text: l.text, evidence: [l.raw], line: idx, lines: [idx], bullet: l.bullet, placeholder: placeholders.has(idx) };
    }
    flush();
  });
  return { entries, statements, placeholderStatements, headed };
}

/**
 * `next` continues `prev` (a wrapped line): it starts in lower case, or `prev` ends with a
 * joining word/comma/hyphen, or it is a one- or two-word orphan ("Templates") followed by
 * another bullet.
 */
function continues(prev: Line | undefined, next: Line, after?: Line): boolean {
  if (!prev || next.bullet || next.markupHeading > 0) return false;
  if (hasCjk(next.text) || hasCjk(prev.text.slice(-1))) return false;
  if (/^[a-z(]/.test(next.text)) return true;
  if (prev.bullet && after?.bullet && latinWords(next.text).length <= 2 && !/\d/.test(next.text)) return true;
  return JOINERS.test(prev.text.trim()) && !/[.;:!?]$/.test(prev.text);
}

/** A role/company/date line rather than a statement. */
function isHeaderLine(l: Line, hasRange: boolean): boolean {
  if (l.bullet) return hasRange && (hasCjk(l.text) ? countCjk(l.text) < 25 : latinWords(l.text).length < 12);
  if (hasCjk(l.text)) return hasRange || countCjk(l.text) < 8;
  if (hasRange) return latinWords(l.text).length < 14;
  return isTitleLike(l.text) || latinWords(l.text).length < 5;
}

function isStatementText(t: string, bullet: boolean): boolean {
  const n = lengthUnits(t);
  if (bullet) return n >= 3;
  return hasCjk(t) ? n >= 6 : n >= 4;
}

/** Splits a paragraph into sentences (". " before a capital, "。", "；"). */
function splitSentences(t: string): string[] {
  return t
    .split(/(?<=[.!?])\s+(?=[A-Z])|(?<=[。；;！？])/)
    .map((s) => s.trim())
    .filter(Boolean);
}
