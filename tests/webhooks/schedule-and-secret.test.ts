import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_AGE_MS, DEFAULT_RETRY_SCHEDULE_MS, nextAttemptDelayMs } from "@/lib/webhooks/retry-schedule";
import { webhookSecret } from "@/lib/webhooks/secret";

describe("retry schedule", () => {
  it("is 5 s, 30 s, 2 min, 10 min, 30 min, 2 h, 6 h, 12 h after attempts 1–8, then nothing", () => {
    const mid = () => 0.5; // no jitter
    expect(Array.from({ length: 9 }, (_, i) => nextAttemptDelayMs(i + 1, { random: mid }))).toEqual([
      5_000,
      30_000,
      120_000,
      600_000,
      1_800_000,
      7_200_000,
      21_600_000,
      43_200_000,
      null,
    ]);
  });

  it("every attempt, with the largest jitter, falls within 24 h of the first", () => {
    const latest = DEFAULT_RETRY_SCHEDULE_MS.reduce((sum, _d, i) => sum + nextAttemptDelayMs(i + 1, { random: () => 0.999999 })!, 0);
    expect(latest).toBeLessThan(DEFAULT_MAX_AGE_MS);
    expect(latest).toBeGreaterThan(20 * 3_600_000);
  });

  it("jitter spreads a delay over ±10 %, and Retry-After is a floor", () => {
    expect(nextAttemptDelayMs(1, { random: () => 0 })).toBe(4_500);
    expect(nextAttemptDelayMs(1, { random: () => 0.999999 })).toBe(5_500);
    expect(nextAttemptDelayMs(1, { random: () => 0.5, retryAfterMs: 60_000 })).toBe(60_000);
    expect(nextAttemptDelayMs(2, { random: () => 0.5, retryAfterMs: 1_000 })).toBe(30_000);
  });
});

describe("signing secret", () => {
  it("uses WEBHOOK_SECRET when it is a valid whsec_ secret", () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    expect(webhookSecret({ WEBHOOK_SECRET: secret, BETTER_AUTH_SECRET: "x" })).toBe(secret);
  });

  it("refuses a malformed WEBHOOK_SECRET", () => {
    expect(() => webhookSecret({ WEBHOOK_SECRET: "plain-text-secret" })).toThrow(/whsec_/);
    expect(() => webhookSecret({ WEBHOOK_SECRET: `whsec_${Buffer.alloc(8).toString("base64")}` })).toThrow(/24–64 bytes/);
  });

  it("without WEBHOOK_SECRET derives a stable 32-byte secret from BETTER_AUTH_SECRET (HKDF) that the library accepts", () => {
    const a = webhookSecret({ BETTER_AUTH_SECRET: "deployment-one" });
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhookSecret({ BETTER_AUTH_SECRET: "deployment-one" })).toBe(a);
    expect(webhookSecret({ BETTER_AUTH_SECRET: "deployment-two" })).not.toBe(a);
    expect(a).not.toContain(Buffer.from("deployment-one").toString("base64"));
    const wh = new Webhook(a);
    const now = new Date();
    const sig = wh.sign("msg_1", now, "{}");
    expect(wh.verify("{}", { "webhook-id": "msg_1", "webhook-timestamp": String(Math.floor(now.getTime() / 1000)), "webhook-signature": sig })).toEqual({});
  });

  it("with neither variable set it says what to set", () => {
    expect(() => webhookSecret({})).toThrow(/WEBHOOK_SECRET/);
  });
});
