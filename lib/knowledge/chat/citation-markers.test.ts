import { describe, expect, it } from "vitest";
import { checkMarkers, citedNumbers, markerFilter } from "./citation-markers";

describe("citation markers", () => {
  it("removes markers past the last source and [0], keeping valid ones", () => {
    expect(checkMarkers("Leave is 20 days [1]. Parking is free [7]. Zero [0].", 2)).toBe("Leave is 20 days [1]. Parking is free. Zero.");
    expect(checkMarkers("Both [1, 3] and [2，9]", 2)).toBe("Both [1] and [2]");
    expect(checkMarkers("年假为二十天【2】。", 2)).toBe("年假为二十天[2]。");
  });

  it("lists the numbers cited in order", () => {
    expect(citedNumbers("a [2] b [1][2] c [3]")).toEqual([2, 1, 3]);
  });

  it("checks markers split across stream deltas and never shows an invented one", () => {
    const shown: string[] = [];
    const f = markerFilter(2, (d) => shown.push(d));
    for (const d of ["Leave is 20 days ", "[", "1", "]. Parking ", "is free [", "9] ok [2", "]"]) {
      f.push(d);
      expect(shown.join("")).not.toContain("[9");
    }
    f.flush();
    expect(shown.join("")).toBe("Leave is 20 days [1]. Parking is free ok [2]");
    expect(f.shown).toBe(shown.join(""));
  });
});
