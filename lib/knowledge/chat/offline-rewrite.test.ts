import { describe, expect, it } from "vitest";
import { isFollowUp, rewriteOffline, standaloneOffline } from "./offline-rewrite";

describe("offline follow-up rewrite", () => {
  it("carries the previous question's topic into an English follow-up with a pronoun", () => {
    const out = rewriteOffline("What about its price?", "How long does the X200 laptop battery last?");
    expect(out.startsWith("What about its price?")).toBe(true);
    expect(out).toContain("x200");
    expect(out).toContain("laptop");
  });

  it("carries the topic into a Chinese follow-up (那它的缺点呢？)", () => {
    const out = rewriteOffline("那它的缺点呢？", "X200 笔记本的电池续航多久？");
    expect(out.startsWith("那它的缺点呢？")).toBe(true);
    expect(out).toContain("x200");
    expect(out).toContain("电池");
  });

  it("leaves a first question and a question with its own topic unchanged", () => {
    expect(rewriteOffline("How many vacation days do new employees get?", null)).toBe("How many vacation days do new employees get?");
    expect(rewriteOffline("How many vacation days do new employees get?", "What is the refund policy?")).toBe("How many vacation days do new employees get?");
    expect(isFollowUp("报销流程需要哪些审批材料")).toBe(false);
  });

  it("keeps the topic through a chain of follow-ups", () => {
    const out = standaloneOffline(["What is the parental leave policy?", "How long is it?", "And for fathers?"]);
    expect(out).toContain("parental");
    expect(out).toContain("leave");
  });
});
