import { z } from "zod";

/**
 * Mock interviews: the shapes shared by the prompt (as structured-output schemas), the
 * database (jsonb columns), the API and the UI. Formulas in `docs/interview-scoring.md`.
 *
 * - settings: what the candidate chooses (`POST /api/interviews`);
 * - plan: the questions, each with the key points a good answer covers;
 * - transcript: the conversation, one entry per turn;
 * - report: per-question sub-scores and feedback, per-category averages and the overall
 *   score. Scores are never trusted from a model: {@link finalizeReport} recomputes every
 *   question score from its four sub-scores and every average from the question scores.
 *
 * The `*LlmSchema` variants are what a model is asked to fill: OpenAI strict structured
 * outputs require every property to be `required` and refuse most unions, so optional
 * fields become required-but-nullable and string length bounds are left to `describe`.
 */

export const LANGUAGES = ["en", "zh"] as const;
export const LEVELS = ["junior", "mid", "senior"] as const;
export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
/** Fixed so that the report's radar chart compares like with like across interviews. */
export const QUESTION_CATEGORIES = ["technical", "system-design", "behavioural", "project", "role-specific"] as const;
/** Where a question came from: grounded in the resume, the offline bank, or a model (a knowledge-base question carries its passage instead). */
const QUESTION_SOURCES = ["resume", "bank", "model"] as const;

export type Language = (typeof LANGUAGES)[number];
export type Level = (typeof LEVELS)[number];
export type Difficulty = (typeof DIFFICULTIES)[number];
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

/** Number of main questions (follow-ups not counted). */
export const QUESTION_COUNT = { min: 5, max: 15 } as const;
export const KEY_POINTS = { min: 2, max: 6 } as const;

/**
 * Suggestions for the free-text role field (the field accepts any text). `id` is also a
 * role text the offline planner understands; `en`/`zh` are the labels to show.
 */
export const ROLE_SUGGESTIONS = [
  { id: "backend", en: "Backend engineer", zh: "后端工程师" },
  { id: "frontend", en: "Frontend engineer", zh: "前端工程师" },
  { id: "full-stack", en: "Full-stack engineer", zh: "全栈工程师" },
  { id: "data", en: "Data engineer / analyst", zh: "数据工程师/数据分析师" },
  { id: "ml", en: "Machine-learning engineer", zh: "机器学习/算法工程师" },
  { id: "product", en: "Product manager", zh: "产品经理" },
  { id: "mobile", en: "Mobile engineer (iOS/Android)", zh: "移动端工程师（iOS/Android）" },
  { id: "devops", en: "DevOps / SRE", zh: "运维/SRE" },
  { id: "qa", en: "QA / test engineer", zh: "测试工程师" },
  { id: "security", en: "Security engineer", zh: "安全工程师" },
] as const;

// ── plan ────────────────────────────────────────────────────────────────────

/**
 * The passage of a knowledge base a question was drawn from (docs/knowledge.md, "Interviews from
 * a knowledge base"): the interviewer cites it, and `GET /api/knowledge/{knowledgeBaseId}/chunks/{chunkId}`
 * opens it. `heading` is the chunk's heading path, `page` 1-based where the format has pages.
 */
export const knowledgeSourceSchema = z.object({
  knowledgeBaseId: z.string().min(1),
  documentId: z.string().min(1),
  chunkId: z.string().min(1),
  fileName: z.string(),
  heading: z.string().nullable(),
  page: z.number().int().nullable(),
});
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;

export const planQuestionSchema = z.object({
  /** Unique within the plan; bank questions keep their bank id, resume questions are `resume:<template>:<n>`. */
  id: z.string().min(1).max(120),
  category: z.enum(QUESTION_CATEGORIES),
  difficulty: z.enum(DIFFICULTIES),
  question: z.string().min(1),
  /** What a good answer covers, as short phrases in the plan's language. */
  keyPoints: z.array(z.string().min(1)).min(KEY_POINTS.min).max(KEY_POINTS.max),
  referenceAnswer: z.string(),
  /** The kind of origin, or — for a question drawn from a knowledge base — the passage it cites. */
  source: z.union([z.enum(QUESTION_SOURCES), knowledgeSourceSchema]).optional(),
});
export type PlanQuestion = z.infer<typeof planQuestionSchema>;

/** The passage `q` was drawn from, or null for a bank, resume or model question. */
export function knowledgeSourceOf(q: Pick<PlanQuestion, "source">): KnowledgeSource | null {
  return typeof q.source === "object" ? q.source : null;
}

