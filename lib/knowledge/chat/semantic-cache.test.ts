import { describe, expect, it } from "vitest";
import { DEFAULT_KB_CACHE_MIN_SIMILARITY, documentsFingerprint, semanticCacheConfig } from "./semantic-cache";

describe("semantic cache: fingerprint and settings", () => {
  const a = { id: "a", vectorizedAt: new Date("2026-01-01T00:00:00Z") };
  const b = { id: "b", vectorizedAt: new Date("2026-01-02T00:00:00Z") };

  it("does not depend on the documents' order, and changes with a document or its vectorization", () => {
    expect(documentsFingerprint([a, b])).toBe(documentsFingerprint([b, a]));
    expect(documentsFingerprint([a])).not.toBe(documentsFingerprint([a, b]));
    expect(documentsFingerprint([a, b])).not.toBe(documentsFingerprint([a, { ...b, vectorizedAt: new Date("2026-01-03T00:00:00Z") }]));
  });

  it("reads KB_CACHE and KB_CACHE_MIN_SIMILARITY, refusing malformed values", () => {
    expect(semanticCacheConfig({})).toEqual({ enabled: true, minSimilarity: DEFAULT_KB_CACHE_MIN_SIMILARITY });
    expect(DEFAULT_KB_CACHE_MIN_SIMILARITY).toBe(0.95);
    expect(semanticCacheConfig({ KB_CACHE: "off", KB_CACHE_MIN_SIMILARITY: "0.9" })).toEqual({ enabled: false, minSimilarity: 0.9 });
    expect(() => semanticCacheConfig({ KB_CACHE_MIN_SIMILARITY: "1.5" })).toThrow(/KB_CACHE_MIN_SIMILARITY/);
    expect(() => semanticCacheConfig({ KB_CACHE: "maybe" })).toThrow(/KB_CACHE/);
  });
});
