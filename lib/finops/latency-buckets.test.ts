import { describe, expect, it } from "vitest";
import { bucketIndex, LATENCY_BUCKETS_MS, percentileFromBuckets } from "./latency-buckets";

/** A histogram with `n` calls in the bucket whose upper bound is `bound` (ms). */
function counts(entries: [bound: number | "overflow", n: number][]): number[] {
  const c = new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);
  for (const [bound, n] of entries) c[bound === "overflow" ? LATENCY_BUCKETS_MS.length : LATENCY_BUCKETS_MS.indexOf(bound)] += n;
  return c;
}

const last = LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]!;

describe("bucketIndex", () => {
  it("puts a duration in the first bucket whose upper bound holds it (bounds inclusive)", () => {
    const [first, second] = LATENCY_BUCKETS_MS as [number, number];
    expect(bucketIndex(0)).toBe(0);
    expect(bucketIndex(first)).toBe(0);
    expect(bucketIndex(first + 0.5)).toBe(1);
    expect(bucketIndex(second)).toBe(1);
    expect(bucketIndex(last)).toBe(LATENCY_BUCKETS_MS.length - 1);
  });

  it("counts slower calls in the overflow bucket", () => {
    expect(bucketIndex(last + 1)).toBe(LATENCY_BUCKETS_MS.length);
  });
});

describe("percentileFromBuckets", () => {
  it("interpolates inside the bucket that holds the rank, as histogram_quantile does", () => {
    // 100 calls in (500, 1000]: p50 is half-way through the bucket, p99 nearly at its top.
    const h = counts([[1000, 100]]);
    expect(percentileFromBuckets(h, 0.5)).toBe(750);
    expect(percentileFromBuckets(h, 0.99)).toBeCloseTo(500 + 500 * 0.99);
    expect(percentileFromBuckets(h, 1)).toBe(1000);
  });

  it("finds the rank across buckets: 90 fast calls and 10 slow ones", () => {
    const h = counts([
      [250, 90],
      [5000, 10],
    ]);
    expect(percentileFromBuckets(h, 0.5)).toBeCloseTo(100 + 150 * (50 / 90));
    expect(percentileFromBuckets(h, 0.95)).toBeCloseTo(2500 + 2500 * 0.5);
    expect(percentileFromBuckets(h, 0.99)).toBeCloseTo(2500 + 2500 * 0.9);
  });

  it("starts the first bucket at 0 ms", () => {
    const first = LATENCY_BUCKETS_MS[0]!;
    expect(percentileFromBuckets(counts([[first, 4]]), 0.5)).toBe(first / 2);
  });

  it("answers the last finite bound for a rank in the overflow bucket", () => {
    expect(percentileFromBuckets(counts([["overflow", 3]]), 0.5)).toBe(last);
  });

  it("is null for an empty histogram; a shorter array counts the missing buckets as 0", () => {
    expect(percentileFromBuckets([], 0.5)).toBeNull();
    expect(percentileFromBuckets(counts([]), 0.99)).toBeNull();
    expect(percentileFromBuckets([0, 2], 0.5)).toBe(LATENCY_BUCKETS_MS[0]! + (LATENCY_BUCKETS_MS[1]! - LATENCY_BUCKETS_MS[0]!) / 2);
  });

  it("refuses a quantile outside [0, 1]", () => {
    expect(() => percentileFromBuckets([1], -0.1)).toThrow(RangeError);
    expect(() => percentileFromBuckets([1], 1.5)).toThrow(RangeError);
  });
});
