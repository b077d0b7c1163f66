import { describe, expect, it } from "vitest";
import type { OnlineLlmConfig } from "./config";
import { LlmError } from "./errors";
import { beforeDispatch, type MeteredCall, metered } from "./metered";
import type { StructuredResult } from "./structured";

// The ledger's contract around a failing database, with the upstream guard's order kept:
// beforeDispatch (writes the in_flight row) → the request → the outcome row. The request here is
// a function that counts, standing in for the guarded call (the real path is exercised against
// the fake server by tests/worker and tests/chaos).
const config = { provider: "openai", model: "m" } as OnlineLlmConfig;
const ref = { provider: "openai", model: "m" };
const answer: StructuredResult<{ ok: true }> = {
  object: { ok: true },
  usage: { inputTokens: 10, cachedInputTokens: 0, outputTokens: 5 },
  model: "m",
  provider: "openai",
  latencyMs: 3,
  finishReason: "stop",
};

function ledger(failOn: (c: MeteredCall) => boolean) {
  const written: MeteredCall[] = [];
  return {
    written,
    onCall: async (c: MeteredCall) => {
      if (failOn(c)) throw Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" });
      written.push(c);
    },
  };
}

describe("metered", () => {
  it("a call reports in_flight before it leaves and ok after, under one callId", async () => {
    const l = ledger(() => false);
    let sent = 0;
    const call = async () => {
      await beforeDispatch(ref);
      sent++;
      return answer;
    };
    await metered(config, call, l.onCall);
    expect(sent).toBe(1);
    expect(l.written.map((c) => c.outcome)).toEqual(["in_flight", "ok"]);
    expect(new Set(l.written.map((c) => c.callId)).size).toBe(1);
  });

  it("when the in_flight row cannot be written, the request does not leave and no outcome is reported", async () => {
    const l = ledger((c) => c.outcome === "in_flight");
    let sent = 0;
    const call = async () => {
      await beforeDispatch(ref);
      sent++;
      return answer;
    };
    await expect(metered(config, call, l.onCall)).rejects.toMatchObject({ code: "CONNECTION_CLOSED" });
    expect(sent).toBe(0);
    expect(l.written).toEqual([]);
  });

  it("when the ok row cannot be written, the call is not relabelled with the database's error", async () => {
    const l = ledger((c) => c.outcome === "ok");
    const call = async () => {
      await beforeDispatch(ref);
      return answer;
    };
    await expect(metered(config, call, l.onCall)).rejects.toMatchObject({ code: "CONNECTION_CLOSED" });
    expect(l.written.map((c) => c.outcome)).toEqual(["in_flight"]);
  });

  it("a failed call reports its error code; a call refused before it left reports nothing", async () => {
    const failed = ledger(() => false);
    const upstream500 = new LlmError({ code: "upstream_5xx", retryable: true, status: 500, message: "500" });
    await expect(
      metered(
        config,
        async () => {
          await beforeDispatch(ref);
          throw upstream500;
        },
        failed.onCall,
      ),
    ).rejects.toBe(upstream500);
    expect(failed.written.map((c) => c.outcome)).toEqual(["in_flight", "upstream_5xx"]);

    const refused = ledger(() => false);
    const open = new LlmError({ code: "circuit_open", retryable: true, message: "open" });
    await expect(
      metered(
        config,
        async () => {
          throw open;
        },
        refused.onCall,
      ),
    ).rejects.toBe(open);
    expect(refused.written).toEqual([]);
  });
});
