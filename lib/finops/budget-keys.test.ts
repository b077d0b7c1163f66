import { describe, expect, it } from "vitest";
import { budgetKey, budgetVersionKey, counterKeys, counterSuffix, periodAt } from "./budget-keys";

describe("budget periods (UTC)", () => {
  it("a day runs from UTC midnight to the next, whatever the local time zone", () => {
    const p = periodAt("day", Date.parse("2026-12-31T23:59:59.999Z"));
    expect(p).toEqual({ period: "day", key: "2026-12-31", start: new Date("2026-12-31T00:00:00Z"), end: new Date("2027-01-01T00:00:00Z") });
    expect(periodAt("day", Date.parse("2027-01-01T00:00:00.000Z")).key).toBe("2027-01-01");
  });

  it("a month runs from the first to the first of the next, across the year and through February of a leap year", () => {
    expect(periodAt("month", Date.parse("2026-12-15T12:00:00Z"))).toEqual({
      period: "month",
      key: "2026-12",
      start: new Date("2026-12-01T00:00:00Z"),
      end: new Date("2027-01-01T00:00:00Z"),
    });
    const feb = periodAt("month", Date.parse("2028-02-29T23:00:00Z"));
    expect([feb.key, feb.end.toISOString()]).toEqual(["2028-02", "2028-03-01T00:00:00.000Z"]);
  });
});

describe("budget keys", () => {
  it("every key of every counter carries the one {budget} hash tag, and subject ids cannot break it", () => {
    const window = periodAt("day", Date.parse("2026-12-01T10:00:00Z"));
    const suffix = counterSuffix({ scope: "user", subjectId: "a:b}{c", window });
    expect(suffix).toBe("panelist:{budget}:c:user:a%3Ab%7D%7Bc:d2026-12-01");
    const keys = [...counterKeys(suffix, "p:"), budgetVersionKey("p:")];
    for (const k of keys) expect(k.match(/\{[^}]*\}/g), k).toEqual(["{budget}"]);
    expect(counterKeys(suffix, "p:")).toEqual([`p:${suffix}`, `p:${suffix}:l`, `p:${suffix}:a`]);
    expect(counterSuffix({ scope: "global", subjectId: "", window: periodAt("month", window.start.getTime()) })).toBe("panelist:{budget}:c:global::m2026-12");
  });

  it("names budgets the way errors, statuses and alerts show them", () => {
    expect(budgetKey({ scope: "global", subjectId: "", period: "day" })).toBe("global:day");
    expect(budgetKey({ scope: "organization", subjectId: "org-1", period: "month" })).toBe("organization:org-1:month");
  });
});
