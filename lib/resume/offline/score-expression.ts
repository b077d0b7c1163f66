import { quote } from "@/lib/text/quote";
import type { Facts } from "./facts";
import { messages } from "./messages";
import type { DimensionResult } from "./types";
import { clamp01, evidence, ratio, round1, suggestion } from "./util";

/**
 * Expression, 0–10 (counts from expression.ts).
 *
 *   action     = 3·min(1, (A/S) / 0.6)       A = statements opening with an action verb
 *   length     = 2·G/S                        G = statements of good length
 *   pronouns   = max(0, 2 − 0.5·P)            P = first-person pronouns in statements and summary
 *   fillers    = max(0, 2 − 0.5·F)            F = filler words / clichés
 *   repetition = 1, ½ with one over-used word, 0 with more
 *   every part is multiplied by min(1, S/4): a handful of statements is too little writing
 *   to credit fully (and with none, only the summary is checked and nothing is credited).
 */
const EXPRESSION = { confidenceFull: 4, actionFull: 0.6, perPronoun: 0.5, perFiller: 0.5 } as const;

export function scoreExpression(f: Facts): DimensionResult {
  const m = messages(f.lang);
  const x = f.expression;
  const S = x.statements;
  const A = x.actionLed;
  const scale = clamp01(S / EXPRESSION.confidenceFull);
  const actionPts = scale * 3 * clamp01(ratio(A, S) / EXPRESSION.actionFull);
  const lengthPts = scale * 2 * ratio(x.goodLength, S);
  const pronounPts = scale * Math.max(0, 2 - EXPRESSION.perPronoun * x.pronouns.count);
  const fillerPts = scale * Math.max(0, 2 - EXPRESSION.perFiller * x.fillers.count);
  const repPts = scale * (x.repeated.length === 0 ? 1 : x.repeated.length === 1 ? 0.5 : 0);
  const score = actionPts + lengthPts + pronounPts + fillerPts + repPts;
  const st = f.exp.statements;
  const lines = f.doc.lines;

  const res: DimensionResult = {
    key: "expression",
    score: round1(score),
    max: 10,
    rationale:
      (S === 0 ? m.expressionNone() + (f.lang === "zh" ? "" : " ") : "") +
      m.expression({
        S,
        A,
        actionPts,
        G: x.goodLength,
        lengthPts,
        P: x.pronouns.count,
        pronounPts,
        F: x.fillers.count,
        fillerPts,
        repeated: x.repeated,
        repPts,
      }),
    evidence: evidence([
      ...st
        .filter((_, i) => f.verbs[i] === "action")
        .slice(0, 3)
        .map((s) => s.evidence),
      ...st
        .filter((_, i) => f.verbs[i] !== "action")
        .slice(0, 2)
        .map((s) => s.evidence),
      ...x.longOnes.slice(0, 1).map((s) => s.evidence),
      ...x.pronouns.lines.slice(0, 1).map((i) => lines[i].raw),
      ...x.fillers.lines.slice(0, 1).map((i) => lines[i].raw),
    ]),
    strengths: [],
    suggestions: [],
  };
  if (S >= 3 && ratio(A, S) >= 0.7) res.strengths.push(m.strengthVerbs({ A, S }));
  if (S > 0 && ratio(A, S) < 0.5) {
    const ex = st.find((s, i) => s.bullet && f.verbs[i] !== "action") ?? st.find((_, i) => f.verbs[i] !== "action")!;
    res.suggestions.push(suggestion("expression", "medium", m.sugVerbs({ A, S, example: quote(ex.text, 60) })));
  }
  if (x.longOnes.length > 0)
    res.suggestions.push(suggestion("expression", "medium", m.sugLongBullets({ count: x.longOnes.length, example: quote(x.longOnes[0].text, 60) })));
  if (x.pronouns.count > 0) res.suggestions.push(suggestion("expression", "low", m.sugPronouns({ count: x.pronouns.count })));
  if (x.fillers.count > 0) res.suggestions.push(suggestion("expression", "low", m.sugFillers({ words: x.fillers.words })));
  if (x.repeated.length > 0) res.suggestions.push(suggestion("expression", "low", m.sugRepeated({ words: x.repeated.slice(0, 5) })));
  return res;
}
