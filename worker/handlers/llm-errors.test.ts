import { describe, expect, it } from "vitest";
import { LlmError } from "@/lib/ai/errors";
import { TaskError } from "@/lib/queue/task-error";
import { toTaskError } from "./llm-errors";

const map = (e: ConstructorParameters<typeof LlmError>[0]) => toTaskError(new LlmError(e)) as TaskError;

describe("toTaskError", () => {
  it("capacity refusals are deferred: retryable, attempt not spent, Retry-After kept", () => {
    for (const e of [
      map({ code: "circuit_open", retryable: true, retryAfterMs: 4_000, message: "open" }),
      map({ code: "rate_limited", retryable: true, retryAfterMs: 7_000, message: "governor: no quota within the wait" }),
      map({ code: "rate_limited", retryable: true, status: 429, retryAfterMs: 5_000, message: "upstream 429" }),
    ]) {
      expect(e).toBeInstanceOf(TaskError);
      expect({ retryable: e.retryable, spendsAttempt: e.spendsAttempt }).toEqual({ retryable: true, spendsAttempt: false });
      expect(e.retryAfterMs).toBeGreaterThan(0);
    }
  });

  it("real failures spend their attempt; refusals by policy end the task", () => {
    const flaky = map({ code: "upstream_5xx", retryable: true, status: 500, message: "500" });
    expect({ retryable: flaky.retryable, spendsAttempt: flaky.spendsAttempt }).toEqual({ retryable: true, spendsAttempt: true });
    const broke = map({ code: "rate_limited", retryable: false, status: 429, message: "insufficient_quota" });
    expect({ retryable: broke.retryable, spendsAttempt: broke.spendsAttempt }).toEqual({ retryable: false, spendsAttempt: true });
  });

  it("passes anything that is not an LlmError through", () => {
    const err = new Error("boom");
    expect(toTaskError(err)).toBe(err);
  });
});
