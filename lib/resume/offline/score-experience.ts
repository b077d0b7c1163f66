import { quote } from "@/lib/text/quote";
import type { Facts } from "./facts";
import { messages } from "./messages";
import type { DimensionResult } from "./types";
import { clamp01, evidence, ratio, round1, suggestion } from "./util";

/**
 * Experience depth, 0–40.
 *
 *   S = statements (bullets/sentences) in experience, project and volunteer sections
 *   R = roles/projects with at least one statement
 *   Q = statements with a number (see achievements.ts), Rq = roles with ≥ 1 such statement
 *   K = statements naming a dictionary skill
 *   Rd, D = roles that should be dated (experience-section roles, else all) and
 *       min(Rd, dated lines among them) — facts.ts `dating`; Y = years inside the dated roles (overlapping
 *       roles counted once, gaps not counted: dates.ts `workedMonths`)
 *
 *   c        = min(1, S/6)   confidence: shares measured on a handful of statements count less
 *   volume   = 8·min(1, S/15) + 2·min(1, R/3)        (10)
 *   quantity = 14·c·min(1, (Q/S) / 0.6)               (14)  60 % of statements quantified = full marks
 *   specific = 8·c·min(1, (K/S) / 0.5)                (8)
 *   timeline = 4·D/Rd + 4·min(1, Y/5)                 (8)
 *
 * An implausible density of numbers (gaming.ts) multiplies `quantity` by
 * {@link EXPERIENCE}.implausibleFactor: the numbers are there, but so many cannot all be trusted.
 */
const EXPERIENCE = {
  statementsFull: 15,
  rolesFull: 3,
  confidenceFull: 6,
  quantifiedFull: 0.6,
  specificFull: 0.5,
  yearsFull: 5,
  implausibleFactor: 0.5,
} as const;

export function scoreExperience(f: Facts): DimensionResult {
  const m = messages(f.lang);
  const st = f.exp.statements;
  const S = st.length;
  const R = f.roles.length;
  const Q = f.quantified.filter(Boolean).length;
  const Rq = f.roles.filter((e) => st.some((s, i) => s.entry === e && f.quantified[i])).length;
  const K = f.namesSkill.filter(Boolean).length;
  const { R: Rd, D } = f.dating;
  const years = f.timeline.workedMonths / 12;

  const volume = 8 * clamp01(S / EXPERIENCE.statementsFull) + 2 * clamp01(R / EXPERIENCE.rolesFull);
  const c = clamp01(S / EXPERIENCE.confidenceFull);
  const quant = 14 * c * clamp01(ratio(Q, S) / EXPERIENCE.quantifiedFull) * (f.implausibleNumbers ? EXPERIENCE.implausibleFactor : 1);
  const spec = 8 * c * clamp01(ratio(K, S) / EXPERIENCE.specificFull);
  const time = R > 0 ? 4 * ratio(D, Rd) + 4 * clamp01(years / EXPERIENCE.yearsFull) : 0;
  const score = S === 0 ? 0 : volume + quant + spec + time;

  const res: DimensionResult = {
    key: "experience",
    score: round1(score),
    max: 40,
    rationale:
      S === 0 ? m.experienceNone({ placeholders: f.exp.placeholderStatements }) : m.experience({ S, R, Q, Rq, K, D, Rd, years, volume, quant, spec, time }),
    evidence: evidence([
      ...st
        .filter((_, i) => f.quantified[i])
        .slice(0, 5)
        .map((s) => s.evidence),
      ...st.filter((_, i) => !f.quantified[i]).map((s) => s.evidence),
    ]),
    strengths: [],
    suggestions: [],
  };

  if (S === 0) {
    res.suggestions.push(suggestion("experience", "high", m.sugNoExperience()));
    return res;
  }
  const qShare = ratio(Q, S);
  // the example to rewrite: prefer an action-led bullet without a number
  const plain = st.filter((_, i) => !f.quantified[i]);
  const firstPlain = plain.find((s) => s.bullet && f.verbs[st.indexOf(s)] === "action") ?? plain.find((s) => s.bullet) ?? plain[0];
  if (qShare >= 0.4) {
    const ex = st.find((_, i) => f.quantified[i])!;
    res.strengths.push(m.strengthQuantified({ Q, S, example: quote(ex.text) }));
  } else if (firstPlain) {
    res.suggestions.push(suggestion("experience", qShare < 0.25 ? "high" : "medium", m.sugQuantify({ Q, S, example: quote(firstPlain.text) })));
  }
  if (years >= 3 && D >= Math.min(Rd, 2)) res.strengths.push(m.strengthYears({ years, R }));
  if (S < 6) res.suggestions.push(suggestion("experience", "medium", m.sugFewStatements({ S })));
  if (ratio(K, S) < 0.3) res.suggestions.push(suggestion("experience", "medium", m.sugSpecific({ K, S })));
  if (D < Rd) res.suggestions.push(suggestion("experience", "medium", m.sugUndated({ missing: Rd - D, R: Rd })));
  return res;
}