export const planSchema = z.object({ questions: z.array(planQuestionSchema).min(1).max(QUESTION_COUNT.max) }).superRefine((plan, ctx) => {
  const seen = new Set<string>();
  plan.questions.forEach((q, i) => {
    if (seen.has(q.id)) ctx.addIssue({ code: "custom", path: ["questions", i, "id"], message: `duplicate question id ${q.id}` });
    seen.add(q.id);
  });
});
export type Plan = z.infer<typeof planSchema>;

/** The plan as a model fills it (strict-friendly); turn it into a {@link Plan} with {@link planFromLlm}. */
export const planLlmSchema = z.object({
  questions: z
    .array(
      z.object({
        id: z.string().describe("short unique id, e.g. q1, q2 …"),
        category: z.enum(QUESTION_CATEGORIES),
        difficulty: z.enum(DIFFICULTIES),
        question: z.string().describe("the question as the interviewer asks it"),
        keyPoints: z.array(z.string()).min(KEY_POINTS.min).max(KEY_POINTS.max).describe("2–6 short phrases: what a good answer covers"),
        referenceAnswer: z.string().describe("a concise model answer"),
        source: z.enum(QUESTION_SOURCES).nullable().describe("resume when grounded in the candidate's resume, else model"),
      }),
    )
    .min(1)
    .max(QUESTION_COUNT.max),
});
type PlanLlm = z.infer<typeof planLlmSchema>;

/**
 * The plan as a model fills it when the questions come from knowledge-base passages: each
 * question names the passage it was drawn from, constrained to `passageIds` (the prompt's own
 * short ids, `p1` …, mapped back to chunks by the server). Strict-friendly like {@link planLlmSchema}.
 */
export function planFromPassagesLlmSchema(passageIds: readonly [string, ...string[]]) {
  return z.object({
    questions: z
      .array(
        z.object({
          id: z.string().describe("short unique id, e.g. q1, q2 …"),
          passageId: z.enum(passageIds).describe("the id of the passage the question is drawn from"),
          category: z.enum(QUESTION_CATEGORIES),
          difficulty: z.enum(DIFFICULTIES),
          question: z.string().describe("the question as the interviewer asks it"),
          keyPoints: z.array(z.string()).min(KEY_POINTS.min).max(KEY_POINTS.max).describe("2–6 short phrases from the passage: what a good answer covers"),
          referenceAnswer: z.string().describe("a concise model answer, from the passage"),
        }),
      )
      .min(1)
      .max(QUESTION_COUNT.max),
  });
}

/**
 * Model output → {@link Plan}: trims text, drops blank key points, turns `null` into absent,
 * defaults the source to `model`.
 * @throws {z.ZodError} when the result is not a valid plan (duplicate ids, < 2 key points …).
 */
export function planFromLlm(llm: PlanLlm): Plan {
  return planSchema.parse({
    questions: llm.questions.map((q) => ({
      id: q.id.trim(),
      category: q.category,
      difficulty: q.difficulty,
      question: q.question.trim(),
      keyPoints: q.keyPoints.map((k) => k.trim()).filter(Boolean),
      referenceAnswer: q.referenceAnswer.trim(),
      source: q.source ?? "model",
    })),
  });
}

// ── transcript ──────────────────────────────────────────────────────────────

export const TURN_KINDS = ["question", "follow_up", "closing", "answer", "skip"] as const;
export type TurnKind = (typeof TURN_KINDS)[number];

/** One turn of the conversation. Candidate text is data: it is stored and scored, never obeyed. */
export const transcriptEntrySchema = z.object({
  role: z.enum(["interviewer", "candidate"]),
  /** The planned question the turn belongs to (absent for a closing). */
  questionId: z.string().optional(),
  kind: z.enum(TURN_KINDS),
  text: z.string(),
});
export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;

/** What the candidate said about one planned question: the answer and follow-up answers joined. */
export const candidateAnswerSchema = z.object({
  questionId: z.string(),
  text: z.string(),
  skipped: z.boolean(),
});
export type CandidateAnswer = z.infer<typeof candidateAnswerSchema>;

// ── report ──────────────────────────────────────────────────────────────────

/** Weights of the four sub-scores in a question score (docs/interview-scoring.md, "The report: formulas"); they sum to 1. */
export const SUB_SCORE_WEIGHTS = { accuracy: 0.4, completeness: 0.2, depth: 0.25, expression: 0.15 } as const;
type SubScoreKey = keyof typeof SUB_SCORE_WEIGHTS;
export const SUB_SCORE_KEYS = Object.keys(SUB_SCORE_WEIGHTS) as SubScoreKey[];

const score100 = z.number().min(0).max(100);
export const subScoresSchema = z.object({
  /** Is what the candidate said correct? */
  accuracy: score100,
  /** Does it cover the key points? */
  completeness: score100,
  /** Examples, trade-offs, reasons, numbers; for behavioural questions, a full STAR story. */
  depth: score100,
  /** Clear, structured, concise. */
  expression: score100,
});
export type SubScores = z.infer<typeof subScoresSchema>;

