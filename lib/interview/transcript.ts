import type { CandidateAnswer, Plan, TranscriptEntry } from "./schemas";

/**
 * Reading a transcript: which planned question each turn belongs to, what the candidate
 * said about each, how many follow-ups each got. Shared by the offline interviewer (to
 * decide the next turn) and the evaluation task (to collect the answers).
 *
 * Attribution is by position, not by what a candidate turn claims: a candidate turn belongs
 * to the question of the interviewer turn (question or follow-up) before it. Only when no
 * interviewer turn precedes it is its own `questionId` used (and only if it is planned).
 */

interface QuestionThread {
  questionId: string;
  /** The main question was put to the candidate. */
  asked: boolean;
  /** Candidate answer texts (main answer first, then follow-up answers), in order. */
  answers: string[];
  /** Texts of the follow-ups the interviewer asked, in order. */
  followUps: string[];
  /** The candidate skipped this question. */
  skipped: boolean;
}

interface TranscriptState {
  /** One thread per planned question, in plan order. */
  threads: QuestionThread[];
  /** Plan index of the question under discussion (of the latest interviewer question or follow-up), -1 before the first. */
  currentIndex: number;
  /** The latest entry, if any. */
  last: TranscriptEntry | undefined;
  /** The interviewer has closed the interview. */
  closed: boolean;
}

export function readTranscript(plan: Plan, transcript: TranscriptEntry[]): TranscriptState {
  const index = new Map(plan.questions.map((q, i) => [q.id, i]));
  const threads: QuestionThread[] = plan.questions.map((q) => ({
    questionId: q.id,
    asked: false,
    answers: [],
    followUps: [],
    skipped: false,
  }));
  let currentIndex = -1;
  let closed = false;
  for (const t of transcript) {
    if (t.role === "interviewer") {
      if (t.kind === "closing") {
        closed = true;
        continue;
      }
      const i = t.questionId !== undefined ? index.get(t.questionId) : undefined;
      if (i === undefined) continue;
      currentIndex = i;
      if (t.kind === "question") threads[i].asked = true;
      else if (t.kind === "follow_up") threads[i].followUps.push(t.text);
      continue;
    }
    if (closed) continue; // after the closing there is no question to answer
    const i = currentIndex >= 0 ? currentIndex : t.questionId !== undefined ? index.get(t.questionId) : undefined;
    if (i === undefined) continue;
    if (t.kind === "skip") threads[i].skipped = true;
    else if (t.kind === "answer" && t.text.trim()) threads[i].answers.push(t.text.trim());
  }
  return { threads, currentIndex, last: transcript[transcript.length - 1], closed };
}

/**
 * The candidate's answers, one per planned question (in plan order): answer and follow-up
 * answers joined by a blank line; `skipped` when the candidate skipped it without saying
 * anything. A question never reached has `text: ''`, `skipped: false` (unanswered).
 */
export function answersFromTranscript(plan: Plan, transcript: TranscriptEntry[]): CandidateAnswer[] {
  return readTranscript(plan, transcript).threads.map((t) => ({
    questionId: t.questionId,
    text: t.answers.join("\n\n"),
    skipped: t.skipped && t.answers.length === 0,
  }));
}
