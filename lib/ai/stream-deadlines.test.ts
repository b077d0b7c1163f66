import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isBreakerFailure } from "@/lib/ratelimit/circuit-breaker";
import { armStreamDeadlines } from "./stream-deadlines";

// Fake timers: the deadlines are exact functions of the clock, so each case steps it by hand.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const reasonOf = (c: AbortController) => c.signal.reason as DOMException;

describe("armStreamDeadlines", () => {
  it("aborts with the first-token deadline when no output comes, and says so", () => {
    const c = new AbortController();
    const d = armStreamDeadlines(c, { firstTokenMs: 1_000, idleMs: 200 });
    vi.advanceTimersByTime(999);
    expect(c.signal.aborted).toBe(false);
    expect(d.error()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(c.signal.aborted).toBe(true);
    expect(reasonOf(c).name).toBe("TimeoutError");
    expect(d.fired).toBe("first_token");
    const e = d.error("cause")!;
    expect(e).toMatchObject({ code: "timeout", retryable: true, cause: "cause" });
    expect(e.message).toMatch(/no output within 1000 ms/);
    expect(isBreakerFailure(e)).toBe(true);
  });

  it("the idle deadline starts with the first chunk and every chunk re-arms it", () => {
    const c = new AbortController();
    const d = armStreamDeadlines(c, { firstTokenMs: 1_000, idleMs: 3_000 });
    vi.advanceTimersByTime(900);
    d.chunk(); // the first-token wait is over; an idle deadline longer than it applies from here
    vi.advanceTimersByTime(2_900);
    d.chunk();
    vi.advanceTimersByTime(2_999);
    expect(c.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(d.fired).toBe("idle");
    expect(d.error()!.message).toMatch(/silent for 3000 ms/);
  });

  it("the total deadline ends a lively stream; dispose stops every timer", () => {
    const c = new AbortController();
    const d = armStreamDeadlines(c, { firstTokenMs: 1_000, idleMs: 1_000, totalMs: 2_500 });
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(500);
      d.chunk();
    }
    vi.advanceTimersByTime(499);
    expect(c.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(d.fired).toBe("total");
    d.chunk(); // after the abort nothing re-arms or relabels it
    vi.advanceTimersByTime(5_000);
    expect(d.fired).toBe("total");

    const quiet = new AbortController();
    const q = armStreamDeadlines(quiet, { firstTokenMs: 1_000, idleMs: 1_000, totalMs: 2_000 });
    q.chunk();
    q.dispose();
    vi.advanceTimersByTime(10_000);
    expect(quiet.signal.aborted).toBe(false);
    expect(q.fired).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("leaves a controller aborted by someone else alone, and rejects nonsense durations", () => {
    const c = new AbortController();
    const d = armStreamDeadlines(c, { firstTokenMs: 1_000, idleMs: 1_000 });
    c.abort(new Error("caller left"));
    vi.advanceTimersByTime(2_000);
    expect(d.fired).toBeNull();
    expect((c.signal.reason as Error).message).toBe("caller left");
    expect(() => armStreamDeadlines(new AbortController(), { firstTokenMs: 0, idleMs: 1 })).toThrow(RangeError);
    expect(() => armStreamDeadlines(new AbortController(), { firstTokenMs: 1, idleMs: Number.NaN })).toThrow(/idleMs/);
  });
});
