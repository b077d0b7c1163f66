import { describe, expect, it } from "vitest";
import { applyEdit, isQuantified } from "@/eval/harness/edits";
import { headingKind, isInlineSkillsLine, splitSections } from "@/eval/harness/sections";

const EN = [
  "Jane Doe",
  "jane@example.com | +1 415 555 0134",
  "## Summary",
  "Backend engineer.",
  "## Experience",
  "Senior Engineer, Acme, 2019 – Present",
  "- Cut p99 latency by 40%.",
  "- Designed the event layer used by other services.",
  "## Skills",
  "Go, Kafka, K8s, EC2",
  "## Education",
  "B.S. Computer Science, 2013 – 2017",
].join("\n");

const ZH = [
  "张三",
  "电话：138-0000-0000 | 邮箱：zhangsan@example.com",
  "【教育背景】",
  "北京大学 本科 2014.09 - 2018.06",
  "一、工作经历",
  "某某科技 后端工程师 2018年7月 - 至今",
  "- 日均处理订单一百万笔",
  "- 查询延迟降低百分之四十",
  "- 负责支付系统的设计",
  "专业技能：",
  "熟悉 Go、Python3、MySQL",
  "项目经历",
  "- 使用 Redis 实现任务分发，吞吐提升 3 倍",
].join("\n");

describe("headingKind", () => {
  it("knows English headings whatever their Markdown, case or colon", () => {
    expect(headingKind("## Skills")).toBe("skills");
    expect(headingKind("**TECHNICAL SKILLS:**")).toBe("skills");
    expect(headingKind("Tech Stack")).toBe("skills");
    expect(headingKind("Work Experience")).toBe("experience");
    expect(headingKind("Projects")).toBe("projects");
    expect(headingKind("Certifications")).toBe("other");
  });
  it("knows Chinese headings with brackets, numbering and a full-width colon", () => {
    expect(headingKind("专业技能：")).toBe("skills");
    expect(headingKind("技术栈")).toBe("skills");
    expect(headingKind("【项目经历】")).toBe("projects");
    expect(headingKind("一、工作经历")).toBe("experience");
    expect(headingKind("教育背景")).toBe("education");
  });
  it("does not take a sentence or a labelled line for a heading", () => {
    expect(headingKind("I have skills in Go and Kafka")).toBeNull();
    expect(headingKind("Skills: Go, Kafka")).toBeNull();
    expect(headingKind("")).toBeNull();
  });
});

describe("isInlineSkillsLine", () => {
  it("is a skills name, a colon and content, in either language", () => {
    expect(isInlineSkillsLine("Skills: Go, Kafka")).toBe(true);
    expect(isInlineSkillsLine("技能：Java、MySQL")).toBe(true);
    expect(isInlineSkillsLine("专业技能：")).toBe(false);
    expect(isInlineSkillsLine("Experience: 5 years")).toBe(false);
  });
});

describe("isQuantified", () => {
  it.each([
    ["- Cut p99 latency by 40%.", true],
    ["- Saved $40,000 a year.", true],
    ["- Made the build 3x faster.", true],
    ["- Served 2 TB a day.", true],
    ["- 吞吐提升 3 倍", true],
    ["- 日均处理订单一百万笔", true],
    ["- 查询延迟降低百分之四十", true],
    ["- 节省成本 50 万元", true],
  ])("counts a result: %s", (line, want) => {
    expect(isQuantified(line)).toBe(want);
  });
  it.each([
    "Senior Engineer, Acme, 2019 – Present",
    "北京大学 本科 2014.09 - 2018.06",
    "某某科技 后端工程师 2018年7月 - 至今",
    "jane@example.com | +1 415 555 0134 | https://github.com/jane99",
    "电话：138-0000-0000",
    "Go, Python3, K8s, EC2, S3, HTML5",
    "## Skills",
  ])("sets aside dates, contacts and names with digits: %s", (line) => {
    expect(isQuantified(line)).toBe(false);
  });
});

describe("applyEdit", () => {
  it("remove_quantified drops the result lines of an English resume and keeps the rest", () => {
    const r = applyEdit("remove_quantified", EN);
    expect(r.changed).toBe(true);
    expect(r.text).not.toContain("40%");
    expect(r.text.split("\n")).toEqual(EN.split("\n").filter((l) => l !== "- Cut p99 latency by 40%."));
  });
  it("remove_quantified drops Chinese result lines, number words included", () => {
    const lines = applyEdit("remove_quantified", ZH).text.split("\n");
    expect(lines).not.toContain("- 日均处理订单一百万笔");
    expect(lines).not.toContain("- 查询延迟降低百分之四十");
    expect(lines).not.toContain("- 使用 Redis 实现任务分发，吞吐提升 3 倍");
    expect(lines).toContain("- 负责支付系统的设计");
    expect(lines).toContain("某某科技 后端工程师 2018年7月 - 至今");
    expect(lines).toContain("电话：138-0000-0000 | 邮箱：zhangsan@example.com");
  });
  it("says when nothing was quantified", () => {
    expect(applyEdit("remove_quantified", "Jane Doe\n## Summary\nBackend engineer.")).toEqual({
      text: "Jane Doe\n## Summary\nBackend engineer.",
      changed: false,
    });
  });

  it("delete_skills drops the skills section up to the next heading", () => {
    const r = applyEdit("delete_skills", EN);
    expect(r.changed).toBe(true);
    expect(r.text).not.toContain("## Skills");
    expect(r.text).not.toContain("Kafka");
    expect(r.text).toContain("## Education\nB.S. Computer Science, 2013 – 2017");
  });
  it("delete_skills drops a Chinese skills section and one-line skills labels", () => {
    const r = applyEdit("delete_skills", `${ZH}\n技能：Java、MySQL`);
    expect(r.text).not.toContain("专业技能");
    expect(r.text).not.toContain("熟悉 Go");
    expect(r.text).not.toContain("技能：Java");
    expect(r.text).toContain("项目经历\n- 使用 Redis 实现任务分发，吞吐提升 3 倍");
  });
  it("delete_skills changes nothing in a resume without skills", () => {
    expect(applyEdit("delete_skills", "Jane\n## Experience\n- Built things").changed).toBe(false);
  });

  it("shuffle_sections reverses the sections, keeps the preamble first and loses no line", () => {
    const r = applyEdit("shuffle_sections", EN);
    expect(r.changed).toBe(true);
    const after = splitSections(r.text);
    expect(after.preamble).toEqual(["Jane Doe", "jane@example.com | +1 415 555 0134"]);
    expect(after.sections.map((s) => s.kind)).toEqual(["education", "skills", "experience", "summary"]);
    expect([...r.text.split("\n")].sort()).toEqual([...EN.split("\n")].sort());
  });
  it("shuffle_sections reads Chinese headings", () => {
    const after = splitSections(applyEdit("shuffle_sections", ZH).text);
    expect(after.sections.map((s) => s.kind)).toEqual(["projects", "skills", "experience", "education"]);
  });
  it("shuffle_sections changes nothing with one section", () => {
    expect(applyEdit("shuffle_sections", "Jane\n## Experience\n- Built things").changed).toBe(false);
  });
});
