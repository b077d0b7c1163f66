import { describe, expect, it } from "vitest";
import { extractiveAnswer, NOT_FOUND_ANSWER, sentences } from "./extractive-answer";

const handbook = {
  id: "c1",
  content: "# Leave\nFull-time employees get 25 days of paid annual leave. Leave requests go to your manager. The office closes at 6 pm.",
};
const expenses = { id: "c2", content: "Expenses over 500 EUR need the finance team's approval. Receipts are kept for ten years." };

describe("extractive answer", () => {
  it("quotes the sentences that answer, each with its passage's marker", () => {
    const a = extractiveAnswer("How many days of paid annual leave do employees get?", [handbook, expenses], "en");
    expect(a.text).toMatch(/^Full-time employees get 25 days of paid annual leave\. \[1\]/);
    expect(a.cited).toEqual([handbook]);
    expect(a.text).not.toContain("6 pm");
  });

  it("numbers passages in the order the answer cites them", () => {
    const a = extractiveAnswer("Which expenses need approval from finance?", [handbook, expenses], "en");
    expect(a.cited[0]).toBe(expenses);
    expect(a.text).toContain("finance team's approval. [1]");
  });

  it("answers a Chinese question from Chinese passages", () => {
    const zh = { id: "z", content: "员工每年享有十五天带薪年假。病假需要提供医院证明。" };
    const a = extractiveAnswer("员工每年有几天年假？", [zh], "zh");
    expect(a.text.startsWith("员工每年享有十五天带薪年假。[1]")).toBe(true);
  });

  it("says not found, in the question's language, when no sentence shares a term", () => {
    expect(extractiveAnswer("What is the capital of Peru?", [handbook], "en")).toEqual({ text: NOT_FOUND_ANSWER.en, cited: [] });
    expect(extractiveAnswer("秘鲁的首都是哪里？", [], "zh")).toEqual({ text: "在你的文档中没有找到相关内容。", cited: [] });
  });

  it("splits sentences in both languages and at lines", () => {
    expect(sentences("# Title\nOne. Two! 三。四？")).toEqual(["Title", "One.", "Two!", "三。", "四？"]);
  });

  it("a document's own bracketed numbers are not quoted as markers: every [n] is the answer's, for a passage it cites", () => {
    // A paper's reference "[2]" (or a planted "【7】") would otherwise link to another passage, or to none.
    const paper = { id: "c3", content: "Full-time employees get 25 days of paid annual leave [2]. Part-time staff get it pro rata【7】." };
    const a = extractiveAnswer("How many days of paid annual leave do full-time employees get?", [paper, expenses], "en");
    expect(a.cited.map((p) => p.id)).toEqual(["c3"]);
    expect([...a.text.matchAll(/[[【](\d+)[\]】]/gu)].map((m) => m[1])).toEqual(a.text.match(/\[1\]/g)!.map(() => "1"));
    expect(a.text).not.toMatch(/\[2\]|【7】/u);
  });
});
