import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type AnalysisDraft, DIMENSION_MAX, finalizeAnalysis } from "@/lib/resume/analysis-schema";
import { CORPUS_DIR } from "@/tests/corpus-dir";
import { analyzeOffline, resumeLikeness } from "./index";

const corpusPath = (p: string) => path.join(CORPUS_DIR, p);
const corpus = (p: string) => fs.readFileSync(corpusPath(p), "utf8");
const NOW = new Date("2026-11-29T00:00:00Z");

const PLAIN = corpus("resumes-txt-md/en_plain_sample_resume.txt");
const ZH_TEMPLATE = corpus("resumes-txt-md/zh_markdown_java-template.md");
const ZH_HTML_TEMPLATE = corpus("resumes-txt-md/zh_markdown_html-entities_template.md");
const JSON_RESUME = corpus("resumes-txt-md/en_json-resume_sample.resume.json");

const dim = (d: AnalysisDraft, key: string) => d.dimensions.find((x) => x.key === key)!;
const total = (d: AnalysisDraft) => d.dimensions.reduce((s, x) => s + x.score, 0);
const run = (text: string, language: "en" | "zh" = "en", jobDescription?: string) => analyzeOffline({ text, language, jobDescription, now: NOW });
const hasHan = (s: string) => /[\u4e00-\u9fff]/.test(s);

/** Text of a real Chinese resume PDF from the corpus, extracted like the worker does. */
async function pdfText(p: string): Promise<string> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync(corpusPath(p))));
  return (await extractText(pdf, { mergePages: true })).text;
}

describe("analyzeOffline → finalizeAnalysis", () => {
  const cases: [string, string, "en" | "zh"][] = [
    ["plain text", PLAIN, "en"],
    ["JSON Resume", JSON_RESUME, "en"],
    ["pandoc Markdown", corpus("resumes-txt-md/en_pandoc_resume.md"), "en"],
    ["Chinese template", ZH_TEMPLATE, "zh"],
    ["Chinese HTML template", ZH_HTML_TEMPLATE, "zh"],
    ["empty", "", "en"],
  ];
  for (const [name, text, lang] of cases) {
    it(`produces a valid analysis within the maxima: ${name}`, () => {
      const draft = run(text, lang);
      const a = finalizeAnalysis(draft, { engine: "offline", language: lang, hasJobDescription: false });
      for (const d of a.dimensions) {
        expect(d.max).toBe(DIMENSION_MAX[d.key]);
        expect(d.score).toBeGreaterThanOrEqual(0);
        expect(d.score).toBeLessThanOrEqual(d.max);
        expect(d.rationale.length).toBeGreaterThan(20);
      }
      // the draft already respects the maxima: finalize has nothing to clamp
      for (const d of draft.dimensions) expect(d.score).toBeLessThanOrEqual(DIMENSION_MAX[d.key]);
      expect(a.overallScore).toBeCloseTo(
        a.dimensions.reduce((s, d) => s + d.score, 0),
        5,
      );
      expect(a.summary.length).toBeGreaterThan(0);
    });
  }

  it("quotes evidence verbatim from the resume", () => {
    const draft = run(PLAIN);
    const lines = new Set(PLAIN.split("\n").map((l) => l.trim()));
    for (const d of draft.dimensions) for (const e of d.evidence) expect(lines.has(e), e).toBe(true);
    expect(dim(draft, "experience").evidence).toContain("- Reduced application response time by 40% through performance optimization");
  });

  it("quotes a sentence of a description paragraph as written (dashes and all)", () => {
    const text =
      "Ann Lee\nann@x.com\nProjects\nBusBuddy — personal Android app (Kotlin) showing live bus arrivals; 1,000+ downloads on Google Play.\nSkills\nKotlin";
    const ev = run(text).dimensions.flatMap((d) => d.evidence);
    expect(ev).toContain("BusBuddy — personal Android app (Kotlin) showing live bus arrivals;");
    for (const e of ev) expect(text).toContain(e);
  });

  it("with a job description, finalize computes matchPercent from matched/missing", () => {
    const draft = run(PLAIN, "en", corpus("jobs/en_swe_full-stack-engineer_resume-matcher.txt"));
    const a = finalizeAnalysis(draft, { engine: "offline", language: "en", hasJobDescription: true });
    const m = a.matchedSkills!.length;
    expect(a.matchPercent).toBe(Math.round((100 * m) / (m + a.missingSkills!.length)));
    expect(m).toBeGreaterThan(0);
  });
});

