import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_OUTPUT_TOKENS,
  estimateInputTokens,
  estimateTokens,
  getTokenCounter,
  heuristicCounter,
  setTokenCounter,
  type TokenCounter,
} from "./tokens";

const FRAMING = 3; // reply priming
const PER_MESSAGE = 3;

describe("heuristic token counter", () => {
  it("≈ 4 characters per token for Latin text (accents included)", () => {
    expect(heuristicCounter.count("")).toBe(0);
    expect(heuristicCounter.count("a".repeat(400))).toBe(100);
    expect(heuristicCounter.count("Résumé of Zoë Müller, café owner.")).toBe(Math.ceil(33 / 4));
  });

  it("1 token per CJK character, CJK punctuation and full-width forms included", () => {
    expect(heuristicCounter.count("我熟悉分布式系统")).toBe(8);
    expect(heuristicCounter.count("こんにちは、世界。")).toBe(9);
    expect(heuristicCounter.count("안녕하세요")).toBe(5);
    expect(heuristicCounter.count("你好，世界！")).toBe(6);
  });

  it("mixed text adds the parts; other scripts count 1 per 2 characters", () => {
    expect(heuristicCounter.count("Java 工程师")).toBe(Math.ceil(5 / 4) + 3);
    expect(heuristicCounter.count("Привет")).toBe(3);
  });
});

describe("estimateTokens", () => {
  it("is input estimate + max output, with chat framing", () => {
    const input = estimateInputTokens({ system: "a".repeat(40), prompt: "b".repeat(80) });
    expect(input).toBe(FRAMING + PER_MESSAGE + 10 + PER_MESSAGE + 20);
    expect(estimateTokens({ system: "a".repeat(40), prompt: "b".repeat(80), maxOutputTokens: 500 })).toBe(input + 500);
  });

  it("charges the default max output when the call sets none", () => {
    expect(estimateTokens({ prompt: "" })).toBe(FRAMING + PER_MESSAGE + DEFAULT_MAX_OUTPUT_TOKENS);
  });

  it("counts chat messages, text parts only", () => {
    const t = estimateTokens({
      system: "",
      messages: [
        { role: "user", content: "c".repeat(8) },
        { role: "assistant", content: [{ type: "text", text: "d".repeat(4) }, { type: "reasoning" }, { type: "text", text: "你好" }] },
      ],
      maxOutputTokens: 0,
    });
    expect(t).toBe(FRAMING + PER_MESSAGE + 2 + PER_MESSAGE + 1 + 2);
  });

  it("uses a plugged-in tokenizer (per call or process-wide)", () => {
    const words: TokenCounter = { name: "words", count: (s) => (s.trim() ? s.trim().split(/\s+/).length : 0) };
    expect(estimateTokens({ prompt: "one two three", maxOutputTokens: 10, counter: words })).toBe(FRAMING + PER_MESSAGE + 3 + 10);
    const before = getTokenCounter();
    setTokenCounter(words);
    try {
      expect(estimateInputTokens({ prompt: "one two" })).toBe(FRAMING + PER_MESSAGE + 2);
    } finally {
      setTokenCounter(before);
    }
    expect(getTokenCounter()).toBe(heuristicCounter);
  });

  it("adds the extra text a request carries (a response schema), without message framing", () => {
    const base = estimateInputTokens({ prompt: "b".repeat(80) });
    expect(estimateInputTokens({ prompt: "b".repeat(80), extra: ["c".repeat(400), "d".repeat(40)] })).toBe(base + 100 + 10);
  });

  it("refuses a nonsense max output", () => {
    expect(() => estimateTokens({ prompt: "x", maxOutputTokens: -1 })).toThrow(TypeError);
    expect(() => estimateTokens({ prompt: "x", maxOutputTokens: Number.POSITIVE_INFINITY })).toThrow(TypeError);
  });
});
