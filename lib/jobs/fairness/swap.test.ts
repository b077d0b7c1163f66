import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resumeProfile } from "@/lib/resume";
import { CORPUS_DIR } from "@/tests/corpus-dir";
import { findCandidateName } from "../redact";
import { EN_NAMES, ZH_NAMES } from "./names";
import { swapIdentity } from "./swap";

const emily = EN_NAMES[0];
const jamal = EN_NAMES.find((v) => v.gender === "male")!;

describe("swapIdentity", () => {
  it("writes the variant's name in place of the resume's, wherever it appears (its e-mail address too), and nothing else", () => {
    const text = readFileSync(path.join(CORPUS_DIR, "resumes-txt-md/en_plain_sample_resume.txt"), "utf8");
    const name = findCandidateName(resumeProfile({ text, language: "en", now: new Date() }).lines);
    const out = swapIdentity(text, name, emily);
    expect(out).not.toMatch(/\bJohn Smith\b/);
    expect(out.startsWith("Emily Walsh\n")).toBe(true);
    const before = text.split("\n");
    const changed = out.split("\n").flatMap((l, i) => (l === before[i] ? [] : [i]));
    expect(changed).toEqual([0, 4]);
    expect(out.split("\n")[4]).toBe("Email: emily.walsh@email.com");
  });

  it("swaps pronouns and gendered words to the variant's gender, keeping their case", () => {
    expect(swapIdentity("He led the team. His manager, Mr. Lee, praised him.", null, emily)).toBe("She led the team. Her manager, Ms. Lee, praised her.");
    expect(swapIdentity("She chaired the women's network; her sorority too.", null, jamal)).toBe("He chaired the men's network; his fraternity too.");
  });

  it("swaps a Chinese name, 他/她 (not in 其他 or 吉他) and the 性别 field", () => {
    const name = findCandidateName(["胡图图", "性别：男"]);
    expect(swapIdentity("胡图图\n性别：男\n他负责其他模块，会弹吉他", name, ZH_NAMES[0])).toBe("王晓芳\n性别：女\n她负责其他模块，会弹吉他");
  });

  it("keeps a word of the name alone in step with the full name ('Dr. Smith')", () => {
    const name = findCandidateName(["John Smith"]);
    expect(swapIdentity("John Smith\nReferences: Dr. Smith's lab", name, jamal)).toBe("Connor Murphy\nReferences: Dr. Murphy's lab");
  });
});
