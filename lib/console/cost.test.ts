import { describe, expect, it } from "vitest";
import { bucketsOf, defaultGranularity, shownCost } from "./cost";

describe("bucketsOf", () => {
  const now = new Date("2026-03-10T14:25:00Z");

  it("48 h hourly: the current hour and the 47 before it", () => {
    const { from, to, starts } = bucketsOf("48h", "hour", now);
    expect(starts).toHaveLength(48);
    expect(from.toISOString()).toBe("2026-03-08T15:00:00.000Z");
    expect(starts.at(-1)!.toISOString()).toBe("2026-03-10T14:00:00.000Z");
    expect(to.toISOString()).toBe("2026-03-10T15:00:00.000Z");
  });

  it("30 d daily: today (UTC) and the 29 days before", () => {
    const { from, to, starts } = bucketsOf("30d", "day", now);
    expect(starts).toHaveLength(30);
    expect(from.toISOString()).toBe("2026-02-09T00:00:00.000Z");
    expect(to.toISOString()).toBe("2026-03-11T00:00:00.000Z");
  });

  it("hourly up to 48 h by default, daily beyond", () => {
    expect([defaultGranularity("24h"), defaultGranularity("48h"), defaultGranularity("7d"), defaultGranularity("30d")]).toEqual(["hour", "hour", "day", "day"]);
  });
});

describe("shownCost", () => {
  it("is null only when every request was unpriced; a partly priced sum shows its priced part", () => {
    expect(shownCost({ costMicroUsd: 0, requests: 4, unpricedRequests: 4 })).toBeNull();
    expect(shownCost({ costMicroUsd: 700, requests: 4, unpricedRequests: 1 })).toBe(700);
    expect(shownCost({ costMicroUsd: 0, requests: 0, unpricedRequests: 0 })).toBe(0);
  });
});
