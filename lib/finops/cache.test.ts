import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cacheKey, DEFAULT_CACHE_MAX_AGE_DAYS, resultCacheConfig } from "./cache";

const FIELDS = {
  feature: "resume.analyze",
  input: { text: "Jane Doe\nEngineer", jobDescription: null, temperature: 0.2 },
  promptVersion: "resume-analysis@1",
  provider: "openai",
  model: "gpt-4o-mini",
  language: "en",
};

describe("cacheKey", () => {
  it("is the SHA-256 hex of the RFC 8785 encoding: keys sorted at every depth, no whitespace", () => {
    const jcs =
      '{"feature":"resume.analyze","input":{"jobDescription":null,"temperature":0.2,"text":"Jane Doe\\nEngineer"},"language":"en","model":"gpt-4o-mini","promptVersion":"resume-analysis@1","provider":"openai"}';
    expect(cacheKey(FIELDS)).toBe(createHash("sha256").update(jcs).digest("hex"));
  });

  it("does not depend on the order an input's keys were written in", () => {
    const reordered = { ...FIELDS, input: { temperature: 0.2, text: "Jane Doe\nEngineer", jobDescription: null } };
    expect(cacheKey(reordered)).toBe(cacheKey(FIELDS));
  });

  it("changes with every field that decides the answer", () => {
    const base = cacheKey(FIELDS);
    const variants = [
      { ...FIELDS, feature: "interview.plan" },
      { ...FIELDS, input: { ...FIELDS.input, jobDescription: "Go, Kafka" } },
      { ...FIELDS, input: { ...FIELDS.input, text: "Jane Doe\nEngineer " } },
      { ...FIELDS, input: { ...FIELDS.input, temperature: 0.3 } },
      { ...FIELDS, promptVersion: "resume-analysis@3" },
      { ...FIELDS, provider: "deepseek" },
      { ...FIELDS, model: "gpt-4o" },
      { ...FIELDS, language: "zh" },
    ];
    const keys = variants.map(cacheKey);
    expect(keys).not.toContain(base);
    expect(new Set(keys).size).toBe(variants.length);
  });

  it("is null for what JSON cannot say exactly (a lone surrogate, NaN): such a request is not cached", () => {
    expect(cacheKey({ ...FIELDS, input: { text: "broken \ud800 text" } })).toBeNull();
    expect(cacheKey({ ...FIELDS, input: { score: Number.NaN } })).toBeNull();
  });
});

describe("resultCacheConfig", () => {
  it("is on, for the default max age, when nothing is set", () => {
    expect(resultCacheConfig({})).toEqual({ enabled: true, maxAgeMs: DEFAULT_CACHE_MAX_AGE_DAYS * 86_400_000 });
    expect(resultCacheConfig({ LLM_CACHE: "", LLM_CACHE_MAX_AGE_DAYS: " " })).toEqual({ enabled: true, maxAgeMs: DEFAULT_CACHE_MAX_AGE_DAYS * 86_400_000 });
  });

  it("LLM_CACHE=off turns it off; the max age is in days", () => {
    expect(resultCacheConfig({ LLM_CACHE: "off" }).enabled).toBe(false);
    expect(resultCacheConfig({ LLM_CACHE: " OFF " }).enabled).toBe(false);
    expect(resultCacheConfig({ LLM_CACHE: "on", LLM_CACHE_MAX_AGE_DAYS: "7" })).toEqual({ enabled: true, maxAgeMs: 7 * 86_400_000 });
  });

  it("refuses anything else, so a typo does not silently leave the cache on", () => {
    expect(() => resultCacheConfig({ LLM_CACHE: "false" })).toThrow(/LLM_CACHE/);
    expect(() => resultCacheConfig({ LLM_CACHE_MAX_AGE_DAYS: "0" })).toThrow(/LLM_CACHE_MAX_AGE_DAYS/);
    expect(() => resultCacheConfig({ LLM_CACHE_MAX_AGE_DAYS: "1.5" })).toThrow(/LLM_CACHE_MAX_AGE_DAYS/);
  });
});
