import { describe, expect, it } from "vitest";
import { DEFAULT_KB_MIN_SIMILARITY, isStrongTextHit, minSimilarity } from "./retrieval";

describe("retrieval settings", () => {
  it("reads KB_MIN_SIMILARITY, defaulting to the measured floor", () => {
    expect(minSimilarity({})).toBe(DEFAULT_KB_MIN_SIMILARITY);
    expect(minSimilarity({ KB_MIN_SIMILARITY: "0.3" })).toBe(0.3);
    expect(() => minSimilarity({ KB_MIN_SIMILARITY: "high" })).toThrow(/KB_MIN_SIMILARITY/);
  });

  it("counts a text hit as strong when it names most of the query's terms", () => {
    expect(isStrongTextHit(["x200", "battery", "life"], "The X200 battery lasts 12 hours.")).toBe(true);
    expect(isStrongTextHit(["x200", "battery", "price"], "Battery care tips.")).toBe(false);
    expect(isStrongTextHit(["raft"], "Raft elects a leader.")).toBe(true);
  });
});
