import { describe, expect, it } from "vitest";
import { formatDuration, formatMicroUsd, formatNumber } from "./format";

describe("console formatting", () => {
  it("durations pick the largest fitting unit; a missing figure is a dash", () => {
    expect(formatDuration(850, "en")).toBe("850 ms");
    expect(formatDuration(12_340, "en")).toBe("12.3 sec");
    expect(formatDuration(252_000, "en")).toBe("4.2 min");
    expect(formatDuration(11_160_000, "en")).toBe("3.1 hr");
    expect(formatDuration(null, "en")).toBe("—");
    expect(formatDuration(undefined, "zh")).toBe("—");
  });

  it("numbers and micro-dollars", () => {
    expect(formatNumber(1234.567, "en", 1)).toBe("1,234.6");
    expect(formatNumber(null, "en")).toBe("—");
    expect(formatMicroUsd(12_300, "en")).toBe("$0.0123");
    expect(formatMicroUsd(null, "en")).toBe("—");
  });
});
