import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type CandidateAnswer,
  finalizeReport,
  type Plan,
  planFromLlm,
  planLlmSchema,
  planSchema,
  questionScore,
  type ReportDraft,
  reportDraftLlmSchema,
  reportSummaryLlmSchema,
} from "./schemas";

const plan: Plan = {
  questions: [
    { id: "q1", category: "technical", difficulty: "easy", question: "Q1?", keyPoints: ["a", "b"], referenceAnswer: "R1" },
    { id: "q2", category: "technical", difficulty: "medium", question: "Q2?", keyPoints: ["c", "d"], referenceAnswer: "R2" },
    { id: "q3", category: "behavioural", difficulty: "easy", question: "Q3?", keyPoints: ["e", "f"], referenceAnswer: "R3" },
    { id: "q4", category: "behavioural", difficulty: "hard", question: "Q4?", keyPoints: ["g", "h"], referenceAnswer: "R4" },
  ],
};

const ev = (questionId: string, s: [number, number, number, number]) => ({
  questionId,
  subScores: { accuracy: s[0], completeness: s[1], depth: s[2], expression: s[3] },
  feedback: `about ${questionId}`,
  keyPointsCovered: ["a"],
  keyPointsMissed: ["b"],
});

const draft = (questions: ReportDraft["questions"]): ReportDraft => ({ questions, strengths: ["s", " s "], improvements: ["i"], assessment: " ok " });

describe("questionScore", () => {
  it("weights accuracy 40 %, completeness 20 %, depth 25 %, expression 15 %, one decimal", () => {
    expect(questionScore({ accuracy: 100, completeness: 0, depth: 0, expression: 0 })).toBe(40);
    expect(questionScore({ accuracy: 0, completeness: 100, depth: 0, expression: 0 })).toBe(20);
    expect(questionScore({ accuracy: 0, completeness: 0, depth: 100, expression: 0 })).toBe(25);
    expect(questionScore({ accuracy: 0, completeness: 0, depth: 0, expression: 100 })).toBe(15);
    // 0.4·83 + 0.2·71 + 0.25·64 + 0.15·90 = 33.2 + 14.2 + 16 + 13.5 = 76.9
    expect(questionScore({ accuracy: 83, completeness: 71, depth: 64, expression: 90 })).toBe(76.9);
    // 0.4·77 + 0.2·33 + 0.25·51 + 0.15·9 = 30.8 + 6.6 + 12.75 + 1.35 = 51.5
    expect(questionScore({ accuracy: 77, completeness: 33, depth: 51, expression: 9 })).toBe(51.5);
  });
});

