import { describe, expect, it } from "vitest";
import { backoffMs } from "./backoff";

describe("backoffMs (exponential, full jitter)", () => {
  it("doubles the ceiling per attempt up to the cap", () => {
    const top = () => 0.999999;
    expect([1, 2, 3, 4].map((a) => backoffMs(a, { baseMs: 100, capMs: 500, random: top }))).toEqual([99, 199, 399, 499]);
  });

  it("draws uniformly below the ceiling (full jitter)", () => {
    expect(backoffMs(3, { baseMs: 100, random: () => 0 })).toBe(0);
    expect(backoffMs(3, { baseMs: 100, random: () => 0.5 })).toBe(200);
  });

  it("never waits less than the upstream's Retry-After", () => {
    expect(backoffMs(1, { baseMs: 100, random: () => 0.5, retryAfterMs: 7_000 })).toBe(7_000);
  });

  it("a Retry-After beyond the cap still wins; a shorter one leaves the jittered delay alone", () => {
    expect(backoffMs(2, { baseMs: 100, capMs: 500, random: () => 0.999999, retryAfterMs: 90_000 })).toBe(90_000);
    expect(backoffMs(4, { baseMs: 100, capMs: 500, random: () => 0.999999, retryAfterMs: 10 })).toBe(499);
  });

  it("defaults: 1 s base doubling to a 60 s cap", () => {
    const top = () => 0.999999;
    expect([1, 2, 3, 6, 7, 20].map((a) => backoffMs(a, { random: top }))).toEqual([999, 1_999, 3_999, 31_999, 59_999, 59_999]);
  });
});
