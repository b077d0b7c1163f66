import { describe, expect, it } from "vitest";
import { bucketIndex, LATENCY_BUCKETS_MS, percentileFromBuckets } from "./latency-buckets";

/** A histogram with `n` calls in the bucket whose upper bound is `bound` (ms). */
function counts(entries: [bound: number | "overflow", n: number][]): number[] {
  const c = new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);
  for (const [bound, n] of entries) c[bound === "overflow" ? LATENCY_BUCKETS_MS.length : LATENCY_BUCKETS_MS.indexOf(bound)] += n;
  return c;
}

describe("bucketIndex", () => {
  it("puts a duration in the first bucket whose upper bound holds it (bounds inclusive)", () => {
    expect(bucketIndex(0)).toBe(0);
    expect(bucketIndex(10)).toBe(0);
    expect(bucketIndex(10.5)).toBe(1);
    expect(bucketIndex(640)).toBe(LATENCY_BUCKETS_MS.indexOf(640));
    expect(bucketIndex(641)).toBe(LATENCY_BUCKETS_MS.indexOf(1280));
    expect(bucketIndex(81_920)).toBe(LATENCY_BUCKETS_MS.length - 1);
  });

  it("counts slower calls in the overflow bucket and nonsense in the first", () => {
    expect(bucketIndex(81_921)).toBe(LATENCY_BUCKETS_MS.length);
    expect(bucketIndex(-5)).toBe(0);
    expect(bucketIndex(Number.NaN)).toBe(0);
  });
});

describe("percentileFromBuckets", () => {
  it("interpolates inside the bucket that holds the rank, as histogram_quantile does", () => {
    // 100 calls in (640, 1280]: p50 is half-way through the bucket, p99 nearly at its top.
    const h = counts([[1280, 100]]);
    expect(percentileFromBuckets(h, 0.5)).toBe(960);
    expect(percentileFromBuckets(h, 0.99)).toBeCloseTo(640 + 640 * 0.99);
    expect(percentileFromBuckets(h, 1)).toBe(1280);
  });

  it("finds the rank across buckets: 90 fast calls and 10 slow ones", () => {
    const h = counts([
      [160, 90],
      [5120, 10],
    ]);
    expect(percentileFromBuckets(h, 0.5)).toBeCloseTo(80 + 80 * (50 / 90));
    expect(percentileFromBuckets(h, 0.95)).toBeCloseTo(2560 + 2560 * 0.5);
    expect(percentileFromBuckets(h, 0.99)).toBeCloseTo(2560 + 2560 * 0.9);
  });

  it("starts the first bucket at 0 ms", () => {
    expect(percentileFromBuckets(counts([[10, 4]]), 0.5)).toBe(5);
  });

  it("answers the last finite bound for a rank in the overflow bucket", () => {
    expect(percentileFromBuckets(counts([["overflow", 3]]), 0.5)).toBe(81_920);
  });

  it("is null for an empty histogram, shorter arrays count missing buckets as 0", () => {
    expect(percentileFromBuckets([], 0.5)).toBeNull();
    expect(percentileFromBuckets(counts([]), 0.99)).toBeNull();
    expect(percentileFromBuckets([0, 2], 0.5)).toBe(15);
  });

  it("refuses a quantile outside (0, 1]", () => {
    expect(() => percentileFromBuckets([1], 0)).toThrow(RangeError);
    expect(() => percentileFromBuckets([1], 1.5)).toThrow(RangeError);
  });
});