describe("language", () => {
  it("writes the analysis of a Chinese resume in Chinese", async () => {
    const text = await pdfText("resumes-pdf/zh_typst_qianxi_cv.pdf");
    const draft = run(text, "zh");
    expect(hasHan(draft.summary)).toBe(true);
    for (const d of draft.dimensions) expect(hasHan(d.rationale), d.key).toBe(true);
    for (const s of draft.suggestions) expect(hasHan(s.issue) && hasHan(s.recommendation)).toBe(true);
    for (const s of draft.strengths) expect(hasHan(s)).toBe(true);
    expect(total(draft)).toBeGreaterThan(40); // a real (if playful) resume with projects, dates and skills
  });

  it("writes English for an English resume", () => {
    const draft = run(PLAIN);
    expect(hasHan(draft.summary + draft.dimensions.map((d) => d.rationale).join(""))).toBe(false);
  });
});

describe("scoring relations", () => {
  it("is deterministic", () => {
    const jd = corpus("jobs/zh_backend_java-engineer_jd.md");
    expect(run(ZH_TEMPLATE, "zh", jd)).toEqual(run(ZH_TEMPLATE, "zh", jd));
    expect(JSON.stringify(run(PLAIN))).toBe(JSON.stringify(run(PLAIN)));
  });

  it("scores quantified experience higher than the same resume with its numbers removed", () => {
    const [head, tail] = PLAIN.split("Education:");
    const stripped = `${head.replace(/\$?\d+(?:\.\d+)?\s*(?:%|\+|M\+|-week)?/g, (m) => (/^(19|20)\d\d$/.test(m.trim()) ? m : ""))}Education:${tail}`;
    expect(stripped).not.toContain("40%");
    const a = dim(run(PLAIN), "experience").score;
    const b = dim(run(stripped), "experience").score;
    expect(a).toBeGreaterThan(b);
  });

  it("scores action-verb bullets higher on expression than duty phrases", () => {
    const base = "Jane Doe\njane@x.com\nExperience\nEngineer | Acme | 2019 - Present\n";
    const strong =
      base +
      [
        "Built the billing service used by every team",
        "Reduced page load time across the checkout flow",
        "Led the migration of the reporting stack",
        "Designed the onboarding emails for new customers",
      ]
        .map((s) => `- ${s}`)
        .join("\n");
    const weak =
      base +
      [
        "Responsible for the billing service used by every team",
        "Worked on page load time across the checkout flow",
        "Helped with the migration of the reporting stack",
        "Participated in the onboarding emails for new customers",
      ]
        .map((s) => `- ${s}`)
        .join("\n");
    expect(dim(run(strong), "expression").score).toBeGreaterThan(dim(run(weak), "expression").score);
  });

  it("scores a real resume above placeholder-heavy templates", () => {
    const real = total(run(PLAIN));
    expect(real).toBeGreaterThan(55);
    for (const t of [ZH_TEMPLATE, ZH_HTML_TEMPLATE]) {
      const d = run(t, "zh");
      expect(total(d)).toBeLessThan(real - 30);
      expect(d.suggestions.some((s) => s.priority === "high" && s.category === "content")).toBe(true);
    }
  });

  it("penalises template placeholders in completeness", () => {
    const good =
      "张三\n手机：13812345678 邮箱：z@x.com\n工作经历\nABC公司 2019.03-至今\n- 负责订单系统的设计与开发\n教育背景\n某大学 本科\n专业技能\nJava、MySQL";
    const placeholder = good.replace("ABC公司", "XX公司").replace("某大学", "XXXX大学").replace("Java、MySQL", "XXX、YYY 等等");
    expect(dim(run(placeholder, "zh"), "content").score).toBeLessThan(dim(run(good, "zh"), "content").score);
  });

  it("does not give a high score to text that is barely a resume", () => {
    const essay =
      "The history of bridges is long. Romans built arches of stone, and later engineers used iron and steel. " +
      "Many bridges were designed to carry trains across rivers in 1850 and after.\n" +
      "Today we see cable-stayed designs that reduce material by 30% while carrying heavier loads.\n" +
      "This essay looks at why these changes happened and what they mean for cities.";
    const d = run(essay);
    expect(total(d)).toBeLessThan(25);
    expect(resumeLikeness(essay, "en").factor).toBeLessThan(0.5);
    expect(resumeLikeness(PLAIN, "en").factor).toBe(1);
    expect(d.suggestions[0].priority).toBe("high");
  });

  it("does not score higher, overall or on skills, when the skills section is deleted", () => {
    const cut = PLAIN.slice(0, PLAIN.indexOf("Technical Skills:")) + PLAIN.slice(PLAIN.indexOf("Work Experience:"));
    for (const jd of [undefined, corpus("jobs/en_swe_full-stack-engineer_resume-matcher.txt")]) {
      const [full, without] = [run(PLAIN, "en", jd), run(cut, "en", jd)];
      expect(dim(without, "skills").score).toBeLessThan(dim(full, "skills").score);
      expect(total(without)).toBeLessThan(total(full));
    }
  });

  it("does not count an undated project against the dating of the jobs", () => {
    const base =
      "Ann Lee\nann@x.com | 555-123-4567\nExperience\nEngineer, Acme | 2019 - 2023\n- Built billing services in Go serving 2M users\n- Cut p99 latency by 40% with Redis caching";
    const withProject = `${base}\nProjects\nShopBot\n- Built a Python chatbot used by 300 shops\n- Reduced support tickets by 25% in 3 months`;
    const [a, b] = [run(base), run(withProject)];
    expect(dim(b, "experience").score).toBeGreaterThan(dim(a, "experience").score);
    expect(dim(b, "structure").score).toBeGreaterThanOrEqual(dim(a, "structure").score);
    expect(dim(b, "experience").rationale).toContain("The one role is dated");
  });

  it("judges skills without a JD by the resume's own target role", () => {
    const devops =
      "Jared\njared@x.com\nDevOps Engineer\nSkills\nDocker, Kubernetes, Terraform, AWS, Jenkins, Ansible, Linux, Python\nExperience\n- Built CI/CD pipelines with Jenkins and Docker\n- Migrated services to Kubernetes on AWS";
    const sameSkillsWrongRole = devops.replace("DevOps Engineer", "Accountant");
    const s1 = dim(run(devops), "skills");
    const s2 = dim(run(sameSkillsWrongRole), "skills");
    expect(s1.score).toBeGreaterThan(s2.score);
    expect(s1.rationale).toContain("DevOps");
  });
});

