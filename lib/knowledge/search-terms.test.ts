import { describe, expect, it } from "vitest";
import { fullTextQuery, keyTerms, questionLanguage, termCoverage } from "./search-terms";

describe("search terms", () => {
  it("segments Chinese into words and drops particles", () => {
    expect(keyTerms("员工每年可以休几天年假？")).toEqual(expect.arrayContaining(["员工", "年假"]));
    expect(keyTerms("员工每年可以休几天年假？")).not.toContain("可以");
    expect(fullTextQuery("年假有多少天？").split(" ")).toContain("年假");
  });

  it("keeps the content words of an English question, lower-cased, once", () => {
    expect(keyTerms("What is the refund policy? The REFUND window?")).toEqual(["refund", "policy", "window"]);
  });

  it("tells the question's language from its letters", () => {
    expect(questionLanguage("X200 的电池续航多久？")).toBe("zh");
    expect(questionLanguage("How long does the X200 battery last?")).toBe("en");
    expect(questionLanguage("???")).toBe("en");
  });

  it("measures how many terms a text holds", () => {
    expect(termCoverage(["refund", "window"], "Refunds are issued within 30 days.")).toBe(0.5);
    expect(termCoverage([], "anything")).toBe(0);
  });
});
