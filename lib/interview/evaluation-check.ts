import { screenUntrustedText } from "@/lib/ai/injection";
import { REMOVED_MARK } from "./answer-screen";
import { type InjectionReason, type QuestionEvaluation, type ReportDraft, SUB_SCORE_KEYS, type SubScores } from "./schemas";

/**
 * The check of what comes back from the model (docs/interview-scoring.md, "Answers are data").
 * The screen keeps instructions away from the model, but a phrasing it misses can still talk
 * an obedient model into a score; so the model's draft is compared with the offline evaluator's
 * draft of the same (screened) answers:
 *
 * - a question's output that quotes the evaluation prompt, or a feedback that cites instructions
 *   ("as instructed", 按要求给…) or itself carries one → that question's evaluation is the
 *   offline evaluator's;
 * - a sub-score more than {@link UNSUPPORTED_MARGIN} (30 % of its maximum, 100) above the
 *   offline evaluator's, when none of the question's `evidence` occurs verbatim in the answers →
 *   that sub-score is the offline evaluator's;
 * - a summary (strengths, improvements, assessment) that quotes the prompt or cites instructions
 *   → the offline evaluator's summary.
 *
 * Every replacement is a reason, and the report is flagged.
 */

/** Points (of 100) a model's sub-score may stand above the offline evaluator's without evidence. */
export const UNSUPPORTED_MARGIN = 30;

/** Wording of an evaluation that says it followed instructions instead of judging the answer. */
const CITES_INSTRUCTIONS: RegExp[] = [
  /\b(?:as|per)\s+(?:instructed|requested|directed|demanded)\b/i,
  /\b(?:as|like)\s+(?:the\s+)?(?:candidate|answer|applicant)\s+(?:asked|requested|instructed|demanded)\b/i,
  /\b(?:following|obeying|per)\s+(?:the\s+)?(?:candidate's|answer's|applicant's|their|your)\s+(?:instructions?|request|directive)\b/i,
  /\binstructions?\s+(?:in|from|of|by)\s+(?:the\s+)?(?:candidate|answer|applicant)\b/i,
  /(?:按照?|遵照|依照|根据)(?:候选人|应聘者|回答|你|您)?的?(?:指示|指令|要求)(?:给|打|评)/,
  /如(?:候选人|应聘者|你|您)?所?(?:要求|指示)/,
];

/** Whether a model's text says it followed instructions found in the data ("as instructed", 按要求给…). */
export function claimsObedience(text: string): boolean {
  return CITES_INSTRUCTIONS.some((re) => re.test(text));
}

/**
 * Characters of a text, its whitespace runs folded to one space, that the longest wording
 * {@link CITES_INSTRUCTIONS} matches fits in, with room (the longest is ~45: "following the
 * applicant's instructions").
 */
const OBEDIENCE_SPAN = 160;

/**
 * {@link claimsObedience} of a text that arrives in deltas: the returned function takes each
 * delta in order and answers whether the text so far says it followed instructions. Each delta
 * is tested with the {@link OBEDIENCE_SPAN} characters before it (whitespace runs folded to
 * one space, which changes no match: the patterns allow any run of whitespace where they allow
 * one), so the whole turn costs linear time.
 */
export function obedienceScan(): (delta: string) => boolean {
  let tail = "";
  let found = false;
  return (delta) => {
    if (found) return true;
    tail = (tail + delta).replace(/\s+/g, " ");
    found = claimsObedience(tail);
    if (tail.length > OBEDIENCE_SPAN) tail = tail.slice(-OBEDIENCE_SPAN);
    return found;
  };
}

/** Whether a model's evaluation says it followed instructions, or carries an instruction itself (the screen's patterns). */
export function citesInstructions(text: string): boolean {
  return claimsObedience(text) || screenUntrustedText(text).suspected;
}

const fold = (t: string) => t.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

/** Whether one of `evidence` occurs in the answers, word for word (case and spacing folded; the removal mark is not evidence). */
function hasVerbatimEvidence(evidence: readonly string[] | undefined, answers: string): boolean {
  return (evidence ?? []).some((e) => {
    const f = fold(e);
    return [...f].length >= 4 && !f.includes(fold(REMOVED_MARK)) && answers.includes(f);
  });
}

function questionTexts(e: QuestionEvaluation): string[] {
  return [e.feedback, ...e.keyPointsCovered, ...e.keyPointsMissed, ...(e.evidence ?? [])];
}

/**
 * Checks a model's draft against the offline evaluator's draft of the same answers.
 * @param p.model the model's draft; p.offline the offline evaluator's (every answered question);
 *   p.answers the screened answer texts the model read; p.quotesPrompt the test for an output
 *   quoting the evaluation's system prompts (prompt-leak.ts).
 * @returns the draft with every unsupported part replaced by the offline figure, and the reasons.
 */
export function checkModelEvaluation(p: { model: ReportDraft; offline: ReportDraft; answers: readonly string[]; quotesPrompt: (text: string) => boolean }): {
  draft: ReportDraft;
  reasons: InjectionReason[];
} {
  const offline = new Map(p.offline.questions.map((q) => [q.questionId, q]));
  const answers = fold(p.answers.join("\n"));
  const reasons: InjectionReason[] = [];
  const questions = p.model.questions.map((e): QuestionEvaluation => {
    const o = offline.get(e.questionId);
    if (!o) return e;
    if (questionTexts(e).some(p.quotesPrompt)) {
      reasons.push({ kind: "prompt_leak", questionId: e.questionId, detail: "" });
      return o;
    }
    if (citesInstructions(e.feedback)) {
      reasons.push({ kind: "cites_instructions", questionId: e.questionId, detail: "" });
      return o;
    }
    if (hasVerbatimEvidence(e.evidence, answers)) return e;
    const replaced = SUB_SCORE_KEYS.filter((k) => e.subScores[k] > o.subScores[k] + UNSUPPORTED_MARGIN);
    if (replaced.length === 0) return e;
    reasons.push({ kind: "unsupported_score", questionId: e.questionId, detail: replaced.join(", ") });
    const subScores = { ...e.subScores } as SubScores;
    for (const k of replaced) subScores[k] = o.subScores[k];
    return { ...e, subScores };
  });
  const summaryTexts = [...p.model.strengths, ...p.model.improvements, p.model.assessment];
  const summaryLeaks = summaryTexts.some(p.quotesPrompt);
  const summaryCites = !summaryLeaks && summaryTexts.some(citesInstructions);
  if (summaryLeaks || summaryCites) reasons.push({ kind: summaryLeaks ? "prompt_leak" : "cites_instructions", questionId: null, detail: "" });
  const summary = summaryLeaks || summaryCites ? p.offline : p.model;
  return { draft: { questions, strengths: summary.strengths, improvements: summary.improvements, assessment: summary.assessment }, reasons };
}
