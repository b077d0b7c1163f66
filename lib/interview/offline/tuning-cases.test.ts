import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { caseFileSchema } from "@/eval/harness/cases";
import { screenAnswer } from "@/lib/interview/answer-screen";
import { type CandidateAnswer, finalizeReport, type Plan } from "@/lib/interview/schemas";
import { evaluateOffline } from "./evaluate";

/**
 * The evaluation set's interview cases of the tuning half (eval/README.md, "Interview cases"),
 * graded as the offline engine grades a transcript (lib/interview/engine.ts, `evaluateAnswers`
 * offline: screen, evaluate, then `finalizeReport`) with a one-question plan. The held-out half
 * is `npm run eval`'s, never read here.
 */
const dir = path.join(import.meta.dirname, "../../../eval/tuning/cases");
// interview.json and the later batches beside it (interview-round2.json, eval/README.md "Round 2")
const cases = fs
  .readdirSync(dir)
  .filter((f) => /^interview.*\.json$/.test(f))
  .sort()
  .flatMap((f) => caseFileSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"))).cases)
  .flatMap((c) => (c.kind === "interview" ? [c] : []));

function grade(plan: Plan, language: "en" | "zh", text: string): number {
  const answers: CandidateAnswer[] = [{ questionId: plan.questions[0].id, text: screenAnswer(text).text, skipped: false }];
  return finalizeReport(evaluateOffline({ plan, answers, language }), { plan, answers, engine: "offline", language }).questions[0].score;
}

describe("the tuning half's interview cases", () => {
  it("holds cases in both languages", () => {
    expect(new Set(cases.map((c) => c.language))).toEqual(new Set(["en", "zh"]));
  });

  it.each(cases.map((c) => [c.id, c] as const))("%s: empty < wrong < partial < complete, don't-know = 0, the same twice", (_id, c) => {
    const plan: Plan = { questions: [c.question] };
    const g = (t: string) => grade(plan, c.language, t);
    const [empty, wrong, partial, complete] = [c.answers.empty, c.answers.wrong, c.answers.partial, c.answers.complete].map(g);
    expect(empty).toBeLessThan(wrong);
    expect(wrong).toBeLessThan(partial);
    expect(partial).toBeLessThan(complete);
    expect(g(c.answers.dontKnow)).toBe(0);
    expect(g(c.answers.complete)).toBe(complete);
  });
});
