import { describe, expect, it } from "vitest";
import { delayInWords, policyName, rateLimitHeaders, refusalMessage, reportedRule } from "./rate-limit-headers";
import type { RuleResult } from "./request-limiter";

function result(over: Partial<RuleResult>): RuleResult {
  return {
    ruleId: "upload.user.minute",
    policy: "upload",
    dimension: "user",
    unit: "requests",
    periodMs: 60_000,
    subject: "u1",
    key: "k",
    limit: 10,
    cost: 1,
    allowed: true,
    charged: true,
    remaining: 4,
    resetMs: 36_000,
    retryAfterMs: 0,
    ...over,
  };
}

describe("rateLimitHeaders", () => {
  it("a refusal: the draft's structured fields, the X- trio and Retry-After, all in seconds rounded up", () => {
    const h = rateLimitHeaders(result({ allowed: false, charged: false, remaining: 0, retryAfterMs: 41_001 }), { refused: true });
    expect(h).toEqual({
      "RateLimit-Policy": '"upload-user-minute";q=10;w=60',
      RateLimit: '"upload-user-minute";r=0;t=42',
      "X-RateLimit-Limit": "10",
      "X-RateLimit-Remaining": "0",
      "X-RateLimit-Reset": "42",
      "Retry-After": "42",
    });
  });

  it("an allowed answer: the time until the count is back to zero, no Retry-After; a byte rule names its unit", () => {
    expect(rateLimitHeaders(result({}), { refused: false })).toEqual({
      "RateLimit-Policy": '"upload-user-minute";q=10;w=60',
      RateLimit: '"upload-user-minute";r=4;t=36',
      "X-RateLimit-Limit": "10",
      "X-RateLimit-Remaining": "4",
      "X-RateLimit-Reset": "36",
    });
    const bytes = rateLimitHeaders(result({ ruleId: "upload.user.day.bytes", unit: "bytes", periodMs: 86_400_000, limit: 500 }), { refused: false });
    expect(bytes["RateLimit-Policy"]).toBe('"upload-user-day-bytes";q=500;w=86400;qu="content-bytes"');
  });

  it("a refusal due in less than a second still says 1", () => {
    expect(rateLimitHeaders(result({ allowed: false, retryAfterMs: 1 }), { refused: true })["Retry-After"]).toBe("1");
  });
});

describe("reportedRule", () => {
  it("refused: the rule that keeps the request out longest; allowed: the smallest share left, ties to the later reset", () => {
    const minute = result({ ruleId: "a", remaining: 5, limit: 10, resetMs: 30_000 });
    const day = result({ ruleId: "b", remaining: 100, limit: 200, resetMs: 40_000_000 });
    const bytes = result({ ruleId: "c", remaining: 900, limit: 1000, resetMs: 1_000 });
    expect(reportedRule([minute, day, bytes])!.ruleId).toBe("b");
    const shortWait = result({ ruleId: "d", allowed: false, retryAfterMs: 5_000 });
    const longWait = result({ ruleId: "e", allowed: false, retryAfterMs: 50_000 });
    expect(reportedRule([minute, shortWait, longWait])!.ruleId).toBe("e");
    expect(reportedRule([])).toBeUndefined();
  });
});

describe("the words", () => {
  it("delays round up to seconds, minutes or hours", () => {
    expect([1, 1000, 1001, 89_000, 90_000, 5_340_000, 5_400_000, 86_400_000].map(delayInWords)).toEqual([
      "1 second",
      "1 second",
      "2 seconds",
      "89 seconds",
      "2 minutes",
      "89 minutes",
      "2 hours",
      "24 hours",
    ]);
  });

  it("messages say what is used up and when to try again, or that it cannot pass", () => {
    expect(refusalMessage(result({ allowed: false, retryAfterMs: 42_000 }))).toBe("Too many uploads. Try again in 42 seconds.");
    expect(
      refusalMessage(result({ policy: "bulk_upload", unit: "files", ruleId: "bulk_upload.organization.day.files", allowed: false, retryAfterMs: 7_200_000 })),
    ).toBe("Your organisation's daily allowance of bulk-uploaded files is used up. Try again in 2 hours.");
    expect(refusalMessage(result({ unit: "bytes", allowed: false, retryAfterMs: 60_000 }))).toBe(
      "Your daily allowance of uploaded bytes is used up. Try again in 60 seconds.",
    );
    expect(refusalMessage(result({ policy: "chat", limit: 0, allowed: false }))).toBe("Too many interview messages: this is switched off for now.");
    expect(refusalMessage(result({ unit: "files", policy: "bulk_upload", periodMs: 86_400_000, limit: 100, cost: 150, allowed: false }))).toBe(
      "This request needs 150 files, more than the 100 allowed per day.",
    );
  });

  it("policy names are sf-strings", () => {
    expect(policyName("bulk_upload.organization.day.files")).toBe("bulk_upload-organization-day-files");
    expect(policyName('a"b\\c')).toBe("a_b_c");
  });
});
