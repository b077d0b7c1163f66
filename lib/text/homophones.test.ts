import { describe, expect, it } from "vitest";
import { isHomophoneSlip, readAsMeant } from "./homophones";

describe("pinyin-input slips", () => {
  it("takes a homophone with a character in common for the word, tones ignored", () => {
    expect(isHomophoneSlip("负则", "负责")).toBe(true); // fu ze
    expect(isHomophoneSlip("参预", "参与")).toBe(true); // can yu, other tone
    expect(isHomophoneSlip("认真负则", "认真负责")).toBe(true);
  });

  it("does not take another word, the word itself, or a wholly different spelling for it", () => {
    expect(isHomophoneSlip("负面", "负责")).toBe(false);
    expect(isHomophoneSlip("负责", "负责")).toBe(false);
    expect(isHomophoneSlip("附则", "负责")).toBe(false); // both characters differ: more than half
    expect(isHomophoneSlip("负", "负责")).toBe(false);
  });

  it("rewrites slips of listed words in place, keeping the length", () => {
    const text = "工作认真负则，参预开发";
    const meant = readAsMeant(text, ["认真负责", "参与"]);
    expect(meant).toBe("工作认真负责，参与开发");
    expect(meant.length).toBe(text.length);
    expect(readAsMeant("Led the team", ["参与"])).toBe("Led the team");
  });
});
