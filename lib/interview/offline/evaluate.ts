import {
  type CandidateAnswer,
  isAnswered,
  type Language,
  type Plan,
  type PlanQuestion,
  type QuestionCategory,
  type QuestionEvaluation,
  questionScore,
  type ReportDraft,
  round1,
  type SubScores,
} from "@/lib/interview/schemas";
import { referenceSupport, weighClaims } from "./claims";
import { keyPointMatchers } from "./key-points";
import { type EvaluatorMessages, evaluatorMessages } from "./messages";
import { screenNonAnswer } from "./non-answer";
import { workRelevance } from "./relevance";
import { clarity, type DepthPart, depthParts, type LengthSignal, measureAnswer, type StarPart, starParts, stripInjection } from "./signals";

/**
 * The offline evaluator: a heuristic report draft from key-point coverage, answer length
 * and structure, with no language model. It says so in every feedback and in the
 * assessment. `finalizeReport` then recomputes the question scores and averages.
 *
 * Per answered question (the answer with its follow-up answers, minus sentences addressed to
 * the grader — `signals.ts` — and minus "I don't know" clauses — `non-answer.ts`):
 *
 *   n = key points; k_c = key points covered in the credible clauses (`claims.ts`: clauses
 *       that dismiss a concern or claim without exception do not count; terms of `key-points.ts`)
 *   d = (doubtful clauses + contradicted clauses) / clauses, a contradicted clause — one the
 *       reference states the opposite of (`contradictions.ts`), or one that swaps the facts of a pair the
 *       question names (`swaps.ts`); not on story questions — counting twice
 *   σ = reference support (`claims.ts`), technical, system-design and role-specific questions
 *       only (a behavioural or project reference is an example story); v = clamp((σ − 0.25) / 0.35), 1 without σ
 *   ρ = work relevance (`relevance.ts`), behavioural and project questions only: sentences
 *       about work / sentences; w = clamp((ρ − 0.2) / 0.3), 1 without ρ
 *   τ = trust = (1 − 0.6·(1 − v)) · w · (1 − min(1, 2·d))     (0–1)
 *   c = τ · k_c / n
 *   a = length adequacy 0–1, k = concision 0.5–1   (`signals.ts` ANSWER_LENGTH)
 *   s = structure 0–1: behavioural → STAR parts present / 4;
 *       otherwise → min(1, depth markers present / 3) of example, trade-off, reason, numbers
 *   g = 0.5 + 0.5·a                                (a few right words in one line are not a full answer)
 *   t = min(1, 2·c)                                on topic: structure and length count fully from half the key points on
 *   r = clarity: share of readable sentences − 0.1 per filler phrase, 0–1; o = 1 if signposted/listed
 *
 *   accuracy     = 100·c·g
 *   completeness = 100·(0.75·c + 0.25·a·t)        (length alone does not make an answer complete)
 *   depth        = 100·(0.6·s·t + 0.4·c)·g        (a well-built answer to another question has no depth here)
 *   expression   = 100·k·(0.5·a + 0.3·r + 0.2·o)·e,  e = 0.4 + 0.6·w on story questions, else 1
 *                  (an off-topic story is not well expressed *as an answer*: without e, a fluent story
 *                  about a golf coach outscores a thin but real work example on expression alone)
 *
 * each rounded to one decimal. Skipped, empty, or injection-only answers get all zeros, and so
 * does a non-answer: "I don't know" (or a variant, either language) with nothing after it that
 * covers a key point. The constants were set on the tuning half of the evaluation set
 * (eval/README.md, "Interview cases"); formulas and cues: docs/interview-scoring.md.
 */

interface OfflineEvaluationInput {
  plan: Plan;
  answers: CandidateAnswer[];
  language: Language;
}

/** What the summary needs to know about each question, beyond its evaluation. */
interface Observed {
  q: PlanQuestion;
  e: QuestionEvaluation;
  answered: boolean;
  score: number;
  length?: LengthSignal;
  star?: Record<StarPart, boolean>;
  depth?: Record<DepthPart, boolean>;
  injected: boolean;
  coverage: number;
}

/**
 * The trust factor's constants (see the module comment): reference support maps to
 * v = clamp((σ − supportFloor) / (supportFull − supportFloor)), and
 * τ = (1 − supportWeight·(1 − v)) · w · (1 − min(1, doubtWeight·d)), where a contradicted clause counts
 * `contradictionWeight` times in d (it is firmer evidence than a cue word). Set by hand on the tuning half of the
 * evaluation set (eval/README.md, "Interview cases").
 */
const TRUST = { supportFloor: 0.25, supportFull: 0.6, supportWeight: 0.6, doubtWeight: 2, contradictionWeight: 2 } as const;
/**
 * Work relevance of a story answer maps to w = clamp((ρ − floor) / (full − floor)), a factor of
 * τ: an answer with no sentence about work covers nothing, whatever its words; and of expression,
 * which keeps `expressionFloor` of its value off topic (eval/README.md, "Round 2"). Set by hand on
 * the tuning half of the evaluation set (eval/README.md, "Interview cases").
 */
