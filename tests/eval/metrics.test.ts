import { describe, expect, it } from "vitest";
import { max, mean, orderedShare, pooledShare, proseLanguage, share, stdDev, wordCoverage, words } from "@/eval/harness/metrics";

describe("stdDev (population σ)", () => {
  it("divides by N: the textbook set 2, 4, 4, 4, 5, 5, 7, 9 has σ = 2", () => {
    expect(stdDev([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
  });
  it("is exactly 0 for equal values, fractional ones included", () => {
    expect(stdDev([61.3, 61.3, 61.3, 61.3, 61.3])).toBe(0);
    expect(stdDev([0.1 + 0.2, 0.1 + 0.2])).toBe(0);
  });
  it("is 0 for one value or none, and positive for any spread", () => {
    expect(stdDev([42])).toBe(0);
    expect(stdDev([])).toBe(0);
    expect(stdDev([70, 70, 70, 70, 70.1])).toBeGreaterThan(0);
  });
});

describe("mean, max, share", () => {
  it("average, largest, share of true; 0 when empty", () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(mean([])).toBe(0);
    expect(max([3, 9, 1])).toBe(9);
    expect(max([])).toBe(0);
    expect(share([true, false, true, true])).toBe(0.75);
    expect(share([])).toBe(0);
  });
});

describe("orderedShare", () => {
  it("counts a pair only when the first is strictly greater: a tie is not ordered", () => {
    expect(
      orderedShare([
        [2, 1],
        [1, 1],
        [0, 3],
        [5, 4],
      ]),
    ).toBe(0.5);
  });
  it("is 0 for no pairs", () => {
    expect(orderedShare([])).toBe(0);
  });
});

describe("words", () => {
  it("lower-cases, splits on punctuation, folds full-width forms and counts each CJK character once", () => {
    expect(words("Node.js ＡＢＣ　１２３ 你好，世界！C++")).toEqual(["node", "js", "abc", "123", "你", "好", "世", "界", "c"]);
  });
  it("keeps accented letters inside a word", () => {
    expect(words("Café São-Paulo")).toEqual(["café", "são", "paulo"]);
  });
});

describe("wordCoverage", () => {
  it("is a multiset: a word visible twice must arrive twice", () => {
    expect(wordCoverage("go go rust", "rust go")).toEqual({ covered: 2, total: 3 });
  });
  it("counts CJK characters one each, English words inside Chinese included", () => {
    expect(wordCoverage("熟悉Go语言", "熟悉 go")).toEqual({ covered: 3, total: 5 });
  });
  it("ignores case, spacing, punctuation, word order and full-width forms", () => {
    expect(wordCoverage("Led a team of 5 (Go, Kafka).", "kafka ＧＯ team led a of ５")).toEqual({ covered: 7, total: 7 });
  });
  it("counts nothing for text without words", () => {
    expect(wordCoverage("— · —", "anything")).toEqual({ covered: 0, total: 0 });
  });
});

describe("pooledShare", () => {
  it("weights by words: Σ covered / Σ total, not the mean of the shares", () => {
    expect(
      pooledShare([
        { covered: 1, total: 2 },
        { covered: 8, total: 8 },
      ]),
    ).toBe(0.9);
    expect(pooledShare([])).toBe(0);
  });
});

describe("proseLanguage", () => {
  it("reads Chinese prose with English technical terms as Chinese", () => {
    expect(proseLanguage("熟练使用 React、TypeScript 和 Node.js 开发前端应用")).toBe("zh");
  });
  it("reads English as English and text without letters as none", () => {
    expect(proseLanguage("Strong backend experience with measurable results.")).toBe("en");
    expect(proseLanguage("42 — 7")).toBe("none");
  });
});
