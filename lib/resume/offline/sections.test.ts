import { describe, expect, it } from "vitest";
import { findContacts, findPhone } from "./contact";
import { detectSections } from "./sections";
import { prepare } from "./text";

const keysOf = (text: string) => {
  const doc = prepare(text);
  const s = detectSections(doc.lines);
  return s.headings.map((h) => [doc.lines[h.line].text, h.keys.join("+")]);
};

describe("section headings", () => {
  it("finds English headings with qualifiers and colons, not skill phrases", () => {
    const h = keysOf(
      "John\nProfessional Summary:\nx y z\nTechnical Skills\nCommunication skills\nWORK EXPERIENCE\nProgramming Languages: Python, Go\nEducation",
    );
    expect(h).toEqual([
      ["Professional Summary:", "summary"],
      ["Technical Skills", "skills"],
      ["WORK EXPERIENCE", "experience"],
      ["Education", "education"],
    ]);
  });

  it("finds Chinese headings, numbered or combined", () => {
    const h = keysOf("张三\n一、工作经历\n负责开发\n项目经验\n教育背景\n专业技能\n自我评价\n工作及教育经历");
    expect(h.map((x) => x[1])).toEqual(["experience", "projects", "education", "skills", "summary", "education+experience"]);
  });

  it("finds headings framed by ornaments, in capitals after a glyph, and with a gloss on either side", () => {
    const h = keysOf(
      "Jane\n— Skills —\nPython\n■ WORK EXPERIENCE\n- Leadership\n【项目经历】\n★ 专业技能 ★\nEducation | 教育背景\n- - - AWARDS - - -\n| 自我评价 |",
    );
    expect(h.map((x) => x[1])).toEqual(["skills", "experience", "projects", "skills", "education", "awards", "summary"]);
  });

  it("reads a Markdown table row whose first cell is a heading as that heading", () => {
    const doc = prepare("| Skills | Python, Go |\n|---|---|\n| 工作经历 | 2020.07-至今 某公司 |\n| Name | Ann |");
    expect(doc.lines.map((l) => l.text)).toEqual(["Skills", "Python, Go", "工作经历", "2020.07-至今某公司", "Name | Ann"]);
    expect(detectSections(doc.lines).headings.map((h) => h.keys.join("+"))).toEqual(["skills", "experience"]);
    expect(doc.lines[1].raw).toBe("| Skills | Python, Go |");
  });

  it("does not take a dated award line or a long sentence for a heading", () => {
    expect(keysOf("荣誉奖项\n最佳编导奖（获奖） 2006.11.8")).toEqual([["荣誉奖项", "awards"]]);
    expect(keysOf("I gained experience in many areas.")).toEqual([]);
  });

  it("assigns lines to the heading above them", () => {
    const doc = prepare("Name\nSkills\nPython\nExperience\nBuilt things");
    const s = detectSections(doc.lines);
    expect(s.sectionOf.map((k) => k.join())).toEqual(["", "skills", "skills", "experience", "experience"]);
  });
});

describe("contacts", () => {
  it("recognises Chinese mobile numbers, masked ones and US formats", () => {
    expect(findPhone("手机：13812345678")).toBe("phone");
    expect(findPhone("手机：135******** （如果是外地手机）")).toBe("masked");
    expect(findPhone("手 机：134XXXX3216")).toBe("masked");
    expect(findPhone("Phone: (555) 123-4567")).toBe("phone");
    expect(findPhone("(+86) 820-820-8820")).toBe("phone");
  });

  it("does not read date ranges as phone numbers", () => {
    expect(findPhone("2016 - 2018 2019 - 2021")).toBeNull();
    expect(findPhone("公司/学校 - XX游戏 - 201309- 201401")).toBeNull();
  });

  it("finds e-mail, links and profiles", () => {
    const c = findContacts(prepare("Jane\njane@x.com | linkedin.com/in/jane\nGithub").lines);
    expect(c.email).toBe(1);
    expect(c.links).toContain(1);
    expect(c.profile).toBe(true);
    expect(findContacts(prepare("Jane\nNo contact here").lines)).toMatchObject({ email: -1, phone: -1, profile: false });
  });
});