/** One question as the evaluator (model or offline engine) judges it. */
export const questionEvaluationSchema = z.object({
  questionId: z.string(),
  subScores: subScoresSchema,
  feedback: z.string(),
  keyPointsCovered: z.array(z.string()),
  keyPointsMissed: z.array(z.string()),
  /** Phrases the model copied from the answer that its scores rest on (a model's draft only; checked against the answers). */
  evidence: z.array(z.string()).optional(),
});
export type QuestionEvaluation = z.infer<typeof questionEvaluationSchema>;

/** What an evaluator produces; {@link finalizeReport} turns it into the stored report. */
export const reportDraftSchema = z.object({
  /** Answered questions must each appear once; unanswered ones may be left out. */
  questions: z.array(questionEvaluationSchema),
  strengths: z.array(z.string()),
  improvements: z.array(z.string()),
  assessment: z.string(),
});
export type ReportDraft = z.infer<typeof reportDraftSchema>;

/** What a model returns for one batch of questions (strict-friendly: every property required). */
export const reportDraftLlmSchema = z.object({
  questions: z
    .array(
      z.object({
        questionId: z.string().describe("the id given with the question, unchanged"),
        subScores: z.object({
          accuracy: score100.describe("0–100: correctness"),
          completeness: score100.describe("0–100: share of the key points covered"),
          depth: score100.describe("0–100: examples, trade-offs, reasons; STAR for behavioural questions"),
          expression: score100.describe("0–100: clarity and structure"),
        }),
        feedback: z.string().describe("two to four sentences to the candidate"),
        keyPointsCovered: z.array(z.string()).describe("key points, as given, that the answer covers"),
        keyPointsMissed: z.array(z.string()).describe("key points, as given, that the answer misses"),
        evidence: z.array(z.string()).max(3).describe("up to three short phrases copied verbatim from the candidate's answer that the scores rest on"),
      }),
    )
    .describe("each question of the batch exactly once"),
});

/** What a model returns when it summarises all batches (strict-friendly). */
export const reportSummaryLlmSchema = z.object({
  strengths: z.array(z.string()).describe("two to five concrete strengths"),
  improvements: z.array(z.string()).describe("two to five concrete improvements, most important first"),
  assessment: z.string().describe("two to four sentences of overall assessment"),
});

/**
 * Why a report is flagged as a suspected prompt injection (docs/interview-scoring.md, "Answers
 * are data"): `screened` — the screen removed text addressed to the AI from an answer;
 * `unsupported_score` — a model's sub-score stood more than 30 points above the offline
 * evaluator's with no verbatim evidence from the answers; `cites_instructions` — a model's
 * feedback said it followed instructions; `prompt_leak` — a model's output quoted its prompt.
 */
export const INJECTION_REASON_KINDS = ["screened", "unsupported_score", "cites_instructions", "prompt_leak"] as const;
export const injectionReasonSchema = z.object({
  kind: z.enum(INJECTION_REASON_KINDS),
  /** The question it concerns; null for the summary. */
  questionId: z.string().nullable(),
  /** `screened`: the removed text (the candidate's own, at most 300 characters); `unsupported_score`: the sub-scores replaced; else empty. */
  detail: z.string(),
});
export type InjectionReason = z.infer<typeof injectionReasonSchema>;

export const reportQuestionSchema = z.object({
  questionId: z.string(),
  question: z.string(),
  category: z.enum(QUESTION_CATEGORIES),
  /** The candidate's text (answer and follow-up answers joined), `''` when none. */
  answer: z.string(),
  skipped: z.boolean(),
  subScores: subScoresSchema,
  /** 0–100, one decimal: Σ weight × sub-score (see {@link SUB_SCORE_WEIGHTS}); 0 when unanswered or skipped. */
  score: score100,
  feedback: z.string(),
  keyPointsCovered: z.array(z.string()),
  keyPointsMissed: z.array(z.string()),
  referenceAnswer: z.string(),
});
export type ReportQuestion = z.infer<typeof reportQuestionSchema>;

export const reportSchema = z.object({
  questions: z.array(reportQuestionSchema),
  /** In order of first appearance in the plan; average of the category's question scores. */
  categories: z.array(z.object({ category: z.enum(QUESTION_CATEGORIES), average: score100 })),
  /** Mean of every planned question's score (unanswered and skipped count as 0). */
  overallScore: score100,
  strengths: z.array(z.string()),
  improvements: z.array(z.string()),
  assessment: z.string(),
  /** `offline` or the model id that evaluated. */
  engine: z.string(),
  language: z.enum(LANGUAGES),
  /** Text addressed to the AI was found in the answers or the model's output; what the model gained from it was replaced by the offline figures. Absent on reports stored before the check. */
  injectionSuspected: z.boolean().optional(),
  injectionReasons: z.array(injectionReasonSchema).optional(),
});
export type Report = z.infer<typeof reportSchema>;

