import { quote } from "@/lib/text/quote";
import { explicitSkills } from "@/lib/text/skills";
import { countCjk, latinWords } from "@/lib/text/units";
import type { Facts } from "./facts";
import { messages, type SectionName } from "./messages";
import type { DimensionResult } from "./types";
import { evidence, round1, suggestion } from "./util";

/**
 * Completeness, 0–15.
 *
 *   contact  = 1.5·email + 1.5·phone (1.0 if masked) + 1·link/profile      (4)
 *   sections = 3·experience + 2·education + 2·skills + 1·summary           (8)
 *   extras   = 1 if any of certifications, awards, publications, languages,
 *              volunteering, interests                                    (1)
 *   length   = 2·length factor (length.ts)                                 (2)
 *   penalty  = min(10, 20·P/L)   P = placeholder lines, L = all lines
 *   score    = max(0, contact + sections + extras + length − penalty)
 *
 * A section counts as present with its heading, or without one when its content is
 * unmistakable: ≥ 3 experience statements; a degree word (Bachelor, MSc, 本科, 硕士 …);
 * ≥ 5 named skills on lines outside the experience/project statements (a list without its
 * heading; skills used in bullets are experience, not a skills section); a ≥ 12-word (or ≥ 25-character) line among the first 8, above every heading.
 */
const CONTENT = {
  email: 1.5,
  phone: 1.5,
  masked: 1,
  link: 1,
  experience: 3,
  education: 2,
  skills: 2,
  summary: 1,
  extras: 1,
  length: 2,
  penaltyPerShare: 20,
  penaltyMax: 10,
} as const;

const DEGREE =
  /\b(?:bachelor|master|ph\.?\s?d|doctorate|b\.\s?s\.?|b\.\s?sc|m\.\s?sc|bsc|msc|b\.\s?a\.|m\.\s?a\.|mba|b\.?eng|m\.?eng|associate degree|diploma|gpa)\b|本科|硕士|博士|学士|研究生|专科|大专/i;
const EXTRAS = ["certifications", "awards", "publications", "languages", "volunteer", "interests"] as const;

/** Named skills (not dump-only) that appear on some line outside every statement. */
function listedSkills(f: Facts): number {
  const statementLines = new Set(f.exp.statements.flatMap((s) => s.lines));
  return explicitSkills(f.skills).filter((n) => !f.dumpOnly.has(n) && f.skills.get(n)!.lines.some((i) => !statementLines.has(i))).length;
}

/** Which core sections are present (heading or unmistakable content). */
export function presentSections(f: Facts): Record<SectionName, boolean> {
  const found = f.sections.found;
  const lines = f.doc.lines;
  return {
    experience: found.has("experience") || found.has("projects") || found.has("volunteer") || f.exp.statements.length >= 3,
    education: found.has("education") || lines.some((l) => DEGREE.test(l.text)),
    skills: found.has("skills") || listedSkills(f) >= 5,
    summary:
      found.has("summary") ||
      lines
        .slice(0, 8)
        .some(
          (l) =>
            f.sections.sectionOf[l.index].length === 0 &&
            f.contacts.email !== l.index &&
            f.contacts.phone !== l.index &&
            (latinWords(l.text).length >= 12 || countCjk(l.text) >= 25),
        ),
  };
}

export function scoreContent(f: Facts): DimensionResult {
  const m = messages(f.lang);
  const c = f.contacts;
  const contact =
    (c.email >= 0 ? CONTENT.email : 0) +
    (c.phone >= 0 ? (c.phoneMasked ? CONTENT.masked : CONTENT.phone) : 0) +
    (c.links.length > 0 || c.profile ? CONTENT.link : 0);
  const present = presentSections(f);
  const sections =
    (present.experience ? CONTENT.experience : 0) +
    (present.education ? CONTENT.education : 0) +
    (present.skills ? CONTENT.skills : 0) +
    (present.summary ? CONTENT.summary : 0);
  const extras = EXTRAS.some((k) => f.sections.found.has(k)) ? CONTENT.extras : 0;
  const length = CONTENT.length * f.length.factor;
  const P = f.placeholders.size;
  const L = Math.max(1, f.doc.lines.length);
  const penalty = Math.min(CONTENT.penaltyMax, (CONTENT.penaltyPerShare * P) / L);
  const score = Math.max(0, contact + sections + extras + length - penalty);

  const order: SectionName[] = ["experience", "education", "skills", "summary"];
  const res: DimensionResult = {
    key: "content",
    score: round1(score),
    max: 15,
    rationale: m.content({
      contact,
      sections,
      extras,
      length,
      units: f.length.units,
      unit: f.length.unit,
      present: order.filter((s) => present[s]).map(m.sectionName),
      absent: order.filter((s) => !present[s]).map(m.sectionName),
      placeholders: P,
      penalty,
    }),
    evidence: evidence([
      ...[c.email, c.phone, ...c.links].filter((i) => i >= 0).map((i) => f.doc.lines[i].raw),
      ...f.sections.headings.map((h) => f.doc.lines[h.line].raw),
      ...[...f.placeholders].slice(0, 2).map((i) => f.doc.lines[i].raw),
    ]),
    strengths: [],
    suggestions: [],
  };
  if (c.email >= 0 && c.phone >= 0 && (c.links.length > 0 || c.profile)) res.strengths.push(m.strengthContact());
  const missingContact = [c.email < 0 ? (f.lang === "zh" ? "邮箱" : "e-mail") : "", c.phone < 0 ? (f.lang === "zh" ? "电话" : "phone") : ""].filter(Boolean);
  if (missingContact.length) res.suggestions.push(suggestion("content", "high", m.sugMissingContact({ what: missingContact })));
  else if (c.links.length === 0 && !c.profile) res.suggestions.push(suggestion("content", "low", m.sugNoLink()));
  if (P > 0) {
    const ex = f.doc.lines[[...f.placeholders][0]].text;
    res.suggestions.push(suggestion("content", P / L >= 0.1 ? "high" : "medium", m.sugPlaceholders({ count: P, example: quote(ex, 60) })));
  }
  const prio: Record<SectionName, "high" | "medium" | "low"> = { experience: "high", education: "medium", skills: "medium", summary: "low" };
  for (const s of order)
    if (!present[s] && !(s === "experience" && f.exp.statements.length === 0))
      res.suggestions.push(suggestion("content", prio[s], m.sugMissingSection({ section: s })));
  if (f.length.band === "short")
    res.suggestions.push(suggestion("content", f.length.factor < 0.5 ? "high" : "medium", m.sugShort({ units: f.length.units, unit: f.length.unit })));
  if (f.length.band === "long") res.suggestions.push(suggestion("content", "low", m.sugLong({ units: f.length.units, unit: f.length.unit })));
  return res;
}
