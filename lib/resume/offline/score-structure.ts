import { hasCjk, latinWords, lengthUnits } from "@/lib/text/units";
import { formatMonths } from "./dates";
import type { Facts } from "./facts";
import { messages } from "./messages";
import type { DimensionResult } from "./types";
import { clamp01, evidence, ratio, round1, suggestion } from "./util";

/**
 * Structure and format, 0–15.
 *
 *   headings  = 5·min(1, H/5)          H = distinct section kinds with a recognised heading
 *   dates     = 2·D/R + order points    reverse 2, chronological 1.5, one range only 1, mixed 0.5 (R = 0 → 0)
 *   scannable = 3·(statements that are bullets or ≤ 30 words / ≤ 70 Chinese units) / S
 *   gaps      = 1 with no gap > 6 months between dated roles (education counts as occupied),
 *               ½ with one, 0 with more (R = 0 → 0)
 *   contact   = 1 when e-mail or phone is in the first 8 lines, ½ when elsewhere, 0 when absent
 *   hygiene   = 1 with no over-long line (> 60 words / > 150 units) and no repeated line
 *               (≥ 4 units), ½ with 1–2 such lines, 0 with more
 */
const STRUCTURE = { headingsFull: 5, shortWords: 30, shortUnits: 70, longWords: 60, longUnits: 150, contactTopLines: 8 } as const;
const ORDER_POINTS = { reverse: 2, chronological: 1.5, "n/a": 1, mixed: 0.5 } as const;

export function scoreStructure(f: Facts): DimensionResult {
  const m = messages(f.lang);
  const lines = f.doc.lines;
  const H = f.sections.found.size;
  const headingPts = 5 * clamp01(H / STRUCTURE.headingsFull);
  const R = f.roles.length;
  const { R: Rd, D } = f.dating;
  const order = f.timeline.order;
  const datePts = R > 0 ? 2 * ratio(D, Rd) + ORDER_POINTS[order] : 0;
  const st = f.exp.statements;
  const S = st.length;
  const scannable = st.filter(
    (s) => s.bullet || (hasCjk(s.text) ? lengthUnits(s.text) <= STRUCTURE.shortUnits : latinWords(s.text).length <= STRUCTURE.shortWords),
  ).length;
  const scanPts = 3 * ratio(scannable, S);
  const gaps = f.timeline.gaps;
  const gapPts = R === 0 ? 0 : gaps.length === 0 ? 1 : gaps.length === 1 ? 0.5 : 0;
  const firstContact = Math.min(...[f.contacts.email, f.contacts.phone].filter((i) => i >= 0));
  const contactPts = !Number.isFinite(firstContact) ? 0 : firstContact < STRUCTURE.contactTopLines ? 1 : 0.5;
  const long = lines.filter((l) => (hasCjk(l.text) ? lengthUnits(l.text) > STRUCTURE.longUnits : latinWords(l.text).length > STRUCTURE.longWords));
  const seen = new Map<string, number>();
  for (const l of lines) if (lengthUnits(l.text) >= 4) seen.set(l.text, (seen.get(l.text) ?? 0) + 1);
  const dupes = [...seen.values()].filter((n) => n > 1).length;
  const issues = long.length + dupes;
  const hygienePts = issues === 0 ? 1 : issues <= 2 ? 0.5 : 0;
  const score = headingPts + datePts + scanPts + gapPts + contactPts + hygienePts;

  const res: DimensionResult = {
    key: "structure",
    score: round1(score),
    max: 15,
    rationale: m.structure({
      headings: H,
      headingPts,
      D,
      R: Rd,
      order: m.order(order),
      datePts,
      scannable,
      S,
      scanPts,
      gaps: gaps.length,
      gapPts,
      contactPts,
      hygienePts,
    }),
    evidence: evidence([...f.sections.headings.map((h) => lines[h.line].raw), ...[...f.datedLines].slice(0, 4).map((i) => lines[i].raw)]),
    strengths: [],
    suggestions: [],
  };
  if (H >= 4 && (order === "reverse" || order === "n/a") && R > 0 && D === R) res.strengths.push(m.strengthStructure({ headings: H }));
  if (H < 3) res.suggestions.push(suggestion("structure", "medium", m.sugHeadings()));
  if (order === "mixed") res.suggestions.push(suggestion("structure", "low", m.sugOrder()));
  if (gaps.length > 0) {
    res.suggestions.push(
      suggestion(
        "structure",
        "low",
        m.sugGaps({ gaps: gaps.slice(0, 3).map((g) => ({ from: formatMonths(g.fromMonths), to: formatMonths(g.toMonths), months: g.months })) }),
      ),
    );
  }
  if (S > 0 && ratio(scannable, S) < 0.6) res.suggestions.push(suggestion("structure", "medium", m.sugParagraphs()));
  if (contactPts === 0.5) res.suggestions.push(suggestion("structure", "low", m.sugContactTop()));
  return res;
}
