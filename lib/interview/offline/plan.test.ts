import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planSchema } from "@/lib/interview/schemas";
import { CORPUS_DIR } from "@/tests/corpus-dir";
import { buildOfflinePlan } from "./plan";
import { BANK_BY_ID } from "./question-bank";

const CORPUS = CORPUS_DIR;
const RESUME_EN = fs.readFileSync(path.join(CORPUS, "resumes-txt-md/en_plain_sample_resume.txt"), "utf8");

const areaOf = (id: string) => BANK_BY_ID.get(id)?.area;
const CJK = /[\u3400-\u9fff]/;

describe("buildOfflinePlan", () => {
  it("returns exactly questionCount valid questions for every count from 5 to 15", () => {
    for (let n = 5; n <= 15; n++) {
      const plan = buildOfflinePlan({ role: "backend", level: "mid", questionCount: n, language: "en" });
      expect(planSchema.parse(plan).questions).toHaveLength(n);
    }
    expect(() => buildOfflinePlan({ role: "backend", level: "mid", questionCount: 4, language: "en" })).toThrow(RangeError);
    expect(() => buildOfflinePlan({ role: "backend", level: "mid", questionCount: 16, language: "en" })).toThrow(RangeError);
  });

  it("draws the main questions from the role's area and mixes in 1–2 behavioural ones", () => {
    const small = buildOfflinePlan({ role: "Frontend engineer", level: "mid", questionCount: 6, language: "en" });
    const areas = small.questions.map((q) => areaOf(q.id));
    expect(areas.filter((a) => a === "behavioural")).toHaveLength(1);
    expect(areas.filter((a) => a === "frontend")).toHaveLength(5);

    const large = buildOfflinePlan({ role: "Frontend engineer", level: "mid", questionCount: 10, language: "en" });
    expect(large.questions.filter((q) => areaOf(q.id) === "behavioural")).toHaveLength(2);
    // behavioural questions come last
    expect(large.questions.slice(-2).every((q) => q.category === "behavioural")).toBe(true);
  });

  it("picks difficulty by level", () => {
    const count = (level: "junior" | "mid" | "senior", d: string) =>
      buildOfflinePlan({ role: "backend", level, questionCount: 8, language: "en" }).questions.filter((q) => areaOf(q.id) === "backend" && q.difficulty === d)
        .length;
    // 6 backend questions each; the bank has ≥ 6 easy/hard backend questions
    expect(count("junior", "easy")).toBeGreaterThanOrEqual(4);
    expect(count("junior", "hard")).toBe(0);
    expect(count("senior", "hard")).toBeGreaterThanOrEqual(4);
    expect(count("senior", "easy")).toBe(0);
    expect(count("mid", "medium")).toBeGreaterThanOrEqual(4);
  });

  it("understands Chinese role names and writes the plan in the chosen language", () => {
    const zh = buildOfflinePlan({ role: "后端开发工程师", level: "junior", questionCount: 6, language: "zh" });
    expect(zh.questions.filter((q) => areaOf(q.id) === "backend")).toHaveLength(5);
    for (const q of zh.questions) {
      expect(CJK.test(q.question) && CJK.test(q.referenceAnswer) && q.keyPoints.every((k) => CJK.test(k))).toBe(true);
    }
    const ml = buildOfflinePlan({ role: "算法工程师", level: "mid", questionCount: 5, language: "en" });
    expect(ml.questions.filter((q) => areaOf(q.id) === "ml")).toHaveLength(4);
    expect(ml.questions.every((q) => !CJK.test(q.question))).toBe(true);
  });

  it("takes full-stack questions from the full-stack, backend and frontend areas in turn", () => {
    const plan = buildOfflinePlan({ role: "全栈", level: "mid", questionCount: 8, language: "en" });
    const areas = new Set(plan.questions.map((q) => areaOf(q.id)));
    expect([...areas].sort()).toEqual(["backend", "behavioural", "frontend", "fullstack"]);
  });

  it("gives an unknown role behavioural and general questions only", () => {
    const plan = buildOfflinePlan({ role: "Pastry chef", level: "mid", questionCount: 7, language: "en" });
    const areas = plan.questions.map((q) => areaOf(q.id));
    expect(new Set(areas)).toEqual(new Set(["general", "behavioural"]));
    expect(areas.filter((a) => a === "general")).toHaveLength(3);
    expect(areas.filter((a) => a === "behavioural")).toHaveLength(4);
  });

  it("never repeats a question and avoids repeating a topic", () => {
    const plan = buildOfflinePlan({ role: "mobile", level: "senior", questionCount: 15, language: "en" });
    const ids = plan.questions.map((q) => q.id);
    expect(new Set(ids).size).toBe(15);
    const topics = ids.map((id) => BANK_BY_ID.get(id)!.topic);
    expect(new Set(topics).size).toBe(15);
  });

  it("is deterministic for a seed and varies with it", () => {
    const input = { role: "devops", level: "mid" as const, questionCount: 8, language: "en" as const };
    const a = buildOfflinePlan({ ...input, seed: 7 });
    expect(buildOfflinePlan({ ...input, seed: 7 })).toEqual(a);
    const others = [1, 2, 3, 4, 5].map((seed) =>
      buildOfflinePlan({ ...input, seed })
        .questions.map((q) => q.id)
        .join(),
    );
    expect(others.some((ids) => ids !== a.questions.map((q) => q.id).join())).toBe(true);
    // no seed: a hash of the input, still deterministic
    expect(buildOfflinePlan(input)).toEqual(buildOfflinePlan(input));
  });

  it("grounds questions in the resume: quotes a resume line and names a skill from it", () => {
    const plan = buildOfflinePlan({ role: "backend", level: "senior", questionCount: 10, language: "en", resumeText: RESUME_EN });
    const resumeQs = plan.questions.filter((q) => q.source === "resume");
    expect(resumeQs).toHaveLength(2);
    const first = plan.questions[0];
    expect(first.source).toBe("resume");
    expect(first.category).toBe("project");
    const quoted = /"([^"]+)"/.exec(first.question)![1];
    expect(RESUME_EN).toContain(quoted);
    expect(first.question).toMatch(/Walk me through/);
    // the skill the question names is one the resume line names
    expect(first.keyPoints.some((k) => /Microservices|Kafka|Python|React|Django|AWS|PostgreSQL/.test(k))).toBe(true);
    expect(first.keyPoints.length).toBeGreaterThanOrEqual(4);
    // two questions → two different resume lines
    const second = resumeQs[1];
    expect(/"([^"]+)"/.exec(second.question)![1]).not.toBe(quoted);
    expect(RESUME_EN).toContain(/"([^"]+)"/.exec(second.question)![1]);
  });

  it("asks one resume question in short interviews, none without usable resume text", () => {
    const short = buildOfflinePlan({ role: "backend", level: "mid", questionCount: 5, language: "en", resumeText: RESUME_EN });
    expect(short.questions.filter((q) => q.source === "resume")).toHaveLength(1);
    const none = buildOfflinePlan({ role: "backend", level: "mid", questionCount: 5, language: "en", resumeText: "   " });
    expect(none.questions.filter((q) => q.source === "resume")).toHaveLength(0);
  });

  it("grounds questions in a Chinese resume in Chinese", () => {
    const resume = [
      "张三",
      "后端工程师",
      "邮箱：zhangsan@example.com",
      "工作经历",
      "ABC科技有限公司 2019.07-至今 后端开发工程师",
      "- 负责订单系统重构，使用Redis缓存热点数据，接口平均延迟从200ms降低到30ms",
      "- 设计基于Kafka的异步消息处理流程，支撑日均500万条消息",
      "教育背景",
      "某某大学 计算机科学 本科 2015-2019",
    ].join("\n");
    const plan = buildOfflinePlan({ role: "后端", level: "mid", questionCount: 8, language: "zh", resumeText: resume });
    const rq = plan.questions.filter((q) => q.source === "resume");
    expect(rq).toHaveLength(2);
    expect(rq[0].question).toMatch(/你在简历中写道：“.*(Redis|Kafka).*”/);
    expect(rq[0].keyPoints.some((k) => /Redis|Kafka/.test(k))).toBe(true);
  });

  it("lets a job description pull matching questions forward", () => {
    const base = { role: "backend", level: "junior" as const, questionCount: 6, language: "en" as const, seed: 3 };
    const jd = "We need a backend engineer.\nRequirements:\n- Kafka and message queues\n- Redis caching\n";
    // medium backend questions whose text names Redis or Kafka: caching, overselling, message queues
    const named = ["be-06", "be-09", "be-10"];
    const plain = buildOfflinePlan(base).questions.map((q) => q.id);
    const withJd = buildOfflinePlan({ ...base, jobDescription: jd }).questions.map((q) => q.id);
    // a junior plan takes the 4 easy backend questions and one medium one …
    expect(plain.filter((id) => named.includes(id)).length).toBeLessThanOrEqual(1);
    // … unless the JD names their skills
    expect(withJd.filter((id) => named.includes(id)).length).toBeGreaterThanOrEqual(2);
  });
});
