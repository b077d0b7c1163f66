import { extractSkills, type SkillHit } from "@/lib/text/skills";
import type { Line, Statement } from "./types";

/**
 * Score gaming the offline engine can see in the text itself (docs/scoring.md, "Keyword
 * stuffing and invented bullets"): keyword dumps and an implausible density of numbers.
 *
 * A **keyword dump** is a list line outside every experience/project statement that is either
 * - labelled as keywords (`Keywords:`, `Key words:`, `ATS keywords:`, `Tags:`, `关键词：`,
 *   `关键字：`) with at least {@link GAMING.labelledItems} items, or
 * - with a job description, a list of at least {@link GAMING.listItems} items of which at least
 *   {@link GAMING.jdShare} name the job's skills, and at most {@link GAMING.usedShare} of those
 *   skills are used in any statement (a list of the job's terms with no use in experience).
 *
 * A skill is **dump-only** when every line that names (or implies) it is a dump line. It earns
 * no skill points and counts ½ in `matchPercent` (`DUMP_ONLY_CREDIT`, analysis-schema.ts).
 *
 * **Implausible numbers**: at least {@link GAMING.quantifiedMin} quantified statements making up
 * at least {@link GAMING.quantifiedShare} of all statements, or one role with more than
 * {@link GAMING.perRoleMax} quantified statements. Strong real resumes quantify most bullets
 * but spread them over roles: the most quantified corpus resumes have 16 of 19 statements over
 * 6 roles (at most 5 in one) and 14 of 21 (at most 6 in one); 25 invented "…by 37 %" bullets
 * under one role meet both rules.
 */
export const GAMING = {
  labelledItems: 5,
  listItems: 8,
  jdShare: 0.7,
  usedShare: 0.25,
  quantifiedMin: 20,
  quantifiedShare: 0.8,
  perRoleMax: 10,
} as const;

const KEYWORD_LABEL = /^(?:ats\s+|search\s+|resume\s+)?(?:keywords?|key\s+words|tags|关键词|关键字|关键技能词)\s*[:：]/i;
const LABEL = /^([^:：]{1,40})[:：]\s*(.+)$/;
const SEPARATORS = /[,;、，；|•·]/;

/** The items of a list line, its "Label:" prefix (at most 4 words) left out. */
function listItems(text: string): string[] {
  const m = LABEL.exec(text);
  const body = m && m[1]!.trim().split(/\s+/).length <= 4 ? m[2]! : text;
  return body
    .split(SEPARATORS)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The keyword-dump lines of a resume.
 * @param lines the prepared resume lines.
 * @param statements the experience/project statements (their lines are never a dump).
 * @param jdSkillNames canonical names of the job description's skills, or null without one.
 * @returns line indices.
 */
export function findKeywordDumps(lines: Line[], statements: Statement[], jdSkillNames: ReadonlySet<string> | null): Set<number> {
  const statementLines = new Set(statements.flatMap((s) => s.lines));
  const statementSkills = extractSkills(statements.map((s) => ({ index: s.line, text: s.text })));
  const out = new Set<number>();
  for (const l of lines) {
    if (statementLines.has(l.index)) continue;
    const items = listItems(l.text);
    if (KEYWORD_LABEL.test(l.text)) {
      if (items.length >= GAMING.labelledItems) out.add(l.index);
      continue;
    }
    if (!jdSkillNames || items.length < GAMING.listItems) continue;
    const named = [...extractSkills([{ index: l.index, text: l.text }]).values()].filter((h) => !h.implied && jdSkillNames.has(h.name));
    if (named.length < GAMING.jdShare * items.length) continue;
    const used = named.filter((h) => statementSkills.has(h.name)).length;
    if (used <= GAMING.usedShare * named.length) out.add(l.index);
  }
  return out;
}

/** Skills every naming line of which is a dump line. */
export function dumpOnlySkills(skills: Map<string, SkillHit>, dumpLines: ReadonlySet<number>): Set<string> {
  const out = new Set<string>();
  if (dumpLines.size === 0) return out;
  for (const h of skills.values()) if (h.lines.length > 0 && h.lines.every((i) => dumpLines.has(i))) out.add(h.name);
  return out;
}

/** What makes a density of numbers implausible; null when it is plausible. */
export interface ImplausibleNumbers {
  /** Quantified statements. */
  quantified: number;
  statements: number;
  /** Most quantified statements in one role. */
  perRole: number;
}

/**
 * Checks the density of quantified statements.
 * @param statements the experience/project statements; `quantified[i]` whether statement i has a number.
 */
export function implausibleNumbers(statements: Statement[], quantified: boolean[]): ImplausibleNumbers | null {
  const S = statements.length;
  const Q = quantified.filter(Boolean).length;
  const byRole = new Map<number, number>();
  statements.forEach((s, i) => {
    if (quantified[i]) byRole.set(s.entry, (byRole.get(s.entry) ?? 0) + 1);
  });
  const perRole = Math.max(0, ...byRole.values());
  const dense = Q >= GAMING.quantifiedMin && Q >= GAMING.quantifiedShare * S;
  return dense || perRole > GAMING.perRoleMax ? { quantified: Q, statements: S, perRole } : null;
}
