import { describe, expect, it } from "vitest";
import { knowledgeSourceOf, planSchema } from "@/lib/interview/schemas";
import { evaluateOffline } from "./evaluate";
import { buildKnowledgePlan, type PlanPassage, passageKeyPoints, passageTopic, selectPassages } from "./knowledge-plan";

const KB = "11111111-1111-4111-8111-111111111111";

/** A small staff handbook and an on-call guide, chunked the way ingestion stores them (a heading path per chunk). */
const HANDBOOK: [string, string][] = [
  [
    "Benefits › Annual leave",
    "Every employee receives 25 days of paid annual leave per calendar year. Annual leave accrues monthly from the first day of employment. Up to five unused days of annual leave carry over to the next year; the rest lapse on 31 March. Requests for annual leave go to your manager at least two weeks in advance.",
  ],
  [
    "Benefits › Parental leave",
    "Parents receive 16 weeks of fully paid parental leave after the birth or adoption of a child. Parental leave can be taken in up to three blocks within the first year. Your manager and HR agree a return plan before the leave starts, including a phased return of reduced hours.",
  ],
  [
    "Expenses › Travel",
    "Business travel is booked through the travel portal so that bookings stay within policy. Economy class is the default for flights under six hours; longer flights may be booked in premium economy. Receipts for every expense are uploaded within 30 days, or the expense is not reimbursed.",
  ],
  [
    "Security › Passwords",
    "Passwords are stored in the company password manager and never shared by chat or email. Every account uses multi-factor authentication. A lost laptop is reported to the security team within one hour so that its sessions can be revoked and the disk wiped remotely.",
  ],
];
const ONCALL: [string | null, string][] = [
  [
    "Incidents › Severity",
    "A severity 1 incident is a full outage of a customer-facing service; severity 2 is a degraded service with a workaround. The on-call engineer acknowledges a severity 1 page within five minutes and opens an incident channel. Status page updates go out every 30 minutes until the incident is resolved.",
  ],
  [
    "Incidents › Postmortems",
    "Every severity 1 incident gets a blameless postmortem within five working days. The postmortem records the timeline, the root cause, the impact on customers and the action items with owners. Action items are tracked until they are done, and the postmortem is shared with the whole engineering team.",
  ],
  [null, "Short note."],
];

function passages(): PlanPassage[] {
  const doc = (documentId: string, fileName: string, rows: [string | null, string][]) =>
    rows.map(([heading, content], ordinal) => ({
      knowledgeBaseId: KB,
      documentId,
      chunkId: `${documentId.slice(0, 8)}-0000-4000-8000-${String(ordinal).padStart(12, "0")}`,
      fileName,
      heading,
      page: null,
      ordinal,
      content,
    }));
  return [
    ...doc("aaaaaaaa-0000-4000-8000-000000000001", "staff_handbook.pdf", HANDBOOK),
    ...doc("bbbbbbbb-0000-4000-8000-000000000002", "on-call-guide.md", ONCALL),
  ];
}

describe("selectPassages", () => {
  it("spreads over documents first, then over headings, and leaves out passages too short to ask about", () => {
    const picked = selectPassages(passages(), 4, "seed-1");
    expect(picked).toHaveLength(4);
    expect(new Set(picked.map((p) => p.documentId)).size).toBe(2);
    expect(new Set(picked.map((p) => p.heading)).size).toBe(4);
    // the first two alternate documents
    expect(picked[0]!.documentId).not.toBe(picked[1]!.documentId);
    expect(picked.some((p) => p.content === "Short note.")).toBe(false);
  });

  it("is deterministic per seed and varies with it", () => {
    const a = selectPassages(passages(), 5, "interview-a").map((p) => p.chunkId);
    expect(selectPassages(passages(), 5, "interview-a").map((p) => p.chunkId)).toEqual(a);
    const seeds = ["b", "c", "d", "e", "f", "g"].map((s) =>
      selectPassages(passages(), 5, s)
        .map((p) => p.chunkId)
        .join(),
    );
    expect(new Set([a.join(), ...seeds]).size).toBeGreaterThan(1);
  });
});