describe("language fairness", () => {
  // One resume written in both languages (translated for this test).
  const ZH = `李娜
Java后端开发工程师 | 电话：139 0000 1234 | 邮箱：lina@example.com
个人优势
5年Java后端开发经验，熟悉高并发、分布式系统设计。
工作经历
某电商公司 | 高级Java开发工程师 | 2021.07 - 至今
- 主导订单系统微服务化改造，基于Spring Cloud拆分为12个服务，系统可用性提升至99.99%
- 设计Redis多级缓存方案，接口平均响应时间从800毫秒降到120毫秒
- 使用 Kafka（异步削峰）支撑大促期间峰值3万QPS
某金融科技公司 | Java开发工程师 | 2019.03 - 2021.06
- 使用 Spring Boot 和 MyBatis 开发支付对账模块，日处理交易200万笔
- 搭建Jenkins持续集成流水线，发布耗时缩短一半
教育背景
华中科技大学 | 计算机科学与技术 | 本科 | 2015.09 - 2019.06
专业技能
- Java、JVM调优、多线程、Spring Boot、MyBatis、MySQL、Redis、Kafka、Docker、Linux`;
  const EN = `Na Li
Java Back-End Engineer | Phone: +86 139 0000 1234 | Email: lina@example.com
Summary
Back-end engineer with 5 years of Java experience in high-concurrency, distributed system design.
Work Experience
E-commerce Company | Senior Java Engineer | Jul 2021 - Present
- Led the move of the order system to microservices, splitting it into 12 Spring Cloud services and raising availability to 99.99%
- Designed a multi-level Redis cache, cutting average API response time from 800 ms to 120 ms
- Introduced Kafka for asynchronous load leveling, sustaining peaks of 30k QPS during sales events
Fintech Company | Java Engineer | Mar 2019 - Jun 2021
- Built the payment reconciliation module with Spring Boot and MyBatis, processing 2 million transactions a day
- Set up a Jenkins continuous integration pipeline, cutting release time in half
Education
Huazhong University of Science and Technology | B.S. Computer Science | Sep 2015 - Jun 2019
Skills
- Java, JVM tuning, multithreading, Spring Boot, MyBatis, MySQL, Redis, Kafka, Docker, Linux`;

  it("scores the same resume within 5 points in Chinese and in English, with and without a job", () => {
    for (const jd of [undefined, corpus("jobs/zh_backend_java-engineer_jd.md")]) {
      const [zh, en] = [run(ZH, "zh", jd), run(EN, "en", jd)];
      expect(Math.abs(total(zh) - total(en))).toBeLessThanOrEqual(5);
      for (const key of ["experience", "expression"]) expect(Math.abs(dim(zh, key).score - dim(en, key).score)).toBeLessThanOrEqual(1);
    }
  });
});

describe("robustness", () => {
  it("gives the same analysis when a PDF extracts Chinese with spaces between characters", async () => {
    const text = await pdfText("resumes-pdf/zh_typst_qianxi_cv.pdf");
    const spaced = text.replace(/(?<=[\u4e00-\u9fff])(?=[\u4e00-\u9fff])/g, " ");
    expect(spaced).toContain("教 育 背 景");
    const a = run(text, "zh");
    const b = run(spaced, "zh");
    expect(b.dimensions.map((d) => d.score)).toEqual(a.dimensions.map((d) => d.score));
  });

  it("reads a JSON Resume like the same resume in text", () => {
    const d = run(JSON_RESUME);
    expect(dim(d, "content").rationale).toContain("work experience");
    expect(dim(d, "experience").evidence).toContain("- Optimized an algorithm that holds the current world record for Weisman Scores");
  });
});
