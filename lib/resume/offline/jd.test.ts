import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR } from "@/tests/corpus-dir";
import { analyzeOffline } from "./index";
import { jdSkills, normalizeJd } from "./jd";

const corpus = (p: string) => fs.readFileSync(path.join(CORPUS_DIR, p), "utf8");
const NOW = new Date("2026-11-29T00:00:00Z");

describe("job description parsing", () => {
  it("reads YAML front matter values but not its comments", () => {
    const t = normalizeJd(
      '---\n# If you are editing this file on GitHub\ntitle: "Data Engineer"\nitems:\n  - Build ETL pipelines in Python\n---\nBody with SQL\n',
    );
    expect(t).toContain("Data Engineer");
    expect(t).toContain("Build ETL pipelines in Python");
    expect(t).toContain("Body with SQL");
    expect(t).not.toContain("GitHub");
  });

  it("weights preferred and soft skills lower and ignores benefits", () => {
    const s = jdSkills("Requirements\n- Python and SQL\n- Excellent communication skills\nNice to have\n- Kubernetes\nBenefits\n- Free Excel training");
    expect(s).toEqual([
      { name: "Python", weight: 1, preferred: false },
      { name: "SQL", weight: 1, preferred: false },
      { name: "Kubernetes", weight: 0.5, preferred: true },
      { name: "Communication", weight: 0.5, preferred: false },
    ]);
  });

  it("weights a nice-to-have clause lower without demoting the rest of its line", () => {
    const w = (jd: string) => Object.fromEntries(jdSkills(jd).map((x) => [x.name, x.weight]));
    expect(w("任职要求：\n1、精通Java，有Kafka经验者优先；熟悉MySQL\n加分项：\n熟悉Docker")).toEqual({ Java: 1, Kafka: 0.5, MySQL: 1, Docker: 0.5 });
    expect(w("Requirements\n- Strong Python. Experience with Kafka is an advantage")).toEqual({ Python: 1, Kafka: 0.5 });
  });

  it("reads a JSON job description (corpus sample.job.json)", () => {
    const names = jdSkills(corpus("jobs/en_web-developer_json-job-schema.json")).map((s) => s.name);
    for (const n of ["JavaScript", "HTML", "CSS", "React", "Node.js", "SQL", "NoSQL", "MongoDB"]) expect(names).toContain(n);
  });

  it("reads a Chinese JD and marks 加分项 as preferred", () => {
    const s = jdSkills(corpus("jobs/zh_data_python-data-mining_jd.md"));
    const w = Object.fromEntries(s.map((x) => [x.name, x.weight]));
    expect(w.Python).toBe(1);
    expect(w.Redis).toBe(1);
    expect(w.Docker).toBe(0.5); // under 三、加分项
    expect(w.Go).toBe(0.5); // "熟悉 Golang/Java/C++" in 加分项
  });
});

describe("JD matching on corpus files", () => {
  const resume = corpus("resumes-txt-md/en_plain_sample_resume.txt");
  const jd = corpus("jobs/en_swe_full-stack-engineer_resume-matcher.txt");

  it("splits the JD skills into matched and missing", () => {
    const d = analyzeOffline({ text: resume, jobDescription: jd, language: "en", now: NOW });
    expect(d.matchedSkills).toEqual(expect.arrayContaining(["Python", "JavaScript", "Databases"]));
    expect(d.missingSkills).toEqual(expect.arrayContaining(["PHP", "Ruby", ".NET"]));
    const jdNames = jdSkills(jd).map((s) => s.name);
    expect([...d.matchedSkills!, ...d.missingSkills!].sort()).toEqual([...jdNames].sort());
  });

  it("scores skills higher against a JD the resume fits than against one it does not", () => {
    const fit = analyzeOffline({ text: resume, jobDescription: jd, language: "en", now: NOW });
    const misfit = analyzeOffline({
      text: resume,
      jobDescription: "Requirements: GAAP, QuickBooks, payroll, tax preparation, accounts payable.",
      language: "en",
      now: NOW,
    });
    const skills = (d: typeof fit) => d.dimensions.find((x) => x.key === "skills")!.score;
    expect(skills(fit)).toBeGreaterThan(skills(misfit));
    expect(misfit.matchedSkills).toEqual([]);
  });

  it("rewards skills shown in experience over skills only listed", () => {
    const jdText = "Requirements: Kafka, Terraform";
    const shown = "Jane\njane@x.com\nExperience\n- Built streaming pipelines with Kafka\n- Automated infrastructure with Terraform\nSkills\nPython";
    const listed = "Jane\njane@x.com\nExperience\n- Built streaming pipelines\n- Automated infrastructure\nSkills\nKafka, Terraform, Python";
    const score = (t: string) =>
      analyzeOffline({ text: t, jobDescription: jdText, language: "en", now: NOW }).dimensions.find((x) => x.key === "skills")!.score;
    expect(score(shown)).toBeGreaterThan(score(listed));
  });

  it("counts an implied skill as matched (resume MySQL, JD 数据库)", () => {
    const d = analyzeOffline({ text: "张三\n专业技能\n熟练使用 MySQL", jobDescription: "要求：熟悉数据库", language: "zh", now: NOW });
    expect(d.matchedSkills).toEqual(["数据库"]);
  });
});