const RELEVANCE = { floor: 0.2, full: 0.5, expressionFloor: 0.4 } as const;
/** Categories whose reference answer is an example story, not a list of facts: no support factor. */
const STORY_CATEGORIES: ReadonlySet<QuestionCategory> = new Set(["behavioural", "project"]);

const ZERO: SubScores = { accuracy: 0, completeness: 0, depth: 0, expression: 0 };
const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const hasWords = (t: string) => /[A-Za-z0-9\u3400-\u9fff]/.test(t);

export function evaluateOffline(input: OfflineEvaluationInput): ReportDraft {
  const m = evaluatorMessages(input.language);
  const byId = new Map(input.answers.map((a) => [a.questionId, a]));
  const observed = input.plan.questions.map((q) => evaluateOne(q, byId.get(q.id), m));
  return {
    questions: observed.map((o) => o.e),
    ...summarise(observed, m),
  };
}

function evaluateOne(q: PlanQuestion, a: CandidateAnswer | undefined, m: EvaluatorMessages): Observed {
  const zero = (feedback: string, injected = false): Observed => ({
    q,
    e: { questionId: q.id, subScores: { ...ZERO }, feedback, keyPointsCovered: [], keyPointsMissed: [...q.keyPoints] },
    answered: false,
    score: 0,
    injected,
    coverage: 0,
  });
  if (!isAnswered(a)) return zero(a?.skipped ? m.skipped() : m.empty());

  const stripped = stripInjection(a!.text);
  const injected = stripped.removed > 0;
  if (!hasWords(stripped.text)) return zero(`${m.onlyInjection()} ${m.injection()} ${m.heuristic()}`, injected);

  const matchers = keyPointMatchers(q);
  const matching = (t: string) => matchers.filter((k) => k.match(t) !== null).map((k) => k.label);
  // "I don't know, but …" is judged by what follows; an admission with nothing on the question is a non-answer
  const screened = screenNonAnswer(stripped.text);
  const text = screened.rest;
  if (screened.admitted && (!hasWords(text) || matching(text).length === 0)) {
    return zero(`${m.dontKnow()} ${injected ? `${m.injection()} ` : ""}${m.heuristic()}`, injected);
  }

  const story = STORY_CATEGORIES.has(q.category);
  const claims = weighClaims(text, story ? "" : q.referenceAnswer, q.question);
  const covered = matching(claims.credibleText);
  const doubtful = matching(text).filter((l) => !covered.includes(l)).length;
  const missed = matchers.map((k) => k.label).filter((l) => !covered.includes(l));
  const support = story ? null : referenceSupport(text, q.referenceAnswer, q.question);
  const v = support === null ? 1 : clamp01((support - TRUST.supportFloor) / (TRUST.supportFull - TRUST.supportFloor));
  const relevance = story ? workRelevance(text) : null;
  const w = relevance === null ? 1 : clamp01((relevance - RELEVANCE.floor) / (RELEVANCE.full - RELEVANCE.floor));
  const doubtShare = (claims.doubtful + (TRUST.contradictionWeight - 1) * claims.contradicted) / Math.max(1, claims.clauses);
  const kappa = 1 - Math.min(1, TRUST.doubtWeight * doubtShare);
  const trust = (1 - TRUST.supportWeight * (1 - v)) * w * kappa;
  const c = matchers.length === 0 ? 0 : (trust * covered.length) / matchers.length;
  const length = measureAnswer(text);
  const behavioural = q.category === "behavioural";
  const star = behavioural ? starParts(text) : undefined;
  const depth = behavioural ? undefined : depthParts(text);
  const s = star ? Object.values(star).filter(Boolean).length / 4 : Math.min(1, Object.values(depth!).filter(Boolean).length / 3);
  const cl = clarity(text);
  const r = clamp01(cl.readable - 0.1 * cl.fillers);
  const o = cl.organised ? 1 : 0;
  const g = 0.5 + 0.5 * length.adequacy;
  const t = Math.min(1, 2 * c);
  const e = RELEVANCE.expressionFloor + (1 - RELEVANCE.expressionFloor) * w;

  const subScores: SubScores = {
    accuracy: round1(100 * c * g),
    completeness: round1(100 * (0.75 * c + 0.25 * length.adequacy * t)),
    depth: round1(100 * (0.6 * s * t + 0.4 * c) * g),
    expression: round1(100 * length.concision * (0.5 * length.adequacy + 0.3 * r + 0.2 * o) * e),
  };

  const unit = length.lang === "zh" ? "characters" : "words";
  const feedback = [
    m.coverage({ covered: covered.length, total: matchers.length }),
    missed.length > 0 ? m.missed({ points: missed }) : "",
    doubtful > 0 ? m.doubtful({ n: doubtful }) : "",
    claims.contradicted > 0 ? m.contradicted({ n: claims.contradicted }) : "",
    v < 0.5 ? m.unsupported() : "",
    w < 0.5 ? m.offTopic() : "",
    star ? m.star(star) : m.depth(depth!),
    length.adequacy < 0.5 ? m.short({ units: length.units, unit }) : length.concision < 1 ? m.long({ units: length.units, unit }) : "",
    cl.fillers >= 3 ? m.fillers({ n: cl.fillers }) : "",
    injected ? m.injection() : "",
    m.heuristic(),
  ]
    .filter(Boolean)
    .join(" ");

  return {
    q,
    e: { questionId: q.id, subScores, feedback, keyPointsCovered: covered, keyPointsMissed: missed },
    answered: true,
    score: questionScore(subScores),
    length,
    star,
    depth,
    injected,
    coverage: c,
  };
}

