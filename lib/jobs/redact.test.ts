import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resumeProfile } from "@/lib/resume";
import { CORPUS_DIR } from "@/tests/corpus-dir";
import { blindLabel, findCandidateName, redactLine } from "./redact";

const linesOf = (file: string) => {
  const text = readFileSync(path.join(CORPUS_DIR, file), "utf8");
  return resumeProfile({ text, language: /^zh_/.test(path.basename(file)) ? "zh" : "en", now: new Date("2026-12-01") }).lines;
};

describe("findCandidateName", () => {
  it("finds the name at the top of corpus resumes", () => {
    expect(findCandidateName(linesOf("resumes-txt-md/en_plain_sample_resume.txt"))?.name).toBe("John Smith");
    expect(findCandidateName(linesOf("resumes-txt-md/en_pandoc_resume.md"))?.name).toBe("Johnny Coder");
  });

  it("finds Chinese names by their surname and a labelled name, and reads no heading or job title as a name", () => {
    expect(findCandidateName(["王小明", "电话：13812345678"])?.name).toBe("王小明");
    expect(findCandidateName(["姓名：欧阳娜娜"])?.name).toBe("欧阳娜娜");
    expect(findCandidateName(["Name: Ada Lovelace | London"])?.name).toBe("Ada Lovelace");
    expect(findCandidateName(["首先", "求职意向"])).toBeNull();
    expect(findCandidateName(["DEVOPS ENGINEER", "Curriculum Vitae"])).toBeNull();
    expect(findCandidateName(linesOf("resumes-txt-md/zh_markdown_java-template.md"))).toBeNull();
  });

  it("finds names with accents, inner capitals, apostrophes and particles, and a lone name set apart on the first line", () => {
    const first = (line: string) => findCandidateName([line, "Experience"])?.name;
    expect(first("Ronald McDonald — Senior Software Engineer, Kubernetes and Python")).toBe("Ronald McDonald");
    expect(first("Seán O'Brien | Senior Python Engineer")).toBe("Seán O'Brien");
    expect(first("José Ñúñez, Data Engineer")).toBe("José Ñúñez");
    expect(first("Łukasz Wiśniewski, Backend Developer")).toBe("Łukasz Wiśniewski");
    expect(first("Ludwig van Beethoven — Composer")).toBe("Ludwig van Beethoven");
    expect(first("Anna DeVries — QA")).toBe("Anna DeVries");
    expect(first("Madonna — Singer")).toBe("Madonna");
    expect(first("Kubernetes")).toBeUndefined();
  });
});

describe("redactLine", () => {
  const name = findCandidateName(["Ebony Moore"]);

  it("hides handles made of the name, photo file names and bare personal domains", () => {
    const john = findCandidateName(["John Smith", "Engineer"]);
    expect(redactLine("profile photo: jsmith_photo.jpg", john)).toBe("profile photo: [link]");
    expect(redactLine("Portfolio jsmith.dev and jsmith88.github.io", john)).toBe("Portfolio [link] and [link]");
    expect(redactLine("Blog at smithwrites.blog, handle @jsmith88", john)).not.toMatch(/smith/i);
    const ronald = findCandidateName(["Ronald McDonald — Senior Software Engineer"]);
    expect(redactLine("- Ronald built the McDonald's ordering API in Node.js", ronald)).toBe("- [name] built the [name]'s ordering API in Node.js");
  });

  it("hides the name wherever it appears, e-mail, phone, links and the address field", () => {
    expect(redactLine("Seattle, WA | 206-555-0149 | emoore@email.com", name)).toBe("[address] | [phone] | [email]");
    expect(redactLine("Ms. Moore led the audit; see https://ebony.example.com/cv", name)).toBe("[…]. [name] led the audit; see [link]");
    expect(redactLine("Address: 12 Main Street, Springfield", null)).toBe("[address]");
    expect(redactLine("手机：134XXXX3216 邮箱：XXXXX@XXX.com", null)).toBe("手机：[phone] 邮箱：[email]");
  });

  it("hides age, birth date and gender words, in English and Chinese", () => {
    expect(redactLine("Age: 35, male, born 1990", null)).not.toMatch(/35|male|1990/);
    expect(redactLine("性 别：男 年 龄：25", null)).not.toMatch(/男|25/);
    expect(redactLine("She mentored two interns and her team shipped", null)).toBe("[…] mentored two interns and […] team shipped");
  });

  it("keeps employment dates and the work itself", () => {
    expect(redactLine("Senior Accountant, Acme, 2019 - 2023", name)).toBe("Senior Accountant, Acme, 2019 - 2023");
    expect(redactLine("Cut month-end close from 10 to 6 days", name)).toBe("Cut month-end close from 10 to 6 days");
  });

  it("leaves none of the plain-text corpus resume's name, e-mail or phone in any line", () => {
    const lines = linesOf("resumes-txt-md/en_plain_sample_resume.txt");
    const who = findCandidateName(lines);
    const out = lines.map((l) => redactLine(l, who)).join("\n");
    for (const secret of ["John", "Smith", "john.smith@email.com", "123-4567", "(555)"]) expect(out).not.toContain(secret);
    expect(out).toContain("Senior Software Engineer");
  });
});

describe("blindLabel", () => {
  it("is 'Candidate' and the id's first four hex digits", () => {
    expect(blindLabel("7f3a09c2-1111-4222-8333-444455556666")).toBe("Candidate 7F3A");
  });
});