describe("finalizeReport", () => {
  const answers: CandidateAnswer[] = [
    { questionId: "q1", text: "an answer", skipped: false },
    { questionId: "q2", text: "", skipped: true },
    { questionId: "q3", text: "another", skipped: false },
    // q4 never reached: no answer at all
  ];

  it("recomputes question scores, zeroes skipped/unanswered ones whatever the draft says, averages over ALL planned questions", () => {
    const r = finalizeReport(draft([ev("q1", [83, 71, 64, 90]), ev("q2", [100, 100, 100, 100]), ev("q3", [50, 50, 50, 50]), ev("q4", [90, 90, 90, 90])]), {
      plan,
      answers,
      engine: "offline",
      language: "en",
    });
    expect(r.questions.map((q) => q.score)).toEqual([76.9, 0, 50, 0]);
    expect(r.questions[1]).toMatchObject({ skipped: true, answer: "", subScores: { accuracy: 0, completeness: 0, depth: 0, expression: 0 } });
    expect(r.questions[3]).toMatchObject({ skipped: false, answer: "", keyPointsMissed: ["g", "h"], keyPointsCovered: [] });
    // technical (76.9 + 0)/2 = 38.45 → 38.5 (JS rounds half up here); behavioural (50 + 0)/2 = 25
    expect(r.categories).toEqual([
      { category: "technical", average: 38.5 },
      { category: "behavioural", average: 25 },
    ]);
    // overall = mean of all four planned questions = 126.9 / 4 = 31.725 → 31.7
    expect(r.overallScore).toBe(31.7);
  });

  it("takes question, category and reference answer from the plan and the answer text from the answers, never from the draft", () => {
    const r = finalizeReport(draft([ev("q1", [10, 10, 10, 10]), ev("q3", [10, 10, 10, 10])]), { plan, answers, engine: "m", language: "en" });
    expect(r.questions[0]).toMatchObject({ question: "Q1?", category: "technical", referenceAnswer: "R1", answer: "an answer" });
    expect(r.engine).toBe("m");
    expect(r.strengths).toEqual(["s"]);
    expect(r.assessment).toBe("ok");
  });

  it("clamps sub-scores to 0–100", () => {
    const r = finalizeReport(draft([ev("q1", [250, -20, 100, 100]), ev("q3", [0, 0, 0, 0])]), { plan, answers, engine: "m", language: "en" });
    expect(r.questions[0].subScores).toEqual({ accuracy: 100, completeness: 0, depth: 100, expression: 100 });
    expect(r.questions[0].score).toBe(80);
  });

  it("writes its own note for unanswered questions, in the report language, ignoring the draft's", () => {
    const r = finalizeReport(draft([ev("q1", [1, 1, 1, 1]), ev("q2", [9, 9, 9, 9]), ev("q3", [1, 1, 1, 1])]), { plan, answers, engine: "m", language: "zh" });
    expect(r.questions[3].feedback).toBe("未作答——计 0 分。");
    expect(r.questions[1].feedback).toBe("已跳过——计 0 分。");
  });

  it("rejects a draft that misses an answered question, repeats one, or names one not in the plan", () => {
    const meta = { plan, answers, engine: "m", language: "en" as const };
    expect(() => finalizeReport(draft([ev("q1", [1, 1, 1, 1])]), meta)).toThrow(/q3 was answered but not evaluated/);
    expect(() => finalizeReport(draft([ev("q1", [1, 1, 1, 1]), ev("q1", [1, 1, 1, 1]), ev("q3", [1, 1, 1, 1])]), meta)).toThrow(/twice/);
    expect(() => finalizeReport(draft([ev("q1", [1, 1, 1, 1]), ev("q3", [1, 1, 1, 1]), ev("q9", [1, 1, 1, 1])]), meta)).toThrow(/not in the plan/);
  });

  it("counts a whitespace-only answer as unanswered", () => {
    const r = finalizeReport(draft([ev("q3", [50, 50, 50, 50])]), {
      plan,
      answers: [
        { questionId: "q1", text: "  \n ", skipped: false },
        { questionId: "q3", text: "x", skipped: false },
      ],
      engine: "m",
      language: "en",
    });
    expect(r.questions[0].score).toBe(0);
  });
});

describe("plan schemas", () => {
  it("planSchema rejects duplicate ids and fewer than two key points", () => {
    expect(planSchema.safeParse({ questions: [plan.questions[0], { ...plan.questions[1], id: "q1" }] }).success).toBe(false);
    expect(planSchema.safeParse({ questions: [{ ...plan.questions[0], keyPoints: ["only one"] }] }).success).toBe(false);
    expect(planSchema.safeParse(plan).success).toBe(true);
  });

  it("planFromLlm turns null sources into model and drops blank key points", () => {
    const p = planFromLlm({
      questions: [{ id: " q1 ", category: "technical", difficulty: "easy", question: " Q? ", keyPoints: ["a", " ", "b"], referenceAnswer: "r", source: null }],
    });
    expect(p.questions[0]).toEqual({
      id: "q1",
      category: "technical",
      difficulty: "easy",
      question: "Q?",
      keyPoints: ["a", "b"],
      referenceAnswer: "r",
      source: "model",
    });
  });

  /** Every object in the JSON Schema lists all its properties as required (OpenAI strict mode). */
  function strictProblems(schema: z.ZodType): string[] {
    const problems: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (!node || typeof node !== "object") return;
      const n = node as Record<string, unknown>;
      if (n.type === "object" && n.properties) {
        const props = Object.keys(n.properties as object);
        const req = new Set((n.required as string[]) ?? []);
        for (const p of props) if (!req.has(p)) problems.push(`${path}.${p} is optional`);
      }
      if (Array.isArray(n.anyOf)) {
        const nonNull = (n.anyOf as { type?: string }[]).filter((x) => x.type !== "null");
        if (nonNull.length > 1) problems.push(`${path} is a union`);
      }
      for (const [k, v] of Object.entries(n)) walk(v, `${path}.${k}`);
    };
    walk(z.toJSONSchema(schema), "$");
    return problems;
  }

  it("the LLM variants are strict-friendly (every property required, only nullable unions) and the plain plan schema is not", () => {
    expect(strictProblems(planLlmSchema)).toEqual([]);
    expect(strictProblems(reportDraftLlmSchema)).toEqual([]);
    expect(strictProblems(reportSummaryLlmSchema)).toEqual([]);
    expect(strictProblems(planSchema).some((p) => p.includes("source"))).toBe(true);
  });
});
