import { describe, expect, it } from "vitest";
import { workRelevance } from "./relevance";

describe("workRelevance", () => {
  it("is high for a story about work, in either language", () => {
    expect(workRelevance("A customer reported wrong invoices. I got on a call with them and fixed the rounding bug.")).toBe(1);
    expect(workRelevance("上级说我的设计文档太长。后来我在开头加了一段决策摘要。")).toBe(0.5);
  });

  it("is low for a story from private life told in the key points' words", () => {
    expect(workRelevance("My biggest failure was my first marathon. I took responsibility and changed my plan. As a result I finished in 3 hours 40.")).toBe(0);
    expect(workRelevance("最紧的一次是搬家。我先列出了必须带走的东西，最后第六天就搬完了。")).toBe(0);
  });

  it("is null without sentences", () => {
    expect(workRelevance("  ")).toBeNull();
  });
});
