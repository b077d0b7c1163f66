import { describe, expect, it, vi } from "vitest";
import { catalogPriceFor, costMicroUsd, type ModelPrice } from "./prices";

const price = (input: number, cached: number, output: number): ModelPrice => ({
  inputMicroUsdPerMTok: input,
  cachedInputMicroUsdPerMTok: cached,
  outputMicroUsdPerMTok: output,
  source: "catalog",
});

describe("catalog prices (tokenlens, models.dev data)", () => {
  it("prices OpenAI's models in micro-dollars per million tokens, cached input at its own rate", () => {
    // models.dev: gpt-4o-mini $0.15 / $0.08 cached / $0.60 per million tokens.
    expect(catalogPriceFor({ provider: "openai", model: "gpt-4o-mini" })).toEqual(price(150_000, 80_000, 600_000));
    expect(catalogPriceFor({ provider: "openai", model: "gpt-4o" })).toEqual(price(2_500_000, 1_250_000, 10_000_000));
  });

  it("maps our provider labels to the catalog's, and a dated snapshot to its alias", () => {
    expect(catalogPriceFor({ provider: "deepseek", model: "deepseek-chat" })?.inputMicroUsdPerMTok).toBeGreaterThan(0);
    expect(catalogPriceFor({ provider: "openrouter", model: "openai/gpt-4o-mini" })?.inputMicroUsdPerMTok).toBeGreaterThan(0);
    expect(catalogPriceFor({ provider: "openai", model: "gpt-4o-mini-2024-07-18" })).toEqual(catalogPriceFor({ provider: "openai", model: "gpt-4o-mini" }));
  });

  it("knows no price for self-hosted servers or unknown models (null = unpriced); the offline engine is priced at 0", () => {
    expect(catalogPriceFor({ provider: "openai-compatible", model: "gpt-4o-mini" })).toBeNull();
    expect(catalogPriceFor({ provider: "ollama", model: "llama3.1" })).toBeNull();
    expect(catalogPriceFor({ provider: "openai", model: "fake-model" })).toBeNull();
    expect(catalogPriceFor({ provider: "offline", model: "offline" })).toEqual(price(0, 0, 0));
  });

  it("ships its data: no network at run time", async () => {
    const fetch = vi.fn(() => Promise.reject(new Error("no network")));
    vi.stubGlobal("fetch", fetch);
    try {
      vi.resetModules();
      const fresh = await import("./prices");
      expect(fresh.catalogPriceFor({ provider: "openai", model: "gpt-4o-mini" })?.outputMicroUsdPerMTok).toBe(600_000);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("costMicroUsd", () => {
  it("bills uncached input, cached input and output at their rates; reasoning is inside the output", () => {
    // 1 000 input of which 400 cached, 200 output (50 of them reasoning: not added again).
    // (600 × 150 000 + 400 × 80 000 + 200 × 600 000) / 10^6 = 90 + 32 + 120 = 242 µUSD
    expect(costMicroUsd(price(150_000, 80_000, 600_000), { inputTokens: 1_000, cachedInputTokens: 400, outputTokens: 200 })).toBe(242);
  });

  it("rounds once, to the nearest micro-dollar, half up", () => {
    const p = price(500_000, 0, 0); // 0.5 µUSD per input token
    expect(costMicroUsd(p, { inputTokens: 1, cachedInputTokens: 0, outputTokens: 0 })).toBe(1);
    expect(costMicroUsd(p, { inputTokens: 3, cachedInputTokens: 0, outputTokens: 0 })).toBe(2);
    expect(costMicroUsd(price(400_000, 0, 0), { inputTokens: 1, cachedInputTokens: 0, outputTokens: 0 })).toBe(0);
    expect(costMicroUsd(price(150_000, 0, 0), { inputTokens: 10, cachedInputTokens: 0, outputTokens: 0 })).toBe(2); // 1.5 → 2
  });

  it("is exact for counts whose products pass 2^53, and clamps cached tokens to the input", () => {
    const big = costMicroUsd(price(999_999_999, 0, 0), { inputTokens: 10_000_001, cachedInputTokens: 0, outputTokens: 0 });
    expect(big).toBe(10_000_000_990); // (10 000 001 × 999 999 999 = 10 000 000 989 999 999) / 10^6, rounded
    expect(costMicroUsd(price(1_000_000, 0, 0), { inputTokens: 10, cachedInputTokens: 50, outputTokens: 0 })).toBe(0);
  });
});