export const round1 = (n: number) => Math.round(n * 10) / 10;
const clamp100 = (n: number) => (Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0);

/** Question score, 0–100 with one decimal: 0.40·accuracy + 0.20·completeness + 0.25·depth + 0.15·expression. */
export function questionScore(s: SubScores): number {
  return round1(SUB_SCORE_KEYS.reduce((sum, k) => sum + SUB_SCORE_WEIGHTS[k] * clamp100(s[k]), 0));
}

const ZERO: SubScores = { accuracy: 0, completeness: 0, depth: 0, expression: 0 };
const NOT_ANSWERED = {
  en: { skipped: "Skipped — scored 0.", empty: "No answer — scored 0." },
  zh: { skipped: "已跳过——计 0 分。", empty: "未作答——计 0 分。" },
} as const;

/** A question counts as answered when it was not skipped and its text is not blank. */
export function isAnswered(a: CandidateAnswer | undefined): boolean {
  return !!a && !a.skipped && a.text.trim().length > 0;
}

/**
 * Turns a draft into the stored report. Question text, category and reference answer come
 * from the plan and the answers from `meta.answers` — never from the draft. Sub-scores are
 * clamped to 0–100 and rounded to one decimal; each question score is recomputed with
 * {@link questionScore}; an unanswered or skipped question gets all sub-scores 0, score 0,
 * no covered key points and a fixed note, whatever the draft says; category average = mean of its questions' scores; overall = mean
 * of ALL planned questions' scores. Averages are rounded to one decimal.
 *
 * @throws {Error} when the draft evaluates a question twice, names a question not in the
 *   plan, or leaves an answered question out (the draft is unusable; the task should retry).
 */
export function finalizeReport(
  draft: ReportDraft,
  meta: { plan: Plan; answers: CandidateAnswer[]; engine: string; language: Language; injectionReasons?: InjectionReason[] },
): Report {
  const planned = new Set(meta.plan.questions.map((q) => q.id));
  const byId = new Map<string, QuestionEvaluation>();
  for (const e of draft.questions) {
    if (!planned.has(e.questionId)) throw new Error(`question ${e.questionId} is not in the plan`);
    if (byId.has(e.questionId)) throw new Error(`question ${e.questionId} is evaluated twice`);
    byId.set(e.questionId, e);
  }
  const answers = new Map(meta.answers.map((a) => [a.questionId, a]));
  const texts = NOT_ANSWERED[meta.language];

  const questions: ReportQuestion[] = meta.plan.questions.map((q) => {
    const a = answers.get(q.id);
    const e = byId.get(q.id);
    const base = {
      questionId: q.id,
      question: q.question,
      category: q.category,
      answer: a?.text ?? "",
      skipped: a?.skipped ?? false,
      referenceAnswer: q.referenceAnswer,
    };
    if (!isAnswered(a)) {
      return {
        ...base,
        subScores: { ...ZERO },
        score: 0,
        // the server's own words: a model's comment on a question nobody answered is noise
        feedback: a?.skipped ? texts.skipped : texts.empty,
        keyPointsCovered: [],
        keyPointsMissed: [...q.keyPoints],
      };
    }
    if (!e) throw new Error(`question ${q.id} was answered but not evaluated`);
    const subScores = Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, round1(clamp100(e.subScores[k]))])) as SubScores;
    return {
      ...base,
      subScores,
      score: questionScore(subScores),
      feedback: e.feedback.trim(),
      keyPointsCovered: dedupe(e.keyPointsCovered),
      keyPointsMissed: dedupe(e.keyPointsMissed),
    };
  });

  const mean = (xs: number[]) => (xs.length === 0 ? 0 : round1(xs.reduce((s, x) => s + x, 0) / xs.length));
  const order: QuestionCategory[] = [];
  for (const q of questions) if (!order.includes(q.category)) order.push(q.category);
  const categories = order.map((category) => ({
    category,
    average: mean(questions.filter((q) => q.category === category).map((q) => q.score)),
  }));

  return reportSchema.parse({
    questions,
    categories,
    overallScore: mean(questions.map((q) => q.score)),
    strengths: dedupe(draft.strengths),
    improvements: dedupe(draft.improvements),
    assessment: draft.assessment.trim(),
    engine: meta.engine,
    language: meta.language,
    ...(meta.injectionReasons ? { injectionSuspected: meta.injectionReasons.length > 0, injectionReasons: meta.injectionReasons } : {}),
  });
}

function dedupe(xs: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const x of xs) {
    const t = x.trim();
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out;
}
