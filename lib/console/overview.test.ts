import { describe, expect, it } from "vitest";
import { monthOf, projectMonthEnd } from "./overview";

describe("monthOf", () => {
  it("is the UTC calendar month, December rolling into the next year", () => {
    const m = monthOf(new Date("2026-12-31T23:59:59Z"));
    expect([m.start.toISOString(), m.end.toISOString()]).toEqual(["2026-12-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"]);
  });
});

describe("projectMonthEnd", () => {
  const day = 86_400_000;

  it("adds the last days' run rate over what is left of the month", () => {
    // $70 over the last 7 days = $10 a day; 10 days left; $100 so far → $200.
    const now = Date.UTC(2026, 3, 20);
    expect(projectMonthEnd({ monthToDateMicroUsd: 100e6, runRateMicroUsd: 70e6, runRateSinceMs: now - 7 * day, nowMs: now, monthEndMs: now + 10 * day })).toBe(
      200e6,
    );
  });

  it("is the month so far when nothing is left of it or nothing was spent lately", () => {
    const now = Date.UTC(2026, 3, 20);
    expect(projectMonthEnd({ monthToDateMicroUsd: 5, runRateMicroUsd: 9, runRateSinceMs: now - day, nowMs: now, monthEndMs: now })).toBe(5);
    expect(projectMonthEnd({ monthToDateMicroUsd: 5, runRateMicroUsd: 0, runRateSinceMs: now - day, nowMs: now, monthEndMs: now + day })).toBe(5);
  });
});
