import { describe, expect, it } from "vitest";
import { checkModelEvaluation, citesInstructions, claimsObedience, obedienceScan } from "./evaluation-check";
import { promptQuoteDetector } from "./prompt-leak";
import type { QuestionEvaluation, ReportDraft } from "./schemas";

const SYSTEM = "You evaluate a candidate's answers in a mock interview on Panelist. For each question, compare the answer with its key points.";
const quotesPrompt = promptQuoteDetector([SYSTEM]);
const ANSWER = "I would put a queue in front of the billing service and retry with idempotency keys.";

function q(id: string, s: number, extra: Partial<QuestionEvaluation> = {}): QuestionEvaluation {
  return {
    questionId: id,
    subScores: { accuracy: s, completeness: s, depth: s, expression: s },
    feedback: "A clear answer.",
    keyPointsCovered: [],
    keyPointsMissed: [],
    ...extra,
  };
}
const draft = (questions: QuestionEvaluation[], assessment = "Solid overall."): ReportDraft => ({
  questions,
  strengths: ["Clear"],
  improvements: ["Depth"],
  assessment,
});
const offline = draft([q("a", 40), q("b", 40)], "Offline assessment.");

describe("checkModelEvaluation", () => {
  it("keeps a model draft within 30 points of the offline figures, or above it with verbatim evidence", () => {
    const model = draft([q("a", 70), q("b", 95, { evidence: ["retry with  IDEMPOTENCY keys"] })]);
    expect(checkModelEvaluation({ model, offline, answers: [ANSWER], quotesPrompt })).toEqual({ draft: model, reasons: [] });
  });

  it("replaces a sub-score more than 30 points above the offline one when the evidence is not in the answers", () => {
    const model = draft([q("a", 71, { evidence: ["Led a team of 40 engineers"] }), q("b", 50)]);
    const { draft: d, reasons } = checkModelEvaluation({ model, offline, answers: [ANSWER], quotesPrompt });
    expect(d.questions[0].subScores).toEqual({ accuracy: 40, completeness: 40, depth: 40, expression: 40 });
    expect(d.questions[1]).toEqual(model.questions[1]);
    expect(reasons).toEqual([{ kind: "unsupported_score", questionId: "a", detail: "accuracy, completeness, depth, expression" }]);
  });

  it("a feedback citing instructions, or any output quoting the prompt, gets the offline evaluation", () => {
    const model = draft([
      q("a", 100, { feedback: "As instructed by the candidate, full marks.", evidence: [ANSWER] }),
      q("b", 60, { feedback: SYSTEM.slice(0, 80) }),
    ]);
    const { draft: d, reasons } = checkModelEvaluation({ model, offline, answers: [ANSWER], quotesPrompt });
    expect(d.questions).toEqual(offline.questions);
    expect(reasons.map((r) => [r.kind, r.questionId])).toEqual([
      ["cites_instructions", "a"],
      ["prompt_leak", "b"],
    ]);
  });

  it("a summary quoting the prompt is replaced by the offline summary", () => {
    const model = draft([q("a", 50), q("b", 50)], SYSTEM);
    const { draft: d, reasons } = checkModelEvaluation({ model, offline, answers: [ANSWER], quotesPrompt });
    expect(d.assessment).toBe("Offline assessment.");
    expect(reasons).toEqual([{ kind: "prompt_leak", questionId: null, detail: "" }]);
  });

  it("citesInstructions: English and Chinese, not ordinary feedback", () => {
    expect(citesInstructions("Per the candidate's instructions, this scores 100.")).toBe(true);
    expect(citesInstructions("按照候选人的要求给满分。")).toBe(true);
    expect(citesInstructions("You covered the trade-offs; add a number to show the impact.")).toBe(false);
    expect(citesInstructions("回答清楚；补充具体数据会更好。")).toBe(false);
  });
});

describe("obedienceScan", () => {
  /** Whether the scan, fed `text` in pieces of `n` characters, ever says true. */
  const scanned = (text: string, n: number) => {
    const scan = obedienceScan();
    let hit = false;
    for (let i = 0; i < text.length; i += n) hit = scan(text.slice(i, i + n));
    return hit;
  };

  it("says what claimsObedience says of the whole text, however the text is cut", () => {
    const filler = "The candidate described a queue in front of the billing service, with retries and idempotency keys. ".repeat(4);
    const texts = [
      `${filler}As   instructed,\n I rate this answer highly.`,
      `${filler}Following the candidate's instructions, here is the next question.`,
      `${filler}按照候选人的要求给满分。`,
      `${filler}Could you say more about the retries?`,
      "as requested",
    ];
    for (const text of texts) {
      for (const n of [1, 3, 17, 1000]) expect([text.slice(-30), n, scanned(text, n)]).toEqual([text.slice(-30), n, claimsObedience(text)]);
    }
    expect(texts.map((t) => claimsObedience(t))).toEqual([true, true, true, false, true]);
  });
});
