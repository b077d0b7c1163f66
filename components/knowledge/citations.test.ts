import { describe, expect, it } from "vitest";
import { splitCitations } from "./citations";

const joined = (segments: ReturnType<typeof splitCitations>) => segments.map((s) => (s.kind === "text" ? s.text : s.raw)).join("");

describe("splitCitations", () => {
  it("turns each [n] with a source into a citation, in order", () => {
    const text = "Staff get 25 days of leave [1], carried over until March [2].";
    const segments = splitCitations(text, 2);
    expect(segments.filter((s) => s.kind === "cite").map((s) => (s.kind === "cite" ? s.n : 0))).toEqual([1, 2]);
    expect(joined(segments)).toBe(text);
  });

  it("leaves a number without a source as text (not streamed yet, or the model's own brackets)", () => {
    const segments = splitCitations("See [3] and [0] and [1].", 1);
    expect(segments.filter((s) => s.kind === "cite")).toEqual([{ kind: "cite", n: 1, raw: "[1]" }]);
    expect(joined(segments)).toBe("See [3] and [0] and [1].");
  });

  it("reads adjacent markers and the full-width brackets of a Chinese answer", () => {
    const segments = splitCitations("年假为二十五天【1】［2］[1][2]。", 2);
    expect(segments.map((s) => (s.kind === "cite" ? s.n : s.text))).toEqual(["年假为二十五天", 1, 2, 1, 2, "。"]);
  });

  it("gives back plain text when there are no sources", () => {
    expect(splitCitations("Not found in your documents.", 0)).toEqual([{ kind: "text", text: "Not found in your documents." }]);
    expect(splitCitations("", 3)).toEqual([]);
  });
});
