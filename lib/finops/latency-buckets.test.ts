import { describe, expect, it } from "vitest";
import { bucketIndex, HISTOGRAM_LENGTH, LATENCY_BUCKETS_MS, oneHot, percentileFromBuckets } from "./latency-buckets";

describe("latency buckets", () => {
  it("puts a duration in the first bucket whose upper bound it does not pass, and beyond the last in the overflow", () => {
    expect(bucketIndex(0)).toBe(0);
    expect(bucketIndex(50)).toBe(0);
    expect(bucketIndex(51)).toBe(1);
    expect(bucketIndex(LATENCY_BUCKETS_MS.at(-1)!)).toBe(LATENCY_BUCKETS_MS.length - 1);
    expect(bucketIndex(LATENCY_BUCKETS_MS.at(-1)! + 1)).toBe(LATENCY_BUCKETS_MS.length);
    expect(bucketIndex(-5)).toBe(0);
    expect(bucketIndex(Number.NaN)).toBe(0);
    expect(oneHot(300)).toHaveLength(HISTOGRAM_LENGTH);
    expect(oneHot(300).indexOf(1)).toBe(bucketIndex(300));
    expect(oneHot(300).reduce((a, c) => a + c, 0)).toBe(1);
  });

  it("interpolates percentiles inside the bucket where the rank falls (histogram_quantile)", () => {
    const counts = new Array<number>(HISTOGRAM_LENGTH).fill(0);
    counts[bucketIndex(75)] = 50; // (50, 100]
    counts[bucketIndex(200)] = 50; // (100, 250]
    expect(percentileFromBuckets(counts, 0.5)).toBe(100);
    expect(percentileFromBuckets(counts, 0.75)).toBe(175);
    expect(percentileFromBuckets(counts, 1)).toBe(250);
    expect(percentileFromBuckets(counts, 0.25)).toBe(75);
  });

  it("answers null for an empty histogram, the last bound for a rank in the overflow, and accepts short arrays", () => {
    expect(percentileFromBuckets([], 0.99)).toBeNull();
    expect(percentileFromBuckets(new Array(HISTOGRAM_LENGTH).fill(0), 0.5)).toBeNull();
    expect(percentileFromBuckets(oneHot(10 * 60_000), 0.99)).toBe(LATENCY_BUCKETS_MS.at(-1));
    expect(percentileFromBuckets([0, 4], 0.5)).toBe(75); // (50, 100], halfway
    expect(() => percentileFromBuckets([1], 1.5)).toThrow(RangeError);
  });
});