const MAX_STRENGTHS = 4;
const MAX_IMPROVEMENTS = 6;
const STRONG_ANSWER = 70;
/**
 * A category-wide strength ("Behavioural answers followed STAR", "Technical answers were
 * backed by examples") needs the category's average — the figure the report's "Score by
 * category" shows — at least this high, and the trait in at least half of the category's
 * questions, skipped ones included: praise must not contradict a 0/100 bar.
 */
const STRONG_AREA = 50;

/** Strengths, improvements and the assessment, from the per-question observations. */
function summarise(obs: Observed[], m: EvaluatorMessages): Pick<ReportDraft, "strengths" | "improvements" | "assessment"> {
  const answered = obs.filter((o) => o.answered);

  // the same arithmetic finalizeReport applies, so sentences quote (and agree with) the final numbers
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : round1(xs.reduce((s, x) => s + x, 0) / xs.length));
  const cats: { category: QuestionCategory; questions: Observed[]; average: number }[] = [];
  for (const o of obs) {
    if (cats.some((c) => c.category === o.q.category)) continue;
    const questions = obs.filter((x) => x.q.category === o.q.category);
    cats.push({ category: o.q.category, questions, average: mean(questions.map((x) => x.score)) });
  }

  const strengths: string[] = [];
  for (const o of [...answered]
    .sort((a, b) => b.score - a.score)
    .filter((o) => o.score >= STRONG_ANSWER)
    .slice(0, 2)) {
    strengths.push(m.strengthAnswer({ question: o.q.question, score: o.score }));
  }
  for (const c of cats.filter((c) => c.average >= STRONG_AREA)) {
    if (c.category === "behavioural") {
      if (c.questions.filter((o) => o.star && Object.values(o.star).every(Boolean)).length * 2 >= c.questions.length) strengths.push(m.strengthStar());
    } else if (c.questions.filter((o) => o.depth?.example).length * 2 >= c.questions.length) {
      strengths.push(m.strengthExamples({ category: c.category }));
    }
  }
  const totalPoints = obs.reduce((s, o) => s + o.q.keyPoints.length, 0);
  const coveredPoints = obs.reduce((s, o) => s + o.e.keyPointsCovered.length, 0);
  const pct = totalPoints === 0 ? 0 : Math.round((100 * coveredPoints) / totalPoints);
  if (pct >= 70) strengths.push(m.strengthCoverage({ pct }));

  const improvements: string[] = [];
  const unanswered = obs.length - answered.length;
  if (unanswered > 0) improvements.push(m.improveUnanswered({ k: unanswered, n: obs.length }));
  if (obs.some((o) => o.injected)) improvements.push(m.improveInjection());
  for (const o of [...answered]
    .sort((a, b) => a.score - b.score)
    .filter((o) => o.e.keyPointsMissed.length > 0)
    .slice(0, 3)) {
    improvements.push(m.improveMissed({ keyPoint: o.e.keyPointsMissed[0], question: o.q.question }));
  }
  const short = answered.filter((o) => o.length!.adequacy < 0.5).length;
  if (short >= 2) improvements.push(m.improveShort({ k: short }));
  if (answered.some((o) => o.star && !o.star.result)) improvements.push(m.improveStarResult());
  for (const c of cats.filter((c) => c.category !== "behavioural")) {
    const given = c.questions.filter((o) => o.answered);
    if (given.length > 0 && given.filter((o) => !o.depth!.example).length * 2 > given.length) improvements.push(m.improveExamples({ category: c.category }));
  }

  const top = Math.max(...cats.map((c) => c.average));
  const bottom = Math.min(...cats.map((c) => c.average));
  const at = (average: number) => ({ categories: cats.filter((c) => c.average === average).map((c) => m.category(c.category)), average });

  return {
    strengths: strengths.slice(0, MAX_STRENGTHS),
    improvements: improvements.slice(0, MAX_IMPROVEMENTS),
    assessment: m.assessment({
      answered: answered.length,
      total: obs.length,
      overall: mean(obs.map((o) => o.score)),
      best: cats.length > 0 ? at(top) : null,
      worst: cats.length > 0 ? at(bottom) : null,
    }),
  };
}
