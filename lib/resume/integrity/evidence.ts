import { foldForScan } from "@/lib/ai/injection";

/**
 * Whether a model's evidence really occurs in the resume (docs/scoring.md, "Integrity"). Both
 * sides are compared folded: NFKC, the prompt's `&lt;` (lib/ai/fence.ts) turned back into `<`,
 * Markdown emphasis and quotes dropped, whitespace collapsed, spaces between Chinese characters
 * removed, lower case. Evidence may be a sub-span of a line, or span wrapped lines (they are
 * matched against the lines joined by a space); a quote shortened with "…" / "..." occurs when
 * each of its parts does.
 */

const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&#39;": "'" };

/** The folded form evidence and resume are compared in. */
export function foldEvidence(s: string): string {
  const decoded = s.replace(/&(?:lt|gt|amp|quot|#39);/g, (m) => ENTITIES[m] ?? m);
  return foldForScan(decoded.replace(/[*_`"“”‘’'「」『』]/g, " "))
    .replace(/^(?:[-•·*>#]|\d{1,2}[.)、])\s*/, "")
    .replace(/(?<=[\u3400-\u9fff]) (?=[\u3400-\u9fff])/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** An index of one resume's text for {@link occursIn}. */
export interface EvidenceIndex {
  /** The folded lines joined by a space (so a wrapped statement is found whole). */
  joined: string;
}

/** Builds the index of a (screened) resume text. */
export function evidenceIndex(text: string): EvidenceIndex {
  const folded = text.split("\n").map(foldEvidence).filter(Boolean);
  return { joined: folded.join(" ") };
}

/** True when `evidence` occurs in the indexed resume (whole, a sub-span, or every part around an ellipsis). */
export function occursIn(index: EvidenceIndex, evidence: string): boolean {
  const parts = evidence
    .split(/…|\.\.\./)
    .map(foldEvidence)
    .filter((p) => p.length > 0);
  if (parts.length === 0) return false;
  return parts.every((p) => index.joined.includes(p));
}

/** Evidence long enough to support a score: 12 folded characters, or 6 with Chinese in them. */
export function isSubstantive(evidence: string): boolean {
  const f = foldEvidence(evidence);
  return /[\u3400-\u9fff]/.test(f) ? f.length >= 6 : f.length >= 12;
}
