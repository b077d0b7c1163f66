import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { estimateInputTokens } from "@/lib/ratelimit/tokens";
import { resolveUsage } from "./meter";

const request = { system: "You are an interviewer.", prompt: "Ask the candidate about caching." };
const o200k = { name: "o200k", count: countTokens };

describe("resolveUsage", () => {
  it("takes the provider's usage as reported (AI SDK 6 shape): cache reads inside input, reasoning inside output", () => {
    const u = resolveUsage({
      reported: { inputTokens: 1200, outputTokens: 300, inputTokenDetails: { cacheReadTokens: 1024 }, outputTokenDetails: { reasoningTokens: 120 } },
      request,
      outputText: "whatever",
      failed: false,
    });
    expect(u).toEqual({ inputTokens: 1200, cachedInputTokens: 1024, outputTokens: 300, reasoningTokens: 120, estimated: false });
  });

  it("counts with the tokenizer what the provider did not report, and says so", () => {
    const outputText = "Could you walk me through a cache you designed, and how you invalidated it?";
    const u = resolveUsage({ reported: { inputTokens: undefined, outputTokens: undefined }, request, outputText, failed: false });
    expect(u).toEqual({
      inputTokens: estimateInputTokens({ ...request, counter: o200k }),
      cachedInputTokens: 0,
      outputTokens: countTokens(outputText),
      reasoningTokens: 0,
      estimated: true,
    });
    expect(u.inputTokens).toBeGreaterThan(0);
    expect(resolveUsage({ reported: { inputTokens: 40, outputTokens: undefined }, request, outputText, failed: false })).toMatchObject({
      inputTokens: 40,
      outputTokens: countTokens(outputText),
      estimated: true,
    });
  });

  it("a reported 0 for text that is there is not a count (a placeholder usage)", () => {
    const outputText = "Tell me about a migration you ran.";
    const u = resolveUsage({ reported: { inputTokens: 0, outputTokens: 0 }, request, outputText, failed: false });
    expect(u).toMatchObject({ inputTokens: estimateInputTokens({ ...request, counter: o200k }), outputTokens: countTokens(outputText), estimated: true });
    expect(resolveUsage({ reported: { inputTokens: 0, outputTokens: 0 }, request, outputText: "", failed: true })).toMatchObject({
      inputTokens: 0,
      outputTokens: 0,
      estimated: false,
    });
  });

  it("a failed call without usage or output counts nothing; one that had streamed some output counts it", () => {
    expect(resolveUsage({ reported: undefined, request, outputText: "", failed: true })).toEqual({
      inputTokens: 0,
      cachedInputTokens: 0,
      outputTokens: 0,
      reasoningTokens: 0,
      estimated: false,
    });
    const partial = resolveUsage({ reported: undefined, request, outputText: "Could you walk me", failed: true });
    expect(partial).toMatchObject({ outputTokens: countTokens("Could you walk me"), estimated: true });
    expect(partial.inputTokens).toBeGreaterThan(0);
  });
});
