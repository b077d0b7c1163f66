import { type Difficulty, type Language, type Level, type Plan, type PlanQuestion, planSchema, QUESTION_COUNT } from "@/lib/interview/schemas";
import { jdSkills } from "@/lib/resume";
import { hashString, seededRandom } from "@/lib/text/random";
import { extractSkills } from "@/lib/text/skills";
import { type BankArea, type BankQuestion, questionsOf } from "./question-bank";
import { findResumeHooks, pickHooks, resumeQuestions } from "./resume-questions";
import { resolveRoleAreas } from "./roles";

/**
 * The offline planner: builds an interview plan from the question bank, with no language
 * model. Deterministic: the same input and seed give the same plan (the default seed is a
 * hash of the input).
 *
 * Composition of `questionCount` (n) questions:
 * - resume questions (when resume text is given and has a usable statement): 1, or 2 when n ≥ 8;
 * - behavioural questions: 1, or 2 when n ≥ 8 (distinct topics);
 * - the rest from the role's areas (`roles.ts`), taken in turn when there are several
 *   (full-stack: full-stack, backend, frontend), then the secondary areas, then general,
 *   then more behavioural questions if the bank runs dry;
 * - an unknown role gets general questions for half (rounded down) of what is left and
 *   behavioural questions for the rest.
 *
 * Within an area, questions are ranked by how well their difficulty suits the level
 * ({@link DIFFICULTY_RANK}, lower first), minus 0.8 when the question names a skill of the
 * job description, plus a seeded jitter below 1 — so the preferred difficulty comes first,
 * JD-relevant questions rise, and ties vary by seed. No two picked questions share a topic
 * while another topic is available.
 *
 * Order: the resume walkthrough first (a warm-up about the candidate's own work), then the
 * area questions from easy to hard, the second resume question, behavioural questions last.
 */

interface OfflinePlanInput {
  role: string;
  level: Level;
  questionCount: number;
  language: Language;
  resumeText?: string | null;
  jobDescription?: string | null;
  /** Any number or string; defaults to a hash of the other fields. */
  seed?: number | string;
}

/** Rank of each difficulty per level: lower is picked first. Mid mixes easy and hard evenly after medium. */
const DIFFICULTY_RANK: Record<Level, Record<Difficulty, number>> = {
  junior: { easy: 0, medium: 1, hard: 3 },
  mid: { medium: 0, easy: 1, hard: 1 },
  senior: { hard: 0, medium: 1, easy: 3 },
};
/** Difficulty given to resume questions, which have no fixed difficulty. */
const RESUME_DIFFICULTY: Record<Level, Difficulty> = { junior: "easy", mid: "medium", senior: "hard" };
const JD_BOOST = 0.8;
const DIFFICULTY_ORDER: Record<Difficulty, number> = { easy: 0, medium: 1, hard: 2 };
const TECHNICAL_AREAS = new Set<BankArea>(["backend", "frontend", "fullstack", "data", "ml", "mobile", "devops", "qa", "security"]);

/**
 * @throws {RangeError} when `questionCount` is not an integer between 5 and 15.
 */
export function buildOfflinePlan(input: OfflinePlanInput): Plan {
  const n = input.questionCount;
  if (!Number.isInteger(n) || n < QUESTION_COUNT.min || n > QUESTION_COUNT.max) {
    throw new RangeError(`questionCount must be an integer from ${QUESTION_COUNT.min} to ${QUESTION_COUNT.max}, got ${n}`);
  }
  const lang = input.language;
  const seed = input.seed ?? hashString(JSON.stringify([input.role, input.level, n, lang, input.resumeText ?? "", input.jobDescription ?? ""]));
  const random = seededRandom(seed);
  const areas = resolveRoleAreas(input.role);
  const known = areas.rule !== null;
  const rank = ranker(input.level, random, jobSkills(input.jobDescription));

  // resume questions
  const technical = areas.primary.some((a) => TECHNICAL_AREAS.has(a));
  const hooks = input.resumeText ? pickHooks(findResumeHooks(input.resumeText, lang), n >= 8 ? 2 : 1) : [];
  const resume = resumeQuestions(hooks, {
    language: lang,
    difficulty: RESUME_DIFFICULTY[input.level],
    second: technical && input.level !== "junior" ? "scale" : "challenge",
  });

  const used = new Set<string>();
  const topics = new Set<string>();
  const take = (pool: BankQuestion[], count: number): BankQuestion[] => pickFrom(pool, count, rank, used, topics);

  const left = n - resume.length;
  let behaviouralCount = known ? (n >= 8 ? 2 : 1) : left - Math.floor(left / 2);
  const mainCount = left - behaviouralCount;

  const main: BankQuestion[] = [];
  main.push(...takeInTurn(areas.primary, mainCount, take));
  for (const extra of [...areas.secondary, "general" as const]) {
    if (main.length >= mainCount) break;
    main.push(...take(questionsOf(extra), mainCount - main.length));
  }
  behaviouralCount += mainCount - main.length; // the bank ran dry: fill with behavioural questions
  const behavioural = take(questionsOf("behavioural"), behaviouralCount);

  const mainSorted = [...main].sort((a, b) => DIFFICULTY_ORDER[a.difficulty] - DIFFICULTY_ORDER[b.difficulty]);
  const questions: PlanQuestion[] = [
    ...resume.slice(0, 1),
    ...mainSorted.map((q) => fromBank(q, lang)),
    ...resume.slice(1),
    ...behavioural.map((q) => fromBank(q, lang)),
  ];
  return planSchema.parse({ questions });
}

