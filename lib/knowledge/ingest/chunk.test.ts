import { readFileSync } from "node:fs";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { corpusPath } from "@/tests/corpus-dir";
import { CHUNK_TOKENS, chunkDocument, HEADING_SEPARATOR, headingOf, OVERLAP_TOKENS, splitSentences } from "./chunk";

/** An English sentence of about 12 tokens, numbered so every sentence is distinct. */
const en = (i: number) => `Employees accrue annual leave at rule number ${i} of the policy.`;
/** A Chinese sentence of about 15 tokens. */
const zh = (i: number) => `员工每年享有带薪年假，具体天数按照第${i}项规定执行。`;

describe("headingOf", () => {
  it("reads Markdown, numbered and Chinese headings with their level", () => {
    expect(headingOf("## Annual leave")).toEqual({ text: "Annual leave", level: 2 });
    expect(headingOf("2.1 Annual leave")).toEqual({ text: "2.1 Annual leave", level: 2 });
    expect(headingOf("第一章 总则")).toEqual({ text: "第一章 总则", level: 1 });
    expect(headingOf("第三节 休假")).toEqual({ text: "第三节 休假", level: 2 });
    expect(headingOf("一、考勤制度")).toEqual({ text: "一、考勤制度", level: 2 });
    expect(headingOf("（二）病假")).toEqual({ text: "（二）病假", level: 3 });
  });

  it("does not take a sentence or a numbered paragraph for a heading", () => {
    expect(headingOf("1. Submit the form to your manager.")).toBeNull();
    expect(headingOf("1. 熟悉 Golang/Java/C++ 多语言开发能力")).toBeNull();
    expect(headingOf("第一章规定的内容适用于全体员工，包括试用期员工。")).toBeNull();
    expect(headingOf("Employees accrue annual leave monthly")).toBeNull();
    // Contact data is never a heading, and a PDF's "#" (an icon glyph) is not Markdown.
    expect(headingOf("# hdent@email.com")).toBeNull();
    expect(headingOf("## https://example.org/leave")).toBeNull();
    expect(headingOf("# Annual leave", { markdown: false })).toBeNull();
  });
});

describe("splitSentences", () => {
  it("splits Chinese after 。！？； and keeps the marks", () => {
    expect(splitSentences("第一句。第二句！第三句？第四句；第五句")).toEqual(["第一句。", "第二句！", "第三句？", "第四句；", "第五句"]);
  });
  it("splits English after . ! ? followed by a space, not inside numbers", () => {
    expect(splitSentences("Leave is 25 days. It accrues at 2.08 days a month! Ask HR?")).toEqual([
      "Leave is 25 days.",
      "It accrues at 2.08 days a month!",
      "Ask HR?",
    ]);
  });
});

describe("chunkDocument", () => {
  it("packs English sentences into chunks of at most CHUNK_TOKENS with whole-sentence overlap", () => {
    const text = Array.from({ length: 120 }, (_, i) => en(i)).join(" ");
    const chunks = chunkDocument({ text, pages: null });
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) {
      expect(c.tokenCount).toBeLessThanOrEqual(CHUNK_TOKENS);
      expect(c.tokenCount).toBe(countTokens(c.content));
      // Never mid-sentence: every chunk starts and ends on a sentence of the input.
      expect(c.content).toMatch(/^Employees accrue/);
      expect(c.content).toMatch(/policy\.$/);
    }
    // Each chunk after the first begins with the last sentences of the one before, at most OVERLAP_TOKENS of them.
    for (let i = 1; i < chunks.length; i++) {
      const first = chunks[i]!.content.split(/(?<=\.) /)[0]!;
      expect(chunks[i - 1]!.content.endsWith(first) || chunks[i - 1]!.content.includes(`${first} `)).toBe(true);
      const prev = chunks[i - 1]!.content.split(/(?<=\.) /);
      const next = chunks[i]!.content.split(/(?<=\.) /);
      const shared = next.filter((s) => prev.includes(s));
      expect(shared.length).toBeGreaterThan(0);
      expect(countTokens(shared.join(" "))).toBeLessThanOrEqual(OVERLAP_TOKENS);
    }
    // Nothing is lost: every sentence is in some chunk.
    for (let i = 0; i < 120; i++) expect(chunks.some((c) => c.content.includes(en(i)))).toBe(true);
  });

  it("splits Chinese on sentence marks only, never mid-sentence", () => {
    const text = Array.from({ length: 80 }, (_, i) => zh(i)).join("");
    const chunks = chunkDocument({ text, pages: null });
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) {
      expect(c.tokenCount).toBeLessThanOrEqual(CHUNK_TOKENS);
      expect(c.content).toMatch(/^员工每年/);
      expect(c.content).toMatch(/执行。$/);
      expect(c.content).not.toContain(" ");
    }
  });

  it("cuts a single sentence longer than a chunk, and only then", () => {
    const long = `${"这是一段没有句号的很长的说明文字，".repeat(120)}结束。`;
    const chunks = chunkDocument({ text: `前言。\n\n${long}`, pages: null });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(CHUNK_TOKENS);
    expect(chunks.map((c) => c.content).join("")).toContain("结束。");
  });

  it("keeps each chunk under its heading path (Markdown and Chinese headings)", () => {
    const text = [
      "# Handbook",
      "## Benefits",
      "### Leave",
      "Employees get 25 days of annual leave.",
      "### Health",
      "Dental care is covered.",
      "第一章 总则",
      "一、考勤",
      "员工应按时打卡。",
    ].join("\n");
    const chunks = chunkDocument({ text, pages: null });
    expect(chunks.map((c) => [c.heading, c.content])).toEqual([
      [["Handbook", "Benefits", "Leave"].join(HEADING_SEPARATOR), "Employees get 25 days of annual leave."],
      [["Handbook", "Benefits", "Health"].join(HEADING_SEPARATOR), "Dental care is covered."],
      [["第一章 总则", "一、考勤"].join(HEADING_SEPARATOR), "员工应按时打卡。"],
    ]);
    expect(chunks.map((c) => c.ordinal)).toEqual([0, 1, 2]);
  });

  it("gives each chunk the page it starts on", () => {
    const pages = [Array.from({ length: 40 }, (_, i) => en(i)).join(" "), Array.from({ length: 40 }, (_, i) => en(100 + i)).join(" ")];
    const chunks = chunkDocument({ text: pages.join("\n\n"), pages });
    expect(chunks[0]!.page).toBe(1);
    expect(chunks.at(-1)!.page).toBe(2);
    const firstOnTwo = chunks.find((c) => c.page === 2)!;
    expect(firstOnTwo.content.includes(en(100)) || chunks.some((c) => c.page === 1 && c.content.includes(en(100)))).toBe(true);
  });

  it("chunks a real Markdown job post (corpus) under its headings", () => {
    const text = readFileSync(corpusPath("jobs/zh_data_python-data-mining_jd.md"), "utf8");
    const chunks = chunkDocument({ text, pages: null });
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.some((c) => c.heading !== null)).toBe(true);
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(CHUNK_TOKENS);
    // Everything with Han characters in the file is in some chunk.
    const han = (s: string) => (s.match(/\p{Script=Han}/gu) ?? []).length;
    const headings = new Set(chunks.flatMap((c) => (c.heading ?? "").split(HEADING_SEPARATOR)));
    expect(han(chunks.map((c) => c.content).join("")) + han([...headings].join(""))).toBeGreaterThanOrEqual(han(text) * 0.95);
  });

  it("no text → no chunks", () => {
    expect(chunkDocument({ text: "  \n\n ", pages: null })).toEqual([]);
  });
});
