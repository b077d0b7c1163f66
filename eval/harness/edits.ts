import type { EDIT_OPS } from "./cases";
import { headingKind, isInlineSkillsLine, joinSections, splitSections } from "./sections";

/**
 * The programmatic edits of a monotonicity case (`edit`, eval/harness/cases.ts `EDIT_OPS`),
 * applied to the base resume's extracted text before it is analysed. Each makes a resume no
 * better, so its analysis must not score higher (docs/quality.md, "Monotonicity"). Section
 * boundaries come from the harness's own reading (sections.ts), not the engine's.
 */

export type EditOp = (typeof EDIT_OPS)[number];

/**
 * Spans with digits that are not results, removed from a line before it is judged quantified:
 * URLs, e-mail addresses, phone numbers, dates and year ranges ("2019 – 2022", "2021.03",
 * "03/2021", "2021年3月", "Jan 2020"), and digits after Latin letters, which name things ("Python3", "ES6",
 * "K8s", "S3", "EC2", "HTML5", "GPT-4") — a number before a unit ("40ms", "3x") stays a result.
 */
const NOT_RESULTS: readonly RegExp[] = [
  /https?:\/\/\S+|www\.\S+/giu,
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu,
  /(?<!\d)(?:19|20)\d{2}[./-]\d{1,2}(?:[./-]\d{1,2})?(?!\d)/gu,
  /(?<!\d)\d{1,2}[./-](?:19|20)\d{2}(?!\d)/gu,
  /(?<!\d)(?:19|20)\d{2}(?:\s*年)?(?:\s*\d{1,2}\s*月)?(?:\s*\d{1,2}\s*日)?(?!\d)/gu,
  /(?<!\d)\d{1,2}\s*月/gu,
  // After the dates: "2014.09 - 2018.06" is not a phone number.
  /\+?\d[\d\s()-]{7,}\d/gu,
  /\p{Script=Latin}+-?\d+\p{Script=Latin}*/gu,
];

/**
 * A result's marks once the spans above are gone: any digit left ("reduced latency by 40",
 * "3 services"), a percent, money ($ ¥ € £ 元), a multiplier ("3x", "×2", "2倍") or a Chinese
 * number word of magnitude (百分之, 万, 亿, 千万) next to a number.
 */
const RESULT = /\d|[%％‰]|[$¥￥€£]|元|倍|百分之|[一二三四五六七八九十百千]+\s*(?:万|亿|倍|个百分点)/u;

/**
 * True for a line that states a quantified result: numbers, percent, money or multipliers
 * (English and Chinese), once dates, contact details, links and names with digits are set aside
 * (see {@link NOT_RESULTS}). Headings are never quantified.
 */
export function isQuantified(line: string): boolean {
  if (headingKind(line) !== null) return false;
  let rest = line.normalize("NFKC");
  for (const re of NOT_RESULTS) rest = rest.replace(re, " ");
  return RESULT.test(rest);
}

/** Drops every quantified line ({@link isQuantified}), wherever it stands. */
function removeQuantified(text: string): string {
  return text
    .split("\n")
    .filter((l) => !isQuantified(l))
    .join("\n");
}

/** Drops every skills section (heading and body) and every one-line "Skills: …" line. */
function deleteSkills(text: string): string {
  const parts = splitSections(text);
  const keep = (lines: string[]) => lines.filter((l) => !isInlineSkillsLine(l));
  return joinSections({
    preamble: keep(parts.preamble),
    sections: parts.sections.filter((s) => s.kind !== "skills").map((s) => ({ ...s, lines: keep(s.lines) })),
  });
}

/**
 * Reverses the order of the sections (the preamble — name and contact — stays first): a fixed
 * permutation, so the edit is reproducible, and with two sections or more never the identity.
 */
function shuffleSections(text: string): string {
  const parts = splitSections(text);
  return joinSections({ preamble: parts.preamble, sections: [...parts.sections].reverse() });
}

const EDITS: Record<EditOp, (text: string) => string> = {
  remove_quantified: removeQuantified,
  delete_skills: deleteSkills,
  shuffle_sections: shuffleSections,
};

/**
 * Applies `op` to a resume's text.
 * @returns the edited text, and whether it differs from the input (an edit that changed
 *   nothing proves nothing: the runner reports it instead of counting it as held).
 */
export function applyEdit(op: EditOp, text: string): { text: string; changed: boolean } {
  const edited = EDITS[op](text);
  return { text: edited, changed: edited !== text };
}