/** A bank question as a plan question, in the plan's language. */
export function fromBank(q: BankQuestion, lang: Language): PlanQuestion {
  return {
    id: q.id,
    category: q.category,
    difficulty: q.difficulty,
    question: q[lang].question,
    keyPoints: q.keyPoints.map((k) => k[lang]),
    referenceAnswer: q[lang].reference,
    source: "bank",
  };
}

/** Canonical names of the (non-soft) skills a job description names. */
function jobSkills(jd: string | null | undefined): Set<string> {
  if (!jd?.trim()) return new Set();
  return new Set(
    jdSkills(jd)
      .filter((s) => s.weight >= 0.5)
      .map((s) => s.name),
  );
}

const questionSkillCache = new Map<string, Set<string>>();
/** Skills a bank question is about: dictionary skills named in its English text and key points. */
function questionSkills(q: BankQuestion): Set<string> {
  let s = questionSkillCache.get(q.id);
  if (!s) {
    const lines = [q.en.question, q.en.reference, ...q.keyPoints.map((k) => k.en)].map((text, index) => ({ index, text }));
    s = new Set([...extractSkills(lines).values()].filter((h) => !h.implied).map((h) => h.name));
    questionSkillCache.set(q.id, s);
  }
  return s;
}

type Rank = (q: BankQuestion) => number;

function ranker(level: Level, random: () => number, jd: Set<string>): Rank {
  const jitter = new Map<string, number>();
  return (q) => {
    if (!jitter.has(q.id)) jitter.set(q.id, random() * 0.9);
    const relevant = jd.size > 0 && [...questionSkills(q)].some((s) => jd.has(s));
    return DIFFICULTY_RANK[level][q.difficulty] + jitter.get(q.id)! - (relevant ? JD_BOOST : 0);
  };
}

/** Best-ranked unused questions of a pool, preferring topics not yet used. */
function pickFrom(pool: BankQuestion[], count: number, rank: Rank, used: Set<string>, topics: Set<string>): BankQuestion[] {
  if (count <= 0) return [];
  // rank every question first, in bank order, so the jitter drawn per question does not depend on the pick order
  const ranked = pool
    .filter((q) => !used.has(q.id))
    .map((q) => ({ q, r: rank(q) }))
    .sort((a, b) => a.r - b.r);
  const out: BankQuestion[] = [];
  for (const pass of [true, false]) {
    for (const { q } of ranked) {
      if (out.length >= count) break;
      if (used.has(q.id) || (pass && topics.has(q.topic))) continue;
      out.push(q);
      used.add(q.id);
      topics.add(q.topic);
    }
  }
  return out;
}

/** Takes `count` questions from several areas in turn (one from each, round and round). */
function takeInTurn(areas: BankArea[], count: number, take: (pool: BankQuestion[], n: number) => BankQuestion[]): BankQuestion[] {
  const out: BankQuestion[] = [];
  let progress = true;
  while (out.length < count && progress) {
    progress = false;
    for (const a of areas) {
      if (out.length >= count) break;
      const got = take(questionsOf(a), 1);
      if (got.length > 0) {
        out.push(...got);
        progress = true;
      }
    }
  }
  return out;
}
