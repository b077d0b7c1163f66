import type { Facts } from "./facts";
import { presentSections } from "./score-content";
import { clamp01 } from "./util";

/**
 * Resume-likeness: how much the text looks like a resume at all, 0–1, and the factor every
 * dimension score is multiplied by. It keeps a text that is barely a resume (an essay,
 * lecture notes, a cover letter) from scoring high on the parts that happen to apply.
 *
 *   r = 0.25·(e-mail or phone)
 *     + 0.15 per core section present (experience, education, skills, summary; at most 3)
 *     + 0.15·(≥ 1 date range)
 *     + 0.15·(≥ 3 statements under an experience/project heading)
 *   factor = min(1, r / 0.7), and at most 0.4 when no core section has a heading.
 */
export interface Resemblance {
  score: number;
  factor: number;
  signals: { contact: boolean; coreSections: number; coreHeadings: number; dateRanges: number; headedStatements: number };
}

const RESEMBLANCE = { contact: 0.25, perSection: 0.15, maxSections: 3, dates: 0.15, statements: 0.15, full: 0.7, noHeadingCap: 0.4 } as const;

export function resemblance(f: Facts): Resemblance {
  const present = presentSections(f);
  const contact = f.contacts.email >= 0 || f.contacts.phone >= 0;
  const coreSections = Object.values(present).filter(Boolean).length;
  const coreHeadings = (["experience", "projects", "volunteer", "education", "skills", "summary"] as const).filter((k) => f.sections.found.has(k)).length;
  const headedStatements = f.exp.headed ? f.exp.statements.length : 0;
  const r =
    (contact ? RESEMBLANCE.contact : 0) +
    RESEMBLANCE.perSection * Math.min(RESEMBLANCE.maxSections, coreSections) +
    (f.ranges.length > 0 ? RESEMBLANCE.dates : 0) +
    (headedStatements >= 3 ? RESEMBLANCE.statements : 0);
  let factor = clamp01(r / RESEMBLANCE.full);
  if (coreHeadings === 0) factor = Math.min(factor, RESEMBLANCE.noHeadingCap);
  return { score: Math.min(1, r), factor, signals: { contact, coreSections, coreHeadings, dateRanges: f.ranges.length, headedStatements } };
}