describe("buildKnowledgePlan", () => {
  it("asks one question per passage in English, each citing its passage, with key points from it", () => {
    const all = passages();
    const plan = planSchema.parse(buildKnowledgePlan({ passages: all, role: "Support engineer", level: "mid", questionCount: 5, language: "en", seed: "x" }));
    expect(plan.questions).toHaveLength(5);
    for (const q of plan.questions) {
      const source = knowledgeSourceOf(q);
      expect(source).not.toBeNull();
      const passage = all.find((p) => p.chunkId === source!.chunkId)!;
      expect(source).toEqual({
        knowledgeBaseId: KB,
        documentId: passage.documentId,
        chunkId: passage.chunkId,
        fileName: passage.fileName,
        heading: passage.heading,
        page: null,
      });
      expect(q.id).toBe(`kb:${passage.chunkId}`);
      expect(q.question).toContain(passageTopic(passage, "en"));
      expect(q.question).toMatch(/^(Explain|What does|How would you apply)/);
      expect(q.keyPoints.length).toBeGreaterThanOrEqual(2);
      // every key point is words of the passage
      for (const k of q.keyPoints) expect(passage.content).toContain(k.replace(/…$/, "").split(" ").slice(0, 3).join(" "));
      expect(q.referenceAnswer).toBe(passage.content);
    }
    expect(new Set(plan.questions.map((q) => knowledgeSourceOf(q)!.chunkId)).size).toBe(5);
  });

  it("asks in Chinese for a Chinese interview, with the document's title and the heading", () => {
    const plan = buildKnowledgePlan({ passages: passages(), role: "客服工程师", level: "junior", questionCount: 5, language: "zh", seed: "y" });
    for (const q of plan.questions) {
      expect(q.question).toMatch(/[\u4e00-\u9fff]/);
      expect(q.question).toMatch(/《(staff handbook|on-call-guide)》/);
      expect(q.difficulty).toBe("easy");
    }
  });

  it("takes key points from a Chinese passage's sentences", () => {
    const text =
      "员工每年享有二十五天带薪年假。年假自入职第一天起按月累计。未休完的年假最多可结转五天到下一年，其余在三月三十一日失效。申请年假需至少提前两周告知直属经理。";
    const points = passageKeyPoints(text);
    expect(points.length).toBeGreaterThanOrEqual(2);
    for (const k of points) expect(text).toContain(k.replace(/…$/, ""));
  });

  it("tops up from the question bank when the knowledge base has fewer usable passages than questions", () => {
    const few = passages().slice(0, 2);
    const plan = buildKnowledgePlan({ passages: few, role: "backend", level: "mid", questionCount: 6, language: "en", seed: "z" });
    expect(plan.questions).toHaveLength(6);
    expect(plan.questions.slice(0, 2).every((q) => knowledgeSourceOf(q) !== null)).toBe(true);
    expect(plan.questions.slice(2).every((q) => q.source === "bank")).toBe(true);
  });

  it("lets the offline evaluator tell an answer from the passage from an unrelated one", () => {
    const plan = buildKnowledgePlan({ passages: passages().slice(0, 4), role: "HR partner", level: "mid", questionCount: 5, language: "en", seed: "s" });
    const q = plan.questions[0]!;
    const passage = passages().find((p) => p.chunkId === knowledgeSourceOf(q)!.chunkId)!;
    const grounded = `From what I know: ${passage.content} I have applied this with my own team last year and it worked well.`;
    const unrelated =
      "I would first talk to the people involved, understand what they need, and then make a plan together with clear milestones and a review at the end of each week.";
    const score = (text: string) => {
      const draft = evaluateOffline({ plan: { questions: [q] }, answers: [{ questionId: q.id, text, skipped: false }], language: "en" });
      return draft.questions[0]!;
    };
    const good = score(grounded);
    const bad = score(unrelated);
    expect(good.keyPointsCovered.length).toBeGreaterThan(bad.keyPointsCovered.length);
    expect(good.subScores.accuracy).toBeGreaterThan(bad.subScores.accuracy);
  });
});
