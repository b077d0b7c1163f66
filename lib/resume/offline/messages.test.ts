import { describe, expect, it } from "vitest";
import { article, count, ofN, quotedList } from "./english";
import { messages } from "./messages";

const en = messages("en");
const zh = messages("zh");
const CONTAINS: [string, string, string] = ["contains a number", "contain a number", "does not contain a number"];

describe("English grammar helpers", () => {
  it("chooses a/an by sound", () => {
    expect(article("accountant")).toBe("an");
    expect(article("engineer")).toBe("an");
    expect(article("back-end engineer")).toBe("a");
    expect(article("SRE")).toBe("an");
    expect(article("QA / test engineer")).toBe("a");
    expect(article("UX designer")).toBe("a");
    expect(article("user researcher")).toBe("a");
    expect(article("hour")).toBe("an");
  });

  it("agrees counts and verbs at 0, 1, many and all", () => {
    expect(count(1, "filler word")).toBe("1 filler word");
    expect(count(2, "filler word")).toBe("2 filler words");
    expect(ofN(0, 13, ["statement", "statements"], CONTAINS)).toBe("none of the 13 statements contain a number");
    expect(ofN(1, 13, ["statement", "statements"], CONTAINS)).toBe("1 of 13 statements contains a number");
    expect(ofN(4, 13, ["statement", "statements"], CONTAINS)).toBe("4 of 13 statements contain a number");
    expect(ofN(13, 13, ["statement", "statements"], CONTAINS)).toBe("all 13 statements contain a number");
    expect(ofN(0, 1, ["statement", "statements"], CONTAINS)).toBe("the one statement does not contain a number");
  });

  it("quotes up to three words and counts the rest", () => {
    expect(quotedList(["several"])).toBe('"several"');
    expect(quotedList(["a", "b", "c", "d", "e"])).toBe('"a", "b", "c" and 2 more');
  });
});

describe("offline analyser sentences", () => {
  it("uses the right article for the role in the summary and the role gaps", () => {
    const base = { R: 4, years: 10.3, overall: 64, best: "structure and format", worst: "skill match", jd: null, notResume: false };
    expect(en.summary({ ...base, role: "accountant" })).toMatch(/^An accountant resume with 4 roles or projects/);
    expect(en.summary({ ...base, role: "data engineer", R: 1 })).toMatch(/^A data engineer resume with 1 role or project/);
    expect(en.sugRoleGaps({ role: "accountant", skills: ["Excel"] })[0]).toBe("Skills often expected of an accountant do not appear: Excel.");
  });

  it("says none instead of 0 and agrees with 1", () => {
    expect(en.sugQuantify({ Q: 0, S: 13, example: "Led a team" })[0]).toBe("None of the 13 experience statements contain a number.");
    expect(en.sugQuantify({ Q: 2, S: 13, example: "Led a team" })[0]).toBe("Only 2 of 13 experience statements contain a number.");
    const exp = en.experience({ S: 13, R: 4, Q: 0, Rq: 0, K: 1, D: 4, Rd: 4, years: 10.3, volume: 8.9, quant: 0, spec: 8, time: 8 });
    expect(exp).toContain("None of the 13 statements contain a number, and none of the 4 roles show quantified results");
    expect(exp).toContain("1 statement names a concrete skill");
    expect(exp).toContain("All 4 roles are dated");
    const jd = en.skillsJd({ matched: 2, total: 21, weightedPct: 10.3, evidenced: 1, score: 1.6 });
    expect(jd).toContain("1 of 2 matched skills appears in experience lines, the rest only in lists");
    expect(jd).not.toMatch(/\b1 of the matched skills appear\b/);
    expect(en.skillsJd({ matched: 0, total: 5, weightedPct: 0, evidenced: 0, score: 0 })).toMatch(
      /^The resume shows none of the 5 skills the job description names .*\(score 0\/20\)\.$/,
    );
  });

  it("pluralises filler words and pronouns in the expression rationale", () => {
    const p = { S: 13, A: 9, actionPts: 3, G: 13, lengthPts: 2, P: 0, pronounPts: 2, fillerPts: 1.5, repeated: [], repPts: 1 };
    expect(en.expression({ ...p, F: 1 })).toContain("no first-person pronouns (2/2); 1 filler word or cliché (1.5/2)");
    expect(en.expression({ ...p, F: 3 })).toContain("3 filler words or clichés");
    expect(en.expression({ ...p, F: 1 })).toMatch(/^9 of 13 statements open with an action verb/);
  });

  it("names the filler words, quoted, in both languages", () => {
    expect(en.sugFillers({ words: ["several"] })[0]).toBe('Filler word or cliché: "several".');
    expect(en.sugFillers({ words: ["several", "various", "etc", "stuff"] })[0]).toBe('Filler words or clichés: "several", "various", "etc" and 1 more.');
    expect(zh.sugFillers({ words: ["负责", "等等"] })[0]).toBe("空泛词或套话：「负责」、「等等」。");
  });

  it("writes natural Chinese for none", () => {
    expect(zh.sugQuantify({ Q: 0, S: 13, example: "x" })[0]).toBe("13 条经历描述都不包含数字。");
    const exp = zh.experience({ S: 13, R: 4, Q: 0, Rq: 0, K: 1, D: 4, Rd: 4, years: 10.3, volume: 8.9, quant: 0, spec: 8, time: 8 });
    expect(exp).toContain("13 条中没有一条含有数字，4 段经历中没有一段给出了量化结果");
    expect(zh.skillsJd({ matched: 2, total: 21, weightedPct: 10.3, evidenced: 0, score: 1.2 })).toContain("这些技能都没有在经历描述中体现");
  });
});
